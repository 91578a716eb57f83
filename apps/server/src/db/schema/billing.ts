/**
 * Plans and subscriptions (issue 14). The catalogue is data: products and versioned plans
 * (seeded by the migration, edited by admins as a new version, so a subscription keeps the price
 * it bought). An account has at most one live subscription (its row's `endedAt` is null); its plan
 * fields are mirrored on `accounts` (service type, status, contract capacity, SLA) for the queue's
 * plan rank and every screen that reads the account. Payments are the provider's payment intents
 * with the change each pays for; a change is made once, by the transaction that claims the payment
 * (`appliedAt`). Every provider event is stored once by its id in `subscription_events`, beside
 * every change made here.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { users } from "./users";

export const billingProducts = pgTable("billing_products", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(""),
  unit: text().notNull().default("TiB"),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const billingPlans = pgTable(
  "billing_plans",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => billingProducts.id),
    /** A SERVICE_TYPES value. */
    code: text().notNull(),
    version: integer().notNull(),
    slaHours: integer().notNull(),
    slaCoverage: text({ enum: ["business-hours", "24x7"] }).notNull(),
    minQuantity: integer().notNull(),
    /** 0: not sold on its own (TRIAL, CUSTOM). */
    selfServeCapTib: integer().notNull(),
    /** Minor units per TiB per month. */
    priceUsdMinor: integer().notNull(),
    priceEurMinor: integer().notNull(),
    isCurrent: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_plans_version_idx").on(t.productId, t.code, t.version),
    uniqueIndex("billing_plans_current_idx").on(t.productId, t.code).where(sql`${t.isCurrent}`),
  ],
);

