/** The hourly reconciliation (issue 15), against the test-mode provider's records. */
import { WEBHOOKS_BASE } from "@portico/shared/schemas/billing";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingPayments, jobs, subscriptionEvents, subscriptions } from "../../db/schema";
import { type FakeStripe, startFakeStripe } from "../../test/fake-stripe";
import { createTestApp, type TestContext } from "../../test/helper";
import { type Billing, createBilling } from "./billing";
import { ensureReconcileScheduled, RECONCILE_JOB, reconcile, reconcilesSettled } from "./reconcile";
import {
  billingTestApp,
  buy,
  call,
  newEngineer,
  newOrg,
  payWith,
  prepareChange,
  settle,
  subscriptionsOf,
  upgrade,
} from "./subscription-test-kit";

let t: TestContext;
let billing: Billing;
beforeAll(async () => {
  t = await billingTestApp();
  billing = createBilling(t.app.ctx);
});
afterAll(() => t.close());

const longAgo = () => new Date(Date.now() - 60 * 60 * 1000);

const mismatches = (subscriptionId: number) =>
  t.db
    .select()
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.subscriptionId, subscriptionId),
        eq(subscriptionEvents.type, "reconciliation.mismatch"),
      ),
    )
    .orderBy(subscriptionEvents.id);

describe("billing.reconcile", () => {
  it("is pending exactly once from start-up on, and a run plans the next in an hour", async () => {
    const pending = () =>
      t.db
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.kind, RECONCILE_JOB), isNull(jobs.failedAt)));
    expect(await pending()).toHaveLength(1);
    await ensureReconcileScheduled(t.app.ctx);
    expect(await pending()).toHaveLength(1);
    const before = Date.now();
    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, RECONCILE_JOB));
    await t.app.ctx.jobs.flush();
    await reconcilesSettled(t.app.ctx);
    const next = await pending();
    expect(next).toHaveLength(1);
    expect(next[0]?.runAt.getTime()).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
  });

  it("records a difference with the provider once, again only when it changes, and when it is gone", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 25 });
    const [sub] = await subscriptionsOf(t, org.id);
    if (!sub?.providerSubscriptionId) throw new Error("the subscription never reached the provider");
    await t.db.update(subscriptions).set({ updatedAt: longAgo() }).where(eq(subscriptions.id, sub.id));

    await reconcile(billing);
    expect(await mismatches(sub.id)).toEqual([]);

    // Ours drifted (a lost webhook, a hand edit): 30 TiB here, 25 at the provider.
    await t.db
      .update(subscriptions)
      .set({ quantity: 30, updatedAt: longAgo() })
      .where(eq(subscriptions.id, sub.id));
    await reconcile(billing);
    await reconcile(billing);
    const first = await mismatches(sub.id);
    expect(first).toEqual([
      expect.objectContaining({
        source: "PORTICO",
        outcome: "recorded",
        accountId: org.id,
        summary: "Differs from STRIPE: quantity ours: 30, provider: 25",
      }),
    ]);

    await t.db
      .update(subscriptions)
      .set({ quantity: 40, updatedAt: longAgo() })
      .where(eq(subscriptions.id, sub.id));
    await reconcile(billing);
    await reconcile(billing);
    expect((await mismatches(sub.id)).map((e) => e.summary)).toEqual([
      "Differs from STRIPE: quantity ours: 30, provider: 25",
      "Differs from STRIPE: quantity ours: 40, provider: 25",
    ]);

    await t.db
      .update(subscriptions)
      .set({ quantity: 25, updatedAt: longAgo() })
      .where(eq(subscriptions.id, sub.id));
    await reconcile(billing);
    await reconcile(billing);
    expect((await mismatches(sub.id)).map((e) => e.summary)).toEqual([
      "Differs from STRIPE: quantity ours: 30, provider: 25",
      "Differs from STRIPE: quantity ours: 40, provider: 25",
      "Matches STRIPE again",
    ]);

    // The engineers see it among the account's events.
    const engineer = await newEngineer(t);
    const seen = (await call(t, "GET", "/events", engineer, { aid: org.id })).json();
    expect(seen.items.filter((e: { type: string }) => e.type === "reconciliation.mismatch")).toHaveLength(3);
  });

  it("leaves a subscription changed in the last minutes to its sync", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 25 });
    const [sub] = await subscriptionsOf(t, org.id);
    if (!sub) throw new Error("no subscription");
    await t.db
      .update(subscriptions)
      .set({ quantity: 31, updatedAt: new Date() })
      .where(eq(subscriptions.id, sub.id));
    await reconcile(billing);
    expect(await mismatches(sub.id)).toEqual([]);
  });

  it("refreshes a payment stuck for over 10 minutes from the provider, once", async () => {
    const org = await newOrg(t);
    const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 25 });
    const paymentIntentId: string = prepared.payment.payment_intent_id;
    await payWith(t, org.owner, prepared);
    await settle(t);
    // Its success webhook was lost: ours still says processing, and the change was asked for.
    await t.db
      .update(billingPayments)
      .set({ status: "processing", providerVersion: 0, changeRequestedAt: new Date(), updatedAt: longAgo() })
      .where(eq(billingPayments.providerPaymentId, paymentIntentId));

    const report = await reconcile(billing);
    expect(report.refreshed).toBeGreaterThanOrEqual(1);
    const [payment] = await t.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.providerPaymentId, paymentIntentId));
    expect(payment).toMatchObject({ status: "succeeded", appliedAt: expect.any(Date) });
    expect(await subscriptionsOf(t, org.id)).toHaveLength(1);
    const refreshId = `refresh:${paymentIntentId}:succeeded`;
    await reconcile(billing);
    expect(
      await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.providerEventId, refreshId)),
    ).toEqual([expect.objectContaining({ outcome: "applied", accountId: org.id })]);
    expect(await subscriptionsOf(t, org.id)).toHaveLength(1);
  });
});

describe("GET payments/:id on the browser's return", () => {
  let stripe: FakeStripe;
  let real: TestContext;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    real = await createTestApp(stripe.env({ BILLING_TEST_MODE: "false" }));
  });
  afterAll(async () => {
    await real?.close();
    await stripe?.close();
  });

  it("asks Stripe about a payment back from 3-D Secure and makes the change, with no webhook", async () => {
    const org = await newOrg(real, { subscriptionProvider: "STRIPE" });
    const prepared = await prepareChange(real, org, org.owner, { service_type: "STANDARD", capacity: 25 });
    const id: string = prepared.payment.payment_intent_id;
    stripe.requireAction(id);
    const asked = await upgrade(real, org, org.owner, {
      service_type: "STANDARD",
      capacity: 25,
      payment_intent_id: id,
    });
    expect(asked.json().state).toBe("pending");
    // The bank's page said yes; Stripe's webhook has not come (yet).
    stripe.succeedPayment(id);
    const back = await call(real, "GET", `/payments/${id}`, org.owner, { aid: org.id });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ payment_intent_id: id, status: "succeeded" });
    expect(await subscriptionsOf(real, org.id)).toHaveLength(1);
    // The webhook arriving later is one more event row and no second change.
    for (const event of stripe.takeEvents("payment_intent.succeeded")) {
      const { payload, headers } = stripe.signed(event);
      const res = await real.app.inject({ method: "POST", url: `${WEBHOOKS_BASE}/stripe`, headers, payload });
      expect(res.statusCode).toBe(200);
    }
    expect(await subscriptionsOf(real, org.id)).toHaveLength(1);
  });
});
