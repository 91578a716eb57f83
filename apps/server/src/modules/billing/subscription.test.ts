import { estimateUpgrade, termEnd } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES, TEST_CARDS } from "@portico/shared/schemas/billing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingPayments, subscriptions } from "../../db/schema";
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
        periodStart: before!.currentPeriodStart,
        periodEnd: before!.currentPeriodEnd,
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
});
