/**
 * The subscription life cycle (issue 14): preparing a payment, making the paid change once,
 * capacity, auto-renew, cancel and undo, end now, resubscribe. Every command is one transaction
 * for our rows that locks the account first; provider calls happen outside transactions, named by
 * idempotency keys, so a retry is the same call. Every change writes a PORTICO event, mirrors the
 * plan onto `accounts`, moves the licence, and queues `billing.sync-provider` to tell the provider.
 */
import { randomUUID } from "node:crypto";
import { type Currency, estimateUpgrade, termEnd, toTib } from "@portico/shared/rules/billing";
import {
  BILLING_MESSAGES,
  CURRENT_POLICY_DOCS,
  type TCancelRequest,
  type TCheckout,
  type TUpgradeEstimate,
  termsTypeOf,
} from "@portico/shared/schemas/billing";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  accounts,
  billingCustomers,
  billingPayments,
  policyAcceptances,
  subscriptions,
} from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Tx } from "../../platform/db/client";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { type AuditActor, recordAudit } from "../customers/audit";
import { issueLicence, reissueLicence } from "../licences/licences.service";
import type { Billing } from "./billing";
import {
  actsOnBehalf,
  assertMayBuy,
  assertMayEnd,
  assertMayManage,
  assertMayPay,
  assertMayPayFor,
  assertMayResubscribe,
  type SubscriptionFacts,
  type SubscriptionRow,
} from "./billing.policy";
import { currentPlan, planById, planPrice } from "./catalogue.queries";
import { priceChange } from "./estimates.service";
import { recordEvent, rememberCard } from "./events";
import type { ProviderSubscription } from "./provider";
import { findPayment, loadFacts, type PaymentRow, unpaidPayments } from "./subscription.queries";
import { enqueueSync, type SyncBilling } from "./sync";

/** Where a provider's hosted page sends the browser back to (the provider adds the payment's id). */
export const CONFIRMATION_PATH = "/upgrade-subscription-confirmation";

/**
 * Changes of one account take turns on its row. No key update, as licences lock it, so a cluster
 * or issue inserted meanwhile (a key-share lock) is not held up.
 */
