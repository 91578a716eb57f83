/**
 * The local test-mode billing provider (issue 14): a stand-in for Stripe or Chargebee that behaves
 * like a remote provider, so the subscription life cycle meets the same trouble in development and
 * tests as in production. It keeps its own records in `billing_test_objects` (customers, payment
 * intents, subscriptions, events) and never reads ours; the app learns what it decided only from
 * its events, which arrive late and twice on purpose (a payment's `processing` event can come after
 * its outcome, with a lower version). Every object carries a version that grows with each change.
 *
 * Its clock is the durable job queue: a confirmed payment settles after `delayMs`; at a
 * subscription's period end it renews (charging the card on file) or ends it if it was set to
 * cancel. The cards are TEST_CARDS: `declined` and `insufficientFunds` fail, any other number that
 * passes the Luhn check pays.
 */
import { createHash, randomBytes } from "node:crypto";
import { type Currency, termEnd } from "@portico/shared/rules/billing";
import {
  BILLING_MESSAGES,
  type BillingProviderName,
  type PaymentStatus,
  type SubscriptionEventType,
  type TCheckout,
  TEST_CARDS,
} from "@portico/shared/schemas/billing";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { billingTestObjects } from "../../db/schema";
import type { Db, Executor, Tx } from "../../platform/db/client";
import type { JobQueue } from "../../platform/jobs/queue";
import {
  type BillingProvider,
  type ChangeSubscriptionInput,
  type CreateSubscriptionInput,
  type PreparedProviderPayment,
  type PreparePaymentInput,
  type ProviderCustomerInput,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderSubscription,
  WebhookRejected,
} from "./provider";

export const TEST_MODE_DELIVER_JOB = "billing.test-mode.deliver";
export const TEST_MODE_SETTLE_JOB = "billing.test-mode.settle";
export const TEST_MODE_PERIOD_END_JOB = "billing.test-mode.period-end";

/** What the provider needs to run: its records, its clock, and how late its events are. */
export interface TestModeEnv {
  db: Db;
  jobs: JobQueue;
  delayMs: number;
}

/** The card a test payment was confirmed with; `declineMessage` null means it pays. */
interface TestCard {
  brand: string;
  last4: string;
  declineMessage: string | null;
}

interface CustomerData {
  provider: BillingProviderName;
  accountId: number;
  company: string;
  email: string;
  currency: Currency;
  /** The card on file: the last one a payment of this customer was confirmed with. */
  card: TestCard | null;
}

interface PaymentIntentData {
  provider: BillingProviderName;
  customerId: string;
  accountId: number;
  amountMinor: number;
  currency: Currency;
  description: string;
  returnUrl: string;
  metadata: Record<string, string>;
  clientSecret: string;
  status: PaymentStatus;
  failureMessage: string | null;
  card: TestCard | null;
}

interface SubscriptionSnapshotJson {
  subscriptionId: string;
  customerId: string;
  planCode: string;
  quantity: number;
  status: ProviderSubscription["status"];
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAt: string | null;
  endedAt: string | null;
  version: number;
}

interface SubscriptionData {
  provider: BillingProviderName;
  customerId: string;
  accountId: number;
  planCode: string;
  quantity: number;
  currency: Currency;
  termAmountMinor: number;
  status: ProviderSubscription["status"];
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAt: string | null;
  endedAt: string | null;
  paymentId: string;
  /** Answers already given, by idempotency key: a repeated call answers the same and changes nothing. */
  answers: Record<string, SubscriptionSnapshotJson>;
}

type ObjectKind = (typeof billingTestObjects.$inferSelect)["kind"];
interface Stored<T> {
  id: string;
  data: T;
  version: number;
}

// ---------------------------------------------------------------------------------------------
// Cards

