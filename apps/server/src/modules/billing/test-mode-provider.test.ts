import { randomUUID } from "node:crypto";
import { termEnd } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES, TEST_CARDS } from "@portico/shared/schemas/billing";
import { and, eq, like, lte, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { createTestApp, type TestContext } from "../../test/helper";
import { type ProviderEvent, WebhookRejected } from "./provider";
import {
  confirmTestPayment,
  registerTestModeJobs,
  TEST_MODE_PERIOD_END_JOB,
  TestModeProvider,
} from "./test-mode-provider";

let t: TestContext;
let provider: TestModeProvider;
/** Every event the provider delivered, in order, copies included. */
let delivered: ProviderEvent[] = [];
/** When set, the next delivery throws (as an app answering a webhook with 500). */
let failNextDelivery = false;

const env = () => ({ db: t.db, jobs: t.app.ctx.jobs, delayMs: 0 });

beforeAll(async () => {
  t = await createTestApp({ BILLING_TEST_MODE: "true", BILLING_TEST_DELAY_MS: "0" });
  registerTestModeJobs(t.app.ctx.jobs, async (_tx, event) => {
    if (failNextDelivery) {
      failNextDelivery = false;
      throw new Error("the app answered 500");
    }
    delivered.push(event);
  });
  provider = new TestModeProvider({ name: "STRIPE", ...env(), publicUrl: "http://portico.test" });
});
afterAll(() => t.close());
beforeEach(() => {
  delivered = [];
});

const dueTestModeJobs = () =>
  t.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(like(jobs.kind, "billing.test-mode.%"), lte(jobs.runAt, new Date()), sql`${jobs.failedAt} is null`),
    );

/** Runs the provider's due jobs until none is left (a job can plan another, due at once). */
async function runDueJobs() {
  for (let pass = 0; pass < 10; pass++) {
    await t.app.ctx.jobs.flush();
    if ((await dueTestModeJobs()).length === 0) return;
  }
  throw new Error("test-mode jobs keep coming");
}

/** The provider's clock moves to the subscription's period end. */
async function reachPeriodEnd(subscriptionId: string) {
  await t.db
    .update(jobs)
    .set({ runAt: new Date() })
    .where(
      and(
        eq(jobs.kind, TEST_MODE_PERIOD_END_JOB),
        sql`${jobs.payload}->>'subscriptionId' = ${subscriptionId}`,
      ),
    );
  await runDueJobs();
}

const periodEndJobs = (subscriptionId: string) =>
  t.db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, TEST_MODE_PERIOD_END_JOB),
        sql`${jobs.payload}->>'subscriptionId' = ${subscriptionId}`,
      ),
    );

const eventsAbout = (id: string) =>
  delivered.filter((e) => e.object.id === id || e.invoice?.subscriptionId === id);

let nextAccountId = 1_000;

async function newCustomer() {
  const accountId = nextAccountId++;
  const customerId = await provider.ensureCustomer(
    { accountId, company: `Company ${accountId}`, email: `owner${accountId}@example.com`, currency: "USD" },
    null,
  );
  return { accountId, customerId };
}

async function newPayment(customer: { accountId: number; customerId: string }, amountMinor = 120_000) {
  return provider.preparePayment({
    customerId: customer.customerId,
    accountId: customer.accountId,
    amountMinor,
    currency: "USD",
    description: "STANDARD, 10 TiB",
    idempotencyKey: `pay-${randomUUID()}`,
    returnUrl: "http://portico.test/subscription",
    metadata: {},
  });
}

const secretOf = (payment: Awaited<ReturnType<typeof newPayment>>) =>
  payment.checkout.kind === "card" ? payment.checkout.client_secret : "";

async function confirm(payment: Awaited<ReturnType<typeof newPayment>>, cardNumber: string) {
  return confirmTestPayment(env(), payment.paymentId, { clientSecret: secretOf(payment), cardNumber });
}

/** A customer whose card on file is `cardNumber` (a payment confirmed with it and settled). */
async function customerWithCard(cardNumber: string) {
  const customer = await newCustomer();
  await confirm(await newPayment(customer), cardNumber);
  await runDueJobs();
  delivered = [];
  return customer;
}

