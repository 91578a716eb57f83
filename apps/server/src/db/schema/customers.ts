/**
 * The vendor's console (issue 16): the audit of account actions, engineers' time logs, use cases
 * and the accounts engineers follow. Engineers' roles on accounts are `account_engineers`
 * (clusters.ts), the notes link and the optimistic-concurrency version live on `accounts`.
 */
import type { AuditAction } from "@portico/shared/schemas/customers";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
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
import { issues } from "./conversations";
import { users } from "./users";

/**
 * Who did what to an account, when and from where. No foreign key to `accounts`: the record of
 * an organization's deletion (and a purge's) outlives the organization; names are kept as they
 * were so a deleted user's actions still read.
 */
export const accountAudit = pgTable(
  "account_audit",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer().notNull(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    actorName: text(),
    action: text().$type<AuditAction>().notNull(),
    targetUserId: integer().references(() => users.id, { onDelete: "set null" }),
    targetName: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_audit_account_idx").on(t.accountId, t.id.desc()),
    index("account_audit_actor_idx").on(t.actorId, t.id.desc()),
  ],
);

export const timeLogs = pgTable(
  "time_logs",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The engineer who spent the time; null once their user is deleted (the minutes stay). */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    workDate: date({ mode: "string" }).notNull(),
    minutes: integer().notNull(),
    note: text().notNull().default(""),
    issueNumber: integer().references(() => issues.issueNumber, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("time_logs_account_idx").on(t.accountId, t.workDate.desc(), t.id.desc()),
    index("time_logs_user_idx").on(t.userId, t.workDate.desc()),
    check("time_logs_minutes_check", sql`${t.minutes} between 1 and 1440`),
  ],
);

export const useCases = pgTable(
  "use_cases",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("use_cases_name_lower_idx").on(sql`lower(${t.name})`)],
);

export const accountUseCases = pgTable(
  "account_use_cases",
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    useCaseId: integer()
      .notNull()
      .references(() => useCases.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.useCaseId] }),
    index("account_use_cases_use_case_idx").on(t.useCaseId),
  ],
);

export const accountFollowers = pgTable(
  "account_followers",
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index("account_followers_user_idx").on(t.userId)],
);
