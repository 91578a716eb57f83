/**
 * The vendor's console, part two (issue 17): purges of accounts, notifications (notices) sent
 * by engineers, system alerts (the banner), the history of maintenance windows and customers'
 * feedback.
 */
import type { NoticeAudience } from "@portico/shared/schemas/notices";
import type { PurgeCounts, PurgeStage } from "@portico/shared/schemas/purge";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { users } from "./users";

/**
 * One purge of one account: the record that outlives it. No foreign key to `accounts` (the
 * account row is the last thing the purge deletes) nor to `users` (names are kept as they were).
 * `stage` and `counts` are the job's progress, committed with each batch it deletes, so a restart
 * resumes where the last committed batch ended.
 */
export const accountPurges = pgTable(
  "account_purges",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer().notNull(),
    company: text().notNull(),
    reason: text(),
    requestedById: integer(),
    requestedByName: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text({ enum: ["running", "done", "failed"] })
      .notNull()
      .default("running"),
    stage: text().$type<PurgeStage>().notNull().default("files"),
    counts: jsonb().$type<PurgeCounts>().notNull().default({}),
    lastError: text(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("account_purges_requested_idx").on(t.requestedAt.desc()),
    index("account_purges_account_idx").on(t.accountId),
    // At most one purge of an account is running.
    uniqueIndex("account_purges_running_idx").on(t.accountId).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * A notification engineers sent. Recipients are resolved when it is sent, in batches of users
 * by id (`cursor` = the last user id done, committed with the batch's alerts and mail), so a
 * restart resumes and the unique (notice_id, user_id) of `alerts` makes a second delivery to
 * one user impossible.
 */
export const notices = pgTable(
  "notices",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    body: text().notNull(),
    audience: text().$type<NoticeAudience>().notNull(),
    accountIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    userIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Also e-mail each recipient whose notification flag is on. */
    sendEmail: boolean().notNull().default(true),
    sentById: integer().references(() => users.id, { onDelete: "set null" }),
    sentByName: text().notNull(),
    status: text({ enum: ["sending", "sent", "failed"] })
      .notNull()
      .default("sending"),
    cursor: integer().notNull().default(0),
    recipientCount: integer().notNull().default(0),
    emailedCount: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("notices_created_idx").on(t.id.desc())],
);

/** The banner every user sees while now is within [starts_at, ends_at) and it is not cleared. */
export const systemAlerts = pgTable(
  "system_alerts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    level: text({ enum: ["info", "warning", "critical"] }).notNull(),
    message: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
    createdById: integer().references(() => users.id, { onDelete: "set null" }),
    createdByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp({ withTimezone: true }),
    clearedByName: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("system_alerts_window", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    index("system_alerts_live_idx").on(t.startsAt).where(sql`${t.clearedAt} is null`),
  ],
);

/** Every maintenance window: who turned it on, until when, and how it ended. */
export const maintenanceWindows = pgTable(
  "maintenance_windows",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    message: text().notNull(),
    startedById: integer().references(() => users.id, { onDelete: "set null" }),
    startedByName: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    plannedEnd: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    /** Null with endedAt set: it ended by itself when its duration passed. */
    endedByName: text(),
  },
  (t) => [index("maintenance_windows_started_idx").on(t.startedAt.desc())],
);

/** A customer's rating (1–5) and words about the portal, sent from the user menu. */
export const feedback = pgTable(
  "feedback",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: integer().references(() => accounts.id, { onDelete: "cascade" }),
    rating: smallint().notNull(),
    text: text().notNull(),
    /** The path the user was on when they sent it. */
    page: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("feedback_rating", sql`${t.rating} between 1 and 5`),
    index("feedback_created_idx").on(t.createdAt.desc()),
    index("feedback_account_idx").on(t.accountId, t.createdAt.desc()),
  ],
);