/** Subscriptions start now (whole seconds), so their period ends are a year away until a test moves the clock. */
const YEAR_START = new Date(Math.floor(Date.now() / 1000) * 1000);

async function newSubscription(customer: { accountId: number; customerId: string }, key = randomUUID()) {
  return provider.createSubscription({
    customerId: customer.customerId,
    accountId: customer.accountId,
    planCode: "STANDARD",
    quantity: 10,
    currency: "USD",
    periodStart: YEAR_START,
    periodEnd: termEnd(YEAR_START),
    paymentId: "pi_test_paid",
    termAmountMinor: 240_000,
    idempotencyKey: `sync-${key}`,
  });
}

describe("idempotency", () => {
  it("answers the same payment intent for the same key, and a new one for another key", async () => {
    const customer = await newCustomer();
    const input = {
      customerId: customer.customerId,
      accountId: customer.accountId,
      amountMinor: 5_000,
      currency: "USD" as const,
      description: "STANDARD, 10 TiB",
      idempotencyKey: "pay-42",
      returnUrl: "http://portico.test/subscription",
      metadata: {},
    };
    const first = await provider.preparePayment(input);
    const again = await provider.preparePayment(input);
    const other = await provider.preparePayment({ ...input, idempotencyKey: "pay-43" });
    expect(first.paymentId).toMatch(/^pi_test_[0-9a-f]{24}$/);
    expect(again).toEqual(first);
    expect(other.paymentId).not.toBe(first.paymentId);
    expect(first).toMatchObject({ status: "requires_payment_method", amountMinor: 5_000, version: 1 });
    expect(first.checkout).toEqual({
      kind: "card",
      client_secret: expect.stringMatching(new RegExp(`^${first.paymentId}_secret_`)),
      publishable_key: null,
    });
  });

  it("keeps one customer per account", async () => {
    const customer = await newCustomer();
    const input = {
      accountId: customer.accountId,
      company: "Renamed",
      email: "new@example.com",
      currency: "USD" as const,
    };
    expect(customer.customerId).toMatch(/^cus_test_/);
    expect(await provider.ensureCustomer(input, null)).toBe(customer.customerId);
    expect(await provider.ensureCustomer(input, customer.customerId)).toBe(customer.customerId);
  });

  it("creates one subscription, with one period-end on its clock, for a repeated key", async () => {
    const customer = await newCustomer();
    const key = randomUUID();
    const first = await newSubscription(customer, key);
    const again = await newSubscription(customer, key);
    expect(first.subscriptionId).toMatch(/^sub_test_/);
    expect(again).toEqual(first);
    expect(await periodEndJobs(first.subscriptionId)).toEqual([{ runAt: termEnd(YEAR_START) }]);
  });

  it("charges a quantity increase once for a repeated key", async () => {
    const sub = await newSubscription(await customerWithCard(TEST_CARDS.succeeds));
    const change = {
      subscriptionId: sub.subscriptionId,
      planCode: "STANDARD",
      quantity: 15,
      billing: { kind: "charge" as const, amountMinor: 30_000 },
      termAmountMinor: 360_000,
      idempotencyKey: `qty-${randomUUID()}`,
    };
    const first = await provider.changeSubscription(change);
    const again = await provider.changeSubscription(change);
    expect(again).toEqual(first);
    await runDueJobs();
    const invoices = eventsAbout(sub.subscriptionId).filter((e) => e.type.startsWith("invoice."));
    expect(new Set(invoices.map((e) => e.id)).size).toBe(1);
  });
});

