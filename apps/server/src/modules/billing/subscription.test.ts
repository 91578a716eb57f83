import { estimateUpgrade, termEnd } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES, TEST_CARDS } from "@portico/shared/schemas/billing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTerm, seedDemoBilling } from "../../db/demo-billing";
import { memberships, subscriptions } from "../../db/schema";
import type { TestContext } from "../../test/helper";
import {
  accountRow,
  billingTestApp,
  buy,
  call,
  currentLicenceOf,
  eventRows,
  type Headers,
  newEngineer,
  newOrg,
  payWith,
  prepareChange,
  settle,
  subscriptionsOf,
  upgrade,
} from "./subscription-test-kit";

let t: TestContext;
let engineer: Headers;

beforeAll(async () => {
  t = await billingTestApp();
  engineer = await newEngineer(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe("the subscription life cycle in test mode", () => {
  it("subscribes: prepare, pay with a good card, the events arrive, the change is made once, the licence follows", async () => {
    const org = await newOrg(t);
    const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 25 });
    expect(prepared.test_mode).toBe(true);
    expect(prepared.checkout.kind).toBe("card");
    expect(prepared.payment).toMatchObject({
      kind: "subscribe",
      status: "requires_payment_method",
      plan: "STANDARD",
      capacity_tib: 25,
      amount_minor: 25 * 1000 * 12,
      currency: "USD",
      applied: false,
    });

    await payWith(t, org.owner, prepared);
    const early = await upgrade(t, org, org.owner, {
      service_type: "STANDARD",
      capacity: 25,
      payment_intent_id: prepared.payment.payment_intent_id,
    });
    expect(early.statusCode).toBe(200);
    expect(early.json().state).toBe("pending");
    expect(early.json().subscription.pending_payment.status).toBe("processing");

    await settle(t);
    const view = (await call(t, "GET", "", org.user, { aid: org.id })).json();
    expect(view.subscription).toMatchObject({
      plan: "STANDARD",
      quantity_tib: 25,
      status: "active",
      auto_renew: true,
      card: { brand: "visa", last4: "4242" },
    });
    expect(view.subscription.next_invoice).toMatchObject({ amount_minor: 300000, currency: "USD" });
    expect(view.subscribed_products).toEqual([
      expect.objectContaining({ plan: "STANDARD", quantity: 25, minQuantity: 1, planVersion: 1 }),
    ]);
    expect(view).toMatchObject({
      provider: "STRIPE",
      currency: "USD",
      account_type: "SUBSCRIBED",
      test_mode: true,
      payment_failed: false,
      pending_payment: null,
    });
    expect(view.abilities).toMatchObject({ manage: false, reason: BILLING_MESSAGES.ownersOnly });

    const [sub] = await subscriptionsOf(t, org.id);
    expect(sub?.providerSubscriptionId).toMatch(/^sub_test_/);
    expect(sub?.currentPeriodEnd.getTime()).toBe(termEnd(sub?.currentPeriodStart ?? new Date()).getTime());
    expect(await accountRow(t, org.id)).toMatchObject({
      accountType: "SUBSCRIBED",
      serviceType: "STANDARD",
      planStatus: "active",
      contractCapacity: 25,
      slaHours: 24,
      slaCoverage: "business-hours",
      subscriptionProvider: "STRIPE",
      currencyCode: "USD",
    });
    expect(await currentLicenceOf(t, org.id)).toMatchObject({
      plan: "STANDARD",
      capacityTib: 25,
      expiresAt: sub?.currentPeriodEnd,
    });
    expect(await eventRows(t, org.id, "subscription.created")).toEqual([
      expect.objectContaining({
        source: "PORTICO",
        outcome: "applied",
        actorUserId: expect.any(Number),
        onBehalf: false,
      }),
    ]);
    // Each provider event was delivered twice and stored once. The processing state was already
    // learnt from the provider by the early upgrade call: its event is no news (stale).
    expect((await eventRows(t, org.id, "payment.succeeded")).map((e) => e.outcome)).toEqual(["applied"]);
    expect((await eventRows(t, org.id, "payment.processing")).map((e) => e.outcome)).toEqual(["stale"]);

    const again = await upgrade(t, org, org.owner, {
      service_type: "STANDARD",
      capacity: 25,
      payment_intent_id: prepared.payment.payment_intent_id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BILLING_MESSAGES.paymentUsed);

    const docs = (await call(t, "GET", "/accepted_policy_docs", org.user, { aid: org.id })).json();
    expect(docs.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          document: "terms",
          terms_type: "standard",
          context: "subscribe",
          accepted_by: org.ownerName,
        }),
        expect.objectContaining({ document: "privacy", context: "subscribe" }),
      ]),
    );
  });

  it("upgrades STANDARD 25 to ENTERPRISE 100, prorated over the term left", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 25 });
    const [before] = await subscriptionsOf(t, org.id);
    if (!before) throw new Error("no subscription");
    const prepared = await prepareChange(t, org, org.owner, { service_type: "ENTERPRISE", capacity: 100 });
    const expected = estimateUpgrade(
      {
        price: {
          plan: "STANDARD",
          version: 1,
          pricePerTibMonth: { USD: 1000, EUR: 920 },
          minQuantity: 1,
          selfServeCapTib: 25,
        },
        capacityTib: 25,
        periodStart: before.currentPeriodStart,
        periodEnd: before.currentPeriodEnd,
      },
      {
        price: {
          plan: "ENTERPRISE",
          version: 1,
          pricePerTibMonth: { USD: 2000, EUR: 1840 },
          minQuantity: 25,
          selfServeCapTib: 400,
        },
        capacityTib: 100,
      },
      "USD",
      new Date(),
    );
    expect(prepared.payment.kind).toBe("upgrade");
    expect(Math.abs(prepared.payment.amount_minor - expected.amountDueMinor)).toBeLessThan(10);
    await payWith(t, org.owner, prepared);
    await settle(t);
    const res = await upgrade(t, org, org.owner, {
      service_type: "ENTERPRISE",
      capacity: 100,
      payment_intent_id: prepared.payment.payment_intent_id,
    });
    expect(res.json().state).toBe("applied");
    await settle(t);
    const [after] = await subscriptionsOf(t, org.id);
    expect(after).toMatchObject({
      id: before?.id,
      serviceType: "ENTERPRISE",
      quantity: 100,
      version: (before?.version ?? 0) + 1,
      currentPeriodEnd: before?.currentPeriodEnd,
    });
    expect(await currentLicenceOf(t, org.id)).toMatchObject({
      plan: "ENTERPRISE",
      capacityTib: 100,
      expiresAt: before?.currentPeriodEnd,
    });
    expect(await accountRow(t, org.id)).toMatchObject({
      serviceType: "ENTERPRISE",
      contractCapacity: 100,
      slaHours: 4,
      slaCoverage: "24x7",
    });
    expect(await eventRows(t, org.id, "subscription.plan_changed")).toHaveLength(1);
    const cheaper = await call(t, "POST", "/upgrade/prepare", org.owner, {
      aid: org.id,
      payload: { service_type: "STANDARD", capacity: 25, unit: "TiB", consent_received: true },
    });
    expect(cheaper.statusCode).toBe(400);
  });

  it("a declined card: the upgrade fails with the card's message and the §8 banner shows", async () => {
    const org = await newOrg(t);
    const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 10 });
    await payWith(t, org.owner, prepared, TEST_CARDS.declined);
    await settle(t);
    const res = await upgrade(t, org, org.owner, {
      service_type: "STANDARD",
      capacity: 10,
      payment_intent_id: prepared.payment.payment_intent_id,
    });
    expect(res.json()).toMatchObject({
      state: "failed",
      payment: { status: "failed", failure_message: BILLING_MESSAGES.cardDeclined },
    });
    const view = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    expect(view.payment_failed).toBe(true);
    expect(view.subscription).toBeNull();
    // Another card on the same payment pays, and the change asked for is made when it does.
    await payWith(t, org.owner, prepared, TEST_CARDS.succeeds);
    await settle(t);
    const paid = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    expect(paid).toMatchObject({
      payment_failed: false,
      subscription: { plan: "STANDARD", quantity_tib: 10 },
    });
  });

  it("updatequantity: more is charged to the card on file, less down to the minimum, never below", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "ENTERPRISE", capacity: 50 });
    const { subscription } = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    const change = (quantity: number | string, productId = subscription.product_id) =>
      call(t, "POST", "/updatequantity", org.owner, {
        aid: org.id,
        payload: { product_id: productId, quantity },
      });

    const up = await change(80);
    expect(up.statusCode).toBe(200);
    expect(up.json().subscription.quantity_tib).toBe(80);
    await settle(t);
    expect(await currentLicenceOf(t, org.id)).toMatchObject({ capacityTib: 80 });
    const [charged] = await eventRows(t, org.id, "invoice.paid");
    expect(charged?.summary).toContain("proration");
    const [quantityEvent] = await eventRows(t, org.id, "subscription.quantity_changed");
    expect(quantityEvent?.data).toMatchObject({ charge_minor: expect.any(Number) });
    expect((quantityEvent?.data as { charge_minor: number } | undefined)?.charge_minor).toBeGreaterThan(0);

    expect((await change(25)).json().subscription.quantity_tib).toBe(25);
    const below = await change(24);
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toBe(BILLING_MESSAGES.belowMinimum("ENTERPRISE", 25));
    expect((await change(25)).json().error).toBe(BILLING_MESSAGES.samePlan);
    expect((await change(401)).json().error).toBe(BILLING_MESSAGES.aboveCap(400));
    expect((await change(30, 999)).statusCode).toBe(404);
    for (const [bad, message] of [
      ["-5", BILLING_MESSAGES.capacityInvalid],
      ["0", BILLING_MESSAGES.capacityRequired],
      ["1234567890", BILLING_MESSAGES.capacityTooLong],
      ["abc", BILLING_MESSAGES.capacityInvalid],
    ] as const) {
      const res = await change(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    await settle(t);
    expect(await currentLicenceOf(t, org.id)).toMatchObject({ capacityTib: 25 });
  });

  it("two capacity increases before the provider hears of either are both charged, once each", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "ENTERPRISE", capacity: 30 });
    const { subscription } = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    for (const quantity of [40, 50]) {
      const res = await call(t, "POST", "/updatequantity", org.owner, {
        aid: org.id,
        payload: { product_id: subscription.product_id, quantity },
      });
      expect(res.statusCode).toBe(200);
    }
    await settle(t);
    const charges = await eventRows(t, org.id, "invoice.paid");
    const changes = await eventRows(t, org.id, "subscription.quantity_changed");
    expect(changes).toHaveLength(2);
    const charged = (e: (typeof changes)[number]) => (e.data as { charge_minor: number }).charge_minor;
    expect(charges).toHaveLength(2);
    expect(changes.every((e) => charged(e) > 0)).toBe(true);
  });

  it("auto-renew off drops the next invoice; cancel at the term's end, GET cancel, undo before the date only", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    const off = await call(t, "POST", "/auto_renew", org.owner, { aid: org.id, payload: { enabled: false } });
    expect(off.json().subscription).toMatchObject({ auto_renew: false, next_invoice: null });
    const on = await call(t, "POST", "/auto_renew", org.owner, { aid: org.id, payload: { enabled: true } });
    expect(on.json().subscription.auto_renew).toBe(true);
    expect(await eventRows(t, org.id, "subscription.auto_renew_changed")).toHaveLength(2);

    const cancelled = await call(t, "POST", "/cancel", org.owner, {
      aid: org.id,
      payload: { reason: "too-expensive", feedback: "pricey" },
    });
    expect(cancelled.statusCode).toBe(200);
    const sub = cancelled.json().subscription;
    expect(sub.cancel_at).toBe(sub.current_period_end);
    const info = (await call(t, "GET", "/cancel", org.user, { aid: org.id })).json();
    expect(info).toMatchObject({
      cancel_at: sub.current_period_end,
      reason: "too-expensive",
      feedback: "pricey",
      requested_by: org.ownerName,
    });
    expect(
      (await call(t, "POST", "/cancel", org.owner, { aid: org.id, payload: { reason: "other" } })).json()
        .error,
    ).toBe(BILLING_MESSAGES.alreadyScheduledToCancel);
    await settle(t);
    const [row] = await subscriptionsOf(t, org.id);
    // The provider was told: its echo of the cancellation is stored and changes nothing.
    expect(await eventRows(t, org.id, "subscription.cancel_scheduled")).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: "STRIPE" })]),
    );

    const undone = await call(t, "POST", "/undo-cancel", org.owner, { aid: org.id });
    expect(undone.json().subscription.cancel_at).toBeNull();
    expect((await call(t, "POST", "/undo-cancel", org.owner, { aid: org.id })).json().error).toBe(
      BILLING_MESSAGES.notScheduledToCancel,
    );

    await call(t, "POST", "/cancel", org.owner, { aid: org.id, payload: { reason: "other" } });
    await t.db
      .update(subscriptions)
      .set({ cancelAt: new Date(Date.now() - DAY) })
      .where(eq(subscriptions.id, row?.id ?? 0));
    const late = await call(t, "POST", "/undo-cancel", org.owner, { aid: org.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(BILLING_MESSAGES.cancelPassed);
  });

  it("end now (engineers): cancelled at once, the licence expires now, owners may only resubscribe; resubscribe starts a new term", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    const [sub] = await subscriptionsOf(t, org.id);
    const refused = await call(t, "POST", `/end/${sub?.id}`, org.owner, { aid: org.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(BILLING_MESSAGES.engineersOnly);
    const ended = await call(t, "POST", `/end/${sub?.id}`, engineer, { aid: org.id });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().subscription).toMatchObject({ status: "canceled", ended_at: expect.any(String) });
    expect((await call(t, "POST", `/end/${sub?.id}`, engineer, { aid: org.id })).statusCode).toBe(409);
    await settle(t);
    const licence = await currentLicenceOf(t, org.id);
    expect(Math.abs((licence?.expiresAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await accountRow(t, org.id)).toMatchObject({ planStatus: "canceled" });
    const [endEvent] = await eventRows(t, org.id, "subscription.ended");
    expect(endEvent).toMatchObject({ source: "PORTICO", onBehalf: true });
    // The provider's own end event comes back for a subscription already ended: recorded only.
    expect((await eventRows(t, org.id, "subscription.canceled")).map((e) => e.outcome)).toEqual(["recorded"]);

    const view = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    expect(view.abilities).toMatchObject({
      manage: false,
      resubscribe: true,
      reason: BILLING_MESSAGES.canceled,
    });
    expect(
      (await call(t, "POST", "/auto_renew", org.owner, { aid: org.id, payload: { enabled: false } })).json()
        .error,
    ).toBe(BILLING_MESSAGES.canceled);

    const checkout = await call(t, "POST", "/resubscribe_checkout", org.owner, {
      aid: org.id,
      payload: { consent_received: true },
    });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().payment).toMatchObject({
      kind: "resubscribe",
      plan: "STANDARD",
      capacity_tib: 5,
      amount_minor: 5 * 1000 * 12,
    });
    await payWith(t, org.owner, checkout.json());
    await settle(t);
    const res = await upgrade(t, org, org.owner, {
      service_type: "STANDARD",
      capacity: 5,
      payment_intent_id: checkout.json().payment.payment_intent_id,
    });
    expect(res.json().state).toBe("applied");
    await settle(t);
    const rows = await subscriptionsOf(t, org.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      status: "active",
      endedAt: null,
      providerSubscriptionId: expect.stringMatching(/^sub_test_/),
    });
    expect(await accountRow(t, org.id)).toMatchObject({ planStatus: "active" });
    expect(await currentLicenceOf(t, org.id)).toMatchObject({ expiresAt: rows[0]?.currentPeriodEnd });
  });

  it("a hosted checkout from upgrade/prepare makes the change once paid, and returns the browser to the payment's confirmation", async () => {
    const org = await newOrg(t, { subscriptionProvider: "CHARGEBEE" });
    const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    expect(prepared.checkout.kind).toBe("hosted");
    const id = prepared.payment.payment_intent_id;
    const page = (await call(t, "GET", `/api/billing/test-mode/checkout/${id}`, org.owner)).json();
    expect(page.return_url).toBe(
      `http://portico.test/upgrade-subscription-confirmation?payment_intent=${id}`,
    );
    await payWith(t, org.owner, prepared);
    await settle(t);
    const payment = (await call(t, "GET", `/payments/${id}`, org.owner, { aid: org.id })).json();
    expect(payment).toMatchObject({ status: "succeeded", applied: true });
    expect((await call(t, "GET", "", org.owner, { aid: org.id })).json().subscription).toMatchObject({
      plan: "STANDARD",
      quantity_tib: 5,
    });
  });

  it("chargebee_resubscribe answers the hosted page; paying there makes the change without another call", async () => {
    const org = await newOrg(t, { subscriptionProvider: "CHARGEBEE" });
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 3, currency: "EUR" });
    const [sub] = await subscriptionsOf(t, org.id);
    expect(sub).toMatchObject({ provider: "CHARGEBEE", currency: "EUR" });
    await call(t, "POST", `/end/${sub?.id}`, engineer, { aid: org.id });
    await settle(t);
    const hosted = await call(t, "POST", "/chargebee_resubscribe", org.owner, {
      aid: org.id,
      payload: { consent_received: true, capacity: 4 },
    });
    expect(hosted.statusCode).toBe(200);
    const { url, payment } = hosted.json();
    expect(url).toBe(`http://portico.test/billing/test-checkout/${payment.payment_intent_id}`);
    await payWith(t, org.owner, { payment, checkout: {} });
    await settle(t);
    const view = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    expect(view.subscription).toMatchObject({ status: "active", quantity_tib: 4, plan: "STANDARD" });
    expect(view.currency).toBe("EUR");
  });
});

