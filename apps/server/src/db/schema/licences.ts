/**
 * Licences and machine credentials (issue 13). Licence keys are Ed25519 pairs generated at first
 * start and kept here (the newest unretired one signs; retired ones stay published for the grace);
 * each licence issued is a row with its signed token, superseded by the next for its account or
 * trial. Registration keys (one per organization) and API tokens are stored as SHA-256 hashes.
 */
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { users } from "./users";

export const licenceKeys = pgTable("licence_keys", {
  /** The JWK's kid (also in each licence's protected header). */
  kid: text().primaryKey(),
  publicJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Set when a newer key took over; still published until retiredAt + the grace. */
  retiredAt: timestamp({ withTimezone: true }),
});

export const trialLicences = pgTable(
  "trial_licences",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    company: text().notNull(),
    contactName: text().notNull(),
    contactEmail: text().notNull(),
    capacityTib: integer().notNull(),
    days: integer().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("trial_licences_created_idx").on(t.createdAt.desc())],
);

export const licences = pgTable(
  "licences",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: ["subscription", "trial"] }).notNull(),
    accountId: integer().references(() => accounts.id, { onDelete: "cascade" }),
    trialId: integer().references(() => trialLicences.id, { onDelete: "cascade" }),
    kid: text()
      .notNull()
      .references(() => licenceKeys.kid),
    organization: text().notNull(),
    plan: text().notNull(),
    capacityTib: integer().notNull(),
    clusters: jsonb().$type<string[]>().notNull().default([]),
    token: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    supersededAt: timestamp({ withTimezone: true }),
    issuedBy: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // One current licence per account and per trial.
    uniqueIndex("licences_current_account_idx")
      .on(t.accountId)
      .where(sql`${t.supersededAt} is null and ${t.accountId} is not null`),
    uniqueIndex("licences_current_trial_idx")
      .on(t.trialId)
      .where(sql`${t.supersededAt} is null and ${t.trialId} is not null`),
    index("licences_account_idx").on(t.accountId, t.id.desc()),
    index("licences_kid_idx").on(t.kid),
  ],
);

/** Clusters of prospects that registered with a trial licence (no organization yet). */
export const trialClusters = pgTable(
  "trial_clusters",
  {
    trialId: integer()
      .notNull()
      .references(() => trialLicences.id, { onDelete: "cascade" }),
    deploymentId: text().notNull(),
    name: text().notNull(),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("trial_clusters_idx").on(t.trialId, t.deploymentId)],
);

/** One per organization (spec §7.1 api-key); rotating replaces the row's hash. */
export const registrationKeys = pgTable("registration_keys", {
  accountId: integer()
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  keyHash: text().notNull().unique(),
  hint: text().notNull(),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    hint: text().notNull(),
    scopes: text().array().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("api_tokens_account_idx").on(t.accountId, t.createdAt.desc())],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
