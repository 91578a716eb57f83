import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Mail is written here in the same transaction as the change that caused it, then delivered. */
/** A file sent with a mail (an invitation's .ics), base64. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const outbox = pgTable("mail_outbox", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** email, or sms (`to` is then an E.164 number and `text` the message). */
  channel: text({ enum: ["email", "sms"] })
    .notNull()
    .default("email"),
  to: text().notNull(),
  subject: text().notNull(),
  /** Dropped once delivered by SMTP: bodies carry live reset and invite links. */
  text: text(),
  html: text(),
  attachments: jsonb().$type<OutboxAttachment[]>(),
  attempts: integer().notNull().default(0),
  lastError: text(),
  sentAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Instance-wide settings shared by every server process (e.g. the generated signing key). */
export const settings = pgTable("settings", {
  key: text().primaryKey(),
  value: text().notNull(),
});

/** One row (id 1): whether the portal is in maintenance. */
export const maintenance = pgTable("maintenance", {
  id: integer().primaryKey(),
  enabled: boolean().notNull().default(false),
  message: text(),
  until: timestamp({ withTimezone: true }),
  /** The maintenance_windows row of the window now on (issue 17). */
  windowId: integer(),
  updatedBy: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Durable background work, claimed with SKIP LOCKED by any instance. A job runs in a savepoint of
 * the transaction that deletes it, so its effects and its completion commit together.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** Set when the job gave up after its last attempt; kept for inspection. */
    failedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("jobs_due_idx").on(t.runAt).where(sql`failed_at is null`)],
);
