/**
 * `billing.reconcile`: the hourly check that our records and the providers' agree, for what a
 * lost or misordered webhook could leave wrong.
 *
 * - Each live subscription the provider knows (provider_subscription_id set) is compared with the
 *   provider's copy: plan, quantity, status, cancel_at. A difference is recorded for the engineers
 *   as one `reconciliation.mismatch` event (source PORTICO, outcome "recorded") naming each field
 *   ("ours: X, provider: Y"); the next run records nothing while the same difference stays, and one
 *   "matches again" event when it is gone. Nothing is changed: which side is right is the
 *   engineers' call. A subscription changed in the last few minutes is left to its sync job.
 * - Each payment not final for over 10 minutes is read from its provider and the answer fed
 *   through handleProviderEvent as the event `refresh:<payment id>:<status>` (stored once).
 *
 * Provider calls run outside any transaction (the job's own transaction only plans the next run),
 * like the sync job. The job keeps itself going (platform/jobs/recurring.ts): each run plans the
 * next, and start-up adds one when none is pending.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { billingPayments, subscriptionEvents, subscriptions } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import { ensureRecurringJob, type RecurringJob, registerRecurringJob } from "../../platform/jobs/recurring";
import type { Billing } from "./billing";
import type { SubscriptionRow } from "./billing.policy";
import { handleProviderEvent } from "./events";
import type { BillingProvider, ProviderEvent, ProviderSubscription } from "./provider";
import type { PaymentRow } from "./subscription.queries";

export const RECONCILE_JOB = "billing.reconcile";
export const RECONCILE_EVERY_MS = 60 * 60 * 1000;
/** A payment not final for this long is asked about (a webhook may have been lost). */
export const STUCK_PAYMENT_AFTER_MS = 10 * 60 * 1000;
/** Older attempts are abandoned checkouts, not stuck payments. */
const STUCK_PAYMENT_WITHIN_MS = 3 * 24 * 60 * 60 * 1000;
/** A change this recent may still be on its way to the provider (sync.ts). */
const SETTLING_MS = 10 * 60 * 1000;
/** Any fixed key: the start-up check of the job's pending row. */
const RECONCILE_LOCK = 720_015;

export interface Difference {
  field: "plan" | "quantity" | "status" | "cancel_at";
  ours: string;
  provider: string;
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 19).concat("Z") : "none");
/** Whole seconds: Stripe and Chargebee keep their times to the second. */
const sameSecond = (a: Date | null, b: Date | null) =>
  Math.floor((a?.getTime() ?? -1) / 1000) === Math.floor((b?.getTime() ?? -1) / 1000);

/** Where ours and the provider's copy of one subscription differ. */
export function compareSubscription(sub: SubscriptionRow, remote: ProviderSubscription): Difference[] {
  const differences: Difference[] = [];
  if (remote.planCode.toUpperCase() !== sub.serviceType.toUpperCase())
    differences.push({ field: "plan", ours: sub.serviceType, provider: remote.planCode || "none" });
  if (remote.quantity !== sub.quantity)
    differences.push({ field: "quantity", ours: String(sub.quantity), provider: String(remote.quantity) });
  if (remote.status !== sub.status)
    differences.push({ field: "status", ours: sub.status, provider: remote.status });
  // Ours ends at the term's end when cancelled or not renewing; the provider then has cancel_at.
  const ourCancelAt = sub.cancelAt ?? (sub.autoRenew ? null : sub.currentPeriodEnd);
  if (!sameSecond(ourCancelAt, remote.cancelAt))
    differences.push({ field: "cancel_at", ours: day(ourCancelAt), provider: day(remote.cancelAt) });
  return differences;
}

const describeDifferences = (provider: string, differences: Difference[]) =>
  differences.length === 0
    ? `Matches ${provider} again`
    : `Differs from ${provider}: ${differences.map((d) => `${d.field} ours: ${d.ours}, provider: ${d.provider}`).join("; ")}`;

/** Records the differences found, unless the subscription's latest record already says so. */
async function recordDifferences(billing: Billing, sub: SubscriptionRow, differences: Difference[]) {
  await billing.ctx.db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ summary: subscriptionEvents.summary })
      .from(subscriptionEvents)
      .where(
        and(
          eq(subscriptionEvents.subscriptionId, sub.id),
          eq(subscriptionEvents.type, "reconciliation.mismatch"),
          eq(subscriptionEvents.outcome, "recorded"),
        ),
      )
      .orderBy(desc(subscriptionEvents.id))
      .limit(1);
    const summary = describeDifferences(sub.provider, differences);
    // The summary names every difference: the same summary is the same difference.
    if (latest ? latest.summary === summary : differences.length === 0) return;
    await tx.insert(subscriptionEvents).values({
      accountId: sub.accountId,
      subscriptionId: sub.id,
      source: "PORTICO",
      testMode: sub.testMode,
      type: "reconciliation.mismatch",
      outcome: "recorded",
      summary,
      data: { differences, provider_subscription_id: sub.providerSubscriptionId },
      occurredAt: new Date(),
    });
  });
}

