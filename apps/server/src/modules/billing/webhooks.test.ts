/**
 * The providers' webhooks (issue 15): deliveries signed as Stripe signs them (its SDK's test
 * header) and Chargebee's basic auth, through the real routes. Our records are made by the
 * deliveries themselves: a payment prepared for a first subscription, paid by its
 * payment_intent.succeeded event.
 */
import { WEBHOOKS_BASE } from "@portico/shared/schemas/billing";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { billingPayments, billingPlans, subscriptionEvents, subscriptions } from "../../db/schema";
import { createTestApp, type TestContext } from "../../test/helper";
import { BILLING_ENV, call, newEngineer, newOrg, subscriptionsOf } from "./subscription-test-kit";

// A failure after the event's row is written, once, when a test arms it: the delivery's
// transaction must then leave nothing behind.
const failNextApply = vi.hoisted(() => ({ armed: false }));
vi.mock("./subscription.service", async (importOriginal) => {
  const original = await importOriginal<typeof import("./subscription.service")>();
  return {
    ...original,
    applyPayment: async (...args: Parameters<typeof original.applyPayment>) => {
      if (failNextApply.armed) {
        failNextApply.armed = false;
        throw new Error("the database went away half-way");
      }
      return original.applyPayment(...args);
    },
  };
});

const SECRET = "whsec_portico_new";
const OLD_SECRET = "whsec_portico_old";
const HOOK_USER = "portico-hook";
const HOOK_PASSWORD = "s3cret-hook-pass";
const REAL_PROVIDERS_ENV = {
  STRIPE_SECRET_KEY: "sk_test_portico",
  STRIPE_PUBLISHABLE_KEY: "pk_test_portico",
  STRIPE_WEBHOOK_SECRET: SECRET,
  // Nothing here may reach a provider: any call out fails at once.
  STRIPE_API_URL: "http://127.0.0.1:9",
  CHARGEBEE_SITE: "portico-test",
  CHARGEBEE_API_KEY: "test_portico",
  CHARGEBEE_WEBHOOK_USERNAME: HOOK_USER,
  CHARGEBEE_WEBHOOK_PASSWORD: HOOK_PASSWORD,
  CHARGEBEE_API_URL: "http://127.0.0.1:9",
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp(REAL_PROVIDERS_ENV);
});
afterAll(() => t.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 3600;

/** Stripe's header for a body: `t=<timestamp>,v1=<signature>` under each secret given. */
function stripeSignature(payload: string, secrets: string[], timestamp = nowSeconds()): string {
  const signatures = secrets.map(
    (secret) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }).split(",v1=")[1],
  );
  return `t=${timestamp},${signatures.map((s) => `v1=${s}`).join(",")}`;
}

function postStripe(payload: string, signature: string | undefined) {
  return t.app.inject({
    method: "POST",
    url: `${WEBHOOKS_BASE}/stripe`,
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(signature ? { "stripe-signature": signature } : {}),
    },
    payload,
  });
}

/** One Stripe event delivered as Stripe sends it (signed now, unless told otherwise). */
function sendStripe(event: object, opts: { secrets?: string[]; signedAt?: number } = {}) {
  const payload = JSON.stringify(event, null, 2);
  return postStripe(payload, stripeSignature(payload, opts.secrets ?? [SECRET], opts.signedAt));
}

function stripeEvent(
  id: string,
  type: string,
  object: object,
  opts: { created?: number; previous?: object } = {},
) {
  return {
    id,
    object: "event",
    api_version: "2025-10-29.clover",
    created: opts.created ?? nowSeconds(),
    livemode: false,
    type,
    data: { object, ...(opts.previous ? { previous_attributes: opts.previous } : {}) },
  };
}

function paymentIntent(id: string, accountId: number, status: string, amount = 1000) {
  return {
    id,
    object: "payment_intent",
    amount,
    currency: "usd",
    status,
    client_secret: `${id}_secret_never_stored`,
    last_payment_error: null,
    payment_method: "pm_card_visa",
    metadata: { account_id: String(accountId) },
  };
}

