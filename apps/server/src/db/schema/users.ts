import { boolean, customType, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { issueCategories } from "./categories";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-case; the sign-in name. */
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    mfaEnabled: boolean().notNull().default(true),
    isDisabled: boolean().notNull().default(false),
    /** The organization acted on when a request names none. */
    defaultAccountId: integer(),
    timezone: text(),
    countryCode: text(),
    slackMemberId: text(),
    /** The engineer's one expertise category: suggests them as assignee of issues of it. */
    expertiseCategoryId: integer().references(() => issueCategories.id, { onDelete: "set null" }),
    emailNotification: boolean().notNull().default(true),
    phone: text(),
    /** When the phone above was verified by a code; cleared when the number changes. */
    phoneVerifiedAt: timestamp({ withTimezone: true }),
    /** Engineers with a verified phone: SMS for panics and assignments. */
    smsAlerts: boolean().notNull().default(false),
    consentReceivedAt: timestamp({ withTimezone: true }),
    /**
     * When the customer finished or dismissed the welcome tour (issue 18); null: the app offers it.
     * Users who existed before the tour were marked done by its migration.
     */
    tourCompletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_idx").on(t.email)],
);

/**
 * A user's profile picture: its bytes in the file storage under `storageKey` (every instance
 * reads the same storage). `data` holds pictures stored before the storage existed; they move to
 * the storage the first time they are read.
 */
export const userPictures = pgTable("user_pictures", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text().notNull(),
  data: bytea(),
  storageKey: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
