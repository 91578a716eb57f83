/**
 * Alerts (spec §3 Alert; §7.2 alerts): one user's each. Types and categories are the shared
 * ALERT_TYPES; a subscription row exists only where a user turned a type off (or on again).
 */
import type { AlertType } from "@portico/shared/schemas/alerts";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { notices } from "./console-ops";
import { issues } from "./conversations";
import { users } from "./users";

export const alerts = pgTable(
  "alerts",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text().$type<AlertType>().notNull(),
    message: text().notNull(),
    /** A path in the app (e.g. /issues/12?msgIndex=4). */
    link: text(),
    issueNumber: integer().references(() => issues.issueNumber, { onDelete: "set null" }),
    /** The organization the alert is about, when there is one (the customer page's alerts tab). */
    accountId: integer().references(() => accounts.id, { onDelete: "set null" }),
    data: jsonb().notNull().default({}),
    /** The notice (issue 17) this alert delivers: one per user, never two. */
    noticeId: bigint({ mode: "number" }).references(() => notices.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("alerts_user_idx").on(t.userId, t.id.desc()),
    index("alerts_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    uniqueIndex("alerts_notice_user_idx").on(t.noticeId, t.userId).where(sql`${t.noticeId} is not null`),
    // A notice's read count counts its read alerts only (a notice to everyone has 100,000 rows).
    index("alerts_notice_read_idx")
      .on(t.noticeId)
      .where(sql`${t.noticeId} is not null and ${t.readAt} is not null`),
    index("alerts_account_idx").on(t.accountId, t.id.desc()).where(sql`${t.accountId} is not null`),
  ],
);

export const alertSubscriptions = pgTable(
  "alert_subscriptions",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text().$type<AlertType>().notNull(),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** A summary of an issue per audience, valid while the issue's newest message is the same. */
export const issueSummaries = pgTable(
  "issue_summaries",
  {
    issueNumber: integer()
      .notNull()
      .references(() => issues.issueNumber, { onDelete: "cascade" }),
    /** all (what a customer may read) or engineers (internal notes included). */
    audience: text({ enum: ["all", "engineers"] }).notNull(),
    lastMessageIndex: integer().notNull(),
    source: text({ enum: ["llm", "built-in"] }).notNull(),
    model: text(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issueNumber, t.audience] })],
);

/** A pending phone verification: the code's hash, its expiry and the guesses made. */
export const phoneCodes = pgTable("phone_codes", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  phone: text().notNull(),
  codeHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