function stripeSubscriptionObject(id: string, accountId: number, fields: Record<string, unknown> = {}) {
  const start = nowSeconds();
  return {
    id,
    object: "subscription",
    customer: `cus_${accountId}`,
    status: "active",
    cancel_at: null,
    cancel_at_period_end: false,
    ended_at: null,
    start_date: start,
    billing_cycle_anchor: start + 365 * DAY,
    metadata: { account_id: String(accountId) },
    items: {
      object: "list",
      data: [
        {
          id: `si_${id}`,
          quantity: 25,
          current_period_start: start,
          current_period_end: start + 365 * DAY,
          price: { id: "price_standard", lookup_key: "portico:STANDARD:usd:v1", metadata: {} },
        },
      ],
    },
    ...fields,
  };
}

function sendChargebee(body: object, auth: string | null = `${HOOK_USER}:${HOOK_PASSWORD}`) {
  return t.app.inject({
    method: "POST",
    url: `${WEBHOOKS_BASE}/chargebee`,
    headers: {
      "content-type": "application/json",
      ...(auth ? { authorization: `Basic ${Buffer.from(auth).toString("base64")}` } : {}),
    },
    payload: JSON.stringify(body),
  });
}

function chargebeeSubscriptionEvent(
  id: string,
  type: string,
  sub: { id: string; accountId: number },
  fields: Record<string, unknown> = {},
  occurredAt = nowSeconds(),
) {
  return {
    id,
    occurred_at: occurredAt,
    object: "event",
    api_version: "v2",
    event_type: type,
    webhook_status: "scheduled",
    content: {
      subscription: {
        id: sub.id,
        customer_id: `portico-${sub.accountId}`,
        status: "active",
        current_term_start: occurredAt,
        current_term_end: occurredAt + 365 * DAY,
        subscription_items: [
          { item_price_id: "portico-standard-usd-yearly", item_type: "plan", quantity: 25 },
        ],
        resource_version: occurredAt * 1000,
        ...fields,
      },
      customer: { id: `portico-${sub.accountId}`, card_status: "valid" },
      card: { masked_number: "************4242", iin: "424242" },
    },
  };
}

const eventsById = (providerEventId: string) =>
  t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.providerEventId, providerEventId));

/** A first subscription of STANDARD 25 TiB asked for and waiting for its Stripe payment. */
async function pendingPayment() {
  const org = await newOrg(t, { subscriptionProvider: "STRIPE" });
  const [plan] = await t.db
    .select()
    .from(billingPlans)
    .where(and(eq(billingPlans.code, "STANDARD"), eq(billingPlans.isCurrent, true)));
  if (!plan) throw new Error("no STANDARD plan");
  const paymentIntentId = `pi_${org.id}_${Math.random().toString(36).slice(2, 8)}`;
  await t.db.insert(billingPayments).values({
    providerPaymentId: paymentIntentId,
    provider: "STRIPE",
    testMode: false,
    accountId: org.id,
    kind: "subscribe",
    planId: plan.id,
    serviceType: "STANDARD",
    quantity: 25,
    currency: "USD",
    amountMinor: 1000,
    status: "processing",
    consentReceivedAt: new Date(),
    changeRequestedAt: new Date(),
  });
  return { org, paymentIntentId };
}

/** A live subscription known to Stripe by `sub_<account>`. */
async function liveSubscription() {
  const { org, paymentIntentId } = await pendingPayment();
  const paid = stripeEvent(
    `evt_paid_${org.id}`,
    "payment_intent.succeeded",
    paymentIntent(paymentIntentId, org.id, "succeeded"),
  );
  expect((await sendStripe(paid)).statusCode).toBe(200);
  const providerSubscriptionId = `sub_${org.id}`;
  await t.db.update(subscriptions).set({ providerSubscriptionId }).where(eq(subscriptions.accountId, org.id));
  return { org, providerSubscriptionId };
}