/** The provider that bills this name here (real or test mode), or none. */
function providerOf(billing: Billing, name: SubscriptionRow["provider"]): BillingProvider | undefined {
  try {
    return billing.providers.for(name);
  } catch {
    return undefined;
  }
}

const FINAL_PAYMENT = new Set(["succeeded", "failed", "canceled"]);

/**
 * Asks the provider about a payment not final here and applies the answer as an event stored
 * once. With no provider given, only a real provider is asked (GET payments/:id, on the browser's
 * return from a hosted page or a 3-D Secure redirect; the test-mode provider sends its own events).
 * A provider that cannot be reached leaves the payment as it was. Answers the payment as it is now.
 */
export async function refreshPayment(
  billing: Billing,
  payment: PaymentRow,
  provider: BillingProvider | undefined = billing.providers.real(payment.provider),
): Promise<PaymentRow> {
  if (!provider || payment.appliedAt || FINAL_PAYMENT.has(payment.status)) return payment;
  const { db } = billing.ctx;
  let remote: Awaited<ReturnType<BillingProvider["getPayment"]>>;
  try {
    remote = await provider.getPayment(payment.providerPaymentId);
  } catch {
    return payment;
  }
  // Nothing happened since: no event to store.
  if (remote.status === payment.status || remote.status === "requires_payment_method") return payment;
  const event: ProviderEvent = {
    provider: payment.provider,
    testMode: provider.testMode,
    id: `refresh:${payment.providerPaymentId}:${remote.status}`,
    type: `payment.${remote.status}`,
    occurredAt: new Date(),
    object: { kind: "payment", id: payment.providerPaymentId, version: remote.version },
    payment: remote,
    data: { refreshed_from_provider: true, status: remote.status, failure_message: remote.failureMessage },
  };
  await db.transaction((tx) => handleProviderEvent(billing, tx, event));
  const [now] = await db.select().from(billingPayments).where(eq(billingPayments.id, payment.id));
  return now ?? payment;
}

export interface ReconcileReport {
  compared: number;
  refreshed: number;
  failures: number;
}

/** One run: every live subscription compared, every stuck payment refreshed. */
export async function reconcile(billing: Billing, now = new Date()): Promise<ReconcileReport> {
  const { db } = billing.ctx;
  const report: ReconcileReport = { compared: 0, refreshed: 0, failures: 0 };
  const live = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.endedAt),
        isNotNull(subscriptions.providerSubscriptionId),
        lt(subscriptions.updatedAt, new Date(now.getTime() - SETTLING_MS)),
      ),
    )
    .orderBy(subscriptions.id);
  for (const sub of live) {
    const provider = providerOf(billing, sub.provider);
    if (!provider || !sub.providerSubscriptionId) continue;
    try {
      const remote = await provider.getSubscription(sub.providerSubscriptionId);
      await recordDifferences(billing, sub, compareSubscription(sub, remote));
      report.compared++;
    } catch {
      report.failures++;
    }
  }
  const stuck = await db
    .select()
    .from(billingPayments)
    .where(
      and(
        isNull(billingPayments.appliedAt),
        or(
          eq(billingPayments.status, "processing"),
          and(
            eq(billingPayments.status, "requires_payment_method"),
            isNotNull(billingPayments.changeRequestedAt),
          ),
        ),
        lt(billingPayments.updatedAt, new Date(now.getTime() - STUCK_PAYMENT_AFTER_MS)),
        gt(billingPayments.createdAt, new Date(now.getTime() - STUCK_PAYMENT_WITHIN_MS)),
        inArray(billingPayments.provider, ["STRIPE", "CHARGEBEE"]),
      ),
    )
    .orderBy(billingPayments.id);
  for (const payment of stuck) {
    const provider = providerOf(billing, payment.provider);
    if (!provider) continue;
    try {
      const after = await refreshPayment(billing, payment, provider);
      if (after.status !== payment.status || after.appliedAt) report.refreshed++;
    } catch {
      report.failures++;
    }
  }
  return report;
}

/** Runs started after their job's commit, per app: tests wait for them. */
const running = new WeakMap<AppContext, Set<Promise<unknown>>>();

export async function reconcilesSettled(ctx: AppContext): Promise<void> {
  await Promise.allSettled([...(running.get(ctx) ?? [])]);
}

const RECONCILING: RecurringJob = {
  kind: RECONCILE_JOB,
  lockKey: RECONCILE_LOCK,
  everyMs: RECONCILE_EVERY_MS,
};

export function registerReconcileJob(billing: Billing): void {
  const { ctx } = billing;
  const inFlight = running.get(ctx) ?? new Set<Promise<unknown>>();
  running.set(ctx, inFlight);
  registerRecurringJob(ctx.jobs, RECONCILING, async (_tx, _payload, afterCommit) => {
    afterCommit(() => {
      const run = reconcile(billing)
        .catch(() => undefined)
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    });
  });
}

/** Exactly one run pending: added at start-up when there is none. */
export const ensureReconcileScheduled = (ctx: AppContext): Promise<void> =>
  ensureRecurringJob(ctx, RECONCILING);
