/**
 * The subscription life cycle billed by Stripe (issue 15): the app built with STRIPE_* pointing the
 * official SDK at a local stand-in (test/fake-stripe.ts), the browser's part (confirming the card,
 * 3-D Secure) played by the fake, and Stripe's events posted, signed, to the webhook route.
 */
import { BILLING_MESSAGES, WEBHOOKS_BASE } from "@portico/shared/schemas/billing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_STRIPE_KEYS,
  type FakeStripe,
  type StripeEventJson,
  startFakeStripe,
} from "../../test/fake-stripe";
import { createTestApp, type TestContext } from "../../test/helper";
import { createStripeProvider, type StripeConfig } from "./stripe-provider";
import {
  accountRow,
  call,
  currentLicenceOf,
  eventRows,
  type Headers,
  newEngineer,
  newOrg,
  type Org,
  prepareChange,
  settle,
  subscriptionsOf,
  upgrade,
} from "./subscription-test-kit";

let stripe: FakeStripe;
let t: TestContext;
let engineer: Headers;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp(stripe.env({ BILLING_TEST_MODE: "false" }));
  engineer = await newEngineer(t);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** Stripe posting one event to the webhook endpoint, signed. */
function deliver(event: StripeEventJson) {
  const { payload, headers } = stripe.signed(event);
  return t.app.inject({ method: "POST", url: `${WEBHOOKS_BASE}/stripe`, headers, payload });
}

/** Delivers every event Stripe has for us of these types, in order; each must be taken (200). */
async function deliverEvents(...types: string[]) {
  const sent: StripeEventJson[] = [];
  for (const event of stripe.takeEvents()) {
    if (!types.includes(event.type)) continue;
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    sent.push(event);
  }
  return sent;
}

type Body = { service_type: string; capacity: number };

/** The card step: prepare, the browser's POST upgrade, then the card pays and Stripe says so. */
async function payByCard(org: Org, body: Body) {
  const prepared = await prepareChange(t, org, org.owner, body);
  const id: string = prepared.payment.payment_intent_id;
  const early = await upgrade(t, org, org.owner, { ...body, payment_intent_id: id });
  expect(early.json().state).toBe("pending");
  stripe.succeedPayment(id);
  const [succeeded] = await deliverEvents("payment_intent.succeeded");
  await settle(t);
  return { prepared, id, succeeded: succeeded as StripeEventJson };
}

const stripeSubscriptionOf = async (org: Org) => {
  const [sub] = await subscriptionsOf(t, org.id);
  if (!sub?.providerSubscriptionId) throw new Error("no Stripe subscription yet");
  return { sub, remote: stripe.subscription(sub.providerSubscriptionId) };
};

const itemOf = (remote: Record<string, unknown>) =>
  (
    remote.items as {
      data: {
        quantity: number;
        current_period_end: number;
        price: { lookup_key: string; unit_amount: number };
      }[];
    }
  ).data[0];

