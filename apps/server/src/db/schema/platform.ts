import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Mail is written here in the same transaction as the change that caused it, then delivered. */
export const outbox = pgTable("mail_outbox", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text().notNull(),
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
  updatedBy: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