/** The Luhn check every card number passes (catches a mistyped digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is good through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  return expYear * 12 + expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

function brandOf(digits: string): string {
  if (digits.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65)/.test(digits)) return "discover";
  return "card";
}

function testCard(digits: string): TestCard {
  const declineMessage =
    digits === TEST_CARDS.declined
      ? BILLING_MESSAGES.cardDeclined
      : digits === TEST_CARDS.insufficientFunds
        ? BILLING_MESSAGES.insufficientFunds
        : null;
  return { brand: brandOf(digits), last4: digits.slice(-4), declineMessage };
}

// ---------------------------------------------------------------------------------------------
// Records

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** The same idempotency key always names the same object: a retried call finds what the first made. */
const keyedId = (prefix: string, provider: BillingProviderName, key: string) =>
  `${prefix}_${createHash("sha256").update(`${provider}\n${key}`).digest("hex").slice(0, 24)}`;

async function load<T>(
  exec: Executor,
  kind: ObjectKind,
  id: string,
  lock = false,
): Promise<Stored<T> | undefined> {
  const query = exec
    .select({ id: billingTestObjects.id, data: billingTestObjects.data, version: billingTestObjects.version })
    .from(billingTestObjects)
    .where(and(eq(billingTestObjects.id, id), eq(billingTestObjects.kind, kind)));
  const [row] = lock ? await query.for("update") : await query;
  return row ? { id: row.id, data: row.data as T, version: row.version } : undefined;
}

async function mustLoad<T>(exec: Executor, kind: ObjectKind, id: string, lock = false): Promise<Stored<T>> {
  const found = await load<T>(exec, kind, id, lock);
  if (!found) throw new Error(`test mode: no ${kind} ${id}`);
  return found;
}

/** Saves a change as the object's next version. */
async function saveNext<T>(exec: Executor, stored: Stored<T>, data: NoInfer<T>): Promise<Stored<T>> {
  const next = { id: stored.id, data, version: stored.version + 1 };
  await exec
    .update(billingTestObjects)
    .set({ data: next.data, version: next.version, updatedAt: new Date() })
    .where(eq(billingTestObjects.id, stored.id));
  return next;
}

function paymentOf(pi: Stored<PaymentIntentData>): ProviderPayment {
  const { status, amountMinor, currency, failureMessage, card } = pi.data;
  return {
    paymentId: pi.id,
    status,
    amountMinor,
    currency,
    failureMessage,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    version: pi.version,
  };
}

function snapshotOf(sub: Stored<SubscriptionData>): SubscriptionSnapshotJson {
  const d = sub.data;
  return {
    subscriptionId: sub.id,
    customerId: d.customerId,
    planCode: d.planCode,
    quantity: d.quantity,
    status: d.status,
    currentPeriodStart: d.currentPeriodStart,
    currentPeriodEnd: d.currentPeriodEnd,
    cancelAt: d.cancelAt,
    endedAt: d.endedAt,
    version: sub.version,
  };
}

const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

function subscriptionFromSnapshot(s: SubscriptionSnapshotJson): ProviderSubscription {
  return {
    ...s,
    currentPeriodStart: new Date(s.currentPeriodStart),
    currentPeriodEnd: new Date(s.currentPeriodEnd),
    cancelAt: dateOrNull(s.cancelAt),
    endedAt: dateOrNull(s.endedAt),
  };
}

const subscriptionOf = (sub: Stored<SubscriptionData>) => subscriptionFromSnapshot(snapshotOf(sub));

// ---------------------------------------------------------------------------------------------
// Events: stored as the provider's records, each delivered by its own jobs.

const jitter = (delayMs: number) => Math.floor(Math.random() * (delayMs + 1));
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** The usual lateness: once after the delay, and again up to twice as late. */
const twiceLate = (now: Date, delayMs: number) => [
  later(now, delayMs),
  later(now, 2 * delayMs + jitter(delayMs)),
];

type NewEvent = Omit<ProviderEvent, "id" | "testMode" | "data" | "occurredAt">;

/** Dates as ISO text: what the provider stores and what `data` (the payload) shows. */
function eventJson(event: ProviderEvent): Record<string, unknown> {
  return JSON.parse(JSON.stringify(event)) as Record<string, unknown>;
}

