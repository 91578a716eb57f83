/**
 * `billing.sync-provider`: makes the provider's subscription match ours after every change
 * (create, plan or quantity, cancel at the term's end, undo, end now), with idempotency keys derived
 * from the subscription and its version, so a repeat is the same call to the provider.
 *
 * A provider call must not run inside a transaction (and the test-mode provider on PGlite, whose
 * calls take the one connection, would wait forever for the job batch's). So the job, in its
 * transaction, only schedules its own retry and hands the call to after-commit; a call that
 * succeeds deletes that retry. A crash or failure leaves the retry to run later, with backoff.
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { billingCustomers, billingPayments, jobs, subscriptionEvents, subscriptions } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import type { Billing } from "./billing";
import type { SubscriptionRow } from "./billing.policy";
import type { ChangeSubscriptionInput, ProviderSubscription } from "./provider";
import { termAmountMinor } from "./subscription.queries";

export const SYNC_JOB = "billing.sync-provider";
const MAX_ATTEMPTS = 6;
/** Seconds before attempt n + 1: 30 s, 2 min, 8 min, … */
const retryAfterSeconds = (attempt: number) => 30 * 4 ** (attempt - 1);

export type SyncBilling = ChangeSubscriptionInput["billing"];

const ZSyncJob = z.object({
  subscriptionId: z.number(),
  version: z.number(),
  billing: z
    .union([
      z.object({ kind: z.literal("paid"), paymentId: z.string() }),
      z.object({ kind: z.literal("charge"), amountMinor: z.number() }),
      z.object({ kind: z.literal("none") }),
    ])
    .default({ kind: "none" }),
  attempt: z.number().default(1),
});
type SyncJob = z.infer<typeof ZSyncJob>;

/** In the transaction of the change: the provider hears of it after commit. */
export async function enqueueSync(
  billing: Billing,
  exec: Executor,
  sub: SubscriptionRow,
  charge: SyncBilling,
) {
  const job: SyncJob = { subscriptionId: sub.id, version: sub.version, billing: charge, attempt: 1 };
  await billing.ctx.jobs.enqueue(exec, SYNC_JOB, job);
}

/** Syncs running after their job's commit, per app: tests wait for them. */
const running = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves when every provider sync started so far has finished (tests). */
export async function syncsSettled(ctx: AppContext): Promise<void> {
  for (;;) {
    const pending = [...(running.get(ctx) ?? [])];
    if (pending.length === 0) return;
    await Promise.allSettled(pending);
  }
}

export function registerSyncJob(billing: Billing): void {
  const { ctx } = billing;
  const inFlight = running.get(ctx) ?? new Set<Promise<void>>();
  running.set(ctx, inFlight);
  ctx.jobs.register(SYNC_JOB, async (tx, payload, afterCommit) => {
    const job = ZSyncJob.parse(payload);
    let retryId: number | null = null;
    if (job.attempt < MAX_ATTEMPTS) {
      const [retry] = await tx
        .insert(jobs)
        .values({
          kind: SYNC_JOB,
          payload: { ...job, attempt: job.attempt + 1 },
          runAt: sql`now() + make_interval(secs => ${retryAfterSeconds(job.attempt)})`,
        })
        .returning({ id: jobs.id });
      retryId = retry?.id ?? null;
    }
    afterCommit(() => {
      const run = syncProvider(billing, job)
        .then(async () => {
          if (retryId !== null) await ctx.db.delete(jobs).where(eq(jobs.id, retryId));
        })
        .catch(async (err) => {
          // The retry scheduled above runs later; after the last attempt engineers are told.
          if (retryId === null) await recordSyncFailure(billing, job, err).catch(() => undefined);
        })
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    });
  });
}

/** The last attempt failed: engineers see it among the account's events. */
async function recordSyncFailure(billing: Billing, job: SyncJob, err: unknown) {
  const { db } = billing.ctx;
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, job.subscriptionId));
  if (!sub) return;
  await db.insert(subscriptionEvents).values({
    accountId: sub.accountId,
    subscriptionId: sub.id,
    source: "PORTICO",
    testMode: sub.testMode,
    type: "reconciliation.mismatch",
    outcome: "failed",
    summary: `The provider's copy of this subscription could not be updated: ${String(err).slice(0, 300)}`,
    data: { version: job.version },
    occurredAt: new Date(),
  });
}

/** One sync, outside any transaction: read ours, compare with the provider's, call what differs. */
export async function syncProvider(billing: Billing, job: SyncJob): Promise<void> {
  const { db } = billing.ctx;
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, job.subscriptionId));
  if (!sub) return;
  const provider = billing.providers.for(sub.provider);
  const key = (op: string) => `sync-${sub.id}-v${sub.version}-${op}`;
  let remote: ProviderSubscription;
  if (sub.providerSubscriptionId === null) {
    // Never created at the provider and already over: nothing to tell it.
    if (sub.endedAt !== null) return;
    const [customer] = await db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.accountId, sub.accountId));
    if (!customer) throw new Error(`account ${sub.accountId} has no billing customer`);
    const [first] = await db
      .select({ providerPaymentId: billingPayments.providerPaymentId })
      .from(billingPayments)
      .where(
        and(
          eq(billingPayments.subscriptionId, sub.id),
          inArray(billingPayments.kind, ["subscribe", "resubscribe"]),
          isNotNull(billingPayments.appliedAt),
        ),
      )
      .limit(1);
    remote = await provider.createSubscription({
      customerId: customer.customerId,
      accountId: sub.accountId,
      planCode: sub.serviceType,
      quantity: sub.quantity,
      currency: sub.currency,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      paymentId: first?.providerPaymentId ?? "",
      termAmountMinor: await termAmountMinor(db, sub),
      // Once per subscription, whatever its version: a second create would be a second subscription.
      idempotencyKey: `sync-${sub.id}-create`,
    });
    await db
      .update(subscriptions)
      .set({ providerSubscriptionId: remote.subscriptionId })
      .where(and(eq(subscriptions.id, sub.id), sql`${subscriptions.providerSubscriptionId} is null`));
  } else {
    remote = await provider.getSubscription(sub.providerSubscriptionId);
  }
  const id = remote.subscriptionId;
  if (sub.endedAt !== null) {
    if (remote.status !== "canceled") remote = await provider.cancelSubscription(id, false, key("end"));
    return;
  }
  if (remote.status === "canceled") return;
  // A quantity increase is charged by the change that queued it, even when a later change has
  // already brought the provider's copy up to date: keyed by that change's version, once.
  const charges = job.billing.kind === "charge";
  if (charges || remote.planCode !== sub.serviceType || remote.quantity !== sub.quantity) {
    remote = await provider.changeSubscription({
      subscriptionId: id,
      planCode: sub.serviceType,
      quantity: sub.quantity,
      billing: job.billing,
      termAmountMinor: await termAmountMinor(db, sub),
      idempotencyKey: `sync-${sub.id}-v${job.version}-change`,
    });
  }
  const endsAtTermEnd = sub.cancelAt !== null || !sub.autoRenew;
  if (endsAtTermEnd && remote.cancelAt === null) await provider.cancelSubscription(id, true, key("cancel"));
  else if (!endsAtTermEnd && remote.cancelAt !== null) await provider.undoCancel(id, key("undo"));
}
