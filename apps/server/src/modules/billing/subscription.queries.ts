/**
 * What the subscription screens read, always scoped to the account acted on: the subscription
 * with its plan and card, payments, the events page and the accepted policy documents.
 */
import { estimateTerm } from "@portico/shared/rules/billing";
import {
  BILLING_MESSAGES,
  type TCancelInfo,
  type TPayment,
  type TPolicyAcceptance,
  type TSubscriptionDetail,
  type TSubscriptionEvent,
  type TSubscriptionResponse,
} from "@portico/shared/schemas/billing";
import { and, count, desc, eq, isNull, notInArray } from "drizzle-orm";
import {
  accounts,
  billingCustomers,
  billingPayments,
  billingPlans,
  billingProducts,
  policyAcceptances,
  subscriptionEvents,
  subscriptions,
  users,
} from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { notFound } from "../../platform/errors";
import { ACCOUNT_NOT_FOUND } from "../accounts/accounts.policy";
import type { Billing } from "./billing";
import { type SubscriptionFacts, type SubscriptionRow, subscriptionAbilities } from "./billing.policy";
import { currentPlan, planPrice } from "./catalogue.queries";

export type PaymentRow = typeof billingPayments.$inferSelect;

/** The account with its live subscription and its newest one; 404 for an account that does not exist. */
export async function loadFacts(exec: Executor, accountId: number, lock = false): Promise<SubscriptionFacts> {
  const accountQuery = exec.select().from(accounts).where(eq(accounts.id, accountId));
  const [account] = lock ? await accountQuery.for("no key update") : await accountQuery;
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const latestQuery = exec
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  const [latest] = lock ? await latestQuery.for("update") : await latestQuery;
  const live = latest && latest.endedAt === null ? latest : null;
  return { account, live, latest: latest ?? null };
}

export function presentPayment(row: PaymentRow): TPayment {
  return {
    payment_intent_id: row.providerPaymentId,
    kind: row.kind,
    status: row.status,
    plan: row.serviceType as TPayment["plan"],
    capacity_tib: row.quantity,
    amount_minor: row.amountMinor,
    currency: row.currency,
    failure_message: row.failureMessage,
    applied: row.appliedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The account's payment by the provider's id (what the browser names); undefined when not its. */
export async function findPayment(exec: Executor, accountId: number, paymentIntentId: string, lock = false) {
  const query = exec
    .select()
    .from(billingPayments)
    .where(
      and(eq(billingPayments.accountId, accountId), eq(billingPayments.providerPaymentId, paymentIntentId)),
    );
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The newest payment the customer has acted on (a card was tried), if any. */
async function newestPaidAttempt(exec: Executor, accountId: number) {
  const [row] = await exec
    .select()
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.accountId, accountId),
        notInArray(billingPayments.status, ["requires_payment_method", "canceled"]),
      ),
    )
    .orderBy(desc(billingPayments.id))
    .limit(1);
  return row;
}

/** What the next term costs: the current version of the plan for the same capacity. */
export async function termAmountMinor(exec: Executor, sub: SubscriptionRow): Promise<number> {
  const plan = await currentPlan(exec, sub.serviceType);
  return estimateTerm(planPrice(plan), sub.quantity, sub.currency).termMinor;
}

async function presentDetail(
  exec: Executor,
  sub: SubscriptionRow,
  card: TSubscriptionDetail["card"],
): Promise<TSubscriptionDetail> {
  const [row] = await exec
    .select({ plan: billingPlans, productName: billingProducts.name })
    .from(billingPlans)
    .innerJoin(billingProducts, eq(billingProducts.id, billingPlans.productId))
    .where(eq(billingPlans.id, sub.planId));
  if (!row) throw new Error(`plan ${sub.planId} not found`);
  const renews = sub.endedAt === null && sub.autoRenew && sub.cancelAt === null && sub.status !== "canceled";
  return {
    id: sub.id,
    plan: sub.serviceType as TSubscriptionDetail["plan"],
    plan_version: row.plan.version,
    product_id: sub.productId,
    product_name: row.productName,
    status: sub.status,
    quantity_tib: sub.quantity,
    min_quantity: sub.minQuantity,
    quantity_updated_at: sub.quantityUpdatedAt.toISOString(),
    sla_hours: row.plan.slaHours,
    sla_coverage: row.plan.slaCoverage,
    current_period_start: sub.currentPeriodStart.toISOString(),
    current_period_end: sub.currentPeriodEnd.toISOString(),
    auto_renew: sub.autoRenew,
    cancel_at: sub.cancelAt?.toISOString() ?? null,
    cancel_reason: sub.cancelReason,
    ended_at: sub.endedAt?.toISOString() ?? null,
    next_invoice: renews
      ? {
          date: sub.currentPeriodEnd.toISOString(),
          amount_minor: await termAmountMinor(exec, sub),
          currency: sub.currency,
        }
      : null,
    card,
  };
}