function eventFromJson(json: Record<string, unknown>): ProviderEvent {
  const event = json as unknown as ProviderEvent & {
    occurredAt: string;
    subscription?: SubscriptionSnapshotJson;
  };
  return {
    ...event,
    occurredAt: new Date(event.occurredAt),
    ...(event.subscription ? { subscription: subscriptionFromSnapshot(event.subscription) } : {}),
  };
}

async function enqueueDelivery(exec: Executor, jobs: JobQueue, eventId: string, at: Date) {
  await jobs.enqueue(exec, TEST_MODE_DELIVER_JOB, { eventId }, at);
}

/** Records an event and plans its deliveries; answers its id. */
async function emit(
  exec: Executor,
  jobs: JobQueue,
  provider: BillingProviderName,
  fields: NewEvent,
  deliveries: Date[],
  now = new Date(),
  /** More of the payload (e.g. why a charge failed). */
  extra: Record<string, unknown> = {},
): Promise<string> {
  const id = randomId("evt_test");
  const event: ProviderEvent = { ...fields, id, provider, testMode: true, occurredAt: now, data: {} };
  // The payload as a webhook would carry it; these objects hold no card data or secrets.
  event.data = { ...eventJson({ ...event, data: {} }), ...extra };
  await exec.insert(billingTestObjects).values({ id, kind: "event", data: eventJson(event) });
  for (const at of deliveries) await enqueueDelivery(exec, jobs, id, at);
  return id;
}

function paymentEvent(type: SubscriptionEventType, pi: Stored<PaymentIntentData>): NewEvent {
  return {
    provider: pi.data.provider,
    type,
    object: { kind: "payment", id: pi.id, version: pi.version },
    payment: paymentOf(pi),
  };
}

function subscriptionEvent(type: SubscriptionEventType, sub: Stored<SubscriptionData>): NewEvent {
  return {
    provider: sub.data.provider,
    type,
    object: { kind: "subscription", id: sub.id, version: sub.version },
    subscription: subscriptionOf(sub),
  };
}

// ---------------------------------------------------------------------------------------------
// Confirming a payment (what the card form calls) and its settling.

export type ConfirmOutcome =
  | { kind: "processing"; returnUrl: string | null }
  | { kind: "not-found" }
  | { kind: "not-confirmable" };

/**
 * The card form's confirm: the client secret must match; a payment waiting for a card, or one whose
 * card failed (another card), goes to `processing`, and its outcome is decided `delayMs` later.
 */
export async function confirmTestPayment(
  env: TestModeEnv,
  paymentId: string,
  input: { clientSecret: string; cardNumber: string },
): Promise<ConfirmOutcome> {
  return env.db.transaction(async (tx) => {
    const pi = await load<PaymentIntentData>(tx, "payment_intent", paymentId, true);
    if (!pi || pi.data.clientSecret !== input.clientSecret) return { kind: "not-found" };
    if (pi.data.status !== "requires_payment_method" && pi.data.status !== "failed") {
      return { kind: "not-confirmable" };
    }
    const card = testCard(input.cardNumber);
    const processing = await saveNext(tx, pi, {
      ...pi.data,
      status: "processing",
      failureMessage: null,
      card,
    });
    const customer = await load<CustomerData>(tx, "customer", pi.data.customerId, true);
    if (customer) await saveNext(tx, customer, { ...customer.data, card });

    const now = new Date();
    const processingEventId = await emit(
      tx,
      env.jobs,
      pi.data.provider,
      paymentEvent("payment.processing", processing),
      [later(now, Math.floor(env.delayMs / 2))],
      now,
    );
    const settle: SettleJob = {
      paymentId,
      version: processing.version,
      processingEventId,
      delayMs: env.delayMs,
    };
    await env.jobs.enqueue(tx, TEST_MODE_SETTLE_JOB, settle, later(now, env.delayMs));
    return { kind: "processing", returnUrl: pi.data.returnUrl || null };
  });
}

