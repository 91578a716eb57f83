/**
 * Subscription events: every provider event stored once, and every change made here recorded
 * beside them (source PORTICO). A provider event is applied in the transaction that stores it, so
 * a failure leaves neither the row nor half a change, and the provider's retry finds nothing stored.
 * Its object's version orders it: an event no newer than what we hold is kept as stale, unapplied.
 */
import { formatMoney } from "@portico/shared/rules/billing";
import type { SubscriptionEventType } from "@portico/shared/schemas/billing";
import { and, eq, sql } from "drizzle-orm";
import {
  accounts,
  billingCustomers,
  billingPayments,
  subscriptionEvents,
  subscriptions,
} from "../../db/schema";
import type { Tx } from "../../platform/db/client";
import type { Billing } from "./billing";
import type { ProviderEvent } from "./provider";
import {
  applyPayment,
  endSubscription,
  lockAccount,
  mirrorOntoAccount,
  renewSubscription,
} from "./subscription.service";

type EventOutcome = (typeof subscriptionEvents.$inferInsert)["outcome"];

export interface PorticoEvent {
  accountId: number;
  subscriptionId: number | null;
  type: SubscriptionEventType;
  summary: string;
  data?: Record<string, unknown>;
  actorUserId: number | null;
  onBehalf: boolean;
  testMode: boolean;
  /** "failed" for a change refused after the fact (a payment for a stale price). */
  outcome?: "applied" | "failed";
}

/** A change made here, in the transaction that made it. */
export async function recordEvent(tx: Tx, event: PorticoEvent): Promise<void> {
  await tx.insert(subscriptionEvents).values({
    accountId: event.accountId,
    subscriptionId: event.subscriptionId,
    source: "PORTICO",
    testMode: event.testMode,
    type: event.type,
    outcome: event.outcome ?? "applied",
    summary: event.summary,
    data: event.data ?? {},
    actorUserId: event.actorUserId,
    onBehalf: event.onBehalf,
    occurredAt: new Date(),
  });
}

/** Which of our rows the event is about; undefined when none (kept as unmatched). */
async function match(tx: Tx, event: ProviderEvent) {
  if (event.object.kind === "payment") {
    const [payment] = await tx
      .select({
        id: billingPayments.id,
        accountId: billingPayments.accountId,
        subscriptionId: billingPayments.subscriptionId,
      })
      .from(billingPayments)
      .where(
        and(
          eq(billingPayments.provider, event.provider),
          eq(billingPayments.providerPaymentId, event.object.id),
        ),
      );
    return (
      payment && {
        accountId: payment.accountId,
        subscriptionId: payment.subscriptionId,
        paymentId: payment.id,
      }
    );
  }
  if (event.object.kind === "customer") {
    const [customer] = await tx
      .select({ accountId: billingCustomers.accountId })
      .from(billingCustomers)
      .where(
        and(eq(billingCustomers.provider, event.provider), eq(billingCustomers.customerId, event.object.id)),
      );
    return customer && { accountId: customer.accountId, subscriptionId: null, paymentId: null };
  }
  const providerSubscriptionId =
    event.object.kind === "invoice"
      ? (event.invoice?.subscriptionId ?? event.subscription?.subscriptionId)
      : event.object.id;
  if (!providerSubscriptionId) return undefined;
  const [sub] = await tx
    .select({ id: subscriptions.id, accountId: subscriptions.accountId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, event.provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    );
  return sub && { accountId: sub.accountId, subscriptionId: sub.id, paymentId: null };
}

function summaryOf(event: ProviderEvent): string {
  const money = (minor: number, currency: "USD" | "EUR") => formatMoney(minor, currency);
  const p = event.payment;
  switch (event.type) {
    case "payment.processing":
      return p ? `Payment of ${money(p.amountMinor, p.currency)} is processing` : "Payment is processing";
    case "payment.succeeded":
      return p ? `Payment of ${money(p.amountMinor, p.currency)} succeeded` : "Payment succeeded";
    case "payment.failed":
      return `Payment failed${p?.failureMessage ? `: ${p.failureMessage}` : ""}`;
    case "payment.canceled":
      return "Payment cancelled";
    case "invoice.paid":
      return event.invoice
        ? `Invoice of ${money(event.invoice.amountMinor, event.invoice.currency)} paid (${event.invoice.reason})`
        : "Invoice paid";
    case "invoice.payment_failed":
      return `Invoice payment failed${p?.failureMessage ? `: ${p.failureMessage}` : ""}`;
    case "subscription.canceled":
    case "subscription.ended":
      return "Subscription ended";
    case "subscription.cancel_scheduled":
      return "Subscription set to cancel at the end of the term";
    case "subscription.cancel_undone":
      return "Subscription cancellation undone";
    case "subscription.past_due":
      return "Subscription past due";
    case "subscription.renewed":
      return "Subscription renewed";
    default:
      return event.type;
  }
}

/**
 * Applies one delivery of a provider event. Duplicates (the same id again, even ten at once) are
 * stopped by the unique (source, provider_event_id) insert; everything after it runs at most once.
 */
export async function handleProviderEvent(
  billing: Billing,
  tx: Tx,
  event: ProviderEvent,
): Promise<EventOutcome | "duplicate"> {
  const matched = await match(tx, event);
  const [stored] = await tx
    .insert(subscriptionEvents)
    .values({
      accountId: matched?.accountId ?? (await namedAccount(tx, event.accountHint)),
      subscriptionId: matched?.subscriptionId ?? null,
      source: event.provider,
      testMode: event.testMode,
      providerEventId: event.id,
      type: event.type,
      objectId: event.object.id,
      objectVersion: event.object.version,
      outcome: matched ? "recorded" : "unmatched",
      summary: summaryOf(event),
      data: event.data,
      occurredAt: event.occurredAt,
    })
    .onConflictDoNothing({ target: [subscriptionEvents.source, subscriptionEvents.providerEventId] })
    .returning({ id: subscriptionEvents.id });
  if (!stored) return "duplicate";
  if (!matched) return "unmatched";
  // The account first, as every change of its subscription locks it: no lock-order deadlocks.
  await lockAccount(tx, matched.accountId);
  const outcome = await apply(billing, tx, event, matched);
  if (outcome !== "recorded")
    await tx.update(subscriptionEvents).set({ outcome }).where(eq(subscriptionEvents.id, stored.id));
  return outcome;
}

/** The account the provider's records name for an event we cannot match, when it exists. */
async function namedAccount(tx: Tx, accountId: number | undefined): Promise<number | null> {
  if (accountId === undefined) return null;
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  return row?.id ?? null;
}

async function apply(
  billing: Billing,
  tx: Tx,
  event: ProviderEvent,
  matched: { accountId: number; subscriptionId: number | null; paymentId: number | null },
): Promise<EventOutcome> {
  if (matched.paymentId !== null) return applyPaymentEvent(billing, tx, event, matched.paymentId);
  if (event.object.kind === "customer") return "recorded";
  if (matched.subscriptionId === null) return "recorded";
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, matched.subscriptionId))
    .for("update");
  if (!sub) return "unmatched";
  // Invoices are new objects each; the subscription's own events are ordered by its version.
  if (event.object.kind === "subscription" && event.object.version <= sub.providerVersion) return "stale";
  const providerVersion = Math.max(sub.providerVersion, event.object.version);
  const remote = event.subscription;
  switch (event.type) {
    case "invoice.paid": {
      if (event.invoice?.reason === "renewal") {
        const renewed = await renewSubscription(tx, sub, remote ?? null, providerVersion);
        return renewed ? "applied" : "recorded";
      }
      if (sub.status === "past_due") {
        await setStatus(tx, sub, "active", providerVersion);
        return "applied";
      }
      return "recorded";
    }
    case "invoice.payment_failed":
    case "subscription.past_due": {
      if (sub.endedAt !== null || sub.status === "past_due") return "recorded";
      await setStatus(tx, sub, "past_due", providerVersion);
      return "applied";
    }
    case "subscription.canceled":
    case "subscription.ended": {
      if (sub.endedAt !== null) return "recorded";
      await endSubscription(billing, tx, sub, remote?.endedAt ?? event.occurredAt, providerVersion);
      return "applied";
    }
    case "subscription.renewed": {
      const renewed = await renewSubscription(tx, sub, remote ?? null, providerVersion);
      return renewed ? "applied" : "recorded";
    }
    default: {
      if (!remote || sub.endedAt !== null) return "recorded";
      return (await mirrorCancellation(tx, sub, remote.cancelAt, providerVersion)) ? "applied" : "recorded";
    }
  }
}