describe("Stripe's signature", () => {
  const event = stripeEvent(
    "evt_signature",
    "payment_intent.processing",
    paymentIntent("pi_signature", 1, "processing"),
  );
  const payload = JSON.stringify(event);

  it("refuses a signature under another secret, a missing one, and a body changed after signing; nothing is stored", async () => {
    const wrong = await postStripe(payload, stripeSignature(payload, ["whsec_someone_else"]));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("Stripe signature does not match the body");

    const missing = await postStripe(payload, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Missing Stripe-Signature header");

    const changed = payload.replace('"amount":1000', '"amount":1');
    expect(changed).not.toBe(payload);
    const tampered = await postStripe(changed, stripeSignature(payload, [SECRET]));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error).toBe("Stripe signature does not match the body");

    expect(await eventsById("evt_signature")).toEqual([]);
  });

  it("refuses a delivery signed more than 5 minutes ago, accepts one signed 4 minutes ago", async () => {
    const old = await postStripe(payload, stripeSignature(payload, [SECRET], nowSeconds() - 301));
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe("Stripe signature timestamp is older than 5 minutes");
    expect(await eventsById("evt_signature")).toEqual([]);
    const recent = await postStripe(payload, stripeSignature(payload, [SECRET], nowSeconds() - 240));
    expect(recent.statusCode).toBe(200);
    expect(recent.json()).toEqual({ received: true });
  });

  it("during a secret rotation accepts the header signed under the old and the new secret; the old alone is refused", async () => {
    const rotated = stripeEvent(
      "evt_rotation",
      "payment_intent.processing",
      paymentIntent("pi_rotation", 1, "processing"),
    );
    expect((await sendStripe(rotated, { secrets: [OLD_SECRET] })).statusCode).toBe(400);
    expect((await sendStripe(rotated, { secrets: [OLD_SECRET, SECRET] })).statusCode).toBe(200);
    expect(await eventsById("evt_rotation")).toHaveLength(1);
  });

  it("answers 200 to a genuine event of a type it does not use, storing nothing", async () => {
    const other = stripeEvent("evt_other", "charge.refunded", { id: "ch_1", object: "charge" });
    expect((await sendStripe(other)).statusCode).toBe(200);
    expect(await eventsById("evt_other")).toEqual([]);
  });

  it("refuses a body that is not JSON, even signed", async () => {
    const res = await postStripe("not json", stripeSignature("not json", [SECRET]));
    expect(res.statusCode).toBe(400);
  });
});

