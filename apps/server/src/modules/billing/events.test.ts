import { BILLING_MESSAGES } from "@portico/shared/schemas/billing";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingPayments, jobs, subscriptionEvents, subscriptions } from "../../db/schema";
import type { TestContext } from "../../test/helper";
import { type Billing, createBilling } from "./billing";
import { handleProviderEvent } from "./events";
import type { ProviderEvent } from "./provider";
import {
  accountRow,
  billingTestApp,
  buy,
  call,
  currentLicenceOf,
  eventRows,
  newOrg,
  prepareChange,
  settle,
  subscriptionsOf,
} from "./subscription-test-kit";
import { TEST_MODE_PERIOD_END_JOB } from "./test-mode-provider";

let t: TestContext;
let billing: Billing;

beforeAll(async () => {
  t = await billingTestApp();
  billing = createBilling(t.app.ctx);
});
afterAll(() => t.close());

/** A payment's event as the provider would send it. */
function paymentEvent(
  id: string,
  paymentIntentId: string,
  status: "processing" | "succeeded" | "failed",
  version: number,
): ProviderEvent {
  return {
    provider: "STRIPE",
    testMode: true,
    id,
    type: `payment.${status}`,
    occurredAt: new Date(),
    object: { kind: "payment", id: paymentIntentId, version },
    payment: {
      paymentId: paymentIntentId,
      status,
      amountMinor: 1000,
      currency: "USD",
      failureMessage: status === "failed" ? BILLING_MESSAGES.cardDeclined : null,
      card: { brand: "visa", last4: "4242" },
      version,
    },
    data: {},
  };
}

const deliver = (event: ProviderEvent) => t.db.transaction((tx) => handleProviderEvent(billing, tx, event));

/** A first subscription prepared and asked for (upgrade called), its payment not settled yet. */
async function requestedPayment() {
  const org = await newOrg(t);
  const prepared = await prepareChange(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
  const paymentIntentId: string = prepared.payment.payment_intent_id;
  await t.db
    .update(billingPayments)
    .set({ changeRequestedAt: new Date() })
    .where(eq(billingPayments.providerPaymentId, paymentIntentId));
  return { org, paymentIntentId };
}

describe("provider events", () => {
  it("the same event ten times at once: one row, one change", async () => {
    const { org, paymentIntentId } = await requestedPayment();
    const event = paymentEvent(`evt_ten_${org.id}`, paymentIntentId, "succeeded", 50);
    await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    const rows = await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.providerEventId, event.id));
    expect(rows).toEqual([expect.objectContaining({ outcome: "applied", accountId: org.id })]);
    expect(await subscriptionsOf(t, org.id)).toHaveLength(1);
    expect(await eventRows(t, org.id, "subscription.created")).toHaveLength(1);
  });

  it("out of order: a processing event after the success is stored as stale and changes nothing", async () => {
    const { org, paymentIntentId } = await requestedPayment();
    await deliver(paymentEvent(`evt_ok_${org.id}`, paymentIntentId, "succeeded", 60));
    await deliver(paymentEvent(`evt_late_${org.id}`, paymentIntentId, "processing", 59));
    const [late] = await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.providerEventId, `evt_late_${org.id}`));
    expect(late?.outcome).toBe("stale");
    const [payment] = await t.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.providerPaymentId, paymentIntentId));
    expect(payment).toMatchObject({ status: "succeeded", appliedAt: expect.any(Date), providerVersion: 60 });
  });

  it("an event about something we do not know is kept, unmatched, with no account", async () => {
    await deliver(paymentEvent("evt_unknown_payment", "pi_test_nobody", "succeeded", 1));
    await deliver({
      provider: "CHARGEBEE",
      testMode: true,
      id: "evt_unknown_subscription",
      type: "subscription.canceled",
      occurredAt: new Date(),
      object: { kind: "subscription", id: "sub_test_nobody", version: 3 },
      data: { note: "kept" },
    });
    const rows = await t.db
      .select()
      .from(subscriptionEvents)
      .where(
        sql`${subscriptionEvents.providerEventId} in ('evt_unknown_payment', 'evt_unknown_subscription')`,
      );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ outcome: "unmatched", accountId: null });
  });

  it("a failure while applying stores nothing, so the provider's retry is applied in full", async () => {
    const { org, paymentIntentId } = await requestedPayment();
    const event = paymentEvent(`evt_retry_${org.id}`, paymentIntentId, "succeeded", 70);
    await expect(
      t.db.transaction(async (tx) => {
        await handleProviderEvent(billing, tx, event);
        throw new Error("the app crashed before answering");
      }),
    ).rejects.toThrow();
    expect(
      await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.providerEventId, event.id)),
    ).toEqual([]);
    expect(await subscriptionsOf(t, org.id)).toEqual([]);
    await deliver(event);
    expect(await subscriptionsOf(t, org.id)).toHaveLength(1);
  });
});

describe("the provider's clock", () => {
  const reachPeriodEnd = async () => {
    await t.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, TEST_MODE_PERIOD_END_JOB), isNull(jobs.failedAt)));
    await settle(t);
  };

  it("renews at the term's end: a new term on the plan's current version, the licence moved on", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    const [before] = await subscriptionsOf(t, org.id);
    await reachPeriodEnd();
    const [after] = await subscriptionsOf(t, org.id);
    expect(after?.currentPeriodStart).toEqual(before?.currentPeriodEnd);
    expect(after?.currentPeriodEnd.getTime()).toBeGreaterThan(before?.currentPeriodEnd.getTime() ?? 0);
    expect(await currentLicenceOf(t, org.id)).toMatchObject({ expiresAt: after?.currentPeriodEnd });
    expect((await eventRows(t, org.id, "invoice.paid")).map((e) => e.outcome)).toContain("applied");
  });

  it("a subscription set to cancel ends at the term's end: cancelled, the licence ends with it", async () => {
    const org = await newOrg(t);
    await buy(t, org, org.owner, { service_type: "STANDARD", capacity: 5 });
    await call(t, "POST", "/cancel", org.owner, { aid: org.id, payload: { reason: "no-longer-needed" } });
    await settle(t);
    await reachPeriodEnd();
    const [sub] = await subscriptionsOf(t, org.id);
    expect(sub).toMatchObject({ status: "canceled", endedAt: sub?.cancelAt });
    expect(await accountRow(t, org.id)).toMatchObject({ planStatus: "canceled" });
    expect(await currentLicenceOf(t, org.id)).toMatchObject({ expiresAt: sub?.cancelAt });
    const view = (await call(t, "GET", "", org.owner, { aid: org.id })).json();
    expect(view.abilities).toMatchObject({ manage: false, resubscribe: true });
    expect(
      await t.db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, org.id), isNull(subscriptions.endedAt))),
    ).toEqual([]);
  });
});