async function setStatus(
  tx: Tx,
  sub: typeof subscriptions.$inferSelect,
  status: "active" | "past_due",
  providerVersion: number,
) {
  const [updated] = await tx
    .update(subscriptions)
    .set({ status, providerVersion, version: sql`${subscriptions.version} + 1`, updatedAt: new Date() })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  if (updated) await mirrorOntoAccount(tx, updated);
}

/**
 * A cancellation the provider reports that we do not hold (made in its own dashboard, say). Our
 * own cancel and auto-renew changes come back as echoes that already match, and change nothing.
 */
async function mirrorCancellation(
  tx: Tx,
  sub: typeof subscriptions.$inferSelect,
  remoteCancelAt: Date | null,
  providerVersion: number,
): Promise<boolean> {
  const wantsEnd = sub.cancelAt !== null || !sub.autoRenew;
  const set =
    remoteCancelAt !== null && !wantsEnd
      ? { cancelAt: remoteCancelAt }
      : remoteCancelAt === null && sub.cancelAt !== null
        ? {
            cancelAt: null,
            cancelReason: null,
            cancelFeedback: null,
            cancelRequestedBy: null,
            cancelRequestedAt: null,
          }
        : null;
  await tx
    .update(subscriptions)
    .set({
      providerVersion,
      ...(set ? { ...set, version: sql`${subscriptions.version} + 1`, updatedAt: new Date() } : {}),
    })
    .where(eq(subscriptions.id, sub.id));
  return set !== null;
}

async function applyPaymentEvent(
  billing: Billing,
  tx: Tx,
  event: ProviderEvent,
  paymentId: number,
): Promise<EventOutcome> {
  const [payment] = await tx
    .select()
    .from(billingPayments)
    .where(eq(billingPayments.id, paymentId))
    .for("update");
  if (!payment) return "unmatched";
  if (event.object.version <= payment.providerVersion) return "stale";
  const remote = event.payment;
  await tx
    .update(billingPayments)
    .set({
      providerVersion: event.object.version,
      updatedAt: new Date(),
      ...(remote ? { status: remote.status, failureMessage: remote.failureMessage } : {}),
    })
    .where(eq(billingPayments.id, paymentId));
  if (remote?.card) await rememberCard(tx, payment.accountId, remote.card);
  if (remote?.status === "succeeded") await applyPayment(billing, tx, paymentId);
  return "applied";
}

/** The card a payment was made with becomes the account's card on file (as the provider reported it). */
export async function rememberCard(tx: Tx, accountId: number, card: { brand: string; last4: string }) {
  await tx
    .update(billingCustomers)
    .set({ cardBrand: card.brand, cardLast4: card.last4 })
    .where(eq(billingCustomers.accountId, accountId));
}