/** What the test hosted checkout page shows; undefined for an unknown payment. */
export async function testCheckoutInfo(exec: Executor, paymentId: string) {
  const pi = await load<PaymentIntentData>(exec, "payment_intent", paymentId);
  if (!pi) return undefined;
  const customer = await load<CustomerData>(exec, "customer", pi.data.customerId);
  return {
    payment_intent_id: pi.id,
    client_secret: pi.data.clientSecret,
    company: customer?.data.company ?? "",
    description: pi.data.description,
    amount_minor: pi.data.amountMinor,
    currency: pi.data.currency,
    status: pi.data.status,
    return_url: pi.data.returnUrl,
  };
}

const ZSettleJob = z.object({
  paymentId: z.string(),
  version: z.number(),
  processingEventId: z.string(),
  delayMs: z.number(),
});
type SettleJob = z.infer<typeof ZSettleJob>;

/**
 * The payment's outcome, by the card it was confirmed with. The processing event's second copy is
 * planned here, after the outcome's first: the app must tell them apart by version.
 */
async function settlePayment(tx: Tx, jobs: JobQueue, job: SettleJob): Promise<void> {
  const now = new Date();
  const pi = await load<PaymentIntentData>(tx, "payment_intent", job.paymentId, true);
  if (pi && pi.version === job.version && pi.data.status === "processing") {
    const declineMessage = pi.data.card?.declineMessage ?? null;
    const settled = await saveNext(tx, pi, {
      ...pi.data,
      status: declineMessage === null ? "succeeded" : "failed",
      failureMessage: declineMessage,
    });
    const type = declineMessage === null ? "payment.succeeded" : "payment.failed";
    const outcomeId = await emit(tx, jobs, pi.data.provider, paymentEvent(type, settled), [], now);
    await enqueueDelivery(tx, jobs, outcomeId, now);
    await enqueueDelivery(tx, jobs, job.processingEventId, later(now, jitter(job.delayMs)));
    await enqueueDelivery(tx, jobs, outcomeId, later(now, job.delayMs + jitter(job.delayMs)));
    return;
  }
  // Cancelled or confirmed again meanwhile: only the late copy of its processing event remains.
  await enqueueDelivery(tx, jobs, job.processingEventId, later(now, jitter(job.delayMs)));
}

// ---------------------------------------------------------------------------------------------
// The provider's clock: period ends, and charges of the card on file.

const ZPeriodEndJob = z.object({ subscriptionId: z.string(), periodEnd: z.string(), delayMs: z.number() });
type PeriodEndJob = z.infer<typeof ZPeriodEndJob>;

async function planPeriodEnd(exec: Executor, jobs: JobQueue, sub: Stored<SubscriptionData>, delayMs: number) {
  const job: PeriodEndJob = { subscriptionId: sub.id, periodEnd: sub.data.currentPeriodEnd, delayMs };
  await jobs.enqueue(exec, TEST_MODE_PERIOD_END_JOB, job, new Date(sub.data.currentPeriodEnd));
}

/** Charges the customer's card on file; answers the decline message, or null when it paid. */
async function chargeCardOnFile(exec: Executor, customerId: string): Promise<string | null> {
  const customer = await load<CustomerData>(exec, "customer", customerId);
  const card = customer?.data.card;
  return card ? card.declineMessage : BILLING_MESSAGES.cardDeclined;
}

/** An invoice for the subscription, paid by the card on file or not (then the subscription is past due). */
async function invoice(
  exec: Executor,
  jobs: JobQueue,
  delayMs: number,
  sub: Stored<SubscriptionData>,
  amountMinor: number,
  reason: "renewal" | "proration",
  renewal?: { periodStart: string; periodEnd: string },
): Promise<Stored<SubscriptionData>> {
  const declineMessage = await chargeCardOnFile(exec, sub.data.customerId);
  const paid = declineMessage === null;
  const billed = await saveNext(exec, sub, {
    ...sub.data,
    status: paid ? "active" : "past_due",
    ...(paid && renewal
      ? { currentPeriodStart: renewal.periodStart, currentPeriodEnd: renewal.periodEnd }
      : {}),
  });
  const now = new Date();
  await emit(
    exec,
    jobs,
    sub.data.provider,
    {
      provider: sub.data.provider,
      type: paid ? "invoice.paid" : "invoice.payment_failed",
      object: { kind: "invoice", id: randomId("in_test"), version: billed.version },
      subscription: subscriptionOf(billed),
      invoice: { subscriptionId: sub.id, amountMinor, currency: sub.data.currency, reason },
    },
    twiceLate(now, delayMs),
    now,
    { failure_message: declineMessage },
  );
  return billed;
}