describe("Stripe's events", () => {
  it("the same payment event ten times at once: one row, one subscription; the client secret is not kept", async () => {
    const { org, paymentIntentId } = await pendingPayment();
    const event = stripeEvent(
      `evt_ten_${org.id}`,
      "payment_intent.succeeded",
      paymentIntent(paymentIntentId, org.id, "succeeded"),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendStripe(event)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const rows = await eventsById(event.id);
    expect(rows).toEqual([
      expect.objectContaining({ outcome: "applied", accountId: org.id, source: "STRIPE" }),
    ]);
    expect(JSON.stringify(rows[0]?.data)).not.toContain("secret");
    expect(await subscriptionsOf(t, org.id)).toHaveLength(1);
    const created = await t.db
      .select()
      .from(subscriptionEvents)
      .where(
        and(eq(subscriptionEvents.accountId, org.id), eq(subscriptionEvents.type, "subscription.created")),
      );
    expect(created).toHaveLength(1);
  });

  it("out of order: processing after success is stale; the payment stays succeeded", async () => {
    const { org, paymentIntentId } = await pendingPayment();
    const created = nowSeconds();
    // Both in the same second: the status orders them.
    await sendStripe(
      stripeEvent(
        `evt_ok_${org.id}`,
        "payment_intent.succeeded",
        paymentIntent(paymentIntentId, org.id, "succeeded"),
        { created },
      ),
    );
    await sendStripe(
      stripeEvent(
        `evt_late_${org.id}`,
        "payment_intent.processing",
        paymentIntent(paymentIntentId, org.id, "processing"),
        { created },
      ),
    );
    expect((await eventsById(`evt_late_${org.id}`))[0]?.outcome).toBe("stale");
    const [payment] = await t.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.providerPaymentId, paymentIntentId));
    expect(payment).toMatchObject({ status: "succeeded", appliedAt: expect.any(Date) });
  });

  it("a cancellation scheduled at the provider is mirrored; an older update arriving after it is stale", async () => {
    const { org, providerSubscriptionId } = await liveSubscription();
    const now = nowSeconds();
    const cancelAt = now + 300 * DAY;
    const scheduled = stripeEvent(
      `evt_cancel_${org.id}`,
      "customer.subscription.updated",
      stripeSubscriptionObject(providerSubscriptionId, org.id, {
        cancel_at_period_end: true,
        cancel_at: cancelAt,
      }),
      { created: now, previous: { cancel_at_period_end: false, cancel_at: null } },
    );
    const earlier = stripeEvent(
      `evt_undo_${org.id}`,
      "customer.subscription.updated",
      stripeSubscriptionObject(providerSubscriptionId, org.id),
      { created: now - 10, previous: { cancel_at_period_end: true } },
    );
    expect((await sendStripe(scheduled)).statusCode).toBe(200);
    expect((await sendStripe(earlier)).statusCode).toBe(200);
    expect((await eventsById(scheduled.id))[0]).toMatchObject({
      type: "subscription.cancel_scheduled",
      outcome: "applied",
    });
    expect((await eventsById(earlier.id))[0]).toMatchObject({
      type: "subscription.cancel_undone",
      outcome: "stale",
    });
    const [sub] = await subscriptionsOf(t, org.id);
    expect(sub?.cancelAt).toEqual(new Date(cancelAt * 1000));
  });

  it("three days late with a fresh signature: accepted, and ordered by when it happened", async () => {
    const { org, providerSubscriptionId } = await liveSubscription();
    const fresh = stripeEvent(
      `evt_fresh_${org.id}`,
      "customer.subscription.updated",
      stripeSubscriptionObject(providerSubscriptionId, org.id),
      {
        previous: { metadata: {} },
      },
    );
    expect((await sendStripe(fresh)).statusCode).toBe(200);
    const late = stripeEvent(
      `evt_3days_${org.id}`,
      "customer.subscription.deleted",
      stripeSubscriptionObject(providerSubscriptionId, org.id, {
        status: "canceled",
        ended_at: nowSeconds() - 3 * DAY,
      }),
      { created: nowSeconds() - 3 * DAY },
    );
    expect((await sendStripe(late)).statusCode).toBe(200);
    expect((await eventsById(late.id))[0]).toMatchObject({
      outcome: "stale",
      occurredAt: new Date(late.created * 1000),
    });
    expect((await subscriptionsOf(t, org.id))[0]).toMatchObject({ status: "active", endedAt: null });
  });

  it("a 500 after a partial write keeps nothing; the provider's retry is applied once", async () => {
    const { org, paymentIntentId } = await pendingPayment();
    const event = stripeEvent(
      `evt_crash_${org.id}`,
      "payment_intent.succeeded",
      paymentIntent(paymentIntentId, org.id, "succeeded"),
    );
    failNextApply.armed = true;
    const crashed = await sendStripe(event);
    expect(crashed.statusCode).toBe(500);
    expect(await eventsById(event.id)).toEqual([]);
    const [before] = await t.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.providerPaymentId, paymentIntentId));
    expect(before).toMatchObject({ status: "processing", appliedAt: null, providerVersion: 0 });
    expect(await subscriptionsOf(t, org.id)).toEqual([]);

    expect((await sendStripe(event)).statusCode).toBe(200);
    expect((await sendStripe(event)).statusCode).toBe(200);
    expect(await eventsById(event.id)).toEqual([expect.objectContaining({ outcome: "applied" })]);
    expect(await subscriptionsOf(t, org.id)).toHaveLength(1);
  });

  it("an event about a subscription we do not hold is kept, unmatched, and shown to engineers under the account it names", async () => {
    const org = await newOrg(t, { subscriptionProvider: "STRIPE" });
    const stray = stripeEvent(
      `evt_stray_${org.id}`,
      "customer.subscription.deleted",
      stripeSubscriptionObject(`sub_stray_${org.id}`, org.id, { status: "canceled" }),
    );
    expect((await sendStripe(stray)).statusCode).toBe(200);
    expect((await eventsById(stray.id))[0]).toMatchObject({
      outcome: "unmatched",
      accountId: org.id,
      subscriptionId: null,
    });
    const engineer = await newEngineer(t);
    const seen = (await call(t, "GET", "/events", engineer, { aid: org.id })).json();
    expect(seen.items).toEqual([
      expect.objectContaining({
        provider_event_id: stray.id,
        outcome: "unmatched",
        source: "STRIPE",
        type: "subscription.canceled",
      }),
    ]);

    const nobody = stripeEvent("evt_stray_nobody", "customer.subscription.deleted", {
      ...stripeSubscriptionObject("sub_stray_nobody", 1, { status: "canceled" }),
      metadata: {},
    });
    expect((await sendStripe(nobody)).statusCode).toBe(200);
    expect((await eventsById(nobody.id))[0]).toMatchObject({ outcome: "unmatched", accountId: null });
  });
});

