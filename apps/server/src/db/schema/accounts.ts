import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export const accounts = pgTable(
  "accounts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    company: text().notNull(),
    isTrial: boolean().notNull().default(false),
    isDisabled: boolean().notNull().default(false),
    /** SUBSCRIBED or CUSTOM; null until the account subscribes. */
    accountType: text(),
    serviceType: text(),
    planStatus: text(),
    hasSupport: boolean().notNull().default(true),
    contractCapacity: integer(),
    reportedCapacity: integer(),
    slaHours: integer(),
    /** The plan's SLA coverage (SLA_COVERAGES), mirrored with slaHours; null without an SLA. */
    slaCoverage: text({ enum: ["business-hours", "24x7"] }),
    subscriptionProvider: text(),
    currencyCode: text(),
    lastMessageAt: timestamp({ withTimezone: true }),
    /** A link to the account's notes elsewhere (https only), set by engineers. */
    notesLink: text(),
    /** Members of the organization, kept by a trigger on memberships (the customer list sorts by it). */
    memberCount: integer().notNull().default(0),
    /** Bumped by every edit of the account's details: two engineers editing at once, one wins. */
    version: integer().notNull().default(1),
    /**
     * Set when a purge began (issue 17): from then on the account is out of everyone's reach (as
     * a disabled one) and out of every list, until the purge job deletes it.
     */
    purgeStartedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("accounts_company_lower_idx").on(sql`lower(${t.company})`)],
);

/** user/owner in customer accounts; engineer/admin in the vendor's own account (id 1). */
export const MEMBERSHIP_ROLES = ["user", "owner", "engineer", "admin"] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export const memberships = pgTable(
  "memberships",
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text({ enum: MEMBERSHIP_ROLES }).notNull().default("user"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

export const invites = pgTable(
  "invites",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text().notNull(),
    role: text({ enum: ["user", "owner"] })
      .notNull()
      .default("user"),
    tokenHash: text().notNull().unique(),
    invitedBy: integer().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invites_account_idx").on(t.accountId)],
);