describe("confirming a payment", () => {
  it("answers processing at once; the outcome and a late processing event arrive later, each twice", async () => {
    const payment = await newPayment(await newCustomer());
    // As a provider's redirect does, the address returned to names the payment.
    expect(await confirm(payment, TEST_CARDS.succeeds)).toEqual({
      kind: "processing",
      returnUrl: `http://portico.test/subscription?payment_intent=${payment.paymentId}`,
    });
    expect(await provider.getPayment(payment.paymentId)).toMatchObject({ status: "processing", version: 2 });

    await runDueJobs();
    const events = eventsAbout(payment.paymentId);
    expect(events.map((e) => [e.type, e.object.version])).toEqual([
      ["payment.processing", 2],
      ["payment.succeeded", 3],
      ["payment.processing", 2],
      ["payment.succeeded", 3],
    ]);
    // A copy is the same event: one id per event, each delivered twice.
    const ids = events.map((e) => e.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.filter((id) => id === ids[0])).toHaveLength(2);

    const succeeded = events[1];
    expect(succeeded).toMatchObject({
      provider: "STRIPE",
      testMode: true,
      id: expect.stringMatching(/^evt_test_/),
      payment: { paymentId: payment.paymentId, status: "succeeded", card: { brand: "visa", last4: "4242" } },
    });
    expect(succeeded?.occurredAt).toBeInstanceOf(Date);
    expect(JSON.stringify(succeeded?.data)).not.toContain("secret");
    expect(await provider.getPayment(payment.paymentId)).toMatchObject({ status: "succeeded", version: 3 });
  });

  it("delivers nothing before its delay has passed", async () => {
    const slow = new TestModeProvider({
      name: "STRIPE",
      ...env(),
      delayMs: 60_000,
      publicUrl: "http://portico.test",
    });
    const customer = await newCustomer();
    const payment = await slow.preparePayment({
      customerId: customer.customerId,
      accountId: customer.accountId,
      amountMinor: 100,
      currency: "EUR",
      description: "slow",
      idempotencyKey: `pay-${randomUUID()}`,
      returnUrl: "",
      metadata: {},
    });
    await confirmTestPayment({ ...env(), delayMs: 60_000 }, payment.paymentId, {
      clientSecret: payment.checkout.kind === "card" ? payment.checkout.client_secret : "",
      cardNumber: TEST_CARDS.succeeds,
    });
    await runDueJobs();
    expect(eventsAbout(payment.paymentId)).toEqual([]);
    expect(await slow.getPayment(payment.paymentId)).toMatchObject({ status: "processing" });
  });

  it.each([
    ["declined", TEST_CARDS.declined, BILLING_MESSAGES.cardDeclined],
    ["insufficient funds", TEST_CARDS.insufficientFunds, BILLING_MESSAGES.insufficientFunds],
  ])("fails a %s card with its message; another card then pays", async (_name, card, message) => {
    const payment = await newPayment(await newCustomer());
    await confirm(payment, card);
    await runDueJobs();
    const failed = eventsAbout(payment.paymentId).filter((e) => e.type === "payment.failed");
    expect(failed).toHaveLength(2);
    expect(failed[0]?.payment).toMatchObject({ status: "failed", failureMessage: message });
    expect(await provider.getPayment(payment.paymentId)).toMatchObject({
      status: "failed",
      failureMessage: message,
    });

    expect(await confirm(payment, "5555555555554444")).toMatchObject({ kind: "processing" });
    await runDueJobs();
    expect(await provider.getPayment(payment.paymentId)).toMatchObject({
      status: "succeeded",
      failureMessage: null,
      card: { brand: "mastercard", last4: "4444" },
      version: 5,
    });
  });

  it("refuses a wrong client secret and a payment already processing or paid", async () => {
    const payment = await newPayment(await newCustomer());
    expect(
      await confirmTestPayment(env(), payment.paymentId, {
        clientSecret: "pi_x_secret_y",
        cardNumber: TEST_CARDS.succeeds,
      }),
    ).toEqual({ kind: "not-found" });
    expect(
      await confirmTestPayment(env(), "pi_test_nothing", {
        clientSecret: secretOf(payment),
        cardNumber: TEST_CARDS.succeeds,
      }),
    ).toEqual({ kind: "not-found" });
    await confirm(payment, TEST_CARDS.succeeds);
    expect(await confirm(payment, TEST_CARDS.succeeds)).toEqual({ kind: "not-confirmable" });
    await runDueJobs();
    expect(await confirm(payment, TEST_CARDS.succeeds)).toEqual({ kind: "not-confirmable" });
  });

  it("cancels a payment that has not succeeded: it never settles", async () => {
    const payment = await newPayment(await newCustomer());
    await confirm(payment, TEST_CARDS.succeeds);
    await provider.cancelPayment(payment.paymentId);
    await runDueJobs();
    expect(await provider.getPayment(payment.paymentId)).toMatchObject({ status: "canceled", version: 3 });
    expect(
      eventsAbout(payment.paymentId)
        .map((e) => e.type)
        .sort(),
    ).toEqual(["payment.canceled", "payment.canceled", "payment.processing", "payment.processing"]);
    expect(await confirm(payment, TEST_CARDS.succeeds)).toEqual({ kind: "not-confirmable" });
  });

  it("delivers again after the app failed to take an event", async () => {
    const payment = await newPayment(await newCustomer());
    failNextDelivery = true;
    await confirm(payment, TEST_CARDS.succeeds);
    await runDueJobs();
    const [retry] = await t.db.select().from(jobs).where(sql`${jobs.lastError} like '%answered 500%'`);
    expect(retry?.attempts).toBe(1);
    await t.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.id, retry?.id ?? 0));
    await runDueJobs();
    expect(
      eventsAbout(payment.paymentId)
        .map((e) => e.type)
        .sort(),
    ).toEqual(["payment.processing", "payment.processing", "payment.succeeded", "payment.succeeded"]);
  });

  it("pays on a hosted page when the provider is Chargebee-named", async () => {
    const chargebee = new TestModeProvider({
      name: "CHARGEBEE",
      ...env(),
      publicUrl: "http://portico.test/",
    });
    const customer = await newCustomer();
    const payment = await chargebee.preparePayment({
      customerId: customer.customerId,
      accountId: customer.accountId,
      amountMinor: 100,
      currency: "USD",
      description: "hosted",
      idempotencyKey: `pay-${randomUUID()}`,
      returnUrl: "http://portico.test/subscription",
      metadata: {},
    });
    expect(payment.checkout).toEqual({
      kind: "hosted",
      url: `http://portico.test/billing/test-checkout/${payment.paymentId}`,
    });
  });
});

