/**
 * Who may do what with an organization's subscription (spec §6: "an account owner of a
 * recurring-subscribed, non-cancelled account may manage the subscription"; engineers act on any
 * account's behalf). One function answers the abilities the screen shows; the assert functions
 * refuse with the same reasons, so a hidden button and a refused call always agree.
 */
import { BILLING_MESSAGES, type PaymentKind } from "@portico/shared/schemas/billing";
import type { accounts, subscriptions } from "../../db/schema";
import { membershipRole, type Viewer } from "../../platform/auth/viewer";
import { badRequest, conflict, forbidden, type HttpError } from "../../platform/errors";

export type AccountRow = typeof accounts.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What the rules read: the account, its live subscription and its newest one (live or ended). */
export interface SubscriptionFacts {
  account: AccountRow;
  live: SubscriptionRow | null;
  latest: SubscriptionRow | null;
}

export interface SubscriptionAbilities {
  manage: boolean;
  subscribe: boolean;
  resubscribe: boolean;
  end: boolean;
  reason: string | null;
}

/** Engineers act on any account; a member acts as their role there (an owner, or not). */
function actsAsOwner(viewer: Viewer, accountId: number): boolean {
  return viewer.isEngineer || membershipRole(viewer, accountId) === "owner";
}

/** 403 for a plain user where owners act (before anything of the account is looked up). */
export function assertActsAsOwner(viewer: Viewer, accountId: number): void {
  if (!actsAsOwner(viewer, accountId)) throw forbidden(BILLING_MESSAGES.ownersOnly);
}

/** Owners (of a non-CUSTOM account) and engineers: who may pay for a change at all. */
export function assertMayBuy(viewer: Viewer, facts: SubscriptionFacts): void {
  assertActsAsOwner(viewer, facts.account.id);
  if (!viewer.isEngineer && isCustom(facts)) throw forbidden(BILLING_MESSAGES.customAccount);
}

/** An engineer acting on an organization they do not belong to acts on its behalf. */
export function actsOnBehalf(viewer: Viewer, accountId: number): boolean {
  return viewer.isEngineer && membershipRole(viewer, accountId) === undefined;
}

const isCustom = (facts: SubscriptionFacts) => facts.account.accountType === "CUSTOM";

/** Why the viewer may not change the live subscription, or null when they may. */
function manageRefusal(viewer: Viewer, facts: SubscriptionFacts): HttpError | null {
  if (!actsAsOwner(viewer, facts.account.id)) return forbidden(BILLING_MESSAGES.ownersOnly);
  if (!viewer.isEngineer && isCustom(facts)) return forbidden(BILLING_MESSAGES.customAccount);
  if (!facts.live) {
    return facts.latest ? forbidden(BILLING_MESSAGES.canceled) : badRequest(BILLING_MESSAGES.noSubscription);
  }
  if (facts.live.status === "canceled" || facts.account.planStatus === "canceled")
    return forbidden(BILLING_MESSAGES.canceled);
  if (!viewer.isEngineer && facts.account.accountType !== "SUBSCRIBED")
    return forbidden(BILLING_MESSAGES.customAccount);
  return null;
}

function subscribeRefusal(viewer: Viewer, facts: SubscriptionFacts): HttpError | null {
  if (!actsAsOwner(viewer, facts.account.id)) return forbidden(BILLING_MESSAGES.ownersOnly);
  if (isCustom(facts)) return forbidden(BILLING_MESSAGES.customAccount);
  if (facts.latest) return conflict(BILLING_MESSAGES.alreadySubscribed);
  return null;
}

function resubscribeRefusal(viewer: Viewer, facts: SubscriptionFacts): HttpError | null {
  if (!actsAsOwner(viewer, facts.account.id)) return forbidden(BILLING_MESSAGES.ownersOnly);
  if (isCustom(facts)) return forbidden(BILLING_MESSAGES.customAccount);
  if (!facts.latest) return badRequest(BILLING_MESSAGES.noSubscription);
  if (facts.live) return conflict(BILLING_MESSAGES.notCanceled);
  return null;
}

export function subscriptionAbilities(viewer: Viewer, facts: SubscriptionFacts): SubscriptionAbilities {
  const manage = manageRefusal(viewer, facts);
  return {
    manage: manage === null,
    subscribe: subscribeRefusal(viewer, facts) === null,
    resubscribe: resubscribeRefusal(viewer, facts) === null,
    end: viewer.isEngineer && facts.live !== null,
    reason: manage?.message ?? null,
  };
}

/** Change plan or capacity, auto-renew, cancel, undo a cancellation. */
export function assertMayManage(
  viewer: Viewer,
  facts: SubscriptionFacts,
): asserts facts is SubscriptionFacts & {
  live: SubscriptionRow;
} {
  const refusal = manageRefusal(viewer, facts);
  if (refusal) throw refusal;
}

export function assertMaySubscribe(viewer: Viewer, facts: SubscriptionFacts): void {
  const refusal = subscribeRefusal(viewer, facts);
  if (refusal) throw refusal;
}

export function assertMayResubscribe(viewer: Viewer, facts: SubscriptionFacts): void {
  const refusal = resubscribeRefusal(viewer, facts);
  if (refusal) throw refusal;
}

/** End now: engineers only. */
export function assertMayEnd(viewer: Viewer): void {
  if (!viewer.isEngineer) throw forbidden(BILLING_MESSAGES.engineersOnly);
}

/**
 * The kind of paid change the account is in for (a live subscription: upgrade; none ever:
 * subscribe; an ended one: resubscribe), once the viewer is allowed to make it.
 */
export function assertMayPay(viewer: Viewer, facts: SubscriptionFacts): PaymentKind {
  if (facts.live) {
    assertMayManage(viewer, facts);
    return "upgrade";
  }
  if (facts.latest) {
    assertMayResubscribe(viewer, facts);
    return "resubscribe";
  }
  assertMaySubscribe(viewer, facts);
  return "subscribe";
}

/** The same judgement for a payment prepared earlier: the viewer must still be allowed its kind. */
export function assertMayPayFor(viewer: Viewer, facts: SubscriptionFacts, kind: PaymentKind): void {
  if (kind === "subscribe") assertMaySubscribe(viewer, facts);
  else if (kind === "resubscribe") assertMayResubscribe(viewer, facts);
  else assertMayManage(viewer, facts);
}
