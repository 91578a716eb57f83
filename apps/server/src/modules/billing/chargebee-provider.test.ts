/**
 * The subscription life cycle billed by Chargebee (issue 15): the real `chargebee` SDK against the
 * local stand-in (test/fake-chargebee.ts), through the app's routes, with test mode off.
 */
import { BILLING_MESSAGES } from "@portico/shared/schemas/billing";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingPayments, billingPlans, subscriptionEvents } from "../../db/schema";
import { type FakeChargebee, startFakeChargebee } from "../../test/fake-chargebee";
import { createTestApp, type TestContext } from "../../test/helper";
import { type Billing, createBilling } from "./billing";
import { itemPriceId } from "./chargebee-provider";
import { handleProviderEvent } from "./events";
import {
  accountRow,
  call,
  currentLicenceOf,
  type Headers,
  newEngineer,
  newOrg,
  type Org,
  prepareChange,
  settle,
  subscriptionsOf,
} from "./subscription-test-kit";

let fake: FakeChargebee;
let t: TestContext;
let billing: Billing;
let engineer: Headers;

beforeAll(async () => {
  fake = await startFakeChargebee();
  t = await createTestApp({
    ...fake.env(),
    BILLING_TEST_MODE: "false",
    BILLING_DEFAULT_PROVIDER: "CHARGEBEE",
  });
  // The site's catalogue, as the README asks it to be set up: per TiB per year.
  for (const plan of await t.db.select().from(billingPlans).where(eq(billingPlans.isCurrent, true))) {
    fake.addItemPrice(itemPriceId(plan.code, "USD"), { currency: "USD", price: plan.priceUsdMinor * 12 });
    fake.addItemPrice(itemPriceId(plan.code, "EUR"), { currency: "EUR", price: plan.priceEurMinor * 12 });
  }
  billing = createBilling(t.app.ctx);
  engineer = await newEngineer(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/**
 * The browser is back from the hosted page: its state is read from Chargebee and fed in as the
 * refresh on return does (an event named by the page and its state, so it is stored once).
 */
async function backFromHostedPage(paymentId: string) {
  const payment = await billing.providers.for("CHARGEBEE").getPayment(paymentId);
  await t.db.transaction((tx) =>
    handleProviderEvent(billing, tx, {
      provider: "CHARGEBEE",
      testMode: false,
      id: `refresh:${paymentId}:${payment.status}`,
      type: `payment.${payment.status === "succeeded" ? "succeeded" : payment.status === "canceled" ? "canceled" : "failed"}`,
      occurredAt: new Date(),
      object: { kind: "payment", id: paymentId, version: payment.version },
      payment,
      data: {},
    }),
  );
  await settle(t);
  return payment;
}

const paymentOf = async (org: Org, id: string) =>
  (await call(t, "GET", `/payments/${id}`, org.owner, { aid: org.id })).json();
const viewOf = async (org: Org) => (await call(t, "GET", "", org.owner, { aid: org.id })).json();

/** Subscribe through a hosted page paid on the fake: the live subscription row. */
async function subscribe(org: Org, capacity: number, currency = "USD") {
  const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity, currency });
  fake.completeHostedPage(prepared.payment.payment_intent_id);
  await backFromHostedPage(prepared.payment.payment_intent_id);
  const [sub] = await subscriptionsOf(t, org.id);
  if (!sub?.providerSubscriptionId) throw new Error("no Chargebee subscription");
  return sub;
}

describe("Chargebee: paying on hosted pages", () => {
  it("subscribes: a checkout_new_for_items page for the plan's item price; paid there, the change is made once and the licence follows", async () => {
    const org = await newOrg(t);
    const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 25 });
    // The fake is a "-test" site, as Chargebee names its test sites: the screens say test mode.
    expect(prepared.test_mode).toBe(true);
    expect(prepared.checkout).toEqual({ kind: "hosted", url: expect.stringMatching(/\/pages\/v3\/hp_/) });
    const pageId = prepared.payment.payment_intent_id;
    expect(prepared.payment).toMatchObject({
      status: "requires_payment_method",
      amount_minor: 25 * 1000 * 12,
    });

    const [customerCall] = fake.callsTo("/api/v2/customers");
    expect(customerCall?.params).toMatchObject({ id: `portico-${org.id}` });
    expect(customerCall?.idempotencyKey).toBe(`customer-${org.id}`);
    const [checkout] = fake.callsTo("/api/v2/hosted_pages/checkout_new_for_items").slice(-1);
    expect(checkout?.params).toMatchObject({
      "customer[id]": `portico-${org.id}`,
      "subscription_items[item_price_id][0]": "portico-standard-usd-yearly",
      "subscription_items[quantity][0]": "25",
      redirect_url: "http://portico.test/upgrade-subscription-confirmation",
    });
    expect(checkout?.idempotencyKey).toMatch(/^pay-\d+$/);

    // Back before paying: nothing yet.
    expect((await backFromHostedPage(pageId)).status).toBe("requires_payment_method");
    expect(await paymentOf(org, pageId)).toMatchObject({ status: "requires_payment_method", applied: false });

    fake.completeHostedPage(pageId);
    await backFromHostedPage(pageId);
    await backFromHostedPage(pageId);
    expect(await paymentOf(org, pageId)).toMatchObject({ status: "succeeded", applied: true });

    const subs = await subscriptionsOf(t, org.id);
    expect(subs).toHaveLength(1);
    const chargebeeSubs = [...fake.subscriptions.values()].filter(
      (s) => s.customer_id === `portico-${org.id}`,
    );
    expect(chargebeeSubs).toHaveLength(1);
    // The hosted page's subscription is ours: none created beside it.
    expect(subs[0]).toMatchObject({
      provider: "CHARGEBEE",
      testMode: true,
      serviceType: "STANDARD",
      quantity: 25,
      providerSubscriptionId: chargebeeSubs[0]?.id,
    });
    expect(
      fake.requests.filter((r) => r.method === "POST" && r.path.startsWith("/api/v2/subscriptions")),
    ).toEqual([]);
    expect(await accountRow(t, org.id)).toMatchObject({ planStatus: "active", contractCapacity: 25 });
    expect(await currentLicenceOf(t, org.id)).toMatchObject({ plan: "STANDARD", capacityTib: 25 });
    expect((await viewOf(org)).test_mode).toBe(true);
  });

  it("the same prepare twice is one hosted page (the idempotency key replays it)", async () => {
    const org = await newOrg(t);
    const provider = billing.providers.for("CHARGEBEE");
    const customerId = await provider.ensureCustomer(
      { accountId: org.id, company: "Twice Ltd", email: "a@twice.test", currency: "EUR" },
      null,
    );
    expect(
      await provider.ensureCustomer(
        { accountId: org.id, company: "Twice Ltd", email: "b@twice.test", currency: "EUR" },
        null,
      ),
    ).toBe(customerId);
    // The retried create replays the first; the account's customer is then kept up to date.
    expect(fake.customers.get(customerId)?.email).toBe("a@twice.test");
    await provider.ensureCustomer(
      { accountId: org.id, company: "Twice Ltd", email: "b@twice.test", currency: "EUR" },
      customerId,
    );
    expect(fake.customers.get(customerId)?.email).toBe("b@twice.test");
    const input = {
      customerId,
      accountId: org.id,
      amountMinor: 5 * 920 * 12,
      currency: "EUR" as const,
      description: "STANDARD, 5 TiB",
      idempotencyKey: `pay-twice-${org.id}`,
      returnUrl: "http://portico.test/upgrade-subscription-confirmation",
      metadata: {},
      purchase: { planCode: "STANDARD", quantity: 5, subscriptionId: null },
    };
    const pagesBefore = fake.hostedPages.size;
    const [first, again] = await Promise.all([
      provider.preparePayment(input),
      provider.preparePayment(input),
    ]);
    const third = await provider.preparePayment(input);
    expect(again.paymentId).toBe(first.paymentId);
    expect(third).toEqual(first);
    expect(fake.hostedPages.size).toBe(pagesBefore + 1);
    expect(first).toMatchObject({
      amountMinor: 5 * 920 * 12,
      currency: "EUR",
      status: "requires_payment_method",
    });
  });

  it("a refused card shows as failed; a cancelled page as cancelled; neither changes anything", async () => {
    const org = await newOrg(t);
    const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 2 });
    const pageId = prepared.payment.payment_intent_id;
    fake.failHostedPage(pageId);
    expect(await backFromHostedPage(pageId)).toMatchObject({
      status: "failed",
      failureMessage: "Your card was declined.",
    });
    expect(await paymentOf(org, pageId)).toMatchObject({ status: "failed", applied: false });
    fake.cancelHostedPage(pageId);
    expect((await backFromHostedPage(pageId)).status).toBe("canceled");
    expect(await subscriptionsOf(t, org.id)).toEqual([]);
    expect((await accountRow(t, org.id))?.planStatus).not.toBe("active");
  });

  it("upgrades on a checkout_existing_for_items page for the live subscription, then capacity changes reach Chargebee", async () => {
    const org = await newOrg(t);
    const sub = await subscribe(org, 5);
    const chargebeeId = sub.providerSubscriptionId as string;

    const prepared = await prepareChange(t, org, org.owner, { service_type: "ENTERPRISE", capacity: 30 });
    expect(prepared.payment.kind).toBe("upgrade");
    const [existing] = fake.callsTo("/api/v2/hosted_pages/checkout_existing_for_items").slice(-1);
    expect(existing?.params).toMatchObject({
      "subscription[id]": chargebeeId,
      "subscription_items[item_price_id][0]": "portico-enterprise-usd-yearly",
      "subscription_items[quantity][0]": "30",
    });
    fake.completeHostedPage(prepared.payment.payment_intent_id);
    await backFromHostedPage(prepared.payment.payment_intent_id);
    expect(await paymentOf(org, prepared.payment.payment_intent_id)).toMatchObject({ applied: true });
    const [upgraded] = await subscriptionsOf(t, org.id);
    expect(upgraded).toMatchObject({
      id: sub.id,
      serviceType: "ENTERPRISE",
      quantity: 30,
      providerSubscriptionId: chargebeeId,
    });
    expect(fake.subscriptions.get(chargebeeId)?.subscription_items).toMatchObject([
      { item_price_id: "portico-enterprise-usd-yearly", quantity: 30 },
    ]);
    expect(await currentLicenceOf(t, org.id)).toMatchObject({ plan: "ENTERPRISE", capacityTib: 30 });

    // More capacity: Chargebee prorates and invoices it now; less: no proration.
    const invoicesBefore = [...fake.invoices.values()].filter(
      (i) => i.subscription_id === chargebeeId,
    ).length;
    const more = await call(t, "POST", "/updatequantity", org.owner, {
      aid: org.id,
      payload: { product_id: sub.productId, quantity: 40 },
    });
    expect(more.statusCode).toBe(200);
    await settle(t);
    const [increase] = fake.callsTo(`/api/v2/subscriptions/${chargebeeId}/update_for_items`).slice(-1);
    expect(increase?.params).toMatchObject({
      "subscription_items[item_price_id][0]": "portico-enterprise-usd-yearly",
      "subscription_items[quantity][0]": "40",
      prorate: "true",
      invoice_immediately: "true",
    });
    expect(increase?.idempotencyKey).toMatch(new RegExp(`^sync-${sub.id}-v\\d+-change$`));
    expect([...fake.invoices.values()].filter((i) => i.subscription_id === chargebeeId)).toHaveLength(
      invoicesBefore + 1,
    );
    await call(t, "POST", "/updatequantity", org.owner, {
      aid: org.id,
      payload: { product_id: sub.productId, quantity: 35 },
    });
    await settle(t);
    const [decrease] = fake.callsTo(`/api/v2/subscriptions/${chargebeeId}/update_for_items`).slice(-1);
    expect(decrease?.params).toMatchObject({ "subscription_items[quantity][0]": "35", prorate: "false" });
    expect(fake.subscriptions.get(chargebeeId)?.subscription_items[0]?.quantity).toBe(35);
    expect(await billing.providers.for("CHARGEBEE").getSubscription(chargebeeId)).toMatchObject({
      planCode: "ENTERPRISE",
      quantity: 35,
      status: "active",
      cancelAt: null,
    });
  });

  it("cancel at the term's end, undo, and an engineer's end now reach Chargebee; then chargebee_resubscribe opens a new page", async () => {
    const org = await newOrg(t);
    const sub = await subscribe(org, 3, "EUR");
    const chargebeeId = sub.providerSubscriptionId as string;
    const remote = () => billing.providers.for("CHARGEBEE").getSubscription(chargebeeId);

    expect(
      (await call(t, "POST", "/cancel", org.owner, { aid: org.id, payload: { reason: "other" } })).statusCode,
    ).toBe(200);
    await settle(t);
    expect(fake.subscriptions.get(chargebeeId)?.status).toBe("non_renewing");
    const scheduled = await remote();
    expect(scheduled.status).toBe("active");
    expect(scheduled.cancelAt?.getTime()).toBe(scheduled.currentPeriodEnd.getTime());
    expect(
      fake.callsTo(`/api/v2/subscriptions/${chargebeeId}/cancel_for_items`).at(-1)?.params,
    ).toMatchObject({
      cancel_option: "end_of_term",
    });

    expect((await call(t, "POST", "/undo-cancel", org.owner, { aid: org.id })).statusCode).toBe(200);
    await settle(t);
    expect(fake.subscriptions.get(chargebeeId)?.status).toBe("active");
    expect((await remote()).cancelAt).toBeNull();

    expect((await call(t, "POST", `/end/${sub.id}`, engineer, { aid: org.id })).statusCode).toBe(200);
    await settle(t);
    expect(fake.subscriptions.get(chargebeeId)?.status).toBe("cancelled");
    expect(await remote()).toMatchObject({ status: "canceled", endedAt: expect.any(Date) });
    expect(
      fake.callsTo(`/api/v2/subscriptions/${chargebeeId}/cancel_for_items`).at(-1)?.params,
    ).toMatchObject({
      cancel_option: "immediately",
      credit_option_for_current_term_charges: "none",
    });
    // Each call once, whatever the retries: one key per change.
    const keys = fake.requests
      .filter((r) => r.path.includes(chargebeeId) && r.method === "POST")
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length);

    const hosted = await call(t, "POST", "/chargebee_resubscribe", org.owner, {
      aid: org.id,
      payload: { consent_received: true, capacity: 4 },
    });
    expect(hosted.statusCode).toBe(200);
    const { url, payment } = hosted.json();
    expect(payment).toMatchObject({ kind: "resubscribe", currency: "EUR" });
    expect(url).toBe(fake.hostedPages.get(payment.payment_intent_id)?.url);
    expect(fake.callsTo("/api/v2/hosted_pages/checkout_new_for_items").at(-1)?.params).toMatchObject({
      "customer[id]": `portico-${org.id}`,
      "subscription_items[item_price_id][0]": "portico-standard-eur-yearly",
      "subscription_items[quantity][0]": "4",
    });
    fake.completeHostedPage(payment.payment_intent_id);
    await backFromHostedPage(payment.payment_intent_id);
    const [again, ended] = await subscriptionsOf(t, org.id);
    expect(ended).toMatchObject({ id: sub.id, status: "canceled" });
    expect(again).toMatchObject({ status: "active", quantity: 4, currency: "EUR" });
    expect(again?.providerSubscriptionId).not.toBe(chargebeeId);
    expect(fake.subscriptions.get(again?.providerSubscriptionId ?? "")?.status).toBe("active");
    expect((await viewOf(org)).subscription).toMatchObject({ status: "active", quantity_tib: 4 });
  });

  it("Chargebee's own webhooks for that life are received once each; a cancellation made in its dashboard is mirrored", async () => {
    const org = await newOrg(t);
    const sub = await subscribe(org, 2);
    const chargebeeId = sub.providerSubscriptionId as string;
    // Made in Chargebee's dashboard, not here: only its webhook tells us.
    await billing.providers
      .for("CHARGEBEE")
      .cancelSubscription(chargebeeId, true, `dashboard-${chargebeeId}`);
    const sent = fake.events.filter(
      (e) => (e.content.subscription as { id?: string } | undefined)?.id === chargebeeId,
    );
    expect(sent.map((e) => e.event_type)).toEqual([
      "subscription_created",
      "payment_succeeded",
      "subscription_cancellation_scheduled",
    ]);
    for (const event of [...sent, ...sent]) {
      const res = await t.app.inject(fake.webhookRequest(event));
      expect(res.statusCode, event.event_type).toBe(200);
    }
    const stored = await t.db
      .select()
      .from(subscriptionEvents)
      .where(
        inArray(
          subscriptionEvents.providerEventId,
          sent.map((e) => e.id),
        ),
      );
    expect(stored).toHaveLength(sent.length);
    // A "-test" site's events are test events, though their payload does not say so.
    expect(stored.every((row) => row.testMode)).toBe(true);
    const [mirrored] = await subscriptionsOf(t, org.id);
    expect(mirrored?.cancelAt?.getTime()).toBe(
      (fake.subscriptions.get(chargebeeId)?.current_term_end ?? 0) * 1000,
    );
    const wrong = await t.app.inject(
      fake.webhookRequest(sent[0] ?? "", { username: "chargebee", password: "guess" }),
    );
    expect(wrong.statusCode).toBe(400);
  });

  it("a Chargebee outage at prepare voids the payment and answers an error; nothing is half made", async () => {
    const org = await newOrg(t);
    fake.failNext(1, 503, /hosted_pages/);
    const res = await call(t, "POST", "/upgrade/prepare", org.owner, {
      aid: org.id,
      payload: { service_type: "STANDARD", capacity: 2, unit: "TiB", consent_received: true },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe(BILLING_MESSAGES.providerUnavailable);
    const rows = await t.db.select().from(billingPayments).where(eq(billingPayments.accountId, org.id));
    expect(rows.map((row) => row.status)).toEqual(["canceled"]);
    expect(await subscriptionsOf(t, org.id)).toEqual([]);
  });
});