describe("the provider's clock", () => {
  it("renews at the period end with the card on file: invoice.paid with the next period", async () => {
    const sub = await newSubscription(await customerWithCard(TEST_CARDS.succeeds));
    await reachPeriodEnd(sub.subscriptionId);
    const events = eventsAbout(sub.subscriptionId);
    expect(events.map((e) => e.type)).toEqual(["invoice.paid", "invoice.paid"]);
    const nextEnd = termEnd(termEnd(YEAR_START));
    expect(events[0]).toMatchObject({
      object: { kind: "invoice", version: 2 },
      invoice: {
        subscriptionId: sub.subscriptionId,
        amountMinor: 240_000,
        currency: "USD",
        reason: "renewal",
      },
      subscription: {
        status: "active",
        currentPeriodStart: termEnd(YEAR_START),
        currentPeriodEnd: nextEnd,
        version: 2,
      },
    });
    expect(await periodEndJobs(sub.subscriptionId)).toEqual([{ runAt: nextEnd }]);
  });

  it("a failing card on file makes the renewal fail: invoice.payment_failed, past due, no next period", async () => {
    const customer = await customerWithCard(TEST_CARDS.succeeds);
    const sub = await newSubscription(customer);
    // A later payment confirmed with a declined card leaves that card on file.
    await confirm(await newPayment(customer), TEST_CARDS.declined);
    await runDueJobs();
    await reachPeriodEnd(sub.subscriptionId);
    const events = eventsAbout(sub.subscriptionId);
    expect(events.map((e) => e.type)).toEqual(["invoice.payment_failed", "invoice.payment_failed"]);
    expect(events[0]?.subscription).toMatchObject({
      status: "past_due",
      currentPeriodEnd: termEnd(YEAR_START),
    });
    expect(events[0]?.data).toMatchObject({ failure_message: BILLING_MESSAGES.cardDeclined });
    expect(await provider.getSubscription(sub.subscriptionId)).toMatchObject({
      status: "past_due",
      version: 2,
    });
    expect(await periodEndJobs(sub.subscriptionId)).toEqual([]);
  });

  it("ends a subscription set to cancel at its period end, and renews one whose cancel was undone", async () => {
    const customer = await customerWithCard(TEST_CARDS.succeeds);
    const ending = await newSubscription(customer);
    const scheduled = await provider.cancelSubscription(
      ending.subscriptionId,
      true,
      `cancel-${randomUUID()}`,
    );
    expect(scheduled).toMatchObject({ status: "active", cancelAt: termEnd(YEAR_START), version: 2 });
    await reachPeriodEnd(ending.subscriptionId);
    expect(eventsAbout(ending.subscriptionId).map((e) => [e.type, e.object.version])).toEqual([
      ["subscription.cancel_scheduled", 2],
      ["subscription.cancel_scheduled", 2],
      ["subscription.canceled", 3],
      ["subscription.canceled", 3],
    ]);
    expect(await provider.getSubscription(ending.subscriptionId)).toMatchObject({
      status: "canceled",
      endedAt: termEnd(YEAR_START),
    });

    const kept = await newSubscription(customer);
    await provider.cancelSubscription(kept.subscriptionId, true, `cancel-${randomUUID()}`);
    const undone = await provider.undoCancel(kept.subscriptionId, `undo-${randomUUID()}`);
    expect(undone).toMatchObject({ cancelAt: null, version: 3 });
    await reachPeriodEnd(kept.subscriptionId);
    expect(eventsAbout(kept.subscriptionId).map((e) => e.type)).toEqual([
      "subscription.cancel_scheduled",
      "subscription.cancel_scheduled",
      "subscription.cancel_undone",
      "subscription.cancel_undone",
      "invoice.paid",
      "invoice.paid",
    ]);
  });

  it("ends a subscription now: subscription.canceled at once, and its period end does nothing", async () => {
    const sub = await newSubscription(await customerWithCard(TEST_CARDS.succeeds));
    const before = Date.now();
    const ended = await provider.cancelSubscription(sub.subscriptionId, false, `end-${randomUUID()}`);
    expect(ended.status).toBe("canceled");
    expect(ended.endedAt?.getTime()).toBeGreaterThanOrEqual(before);
    await reachPeriodEnd(sub.subscriptionId);
    expect(eventsAbout(sub.subscriptionId).map((e) => e.type)).toEqual([
      "subscription.canceled",
      "subscription.canceled",
    ]);
    await expect(
      provider.changeSubscription({
        subscriptionId: sub.subscriptionId,
        planCode: "STANDARD",
        quantity: 20,
        billing: { kind: "none" },
        termAmountMinor: 1,
        idempotencyKey: `qty-${randomUUID()}`,
      }),
    ).rejects.toThrow(/has ended/);
  });

  it("charges a quantity increase to the card on file as a later version than its answer", async () => {
    const sub = await newSubscription(await customerWithCard(TEST_CARDS.succeeds));
    const changed = await provider.changeSubscription({
      subscriptionId: sub.subscriptionId,
      planCode: "STANDARD",
      quantity: 15,
      billing: { kind: "charge", amountMinor: 30_000 },
      termAmountMinor: 360_000,
      idempotencyKey: `qty-${randomUUID()}`,
    });
    expect(changed).toMatchObject({ quantity: 15, version: 2 });
    await runDueJobs();
    const [paid] = eventsAbout(sub.subscriptionId);
    expect(paid).toMatchObject({
      type: "invoice.paid",
      object: { kind: "invoice", version: 3 },
      invoice: { amountMinor: 30_000, reason: "proration" },
      subscription: { status: "active", quantity: 15, version: 3 },
    });
    // The next renewal charges the new term's price.
    delivered = [];
    await reachPeriodEnd(sub.subscriptionId);
    expect(eventsAbout(sub.subscriptionId)[0]?.invoice).toMatchObject({
      amountMinor: 360_000,
      reason: "renewal",
    });
  });

  it("a failed quantity charge makes the subscription past due", async () => {
    const sub = await newSubscription(await customerWithCard(TEST_CARDS.insufficientFunds));
    await provider.changeSubscription({
      subscriptionId: sub.subscriptionId,
      planCode: "STANDARD",
      quantity: 15,
      billing: { kind: "charge", amountMinor: 30_000 },
      termAmountMinor: 360_000,
      idempotencyKey: `qty-${randomUUID()}`,
    });
    await runDueJobs();
    const [failed] = eventsAbout(sub.subscriptionId);
    expect(failed).toMatchObject({
      type: "invoice.payment_failed",
      subscription: { status: "past_due" },
      data: { failure_message: BILLING_MESSAGES.insufficientFunds },
    });
  });
});

describe("webhooks", () => {
  it("are refused: test mode delivers its events itself", async () => {
    await expect(provider.parseWebhook()).rejects.toThrow(WebhookRejected);
  });
});