describe("bad input", () => {
  it("refuses capacities, plans and currencies that do not exist, with the exact messages", async () => {
    const org = await newOrg(t);
    const prep = (body: Record<string, unknown>) =>
      call(t, "POST", "/upgrade/prepare", org.owner, {
        aid: org.id,
        payload: { service_type: "STANDARD", capacity: 5, unit: "TiB", consent_received: true, ...body },
      });
    for (const [capacity, message] of [
      [-5, BILLING_MESSAGES.capacityInvalid],
      ["-5", BILLING_MESSAGES.capacityInvalid],
      [0, BILLING_MESSAGES.capacityRequired],
      ["1234567890", BILLING_MESSAGES.capacityTooLong],
      ["12.5", BILLING_MESSAGES.capacityInvalid],
      ["ten", BILLING_MESSAGES.capacityInvalid],
    ] as const) {
      const res = await prep({ capacity });
      expect(res.statusCode, String(capacity)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await prep({ service_type: "GOLD" })).json().error).toBe(BILLING_MESSAGES.planNotFound);
    expect((await prep({ currency: "GBP" })).json().error).toBe(BILLING_MESSAGES.currency);
    expect((await prep({ consent_received: false })).json().error).toBe(BILLING_MESSAGES.consentRequired);
    expect((await prep({ capacity: 26 })).json().error).toBe(BILLING_MESSAGES.aboveCap(25));
    expect((await prep({ service_type: "CUSTOM" })).json().error).toBe(BILLING_MESSAGES.notSelfServe);
    expect((await prep({ service_type: "ENTERPRISE", capacity: 10 })).json().error).toBe(
      BILLING_MESSAGES.belowMinimum("ENTERPRISE", 25),
    );
    expect((await call(t, "GET", "", org.owner, { aid: org.id })).json().subscription).toBeNull();
  });

  it("a payment of another account is not found, a used one 409, another plan or capacity 400", async () => {
    const org = await newOrg(t);
    const other = await newOrg(t);
    const theirs = await prepareChange(t, other, other.owner, { service_type: "STANDARD", capacity: 5 });
    const foreign = await upgrade(t, org, org.owner, {
      service_type: "STANDARD",
      capacity: 5,
      payment_intent_id: theirs.payment.payment_intent_id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(BILLING_MESSAGES.paymentNotFound);
    expect(
      (await call(t, "GET", `/payments/${theirs.payment.payment_intent_id}`, org.owner, { aid: org.id }))
        .statusCode,
    ).toBe(404);

    const mine = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    const mismatch = await upgrade(t, org, org.owner, {
      service_type: "STANDARD",
      capacity: 6,
      payment_intent_id: mine.payment.payment_intent_id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe(BILLING_MESSAGES.paymentMismatch);
    // A new prepare voids the unpaid one.
    await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 6 });
    const voided = await upgrade(t, org, org.owner, {
      service_type: "STANDARD",
      capacity: 5,
      payment_intent_id: mine.payment.payment_intent_id,
    });
    expect(voided.statusCode).toBe(409);
    expect(voided.json().error).toBe(BILLING_MESSAGES.paymentCanceled);
  });
});

describe("who may (every route)", () => {
  it("another organization's customer 403, a plain user where owners act 403, an owner of a cancelled CUSTOM account 403, no token 401", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    const [sub] = await subscriptionsOf(t, org.id);
    const stranger = await newOrg(t);
    const custom = await newOrg(t, { accountType: "CUSTOM", planStatus: "canceled", serviceType: "CUSTOM" });
    const prepareBody = { service_type: "STANDARD", capacity: 6, unit: "TiB", consent_received: true };
    const routes: { method: "GET" | "POST"; path: string; payload?: unknown; owners: boolean }[] = [
      { method: "GET", path: "", owners: false },
      { method: "GET", path: "/cancel", owners: false },
      { method: "GET", path: "/events", owners: false },
      { method: "GET", path: "/accepted_policy_docs", owners: false },
      { method: "GET", path: "/payments/pi_test_none", owners: false },
      { method: "POST", path: "/upgrade/prepare", payload: prepareBody, owners: true },
      {
        method: "POST",
        path: "/upgrade",
        payload: { ...prepareBody, payment_intent_id: "pi_test_none" },
        owners: true,
      },
      {
        method: "POST",
        path: "/updatequantity",
        payload: { product_id: sub?.productId, quantity: 6 },
        owners: true,
      },
      { method: "POST", path: "/auto_renew", payload: { enabled: false }, owners: true },
      { method: "POST", path: "/cancel", payload: { reason: "other" }, owners: true },
      { method: "POST", path: "/undo-cancel", owners: true },
      { method: "POST", path: `/end/${sub?.id}`, owners: true },
      { method: "POST", path: "/resubscribe_checkout", payload: { consent_received: true }, owners: true },
      { method: "POST", path: "/chargebee_resubscribe", payload: { consent_received: true }, owners: true },
    ];
    const before = await subscriptionsOf(t, org.id);
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const anonymous = await call(t, route.method, route.path, undefined, {
        aid: org.id,
        payload: route.payload,
      });
      expect(anonymous.statusCode, label).toBe(401);
      const foreign = await call(t, route.method, route.path, stranger.owner, {
        aid: org.id,
        payload: route.payload,
      });
      expect(foreign.statusCode, label).toBe(403);
      if (route.owners) {
        const plain = await call(t, route.method, route.path, org.user, {
          aid: org.id,
          payload: route.payload,
        });
        expect(plain.statusCode, label).toBe(403);
        const customOwner = await call(t, route.method, route.path, custom.owner, {
          aid: custom.id,
          payload: route.payload,
        });
        expect(customOwner.statusCode, label).toBe(403);
      }
    }
    expect(await subscriptionsOf(t, org.id)).toEqual(before);
  });
});