/**
 * A subscription's period ended: it ends if it was set to cancel by then; otherwise the card on file
 * pays the next term (invoice.paid, and the clock is set for the new period end) or does not
 * (invoice.payment_failed, past due; no retry is planned: the app ends it or sells a new term).
 */
async function endPeriod(tx: Tx, jobs: JobQueue, job: PeriodEndJob): Promise<void> {
  const sub = await load<SubscriptionData>(tx, "subscription", job.subscriptionId, true);
  // Ended, or renewed already: this period end is not the subscription's any more.
  if (!sub || sub.data.status === "canceled" || sub.data.currentPeriodEnd !== job.periodEnd) return;
  const now = new Date();
  if (sub.data.cancelAt !== null) {
    const ended = await saveNext(tx, sub, { ...sub.data, status: "canceled", endedAt: sub.data.cancelAt });
    await emit(
      tx,
      jobs,
      sub.data.provider,
      subscriptionEvent("subscription.canceled", ended),
      twiceLate(now, job.delayMs),
      now,
    );
    return;
  }
  const periodStart = sub.data.currentPeriodEnd;
  const periodEnd = termEnd(new Date(periodStart)).toISOString();
  const billed = await invoice(tx, jobs, job.delayMs, sub, sub.data.termAmountMinor, "renewal", {
    periodStart,
    periodEnd,
  });
  if (billed.data.status === "active") await planPeriodEnd(tx, jobs, billed, job.delayMs);
}

/**
 * The test provider's jobs: delivering events to `deliver` (the app's handler; a throw is retried
 * by the queue, as a provider retries a webhook answered 500), settling payments, period ends.
 */
export function registerTestModeJobs(
  jobs: JobQueue,
  deliver: (tx: Tx, event: ProviderEvent) => Promise<void>,
): void {
  jobs.register(TEST_MODE_DELIVER_JOB, async (tx, payload) => {
    const { eventId } = z.object({ eventId: z.string() }).parse(payload);
    const stored = await load<Record<string, unknown>>(tx, "event", eventId);
    if (stored) await deliver(tx, eventFromJson(stored.data));
  });
  jobs.register(TEST_MODE_SETTLE_JOB, (tx, payload) => settlePayment(tx, jobs, ZSettleJob.parse(payload)));
  jobs.register(TEST_MODE_PERIOD_END_JOB, (tx, payload) => endPeriod(tx, jobs, ZPeriodEndJob.parse(payload)));
}

// ---------------------------------------------------------------------------------------------
// The provider

export class TestModeProvider implements BillingProvider {
  readonly name: BillingProviderName;
  readonly testMode = true;
  private readonly env: TestModeEnv;
  private readonly publicUrl: string;

  /**
   * Its calls run their own transactions, as a remote provider's would: call it outside any open
   * transaction (on PGlite, a call from inside one waits for it forever).
   */
  constructor(opts: {
    name: BillingProviderName;
    db: Db;
    jobs: JobQueue;
    delayMs: number;
    publicUrl: string;
  }) {
    this.name = opts.name;
    this.env = { db: opts.db, jobs: opts.jobs, delayMs: opts.delayMs };
    this.publicUrl = opts.publicUrl.replace(/\/$/, "");
  }

