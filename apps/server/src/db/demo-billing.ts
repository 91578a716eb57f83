/**
 * Demo billing (development only, with the rest of the demo data): Acme (account 2) subscribed to
 * ENTERPRISE, 100 TiB, billed in USD through the test-mode Stripe, its term begun 60 days ago,
 * paid by a test Visa ending 4242, with the payment and the events such a purchase leaves. The
 * provider's own copy is made by the first change (the sync job creates what it does not have).
 * Idempotent: an account that has a subscription is left alone.
 */

import { estimateTerm, formatMoney, termEnd } from "@portico/shared/rules/billing";
import { CURRENT_POLICY_DOCS, termsTypeOf } from "@portico/shared/schemas/billing";
import { eq } from "drizzle-orm";
import { currentPlan, planPrice } from "../modules/billing/catalogue.queries";
import type { Tx } from "../platform/db/client";
import {
  accounts,
  billingCustomers,
  billingPayments,
  policyAcceptances,
  subscriptionEvents,
  subscriptions,
} from "./schema";

const DAY_MS = 86_400_000;
const DEMO_PLAN = "ENTERPRISE";
const DEMO_CAPACITY_TIB = 100;

/** The demo term: began at midnight UTC 60 days ago, so every part of the demo agrees on it. */
export function demoTerm(now = new Date()): { start: Date; end: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(midnight - 60 * DAY_MS);
  return { start, end: termEnd(start) };
}

export async function seedDemoBilling(
  tx: Tx,
  demo: { accountId: number; ownerId: number; engineerId: number },
) {
  const [existing] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.accountId, demo.accountId));
  if (existing) return;
  const plan = await currentPlan(tx, DEMO_PLAN);
  const { start, end } = demoTerm();
  const amount = estimateTerm(planPrice(plan), DEMO_CAPACITY_TIB, "USD").termMinor;

  await tx
    .update(accounts)
    .set({
      accountType: "SUBSCRIBED",
      serviceType: DEMO_PLAN,
      planStatus: "active",
      contractCapacity: DEMO_CAPACITY_TIB,
      slaHours: plan.slaHours,
      slaCoverage: plan.slaCoverage,
      subscriptionProvider: "STRIPE",
      currencyCode: "USD",
      isTrial: false,
    })
    .where(eq(accounts.id, demo.accountId));
  await tx.insert(billingCustomers).values({
    accountId: demo.accountId,
    provider: "STRIPE",
    testMode: true,
    customerId: "cus_test_demo_acme",
    cardBrand: "visa",
    cardLast4: "4242",
  });
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      accountId: demo.accountId,
      provider: "STRIPE",
      testMode: true,
      productId: plan.productId,
      planId: plan.id,
      serviceType: DEMO_PLAN,
      currency: "USD",
      quantity: DEMO_CAPACITY_TIB,
      minQuantity: plan.minQuantity,
      quantityUpdatedAt: start,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      createdAt: start,
    })
    .returning();
  if (!sub) throw new Error("demo subscription insert returned nothing");
  const [payment] = await tx
    .insert(billingPayments)
    .values({
      providerPaymentId: "pi_test_demo_acme",
      provider: "STRIPE",
      testMode: true,
      accountId: demo.accountId,
      subscriptionId: sub.id,
      kind: "subscribe",
      planId: plan.id,
      serviceType: DEMO_PLAN,
      quantity: DEMO_CAPACITY_TIB,
      currency: "USD",
      amountMinor: amount,
      status: "succeeded",
      providerVersion: 3,
      consentReceivedAt: start,
      changeRequestedAt: start,
      appliedAt: start,
      createdBy: demo.ownerId,
      createdAt: start,
      updatedAt: start,
    })
    .returning({ id: billingPayments.id });
  const termsType = termsTypeOf(DEMO_PLAN);
  await tx.insert(policyAcceptances).values([
    {
      accountId: demo.accountId,
      userId: demo.ownerId,
      document: "terms",
      termsType,
      version: CURRENT_POLICY_DOCS.terms[termsType],
      context: "subscribe",
      paymentId: payment?.id ?? null,
      acceptedAt: start,
    },
    {
      accountId: demo.accountId,
      userId: demo.ownerId,
      document: "privacy",
      version: CURRENT_POLICY_DOCS.privacy,
      context: "subscribe",
      paymentId: payment?.id ?? null,
      acceptedAt: start,
    },
  ]);
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  const stripe = {
    accountId: demo.accountId,
    subscriptionId: sub.id,
    source: "STRIPE" as const,
    testMode: true,
  };
  await tx.insert(subscriptionEvents).values([
    {
      ...stripe,
      providerEventId: "evt_test_demo_acme_processing",
      type: "payment.processing",
      objectId: "pi_test_demo_acme",
      objectVersion: 2,
      outcome: "applied",
      summary: `Payment of ${formatMoney(amount, "USD")} is processing`,
      occurredAt: at(1),
      receivedAt: at(2),
    },
    {
      ...stripe,
      providerEventId: "evt_test_demo_acme_succeeded",
      type: "payment.succeeded",
      objectId: "pi_test_demo_acme",
      objectVersion: 3,
      outcome: "applied",
      summary: `Payment of ${formatMoney(amount, "USD")} succeeded`,
      occurredAt: at(3),
      receivedAt: at(4),
    },
    {
      accountId: demo.accountId,
      subscriptionId: sub.id,
      source: "PORTICO",
      testMode: true,
      type: "subscription.created",
      outcome: "applied",
      summary: `Subscribed to ${DEMO_PLAN}, ${DEMO_CAPACITY_TIB} TiB`,
      actorUserId: demo.ownerId,
      occurredAt: at(4),
      receivedAt: at(4),
    },
    {
      accountId: demo.accountId,
      subscriptionId: sub.id,
      source: "PORTICO",
      testMode: true,
      type: "subscription.auto_renew_changed",
      outcome: "applied",
      summary: "Automatic renewal turned on",
      actorUserId: demo.engineerId,
      onBehalf: true,
      occurredAt: at(86_400),
      receivedAt: at(86_400),
    },
  ]);
}