describe("at the same time", () => {
  const portico = async (accountId: number, type: string) =>
    (await eventRows(t, accountId, type)).filter((e) => e.source === "PORTICO");

  it("two upgrade calls with one payment make one change", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    const [before] = await subscriptionsOf(t, org.id);
    const prepared = await prepareChange(t, org, org.owner, { service_type: "ENTERPRISE", capacity: 25 });
    await payWith(t, org.owner, prepared);
    await settle(t);
    const body = {
      service_type: "ENTERPRISE",
      capacity: 25,
      payment_intent_id: prepared.payment.payment_intent_id,
    };
    const answers = await Promise.all([upgrade(t, org, org.owner, body), upgrade(t, org, org.owner, body)]);
    // The second either finds the payment used (409) or waits for the first and finds it applied.
    for (const answer of answers) {
      if (answer.statusCode === 409) expect(answer.json().error).toBe(BILLING_MESSAGES.paymentUsed);
      else expect(answer.json().state).toBe("applied");
    }
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    const [after] = await subscriptionsOf(t, org.id);
    expect(after?.version).toBe((before?.version ?? 0) + 1);
    expect(await portico(org.id, "subscription.plan_changed")).toHaveLength(1);
  });

  it("two upgrade calls with two paid payments: one change, the other payment refused as stale", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    const first = await prepareChange(t, org, org.owner, { service_type: "ENTERPRISE", capacity: 25 });
    await payWith(t, org.owner, first);
    await settle(t);
    const second = await prepareChange(t, org, org.owner, { service_type: "ENTERPRISE", capacity: 30 });
    await payWith(t, org.owner, second);
    await settle(t);
    const answers = await Promise.all([
      upgrade(t, org, org.owner, {
        service_type: "ENTERPRISE",
        capacity: 25,
        payment_intent_id: first.payment.payment_intent_id,
      }),
      upgrade(t, org, org.owner, {
        service_type: "ENTERPRISE",
        capacity: 30,
        payment_intent_id: second.payment.payment_intent_id,
      }),
    ]);
    const states = answers.map((r) => r.json().state).sort();
    expect(states).toEqual(["applied", "failed"]);
    const loser = answers.find((r) => r.json().state === "failed")?.json();
    expect(loser.payment.failure_message).toBe(BILLING_MESSAGES.changeInProgress);
    expect(await portico(org.id, "subscription.plan_changed")).toHaveLength(1);
    expect((await portico(org.id, "payment.canceled")).map((e) => e.outcome)).toEqual(["failed"]);
  });
});