/** GET subscription: the account's subscription (live, else the one that ended last) and what the viewer may do. */
export async function subscriptionView(
  billing: Billing,
  exec: Executor,
  viewer: Viewer,
  accountId: number,
): Promise<TSubscriptionResponse> {
  const facts = await loadFacts(exec, accountId);
  const { account, live, latest } = facts;
  const [customer] = await exec
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.accountId, accountId));
  const card =
    customer?.cardBrand && customer.cardLast4
      ? { brand: customer.cardBrand, last4: customer.cardLast4 }
      : null;
  const detail = latest ? await presentDetail(exec, latest, card) : null;
  const attempt = await newestPaidAttempt(exec, accountId);
  const provider = (account.subscriptionProvider ?? latest?.provider ?? null) as
    | TSubscriptionResponse["provider"]
    | null;
  return {
    account_id: account.id,
    company: account.company,
    test_mode: billing.providers.isTestMode(provider ?? billing.ctx.config.billing.defaultProvider),
    provider,
    currency: (account.currencyCode ?? null) as TSubscriptionResponse["currency"],
    account_type: (account.accountType ?? null) as TSubscriptionResponse["account_type"],
    has_support: account.hasSupport,
    subscription: detail,
    subscribed_products:
      live && detail
        ? [
            {
              product_id: live.productId,
              name: detail.product_name,
              plan: detail.plan,
              quantity: live.quantity,
              minQuantity: live.minQuantity,
              quantityUpdatedAt: live.quantityUpdatedAt.toISOString(),
              planVersion: detail.plan_version,
              planSlaHours: detail.sla_hours,
              planSlaCoverage: detail.sla_coverage,
            },
          ]
        : [],
    pending_payment: attempt && attempt.appliedAt === null ? presentPayment(attempt) : null,
    payment_failed: live?.status === "past_due" || attempt?.status === "failed",
    abilities: subscriptionAbilities(viewer, facts),
  };
}

/** GET events: newest first; the provider's event id is for engineers only. */
export async function eventsPage(
  exec: Executor,
  viewer: Viewer,
  accountId: number,
  page: number,
  pageSize: number,
): Promise<{ items: TSubscriptionEvent[]; total: number; page: number; page_size: number }> {
  const where = eq(subscriptionEvents.accountId, accountId);
  const [rows, [total]] = await Promise.all([
    exec
      .select({ event: subscriptionEvents, actor: users.name })
      .from(subscriptionEvents)
      .leftJoin(users, eq(users.id, subscriptionEvents.actorUserId))
      .where(where)
      .orderBy(desc(subscriptionEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    exec.select({ n: count() }).from(subscriptionEvents).where(where),
  ]);
  return {
    items: rows.map(({ event, actor }) => ({
      id: event.id,
      type: event.type as TSubscriptionEvent["type"],
      summary: event.summary,
      source: event.source,
      test_mode: event.testMode,
      outcome: event.outcome,
      occurred_at: event.occurredAt.toISOString(),
      received_at: event.receivedAt.toISOString(),
      actor: actor ?? null,
      on_behalf: event.onBehalf,
      provider_event_id: viewer.isEngineer ? event.providerEventId : null,
    })),
    total: total?.n ?? 0,
    page,
    page_size: pageSize,
  };
}

/** GET cancel: the newest subscription's cancellation, if one is set. */
export async function cancelInfo(exec: Executor, accountId: number): Promise<TCancelInfo> {
  const [row] = await exec
    .select({ sub: subscriptions, by: users.name })
    .from(subscriptions)
    .leftJoin(users, eq(users.id, subscriptions.cancelRequestedBy))
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  if (!row) throw notFound(BILLING_MESSAGES.noSubscription);
  const { sub, by } = row;
  return {
    cancel_at: sub.cancelAt?.toISOString() ?? null,
    reason: (sub.cancelReason ?? null) as TCancelInfo["reason"],
    feedback: sub.cancelFeedback,
    requested_by: sub.cancelAt ? (by ?? null) : null,
    requested_at: sub.cancelRequestedAt?.toISOString() ?? null,
  };
}

/** GET accepted_policy_docs: which document versions the account's people accepted, newest first. */
export async function acceptedPolicyDocs(exec: Executor, accountId: number): Promise<TPolicyAcceptance[]> {
  const rows = await exec
    .select({ row: policyAcceptances, by: users.name })
    .from(policyAcceptances)
    .leftJoin(users, eq(users.id, policyAcceptances.userId))
    .where(eq(policyAcceptances.accountId, accountId))
    .orderBy(desc(policyAcceptances.acceptedAt), desc(policyAcceptances.id));
  return rows.map(({ row, by }) => ({
    document: row.document,
    terms_type: row.termsType,
    version: row.version,
    accepted_by: by ?? null,
    accepted_at: row.acceptedAt.toISOString(),
    context: row.context,
  }));
}

/** Payments prepared but never paid: a new prepare cancels them (the newest price wins). */
export async function unpaidPayments(exec: Executor, accountId: number) {
  return exec
    .select()
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.accountId, accountId),
        isNull(billingPayments.appliedAt),
        notInArray(billingPayments.status, ["succeeded", "failed", "canceled"]),
      ),
    );
}
