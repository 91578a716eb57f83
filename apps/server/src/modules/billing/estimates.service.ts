/**
 * What a change to an account's subscription costs (issue 14). `priceChange` is the one place a
 * paid change is priced: the estimate the screen shows (GET estimate/upgrade) and the amount
 * upgrade/prepare asks the provider for come from the same call, so they cannot disagree.
 */
import {
  BILLING_TERM_MONTHS,
  type Currency,
  estimateTerm,
  estimateUpgrade,
  judgeCapacity,
  type TermEstimate,
  termEnd,
} from "@portico/shared/rules/billing";
import { BILLING_MESSAGES, type TTermEstimate, type TUpgradeEstimate } from "@portico/shared/schemas/billing";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { type accounts, subscriptions } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { badRequest } from "../../platform/errors";
import { currentPlan, type PlanRow, planById, planPrice } from "./catalogue.queries";

export type AccountRow = typeof accounts.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaidChangeKind = "subscribe" | "upgrade" | "resubscribe";

export interface ChangeTarget {
  serviceType: string;
  capacityTib: number;
  currency?: Currency | undefined;
}

export type PricedChange =
  | { kind: "contact-sales"; capTib: number; paymentKind: PaidChangeKind; estimate: TUpgradeEstimate }
  | {
      kind: "ok";
      paymentKind: PaidChangeKind;
      /** The target plan's current version. */
      plan: PlanRow;
      capacityTib: number;
      currency: Currency;
      /** The live subscription (upgrade), the latest ended one (resubscribe), or null (subscribe). */
      subscription: SubscriptionRow | null;
      /** The subscription's version the amount was priced on (null for a first subscription). */
      baseVersion: number | null;
      estimate: TUpgradeEstimate;
      amountDueMinor: number;
    };

const DAY_SECONDS = 86_400;

/** The account's live subscription (not ended), if any. */
export async function liveSubscription(
  exec: Executor,
  accountId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await exec
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), isNull(subscriptions.endedAt)));
  return row;
}

/** The account's most recent ended subscription, if any (what a resubscription follows). */
export async function latestEndedSubscription(
  exec: Executor,
  accountId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await exec
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), isNotNull(subscriptions.endedAt)))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row;
}

/**
 * The currency an account is billed in: fixed once set (a different one asked for is refused),
 * else the one asked for, else USD.
 */
export function accountCurrency(
  account: Pick<AccountRow, "currencyCode">,
  requested: Currency | undefined,
): Currency {
  const fixed = account.currencyCode as Currency | null;
  if (fixed) {
    if (requested && requested !== fixed) throw badRequest(BILLING_MESSAGES.currencyFixed(fixed));
    return fixed;
  }
  return requested ?? "USD";
}

export function presentTermEstimate(estimate: TermEstimate): TTermEstimate {
  return {
    plan: estimate.plan as TTermEstimate["plan"],
    plan_version: estimate.planVersion,
    currency: estimate.currency,
    capacity_tib: estimate.capacityTib,
    per_tib_month_minor: estimate.perTibMonthMinor,
    monthly_minor: estimate.monthlyMinor,
    term_minor: estimate.termMinor,
    term_months: BILLING_TERM_MONTHS,
  };
}

const wholeDaysLeft = (seconds: number) => Math.ceil(seconds / DAY_SECONDS);

/** A new term starting now: the whole term is charged, nothing is credited. */
function newTermEstimate(
  kind: PaidChangeKind,
  plan: PlanRow,
  capacityTib: number,
  currency: Currency,
  now: Date,
): TUpgradeEstimate {
  const term = estimateTerm(planPrice(plan), capacityTib, currency);
  const end = termEnd(now);
  return {
    kind,
    contact_sales: false,
    self_serve_cap_tib: plan.selfServeCapTib,
    current: null,
    target: presentTermEstimate(term),
    credit_minor: 0,
    charge_minor: term.termMinor,
    amount_due_minor: term.termMinor,
    next_renewal_minor: term.termMinor,
    period_end: end.toISOString(),
    remaining_days: wholeDaysLeft((end.getTime() - now.getTime()) / 1000),
  };
}