describe("the demo subscription", () => {
  it("reads like a real one and takes changes: the provider's copy is created by the first sync", async () => {
    const org = await newOrg(t);
    const [owner] = await t.db.select().from(memberships).where(eq(memberships.accountId, org.id));
    await t.db.transaction((tx) =>
      seedDemoBilling(tx, { accountId: org.id, ownerId: owner?.userId ?? 0, engineerId: owner?.userId ?? 0 }),
    );
    const view = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    expect(view.subscription).toMatchObject({
      plan: "ENTERPRISE",
      quantity_tib: 100,
      status: "active",
      card: { brand: "visa", last4: "4242" },
      current_period_end: demoTerm().end.toISOString(),
    });
    expect(view.abilities.manage).toBe(true);
    const events = (await call(t, "GET", "/events", engineer, { aid: org.id })).json();
    expect(events.items.map((e: { type: string }) => e.type)).toContain("payment.succeeded");
    const res = await call(t, "POST", "/updatequantity", org.owner, {
      aid: org.id,
      payload: { product_id: view.subscription.product_id, quantity: 90 },
    });
    expect(res.statusCode).toBe(200);
    await settle(t);
    const [sub] = await subscriptionsOf(t, org.id);
    expect(sub?.providerSubscriptionId).toMatch(/^sub_test_/);
  });
});