export async function lockAccount(tx: Tx, accountId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for no key update`);
}

const describe = (plan: string, capacityTib: number) => `${plan}, ${capacityTib} TiB`;

/** The plan fields every screen and the queue read from the account row (§3, §4). */
export async function mirrorOntoAccount(tx: Tx, sub: SubscriptionRow): Promise<void> {
  const plan = await planById(tx, sub.planId);
  await tx
    .update(accounts)
    .set({
      // A contract arranged with sales stays CUSTOM whatever is bought through it.
      accountType: sql`case when ${accounts.accountType} = 'CUSTOM' then 'CUSTOM' else 'SUBSCRIBED' end`,
      serviceType: sub.serviceType,
      planStatus: sub.endedAt !== null ? "canceled" : sub.status,
      contractCapacity: sub.quantity,
      slaHours: plan.slaHours,
      slaCoverage: plan.slaCoverage,
      subscriptionProvider: sub.provider,
      currencyCode: sub.currency,
      isTrial: false,
    })
    .where(eq(accounts.id, sub.accountId));
}

/** The licence follows the subscription: its plan, capacity and term (or the moment it ended). */
async function followLicence(tx: Tx, sub: SubscriptionRow, issuedBy: number | null): Promise<void> {
  const terms = {
    plan: sub.serviceType,
    capacityTib: sub.quantity,
    expiresAt: sub.endedAt ?? sub.currentPeriodEnd,
  };
  const reissued = await reissueLicence(tx, sub.accountId, terms);
  if (!reissued) await issueLicence(tx, { accountId: sub.accountId, ...terms, issuedBy });
}

/** Mirror, licence and the provider's copy: what every change of the subscription is followed by. */
async function followChange(
  billing: Billing,
  tx: Tx,
  sub: SubscriptionRow,
  issuedBy: number | null,
  sync: SyncBilling = { kind: "none" },
) {
  await mirrorOntoAccount(tx, sub);
  await followLicence(tx, sub, issuedBy);
  await enqueueSync(billing, tx, sub, sync);
}

const bump = () => ({ version: sql`${subscriptions.version} + 1`, updatedAt: new Date() });

async function updateSubscription(
  tx: Tx,
  id: number,
  set: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...set, ...bump() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

// ---------------------------------------------------------------------------------------------
// The one place a paid change is made.

/**
 * Makes the change `paymentRowId` paid for, once: the claim (`applied_at` set where it was null,
 * the payment succeeded and the change was asked for) is what makes repeated events and racing
 * requests harmless. A payment priced on an older version of the subscription is not applied.
 * Answers the payment when this call made the change.
 */
export async function applyPayment(
  billing: Billing,
  tx: Tx,
  paymentRowId: number,
): Promise<PaymentRow | null> {
  const [peek] = await tx
    .select({ accountId: billingPayments.accountId })
    .from(billingPayments)
    .where(eq(billingPayments.id, paymentRowId));
  if (!peek) return null;
  await lockAccount(tx, peek.accountId);
  const [payment] = await tx
    .update(billingPayments)
    .set({ appliedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(billingPayments.id, paymentRowId),
        isNull(billingPayments.appliedAt),
        eq(billingPayments.status, "succeeded"),
        isNotNull(billingPayments.changeRequestedAt),
      ),
    )
    .returning();
  if (!payment) return null;
  const { live } = await loadFacts(tx, payment.accountId, true);
  const stale =
    payment.kind === "upgrade" ? live === null || live.version !== payment.baseVersion : live !== null;
  if (stale) {
    await refuseStalePayment(tx, payment);
    return null;
  }
  const plan = await planById(tx, payment.planId);
  const actor = { actorUserId: payment.createdBy, onBehalf: payment.onBehalf, testMode: payment.testMode };
  let sub: SubscriptionRow;
  if (payment.kind === "upgrade" && live) {
    sub = await updateSubscription(tx, live.id, {
      planId: plan.id,
      serviceType: payment.serviceType,
      quantity: payment.quantity,
      minQuantity: plan.minQuantity,
      ...(payment.quantity !== live.quantity ? { quantityUpdatedAt: new Date() } : {}),
    });
    const planChanged = live.serviceType !== payment.serviceType;
    await recordEvent(tx, {
      ...actor,
      accountId: payment.accountId,
      subscriptionId: sub.id,
      type: planChanged ? "subscription.plan_changed" : "subscription.quantity_changed",
      summary: `Changed from ${describe(live.serviceType, live.quantity)} to ${describe(sub.serviceType, sub.quantity)}`,
      data: { payment_intent_id: payment.providerPaymentId, amount_minor: payment.amountMinor },
    });
  } else {
    const now = new Date();
    const [created] = await tx
      .insert(subscriptions)
      .values({
        accountId: payment.accountId,
        provider: payment.provider,
        testMode: payment.testMode,
        productId: plan.productId,
        planId: plan.id,
        serviceType: payment.serviceType,
        currency: payment.currency,
        quantity: payment.quantity,
        minQuantity: plan.minQuantity,
        quantityUpdatedAt: now,
        currentPeriodStart: now,
        currentPeriodEnd: termEnd(now),
      })
      .returning();
    if (!created) throw new Error("subscription insert returned nothing");
    sub = created;
    await tx
      .update(billingPayments)
      .set({ subscriptionId: sub.id })
      .where(eq(billingPayments.id, payment.id));
    await recordEvent(tx, {
      ...actor,
      accountId: payment.accountId,
      subscriptionId: sub.id,
      type: "subscription.created",
      summary: `${payment.kind === "resubscribe" ? "Resubscribed" : "Subscribed"} to ${describe(sub.serviceType, sub.quantity)}`,
      data: { payment_intent_id: payment.providerPaymentId, amount_minor: payment.amountMinor },
    });
  }
  await followChange(billing, tx, sub, payment.createdBy, {
    kind: "paid",
    paymentId: payment.providerPaymentId,
  });
  return payment;
}

/** Another change was made first: this payment's price is void; the money is the engineers' to settle. */
async function refuseStalePayment(tx: Tx, payment: PaymentRow) {
  await tx
    .update(billingPayments)
    .set({ appliedAt: null, status: "failed", failureMessage: BILLING_MESSAGES.changeInProgress })
    .where(eq(billingPayments.id, payment.id));
  await recordEvent(tx, {
    accountId: payment.accountId,
    subscriptionId: payment.subscriptionId,
    type: "payment.canceled",
    summary: `Payment ${payment.providerPaymentId} was not applied: another change was made first. Engineers: refund it.`,
    data: { payment_intent_id: payment.providerPaymentId, amount_minor: payment.amountMinor },
    actorUserId: payment.createdBy,
    onBehalf: payment.onBehalf,
    testMode: payment.testMode,
    outcome: "failed",
  });
}

// ---------------------------------------------------------------------------------------------
// What the provider tells us (events.ts)

/** A renewal the provider charged: the next term, at the current version of the plan. */
export async function renewSubscription(
  tx: Tx,
  sub: SubscriptionRow,
  remote: ProviderSubscription | null,
  providerVersion: number,
): Promise<boolean> {
  if (sub.endedAt !== null) return false;
  const start = remote?.currentPeriodStart ?? sub.currentPeriodEnd;
  const end = remote?.currentPeriodEnd ?? termEnd(start);
  if (end.getTime() <= sub.currentPeriodEnd.getTime()) return false;
  const plan = await currentPlan(tx, sub.serviceType);
  const renewed = await updateSubscription(tx, sub.id, {
    currentPeriodStart: start,
    currentPeriodEnd: end,
    planId: plan.id,
    minQuantity: plan.minQuantity,
    status: "active",
    providerVersion,
  });
  await mirrorOntoAccount(tx, renewed);
  await followLicence(tx, renewed, null);
  return true;
}

/** The subscription ends at `endedAt` (its term ran out cancelled, or an engineer ended it now). */
export async function endSubscription(
  billing: Billing,
  tx: Tx,
  sub: SubscriptionRow,
  endedAt: Date,
  providerVersion: number,
  sync = false,
): Promise<SubscriptionRow> {
  const ended = await updateSubscription(tx, sub.id, {
    status: "canceled",
    endedAt,
    providerVersion: Math.max(providerVersion, sub.providerVersion),
  });
  await mirrorOntoAccount(tx, ended);
  await followLicence(tx, ended, null);
  if (sync) await enqueueSync(billing, tx, ended, { kind: "none" });
  return ended;
}

// ---------------------------------------------------------------------------------------------
// Paying: prepare, then upgrade

export interface Target {
  serviceType: string;
  capacityTib: number;
  currency?: Currency | undefined;
}

export interface PreparedChange {
  payment: PaymentRow;
  checkout: TCheckout;
  estimate: TUpgradeEstimate;
  testMode: boolean;
}

/**
 * upgrade/prepare (and the resubscribe variants): prices the change, voids the account's earlier
 * unpaid payments, makes sure the provider knows the customer, records the payment with the
 * policies accepted, and asks the provider for a payment named by that row.
 */
export async function prepare(
  billing: Billing,
  viewer: Viewer,
  accountId: number,
  target: Target,
  opts: { resubscribe?: boolean; changeRequested?: boolean } = {},
): Promise<PreparedChange> {
  const { db, config } = billing.ctx;
  const facts = await loadFacts(db, accountId);
  if (opts.resubscribe) assertMayResubscribe(viewer, facts);
  const kind = assertMayPay(viewer, facts);
  const now = new Date();
  const priced = await priceChange(db, facts.account, target, now);
  if (priced.kind === "contact-sales") {
    throw badRequest(
      priced.capTib > 0 ? BILLING_MESSAGES.aboveCap(priced.capTib) : BILLING_MESSAGES.notSelfServe,
    );
  }
  const providerName = (facts.account.subscriptionProvider ??
    facts.latest?.provider ??
    config.billing.defaultProvider) as SubscriptionRow["provider"];
  const provider = billing.providers.for(providerName);

  for (const unpaid of await unpaidPayments(db, accountId)) {
    if (!unpaid.providerPaymentId.startsWith("pending:"))
      await provider.cancelPayment(unpaid.providerPaymentId);
  }
  await db
    .update(billingPayments)
    .set({ status: "canceled", updatedAt: new Date() })
    .where(
      and(
        eq(billingPayments.accountId, accountId),
        isNull(billingPayments.appliedAt),
        inArray(billingPayments.status, ["requires_payment_method", "processing"]),
      ),
    );

  const [existing] = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.accountId, accountId));
  const customerId = await provider.ensureCustomer(
    { accountId, company: facts.account.company, email: viewer.email, currency: priced.currency },
    existing?.provider === providerName ? existing.customerId : null,
  );
  await db
    .insert(billingCustomers)
    .values({ accountId, provider: providerName, testMode: provider.testMode, customerId })
    .onConflictDoUpdate({
      target: billingCustomers.accountId,
      set: { provider: providerName, testMode: provider.testMode, customerId },
    });

  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(billingPayments)
      .values({
        providerPaymentId: `pending:${randomUUID()}`,
        provider: providerName,
        testMode: provider.testMode,
        accountId,
        subscriptionId: priced.subscription?.id ?? null,
        baseVersion: priced.baseVersion,
        kind,
        planId: priced.plan.id,
        serviceType: priced.plan.code,
        quantity: priced.capacityTib,
        currency: priced.currency,
        amountMinor: priced.amountDueMinor,
        consentReceivedAt: now,
        changeRequestedAt: opts.changeRequested ? now : null,
        createdBy: viewer.userId,
        onBehalf: actsOnBehalf(viewer, accountId),
      })
      .returning();
    if (!created) throw new Error("payment insert returned nothing");
    const version = CURRENT_POLICY_DOCS;
    const termsType = termsTypeOf(priced.plan.code);
    await tx.insert(policyAcceptances).values([
      {
        accountId,
        userId: viewer.userId,
        document: "terms",
        termsType,
        version: version.terms[termsType],
        context: kind,
        paymentId: created.id,
      },
      {
        accountId,
        userId: viewer.userId,
        document: "privacy",
        version: version.privacy,
        context: kind,
        paymentId: created.id,
      },
    ]);
    return created;
  });

  let prepared: Awaited<ReturnType<typeof provider.preparePayment>>;
  try {
    prepared = await provider.preparePayment({
      customerId,
      accountId,
      amountMinor: row.amountMinor,
      currency: priced.currency,
      description: `${describe(row.serviceType, row.quantity)}${kind === "upgrade" ? ", prorated" : ""}`,
      idempotencyKey: `pay-${row.id}`,
      returnUrl: `${config.publicUrl.replace(/\/$/, "")}${CONFIRMATION_PATH}`,
      metadata: { account_id: String(accountId), payment_row_id: String(row.id), kind },
      purchase: {
        planCode: row.serviceType,
        quantity: row.quantity,
        subscriptionId: kind === "upgrade" ? (priced.subscription?.providerSubscriptionId ?? null) : null,
      },
    });
  } catch (err) {
    await db.update(billingPayments).set({ status: "canceled" }).where(eq(billingPayments.id, row.id));
    throw err;
  }
  const [stored] = await db
    .update(billingPayments)
    .set({
      providerPaymentId: prepared.paymentId,
      status: prepared.status,
      providerVersion: prepared.version,
      // A hosted page never comes back through POST upgrade: consent was given here, so the
      // change is wanted as soon as the provider says it is paid.
      ...(prepared.checkout.kind === "hosted" ? { changeRequestedAt: row.changeRequestedAt ?? now } : {}),
      updatedAt: new Date(),
    })
    .where(eq(billingPayments.id, row.id))
    .returning();
  if (!stored) throw new Error("payment vanished");
  return {
    payment: stored,
    checkout: prepared.checkout,
    estimate: priced.estimate,
    testMode: provider.testMode,
  };
}

export interface UpgradeInput {
  serviceType: string;
  capacityTib: number;
  paymentIntentId: string;
}

/**
 * POST upgrade: the change is wanted; it is made now if the provider says the payment succeeded,
 * otherwise when its success event arrives (pending), or not at all (failed).
 */
export async function requestUpgrade(
  billing: Billing,
  viewer: Viewer,
  accountId: number,
  input: UpgradeInput,
  actor: AuditActor,
): Promise<{ state: "applied" | "pending" | "failed"; payment: PaymentRow }> {
  const { db } = billing.ctx;
  const facts = await loadFacts(db, accountId);
  assertMayBuy(viewer, facts);
  const payment = await findPayment(db, accountId, input.paymentIntentId);
  if (!payment) throw notFound(BILLING_MESSAGES.paymentNotFound);
  if (payment.appliedAt) throw conflict(BILLING_MESSAGES.paymentUsed);
  if (payment.status === "canceled") throw conflict(BILLING_MESSAGES.paymentCanceled);
  if (payment.serviceType !== input.serviceType || payment.quantity !== input.capacityTib)
    throw badRequest(BILLING_MESSAGES.paymentMismatch);
  assertMayPayFor(viewer, facts, payment.kind);
  await db
    .update(billingPayments)
    .set({
      changeRequestedAt: sql`coalesce(${billingPayments.changeRequestedAt}, now())`,
      consentReceivedAt: sql`coalesce(${billingPayments.consentReceivedAt}, now())`,
    })
    .where(eq(billingPayments.id, payment.id));
  const remote = await billing.providers.for(payment.provider).getPayment(payment.providerPaymentId);
  const settled = await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    await tx
      .update(billingPayments)
      .set({
        status: remote.status,
        failureMessage: remote.failureMessage,
        providerVersion: remote.version,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(billingPayments.id, payment.id),
          isNull(billingPayments.appliedAt),
          sql`${billingPayments.providerVersion} < ${remote.version}`,
        ),
      );
    // Stripe's webhooks name the payment method only: the card is learnt here, from the payment.
    if (remote.card && remote.status === "succeeded") await rememberCard(tx, accountId, remote.card);
    const applied = await applyPayment(billing, tx, payment.id);
    if (applied) {
      const action = applied.kind === "resubscribe" ? "subscription.reactivated" : "subscription.changed";
      await auditSubscription(tx, actor, viewer, accountId, action, applied);
    }
    const [after] = await tx.select().from(billingPayments).where(eq(billingPayments.id, payment.id));
    return after ?? payment;
  });
  const state = settled.appliedAt
    ? "applied"
    : settled.status === "failed" || settled.status === "canceled"
      ? "failed"
      : "pending";
  return { state, payment: settled };
}

/** chargebee_resubscribe: the hosted page pays; consent was given here, so the change is wanted at once. */
export async function hostedResubscribe(billing: Billing, viewer: Viewer, accountId: number, target: Target) {
  const prepared = await prepare(billing, viewer, accountId, target, {
    resubscribe: true,
    changeRequested: true,
  });
  if (prepared.checkout.kind !== "hosted") throw badRequest(BILLING_MESSAGES.hostedOnly);
  return { url: prepared.checkout.url, payment: prepared.payment };
}

/** The previous plan and capacity of an ended subscription, unless the request names others. */
export async function resubscribeTarget(
  billing: Billing,
  viewer: Viewer,
  accountId: number,
  body: { service_type?: string | undefined; capacity?: number | undefined; unit: "TiB" | "PiB" },
): Promise<Target> {
  const facts = await loadFacts(billing.ctx.db, accountId);
  assertMayResubscribe(viewer, facts);
  const { latest } = facts;
  if (!latest) throw badRequest(BILLING_MESSAGES.noSubscription);
  return {
    serviceType: body.service_type ?? latest.serviceType,
    capacityTib: body.capacity !== undefined ? toTib(body.capacity, body.unit) : latest.quantity,
  };
}

// ---------------------------------------------------------------------------------------------
// Changes of the live subscription that need no new payment

/** One transaction, account locked, judged on the locked rows. */
async function changeLive<T>(
  billing: Billing,
  viewer: Viewer,
  accountId: number,
  change: (tx: Tx, live: SubscriptionRow, facts: SubscriptionFacts) => Promise<T>,
): Promise<T> {
  return billing.ctx.db.transaction(async (tx) => {
    const facts = await loadFacts(tx, accountId, true);
    assertMayManage(viewer, facts);
    return change(tx, facts.live, facts);
  });
}

/** The console's audit of a change a request made: {plan, capacity, on_behalf} (an engineer for a customer). */
async function auditSubscription(
  tx: Tx,
  actor: AuditActor,
  viewer: Viewer,
  accountId: number,
  action:
    | "subscription.changed"
    | "subscription.ended"
    | "subscription.cancelled"
    | "subscription.reactivated",
  sub: { serviceType: string; quantity: number },
) {
  await recordAudit(tx, actor, {
    accountId,
    action,
    details: { plan: sub.serviceType, capacity: sub.quantity, on_behalf: actsOnBehalf(viewer, accountId) },
  });
}

const by = (viewer: Viewer, accountId: number, live: SubscriptionRow) => ({
  accountId,
  subscriptionId: live.id,
  actorUserId: viewer.userId,
  onBehalf: actsOnBehalf(viewer, accountId),
  testMode: live.testMode,
});

/**
 * updatequantity: the same plan, more or less capacity, at once. More is charged to the card on
 * file for the rest of the term (by the provider, reported as an invoice event); less down to the
 * plan's minimum, without a refund.
 */
export async function updateQuantity(
  billing: Billing,
  viewer: Viewer,
  accountId: number,
  input: { productId: number; quantity: number },
): Promise<void> {
  await changeLive(billing, viewer, accountId, async (tx, live) => {
    if (input.productId !== live.productId) throw notFound(BILLING_MESSAGES.productNotFound);
    if (input.quantity === live.quantity) throw badRequest(BILLING_MESSAGES.samePlan);
    const plan = await currentPlan(tx, live.serviceType);
    if (input.quantity < plan.minQuantity)
      throw badRequest(BILLING_MESSAGES.belowMinimum(plan.code, plan.minQuantity));
    if (plan.selfServeCapTib <= 0) throw badRequest(BILLING_MESSAGES.notSelfServe);
    if (input.quantity > plan.selfServeCapTib)
      throw badRequest(BILLING_MESSAGES.aboveCap(plan.selfServeCapTib));
    const estimate = estimateUpgrade(
      {
        price: planPrice(await planById(tx, live.planId)),
        capacityTib: live.quantity,
        periodStart: live.currentPeriodStart,
        periodEnd: live.currentPeriodEnd,
      },
      { price: planPrice(plan), capacityTib: input.quantity },
      live.currency,
      new Date(),
    );
    const sub = await updateSubscription(tx, live.id, {
      quantity: input.quantity,
      planId: plan.id,
      minQuantity: plan.minQuantity,
      quantityUpdatedAt: new Date(),
    });
    const charge = input.quantity > live.quantity ? Math.max(0, estimate.amountDueMinor) : 0;
    await recordEvent(tx, {
      ...by(viewer, accountId, live),
      type: "subscription.quantity_changed",
      summary: `Capacity changed from ${live.quantity} TiB to ${sub.quantity} TiB`,
      data: { from: live.quantity, to: sub.quantity, charge_minor: charge },
    });
    await followChange(
      billing,
      tx,
      sub,
      viewer.userId,
      charge > 0 ? { kind: "charge", amountMinor: charge } : { kind: "none" },
    );
  });
}

export async function setAutoRenew(billing: Billing, viewer: Viewer, accountId: number, enabled: boolean) {
  await changeLive(billing, viewer, accountId, async (tx, live) => {
    if (live.autoRenew === enabled) return;
    const sub = await updateSubscription(tx, live.id, { autoRenew: enabled });
    await recordEvent(tx, {
      ...by(viewer, accountId, live),
      type: "subscription.auto_renew_changed",
      summary: enabled ? "Automatic renewal turned on" : "Automatic renewal turned off",
      data: { enabled },
    });
    await enqueueSync(billing, tx, sub, { kind: "none" });
  });
}

/** POST cancel: the subscription runs to the end of its term, then ends. */
export async function cancel(
  billing: Billing,
  viewer: Viewer,
  accountId: number,
  input: TCancelRequest,
  actor: AuditActor,
) {
  await changeLive(billing, viewer, accountId, async (tx, live) => {
    if (live.cancelAt !== null) throw conflict(BILLING_MESSAGES.alreadyScheduledToCancel);
    const sub = await updateSubscription(tx, live.id, {
      cancelAt: live.currentPeriodEnd,
      cancelReason: input.reason,
      cancelFeedback: input.feedback ?? "",
      cancelRequestedBy: viewer.userId,
      cancelRequestedAt: new Date(),
    });
    await recordEvent(tx, {
      ...by(viewer, accountId, live),
      type: "subscription.cancel_scheduled",
      summary: `Set to cancel on ${live.currentPeriodEnd.toISOString().slice(0, 10)} (${input.reason})`,
      data: { reason: input.reason, cancel_at: live.currentPeriodEnd.toISOString() },
    });
    await auditSubscription(tx, actor, viewer, accountId, "subscription.cancelled", live);
    await enqueueSync(billing, tx, sub, { kind: "none" });
  });
}

/** undo-cancel: only before the cancellation date; after it, resubscribe. */
export async function undoCancel(billing: Billing, viewer: Viewer, accountId: number, actor: AuditActor) {
  await changeLive(billing, viewer, accountId, async (tx, live) => {
    if (live.cancelAt === null) throw conflict(BILLING_MESSAGES.notScheduledToCancel);
    if (live.cancelAt.getTime() <= Date.now()) throw conflict(BILLING_MESSAGES.cancelPassed);
    const sub = await updateSubscription(tx, live.id, {
      cancelAt: null,
      cancelReason: null,
      cancelFeedback: null,
      cancelRequestedBy: null,
      cancelRequestedAt: null,
    });
    await recordEvent(tx, {
      ...by(viewer, accountId, live),
      type: "subscription.cancel_undone",
      summary: "Cancellation undone",
    });
    await auditSubscription(tx, actor, viewer, accountId, "subscription.reactivated", live);
    await enqueueSync(billing, tx, sub, { kind: "none" });
  });
}

/** end/{id} (engineers): the subscription ends now and the licence with it. */
export async function endNow(
  billing: Billing,
  viewer: Viewer,
  accountId: number,
  subscriptionId: number,
  actor: AuditActor,
) {
  assertMayEnd(viewer);
  await billing.ctx.db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.accountId, accountId)))
      .for("update");
    if (!sub) throw notFound(BILLING_MESSAGES.subscriptionNotFound);
    if (sub.endedAt !== null) throw conflict(BILLING_MESSAGES.canceled);
    await endSubscription(billing, tx, sub, new Date(), sub.providerVersion, true);
    await recordEvent(tx, {
      ...by(viewer, accountId, sub),
      type: "subscription.ended",
      summary: "Subscription ended now by an engineer",
    });
    await auditSubscription(tx, actor, viewer, accountId, "subscription.ended", sub);
  });
}