describe("the subscription life cycle billed by Stripe", () => {
  it("subscribes: the card checkout carries the publishable key, the signed success event applies the change once, the sync creates the Stripe subscription once", async () => {
    const org = await newOrg(t);
    const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 25 });
    const id: string = prepared.payment.payment_intent_id;
    expect(id).toMatch(/^pi_/);
    const pi = stripe.paymentIntent(id);
    expect(prepared.checkout).toEqual({
      kind: "card",
      client_secret: pi.client_secret,
      publishable_key: FAKE_STRIPE_KEYS.publishableKey,
    });
    expect(prepared.payment).toMatchObject({ status: "requires_payment_method", amount_minor: 300000 });
    expect(pi).toMatchObject({
      amount: 300000,
      currency: "usd",
      setup_future_usage: "off_session",
      automatic_payment_methods: { enabled: true },
      metadata: { account_id: String(org.id), kind: "subscribe" },
    });
    const [customerCall] = stripe.calls("POST", "/v1/customers");
    expect(customerCall?.idempotencyKey).toBe(`customer-${org.id}`);
    expect(pi.customer).toBe(stripe.customer(String(pi.customer)).id);
    const [piCall] = stripe.calls("POST", "/v1/payment_intents").filter((r) => r.params.metadata);
    expect(piCall?.idempotencyKey).toMatch(/^pay-\d+$/);
    expect(JSON.parse(piCall?.clientUserAgent ?? "{}").application).toMatchObject({ name: "Portico" });

    // The browser confirms; POST upgrade finds it not paid yet.
    const early = await upgrade(t, org, org.owner, {
      service_type: "STANDARD",
      capacity: 25,
      payment_intent_id: id,
    });
    expect(early.json().state).toBe("pending");

    stripe.succeedPayment(id);
    const [succeeded] = await deliverEvents("payment_intent.succeeded");
    if (!succeeded) throw new Error("no success event");
    await settle(t);
    // The same event again (Stripe retries, or sends it twice): stored once, nothing changes twice.
    expect((await deliver(succeeded)).statusCode).toBe(200);
    await settle(t);

    expect(await accountRow(t, org.id)).toMatchObject({
      accountType: "SUBSCRIBED",
      serviceType: "STANDARD",
      contractCapacity: 25,
      subscriptionProvider: "STRIPE",
    });
    expect(await eventRows(t, org.id, "subscription.created")).toHaveLength(1);
    expect((await eventRows(t, org.id, "payment.succeeded")).map((e) => e.outcome)).toEqual(["applied"]);
    const view = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    expect(view.subscription).toMatchObject({ status: "active", plan: "STANDARD", quantity_tib: 25 });

    const { sub, remote } = await stripeSubscriptionOf(org);
    const creates = stripe.calls("POST", "/v1/subscriptions");
    expect(creates).toHaveLength(1);
    expect(creates[0]?.idempotencyKey).toBe(`sync-${sub.id}-create`);
    expect(creates[0]?.params).toMatchObject({
      customer: pi.customer,
      billing_cycle_anchor: String(Math.floor(sub.currentPeriodEnd.getTime() / 1000)),
      proration_behavior: "none",
      default_payment_method: stripe.paymentIntent(id).payment_method,
      metadata: { account_id: String(org.id), payment_intent: id },
    });
    expect(remote).toMatchObject({ status: "active", customer: pi.customer });
    expect(itemOf(remote)).toMatchObject({
      quantity: 25,
      price: { lookup_key: "portico:STANDARD:usd:12000", unit_amount: 12000 },
    });

    // A retried create (the sync after a crash) is the same call: one subscription.
    const provider = createStripeProvider(t.app.ctx.config.billing.stripe as StripeConfig, {
      publicUrl: "",
    });
    const again = await provider.createSubscription({
      customerId: String(pi.customer),
      accountId: org.id,
      planCode: "STANDARD",
      quantity: 25,
      currency: "USD",
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      paymentId: id,
      termAmountMinor: 300000,
      idempotencyKey: `sync-${sub.id}-create`,
    });
    expect(again.subscriptionId).toBe(sub.providerSubscriptionId);
    expect(again).toMatchObject({ planCode: "STANDARD", quantity: 25, status: "active", cancelAt: null });
    expect(stripe.calls("POST", "/v1/subscriptions").at(-1)?.replayed).toBe(true);
  });

  it("upgrades STANDARD to ENTERPRISE: the PaymentIntent pays the prorated difference, Stripe's copy changes without charging again", async () => {
    const org = await newOrg(t);
    await payByCard(org, { service_type: "STANDARD", capacity: 25 });
    const { prepared, id } = await payByCard(org, { service_type: "ENTERPRISE", capacity: 100 });
    expect(prepared.payment.kind).toBe("upgrade");
    const amount = stripe.paymentIntent(id).amount as number;
    expect(amount).toBe(prepared.payment.amount_minor);
    // The term has barely begun: the difference is nearly a whole term of the new plan less the old.
    expect(amount).toBeGreaterThan(0);
    expect(await accountRow(t, org.id)).toMatchObject({ serviceType: "ENTERPRISE", contractCapacity: 100 });

    const { sub, remote } = await stripeSubscriptionOf(org);
    const [change] = stripe.calls("POST", `/v1/subscriptions/${sub.providerSubscriptionId}`);
    expect(change?.params).toMatchObject({
      proration_behavior: "none",
      payment_behavior: "allow_incomplete",
    });
    expect(change?.idempotencyKey).toMatch(new RegExp(`^sync-${sub.id}-v\\d+-change$`));
    expect(itemOf(remote)).toMatchObject({
      quantity: 100,
      price: { lookup_key: expect.stringMatching(/^portico:ENTERPRISE:usd:/) },
    });
    expect(stripe.invoices.filter((i) => i.subscription === remote.id)).toHaveLength(0);
  });

  it("a capacity increase is invoiced by Stripe at once (always_invoice); cancel at the term's end, undo and end now reach Stripe", async () => {
    const org = await newOrg(t);
    await payByCard(org, { service_type: "ENTERPRISE", capacity: 50 });
    const { subscription } = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    const more = await call(t, "POST", "/updatequantity", org.owner, {
      aid: org.id,
      payload: { product_id: subscription.product_id, quantity: 80 },
    });
    expect(more.statusCode).toBe(200);
    await settle(t);
    let { sub, remote } = await stripeSubscriptionOf(org);
    const path = `/v1/subscriptions/${sub.providerSubscriptionId}`;
    expect(stripe.calls("POST", path).at(-1)?.params).toMatchObject({
      proration_behavior: "always_invoice",
      items: [{ quantity: "80" }],
    });
    expect(itemOf(remote)?.quantity).toBe(80);
    // Stripe's invoice for the difference comes back as an event.
    await deliverEvents("invoice.paid", "customer.subscription.updated");
    const [invoiced] = await eventRows(t, org.id, "invoice.paid");
    expect(invoiced?.summary).toContain("proration");

    const cancelled = await call(t, "POST", "/cancel", org.owner, {
      aid: org.id,
      payload: { reason: "other" },
    });
    expect(cancelled.statusCode).toBe(200);
    await settle(t);
    ({ remote } = await stripeSubscriptionOf(org));
    expect(remote).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: itemOf(remote)?.current_period_end,
    });
    expect(stripe.calls("POST", path).at(-1)?.idempotencyKey).toMatch(/-cancel$/);
    // Stripe's echo of our own change changes nothing here.
    await deliverEvents("customer.subscription.updated");
    expect(
      (await call(t, "GET", "", org.owner, { aid: org.id })).json().subscription.cancel_at,
    ).not.toBeNull();

    const undone = await call(t, "POST", "/undo-cancel", org.owner, { aid: org.id });
    expect(undone.statusCode).toBe(200);
    await settle(t);
    ({ remote } = await stripeSubscriptionOf(org));
    expect(remote).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect(stripe.calls("POST", path).at(-1)?.idempotencyKey).toMatch(/-undo$/);
    await deliverEvents("customer.subscription.updated");

    const ended = await call(t, "POST", `/end/${sub.id}`, engineer, { aid: org.id });
    expect(ended.statusCode).toBe(200);
    await settle(t);
    ({ sub, remote } = await stripeSubscriptionOf(org));
    expect(remote).toMatchObject({ status: "canceled", ended_at: expect.any(Number) });
    const [deleted] = stripe.calls("DELETE", path);
    expect(deleted?.idempotencyKey).toMatch(/-end$/);
    await deliverEvents("customer.subscription.deleted");
    expect(await accountRow(t, org.id)).toMatchObject({ planStatus: "canceled" });
    expect(stripe.calls("DELETE", path)).toHaveLength(1);
  });

  it("a declined card: the payment fails with Stripe's message and nothing is granted; another card then pays", async () => {
    const org = await newOrg(t);
    const body = { service_type: "STANDARD", capacity: 10 };
    const prepared = await prepareChange(t, org, org.owner, body);
    const id: string = prepared.payment.payment_intent_id;
    await upgrade(t, org, org.owner, { ...body, payment_intent_id: id });
    stripe.failPayment(id, "Your card was declined.");
    await deliverEvents("payment_intent.payment_failed");
    const payment = (await call(t, "GET", `/payments/${id}`, org.owner, { aid: org.id })).json();
    expect(payment).toMatchObject({
      status: "failed",
      failure_message: "Your card was declined.",
      applied: false,
    });
    const failed = await upgrade(t, org, org.owner, { ...body, payment_intent_id: id });
    expect(failed.json().state).toBe("failed");
    expect(await accountRow(t, org.id)).toMatchObject({
      accountType: expect.not.stringMatching("SUBSCRIBED"),
    });
    expect(await currentLicenceOf(t, org.id)).toBeUndefined();

    // Another card on the same PaymentIntent, in the browser, which then calls upgrade: applied at
    // once; the success event arriving later changes nothing.
    stripe.succeedPayment(id, { brand: "mastercard", last4: "4444" });
    const paid = await upgrade(t, org, org.owner, { ...body, payment_intent_id: id });
    expect(paid.json().state).toBe("applied");
    // Stripe's events name the payment method only: the card on file is learnt from the payment.
    expect(paid.json().subscription.subscription.card).toEqual({ brand: "mastercard", last4: "4444" });
    await deliverEvents("payment_intent.succeeded");
    await settle(t);
    expect(await accountRow(t, org.id)).toMatchObject({ accountType: "SUBSCRIBED", contractCapacity: 10 });
    expect(await eventRows(t, org.id, "subscription.created")).toHaveLength(1);
  });

  it("3-D Secure: a PaymentIntent that requires action is still payable in the browser, then pays", async () => {
    const org = await newOrg(t);
    const body = { service_type: "STANDARD", capacity: 3 };
    const prepared = await prepareChange(t, org, org.owner, body);
    const id: string = prepared.payment.payment_intent_id;
    stripe.requireAction(id);
    const pending = await upgrade(t, org, org.owner, { ...body, payment_intent_id: id });
    expect(pending.json()).toMatchObject({
      state: "pending",
      payment: { status: "requires_payment_method" },
    });
    stripe.succeedPayment(id);
    await deliverEvents("payment_intent.succeeded");
    await settle(t);
    expect(await accountRow(t, org.id)).toMatchObject({ accountType: "SUBSCRIBED", contractCapacity: 3 });
  });

  it("a lost answer is retried by the SDK with the same idempotency key: one PaymentIntent", async () => {
    const org = await newOrg(t);
    const before = stripe.calls("POST", "/v1/payment_intents").length;
    stripe.failNext({ method: "POST", path: "/v1/payment_intents", afterProcessing: true });
    const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 4 });
    const sent = stripe.calls("POST", "/v1/payment_intents").slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    expect(sent[1]?.replayed).toBe(true);
    expect(stripe.paymentIntent(prepared.payment.payment_intent_id).amount).toBe(4 * 12000);

    // The provider called twice with one key (a retried prepare) answers the same PaymentIntent.
    const provider = createStripeProvider(t.app.ctx.config.billing.stripe as StripeConfig, {
      publicUrl: "",
    });
    const input = {
      customerId: String(stripe.paymentIntent(prepared.payment.payment_intent_id).customer),
      accountId: org.id,
      amountMinor: 5000,
      currency: "USD" as const,
      description: "STANDARD, 1 TiB",
      idempotencyKey: `pay-retried-${org.id}`,
      returnUrl: "",
      metadata: {},
    };
    const [first, second] = [await provider.preparePayment(input), await provider.preparePayment(input)];
    expect(second.paymentId).toBe(first.paymentId);
    expect(second.checkout).toEqual(first.checkout);
  });

  it("Stripe's refusals reach the user as its message, an outage as a 502 to try again; never a 500", async () => {
    const org = await newOrg(t);
    const body = { unit: "TiB", consent_received: true, service_type: "STANDARD", capacity: 2 };
    stripe.failNext({
      method: "POST",
      path: "/v1/payment_intents",
      error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
    });
    const declined = await call(t, "POST", "/upgrade/prepare", org.owner, { aid: org.id, payload: body });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe("Your card was declined.");

    for (let i = 0; i < 3; i++) stripe.failNext({ method: "POST", path: "/v1/payment_intents", status: 500 });
    const down = await call(t, "POST", "/upgrade/prepare", org.owner, { aid: org.id, payload: body });
    expect(down.statusCode).toBe(502);
    expect(down.json().error).toBe(BILLING_MESSAGES.providerUnavailable);

    // One 500 is ridden out by the SDK's retry.
    stripe.failNext({ method: "POST", path: "/v1/payment_intents", status: 500 });
    const ok = await call(t, "POST", "/upgrade/prepare", org.owner, { aid: org.id, payload: body });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().checkout.publishable_key).toBe(FAKE_STRIPE_KEYS.publishableKey);
  });

  it("a payment left waiting is cancelled at Stripe when the owner starts again", async () => {
    const org = await newOrg(t);
    const first = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 6 });
    await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 7 });
    expect(stripe.paymentIntent(first.payment.payment_intent_id).status).toBe("canceled");
    const cancel = stripe.calls("POST", `/v1/payment_intents/${first.payment.payment_intent_id}/cancel`);
    expect(cancel[0]?.idempotencyKey).toBe(`cancel-${first.payment.payment_intent_id}`);
  });
});

it("a plain user's prepare is refused (403) before Stripe hears of it", async () => {
  const org = await newOrg(t);
  const res = await call(t, "POST", "/upgrade/prepare", org.user, {
    aid: org.id,
    payload: { unit: "TiB", consent_received: true, service_type: "STANDARD", capacity: 2 },
  });
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toBe(BILLING_MESSAGES.ownersOnly);
  expect(
    stripe.requests.filter(
      (r) => r.params.metadata && (r.params.metadata as Record<string, string>).account_id === String(org.id),
    ),
  ).toHaveLength(0);
});