/** The provider's customer for an account, and the card on file as the provider reported it. */
export const billingCustomers = pgTable(
  "billing_customers",
  {
    accountId: integer()
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text({ enum: ["STRIPE", "CHARGEBEE"] }).notNull(),
    testMode: boolean().notNull(),
    customerId: text().notNull(),
    cardBrand: text(),
    cardLast4: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_customers_provider_idx").on(t.provider, t.customerId)],
);

export const SUBSCRIPTION_STATUSES = ["active", "canceled", "past_due"] as const;

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text({ enum: ["STRIPE", "CHARGEBEE"] }).notNull(),
    testMode: boolean().notNull(),
    /** Null until the provider has created it (the sync job fills it in). */
    providerSubscriptionId: text(),
    productId: integer()
      .notNull()
      .references(() => billingProducts.id),
    planId: integer()
      .notNull()
      .references(() => billingPlans.id),
    /** The plan's code, kept beside its id for readers that need no join. */
    serviceType: text().notNull(),
    currency: text({ enum: ["USD", "EUR"] }).notNull(),
    /** TiB */
    quantity: integer().notNull(),
    minQuantity: integer().notNull(),
    quantityUpdatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text({ enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    autoRenew: boolean().notNull().default(true),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    cancelAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    cancelFeedback: text(),
    cancelRequestedBy: integer().references(() => users.id, { onDelete: "set null" }),
    cancelRequestedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    /** The provider's version (or event time, ms) of the last state applied: older events are stale. */
    providerVersion: bigint({ mode: "number" }).notNull().default(0),
    /** Bumped by every change made here (optimistic checks, the estimate a payment was priced on). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_live_idx").on(t.accountId).where(sql`${t.endedAt} is null`),
    index("subscriptions_account_idx").on(t.accountId, t.id.desc()),
    uniqueIndex("subscriptions_provider_idx").on(t.provider, t.providerSubscriptionId),
    index("subscriptions_period_end_idx").on(t.currentPeriodEnd).where(sql`${t.endedAt} is null`),
  ],
);

export const PAYMENT_STATUSES = [
  "requires_payment_method",
  "processing",
  "succeeded",
  "failed",
  "canceled",
] as const;

export const billingPayments = pgTable(
  "billing_payments",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The provider's payment intent id: what the browser and `upgrade` name. */
    providerPaymentId: text().notNull(),
    provider: text({ enum: ["STRIPE", "CHARGEBEE"] }).notNull(),
    testMode: boolean().notNull(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The subscription changed (null for a first subscription or a resubscription until applied). */
    subscriptionId: integer().references(() => subscriptions.id, { onDelete: "set null" }),
    /** The subscription's `version` the amount was priced on: a payment for a stale price is not applied. */
    baseVersion: integer(),
    kind: text({ enum: ["subscribe", "upgrade", "resubscribe", "quantity", "renewal"] }).notNull(),
    planId: integer()
      .notNull()
      .references(() => billingPlans.id),
    serviceType: text().notNull(),
    quantity: integer().notNull(),
    currency: text({ enum: ["USD", "EUR"] }).notNull(),
    amountMinor: bigint({ mode: "number" }).notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default("requires_payment_method"),
    failureMessage: text(),
    /** The provider's version of the payment last applied (ordering of its events). */
    providerVersion: bigint({ mode: "number" }).notNull().default(0),
    consentReceivedAt: timestamp({ withTimezone: true }),
    /** `upgrade` was called (or a hosted checkout started): the change is wanted once paid. */
    changeRequestedAt: timestamp({ withTimezone: true }),
    /** The change was made; set once, by the transaction that made it. */
    appliedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** Prepared by an engineer on the customer's behalf. */
    onBehalf: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_payments_provider_idx").on(t.provider, t.providerPaymentId),
    index("billing_payments_account_idx").on(t.accountId, t.id.desc()),
  ],
);

export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null when the provider named something of no account of ours (kept and reported). */
    accountId: integer().references(() => accounts.id, { onDelete: "cascade" }),
    subscriptionId: integer().references(() => subscriptions.id, { onDelete: "set null" }),
    /** PORTICO for changes made here; STRIPE or CHARGEBEE for what a provider told us. */
    source: text({ enum: ["PORTICO", "STRIPE", "CHARGEBEE"] }).notNull(),
    testMode: boolean().notNull().default(false),
    /** The provider's event id: each is stored once. Null for changes made here. */
    providerEventId: text(),
    /** A SUBSCRIPTION_EVENT_TYPES value. */
    type: text().notNull(),
    /** The provider object the event is about, and its version (ordering). */
    objectId: text(),
    objectVersion: bigint({ mode: "number" }),
    outcome: text({ enum: ["applied", "stale", "unmatched", "recorded", "failed"] }).notNull(),
    summary: text().notNull(),
    /** The provider's payload with card data and secrets removed, or what changed here. */
    data: jsonb().notNull().default({}),
    actorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    onBehalf: boolean().notNull().default(false),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscription_events_provider_idx").on(t.source, t.providerEventId),
    index("subscription_events_account_idx").on(t.accountId, t.id.desc()),
    index("subscription_events_unmatched_idx").on(t.id).where(sql`${t.outcome} = 'unmatched'`),
  ],
);

/** Contact sales (§7.3): kept for the engineers, posted on to CONTACT_SALES_URL when set. */
export const salesRequests = pgTable(
  "sales_requests",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer().references(() => accounts.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    serviceType: text().notNull(),
    capacityTib: bigint({ mode: "number" }).notNull(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(""),
    message: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    forwardedAt: timestamp({ withTimezone: true }),
    forwardError: text(),
  },
  (t) => [index("sales_requests_created_idx").on(t.createdAt.desc())],
);

/** Which version of which legal document an account's user accepted, and for what change. */
export const policyAcceptances = pgTable(
  "policy_acceptances",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    document: text({ enum: ["terms", "privacy"] }).notNull(),
    termsType: text({ enum: ["standard", "enterprise", "trial"] }),
    version: text().notNull(),
    context: text({ enum: ["subscribe", "upgrade", "resubscribe", "quantity", "renewal"] }).notNull(),
    paymentId: integer().references(() => billingPayments.id, { onDelete: "set null" }),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("policy_acceptances_account_idx").on(t.accountId, t.acceptedAt.desc())],
);

/**
 * The test-mode provider's own records, as a remote provider would keep them: customers, payment
 * intents, subscriptions. Nothing else reads this table; the app learns of changes by its events.
 */
export const billingTestObjects = pgTable("billing_test_objects", {
  id: text().primaryKey(),
  kind: text({ enum: ["customer", "payment_intent", "subscription", "event"] }).notNull(),
  data: jsonb().notNull(),
  version: bigint({ mode: "number" }).notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