/**
 * Prices moving `account` to `target` now: a first subscription, a resubscription (a new term),
 * or a change of the live subscription prorated over what is left of its term. Above the plan's
 * self-serve cap (or on a plan never sold on its own) the answer is contact-sales. Refuses (400) a
 * capacity below the plan's minimum, a currency other than the account's, the current plan and
 * capacity again, and a change that would cost less than nothing.
 */
export async function priceChange(
  exec: Executor,
  account: AccountRow,
  target: ChangeTarget,
  now: Date,
): Promise<PricedChange> {
  const live = (await liveSubscription(exec, account.id)) ?? null;
  const ended = live ? null : ((await latestEndedSubscription(exec, account.id)) ?? null);
  const subscription = live ?? ended;
  const paymentKind: PaidChangeKind = live ? "upgrade" : ended ? "resubscribe" : "subscribe";
  const currency = accountCurrency(
    { currencyCode: account.currencyCode ?? subscription?.currency ?? null },
    target.currency,
  );
  if (live && live.serviceType === target.serviceType && live.quantity === target.capacityTib)
    throw badRequest(BILLING_MESSAGES.samePlan);

  const plan = await currentPlan(exec, target.serviceType);
  const price = planPrice(plan);
  const verdict = judgeCapacity(price, target.capacityTib);
  if (verdict.kind === "below-minimum")
    throw badRequest(BILLING_MESSAGES.belowMinimum(plan.code, verdict.minQuantity));

  const currentRow = live ? await planById(exec, live.planId) : null;
  const currentTerm =
    live && currentRow ? estimateTerm(planPrice(currentRow), live.quantity, currency) : null;
  if (verdict.kind === "contact-sales") {
    return {
      kind: "contact-sales",
      capTib: verdict.capTib,
      paymentKind,
      estimate: {
        kind: paymentKind,
        contact_sales: true,
        self_serve_cap_tib: verdict.capTib,
        current: currentTerm ? presentTermEstimate(currentTerm) : null,
        target: null,
        credit_minor: 0,
        charge_minor: 0,
        amount_due_minor: 0,
        next_renewal_minor: 0,
        period_end: live ? live.currentPeriodEnd.toISOString() : null,
        remaining_days: 0,
      },
    };
  }

  let estimate: TUpgradeEstimate;
  if (live && currentRow) {
    const change = estimateUpgrade(
      {
        price: planPrice(currentRow),
        capacityTib: live.quantity,
        periodStart: live.currentPeriodStart,
        periodEnd: live.currentPeriodEnd,
      },
      { price, capacityTib: target.capacityTib },
      currency,
      now,
    );
    if (change.amountDueMinor < 0) throw badRequest(BILLING_MESSAGES.downgrade);
    estimate = {
      kind: paymentKind,
      contact_sales: false,
      self_serve_cap_tib: plan.selfServeCapTib,
      current: presentTermEstimate(change.current),
      target: presentTermEstimate(change.target),
      credit_minor: change.creditMinor,
      charge_minor: change.chargeMinor,
      amount_due_minor: change.amountDueMinor,
      next_renewal_minor: change.nextRenewalMinor,
      period_end: live.currentPeriodEnd.toISOString(),
      remaining_days: wholeDaysLeft(change.remainingSeconds),
    };
  } else {
    estimate = newTermEstimate(paymentKind, plan, target.capacityTib, currency, now);
  }
  return {
    kind: "ok",
    paymentKind,
    plan,
    capacityTib: target.capacityTib,
    currency,
    subscription,
    baseVersion: subscription?.version ?? null,
    estimate,
    amountDueMinor: estimate.amount_due_minor,
  };
}