describe("Chargebee's events", () => {
  it("refuses wrong or missing basic-auth credentials, storing nothing", async () => {
    const event = chargebeeSubscriptionEvent("ev_auth", "subscription_changed", {
      id: "cb_auth",
      accountId: 1,
    });
    for (const auth of [`${HOOK_USER}:wrong`, `${HOOK_USER}:${HOOK_PASSWORD}x`, "", null]) {
      const res = await sendChargebee(event, auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Chargebee webhook credentials do not match");
    }
    expect(await eventsById("ev_auth")).toEqual([]);
  });

  it("applies a scheduled cancellation once, keeps an older change stale, and accepts a retry three days late", async () => {
    const { org } = await liveSubscription();
    const cbId = `cb_${org.id}`;
    await t.db
      .update(subscriptions)
      .set({ provider: "CHARGEBEE", providerSubscriptionId: cbId })
      .where(eq(subscriptions.accountId, org.id));
    const now = nowSeconds();
    const termEnd = now + 365 * DAY;
    const scheduled = chargebeeSubscriptionEvent(
      `ev_sched_${org.id}`,
      "subscription_cancellation_scheduled",
      { id: cbId, accountId: org.id },
      {
        status: "non_renewing",
        current_term_end: termEnd,
        cancelled_at: termEnd,
        resource_version: now * 1000 + 5,
      },
      now,
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendChargebee(scheduled)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    expect(await eventsById(scheduled.id)).toEqual([
      expect.objectContaining({ outcome: "applied", source: "CHARGEBEE" }),
    ]);
    expect((await subscriptionsOf(t, org.id))[0]?.cancelAt).toEqual(new Date(termEnd * 1000));

    const threeDaysLate = chargebeeSubscriptionEvent(
      `ev_late_${org.id}`,
      "subscription_changed",
      { id: cbId, accountId: org.id },
      {},
      now - 3 * DAY,
    );
    expect((await sendChargebee(threeDaysLate)).statusCode).toBe(200);
    const [late] = await eventsById(threeDaysLate.id);
    expect(late).toMatchObject({ outcome: "stale", objectVersion: (now - 3 * DAY) * 1000 });
    expect(JSON.stringify(late?.data)).not.toMatch(/4242|masked_number/);
    expect((await subscriptionsOf(t, org.id))[0]?.cancelAt).toEqual(new Date(termEnd * 1000));
  });

  it("keeps an event for an unknown subscription, unmatched, under the account its customer names", async () => {
    const org = await newOrg(t, { subscriptionProvider: "CHARGEBEE" });
    const event = chargebeeSubscriptionEvent(`ev_unknown_${org.id}`, "subscription_created", {
      id: "cb_unknown",
      accountId: org.id,
    });
    expect((await sendChargebee(event)).statusCode).toBe(200);
    expect((await eventsById(event.id))[0]).toMatchObject({ outcome: "unmatched", accountId: org.id });
  });
});

describe("a server without the provider's keys", () => {
  it("answers 404 on both endpoints", async () => {
    const bare = await createTestApp(BILLING_ENV);
    try {
      for (const provider of ["stripe", "chargebee"]) {
        const res = await bare.app.inject({
          method: "POST",
          url: `${WEBHOOKS_BASE}/${provider}`,
          headers: { "content-type": "application/json" },
          payload: "{}",
        });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await bare.close();
    }
  });
});