  async ensureCustomer(input: ProviderCustomerInput, existingCustomerId: string | null): Promise<string> {
    const { db } = this.env;
    const details = { company: input.company, email: input.email };
    if (existingCustomerId) {
      const existing = await load<CustomerData>(db, "customer", existingCustomerId);
      if (existing) {
        await db
          .update(billingTestObjects)
          .set({
            data: { ...existing.data, ...details },
            version: sql`${billingTestObjects.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(billingTestObjects.id, existing.id));
        return existing.id;
      }
    }
    // One customer per account: a retry after a crash finds the one the first call made.
    const id = keyedId("cus_test", this.name, `account-${input.accountId}`);
    const data: CustomerData = {
      provider: this.name,
      accountId: input.accountId,
      currency: input.currency,
      card: null,
      ...details,
    };
    await db.insert(billingTestObjects).values({ id, kind: "customer", data }).onConflictDoNothing();
    return id;
  }

  async preparePayment(input: PreparePaymentInput): Promise<PreparedProviderPayment> {
    const { db } = this.env;
    const id = keyedId("pi_test", this.name, input.idempotencyKey);
    const data: PaymentIntentData = {
      provider: this.name,
      customerId: input.customerId,
      accountId: input.accountId,
      amountMinor: input.amountMinor,
      currency: input.currency,
      description: input.description,
      // As Stripe does on a redirect: the page returned to learns which payment it was.
      returnUrl: withPaymentIntent(input.returnUrl, id),
      metadata: input.metadata,
      clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      status: "requires_payment_method",
      failureMessage: null,
      card: null,
    };
    await db.insert(billingTestObjects).values({ id, kind: "payment_intent", data }).onConflictDoNothing();
    const pi = await mustLoad<PaymentIntentData>(db, "payment_intent", id);
    return { ...paymentOf(pi), checkout: this.checkoutOf(pi) };
  }

  /** The Chargebee-named provider pays on a hosted page; the Stripe-named one with a card form. */
  private checkoutOf(pi: Stored<PaymentIntentData>): TCheckout {
    return this.name === "CHARGEBEE"
      ? { kind: "hosted", url: `${this.publicUrl}/billing/test-checkout/${pi.id}` }
      : { kind: "card", client_secret: pi.data.clientSecret, publishable_key: null };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment> {
    return paymentOf(await mustLoad<PaymentIntentData>(this.env.db, "payment_intent", paymentId));
  }

  /**
   * A payment still waiting for a card (or whose card failed, or in processing) is cancelled. One
   * that succeeded cannot be: nothing changes, and its succeeded event tells the app.
   */
  async cancelPayment(paymentId: string): Promise<void> {
    const { db, jobs, delayMs } = this.env;
    await db.transaction(async (tx) => {
      const pi = await mustLoad<PaymentIntentData>(tx, "payment_intent", paymentId, true);
      if (pi.data.status === "succeeded" || pi.data.status === "canceled") return;
      const canceled = await saveNext(tx, pi, { ...pi.data, status: "canceled" });
      const now = new Date();
      await emit(
        tx,
        jobs,
        this.name,
        paymentEvent("payment.canceled", canceled),
        twiceLate(now, delayMs),
        now,
      );
    });
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    const { db, jobs, delayMs } = this.env;
    const id = keyedId("sub_test", this.name, input.idempotencyKey);
    return db.transaction(async (tx) => {
      const data: SubscriptionData = {
        provider: this.name,
        customerId: input.customerId,
        accountId: input.accountId,
        planCode: input.planCode,
        quantity: input.quantity,
        currency: input.currency,
        termAmountMinor: input.termAmountMinor,
        status: "active",
        currentPeriodStart: input.periodStart.toISOString(),
        currentPeriodEnd: input.periodEnd.toISOString(),
        cancelAt: null,
        endedAt: null,
        paymentId: input.paymentId,
        answers: {},
      };
      const created = await tx
        .insert(billingTestObjects)
        .values({ id, kind: "subscription", data })
        .onConflictDoNothing()
        .returning({ id: billingTestObjects.id });
      const sub = await mustLoad<SubscriptionData>(tx, "subscription", id);
      if (created.length > 0) await planPeriodEnd(tx, jobs, sub, delayMs);
      return subscriptionOf(sub);
    });
  }

  /**
   * Runs a change once per idempotency key: a repeated key answers what the first call answered.
   * `change` answers the subscription to save as its next version and any work after saving.
   */
  private async once(
    subscriptionId: string,
    idempotencyKey: string,
    change: (sub: Stored<SubscriptionData>) => SubscriptionData | undefined,
    after?: (saved: Stored<SubscriptionData>, tx: Tx) => Promise<void>,
  ): Promise<ProviderSubscription> {
    return this.env.db.transaction(async (tx) => {
      const sub = await mustLoad<SubscriptionData>(tx, "subscription", subscriptionId, true);
      const answered = sub.data.answers[idempotencyKey];
      if (answered) return subscriptionFromSnapshot(answered);
      const changed = change(sub);
      const next = changed ? { ...sub, data: changed, version: sub.version + 1 } : sub;
      const answer = snapshotOf(next);
      const saved = {
        ...next,
        data: { ...next.data, answers: { ...next.data.answers, [idempotencyKey]: answer } },
      };
      await tx
        .update(billingTestObjects)
        .set({ data: saved.data, version: saved.version, updatedAt: new Date() })
        .where(eq(billingTestObjects.id, saved.id));
      if (changed && after) await after(saved, tx);
      return subscriptionFromSnapshot(answer);
    });
  }

  /**
   * Plan or quantity now. A "charge" bills the card on file for the difference as a later version,
   * so its invoice event outranks the answer given here.
   */
  async changeSubscription(input: ChangeSubscriptionInput): Promise<ProviderSubscription> {
    const { jobs, delayMs } = this.env;
    const { billing } = input;
    return this.once(
      input.subscriptionId,
      input.idempotencyKey,
      (sub) => {
        if (sub.data.status === "canceled") throw new Error(`test mode: subscription ${sub.id} has ended`);
        return {
          ...sub.data,
          planCode: input.planCode,
          quantity: input.quantity,
          termAmountMinor: input.termAmountMinor,
        };
      },
      async (saved, tx) => {
        if (billing.kind === "charge" && billing.amountMinor > 0) {
          await invoice(tx, jobs, delayMs, saved, billing.amountMinor, "proration");
        }
      },
    );
  }

  async cancelSubscription(
    subscriptionId: string,
    atPeriodEnd: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const { jobs, delayMs } = this.env;
    const now = new Date();
    return this.once(
      subscriptionId,
      idempotencyKey,
      (sub) => {
        if (sub.data.status === "canceled") throw new Error(`test mode: subscription ${sub.id} has ended`);
        return atPeriodEnd
          ? { ...sub.data, cancelAt: sub.data.currentPeriodEnd }
          : { ...sub.data, status: "canceled", cancelAt: now.toISOString(), endedAt: now.toISOString() };
      },
      async (saved, tx) => {
        const type = atPeriodEnd ? "subscription.cancel_scheduled" : "subscription.canceled";
        await emit(tx, jobs, this.name, subscriptionEvent(type, saved), twiceLate(now, delayMs), now);
      },
    );
  }

  async undoCancel(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    const { jobs, delayMs } = this.env;
    return this.once(
      subscriptionId,
      idempotencyKey,
      (sub) => {
        if (sub.data.status === "canceled") throw new Error(`test mode: subscription ${sub.id} has ended`);
        return sub.data.cancelAt === null ? undefined : { ...sub.data, cancelAt: null };
      },
      async (saved, tx) => {
        const now = new Date();
        await emit(
          tx,
          jobs,
          this.name,
          subscriptionEvent("subscription.cancel_undone", saved),
          twiceLate(now, delayMs),
          now,
        );
      },
    );
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return subscriptionOf(await mustLoad<SubscriptionData>(this.env.db, "subscription", subscriptionId));
  }

  /** The test provider receives no HTTP webhooks: its events are delivered by its own job. */
  async parseWebhook(): Promise<ProviderEvent> {
    throw new WebhookRejected("test mode delivers events itself");
  }
}

function withPaymentIntent(returnUrl: string, paymentIntentId: string): string {
  if (!returnUrl) return returnUrl;
  const url = new URL(returnUrl);
  url.searchParams.set("payment_intent", paymentIntentId);
  return url.toString();
}
