/**
 * Stripe's webhooks in: the delivery verified on its raw body with the SDK
 * (`Stripe.webhooks.constructEvent`: an HMAC-SHA256 of "<timestamp>.<body>" under the endpoint's
 * signing secret, any of the header's v1 signatures matching — Stripe signs with the old and the
 * new secret while one is rolled — and the signed timestamp no older than 5 minutes, measured
 * against `now`), then turned into a ProviderEvent.
 *
 * Versions (ordering; events.ts keeps an event no newer than what we hold as stale). Stripe's
 * objects carry no version, so ours is the time the state was observed, in ms: an event's
 * `created` (Stripe's clock, seconds) × 1000, or for an API answer the time of the call. A
 * payment's version also carries its status, so that two events of one second order as the payment
 * moves (processing before failed before succeeded), and a final state (succeeded, canceled) always
 * outranks a passing one whatever the clocks say: a late `processing` never undoes a success.
 * Subscriptions order by time alone; two changes within one second keep the first, and the
 * hourly reconciliation reports what that leaves different. Use `stripePaymentVersion` /
 * `stripeSubscriptionVersion` for API answers too (stripe-provider.ts).
 */
import type { Currency } from "@portico/shared/rules/billing";
import type { PaymentStatus, SubscriptionEventType } from "@portico/shared/schemas/billing";
import Stripe from "stripe";
import type { ProviderEvent, ProviderPayment, ProviderSubscription } from "./provider";
import { WebhookIgnored, WebhookRejected } from "./provider";
import { fromSeconds, headerValue, withoutSecrets } from "./webhook-payload";

/** Seconds a signed delivery stays acceptable (Stripe's own default). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

const STATUS_RANK: Record<PaymentStatus, number> = {
  requires_payment_method: 0,
  processing: 1,
  failed: 2,
  canceled: 3,
  succeeded: 3,
};
/** Added to final states: larger than any ms timestamp × 10 of this millennium. */
const FINAL = 1e15;

/** A payment's version: when it was observed (ms) and how far it got. */
export function stripePaymentVersion(status: PaymentStatus, observedAtMs: number): number {
  const final = status === "succeeded" || status === "canceled" ? FINAL : 0;
  return final + Math.floor(observedAtMs) * 10 + STATUS_RANK[status];
}

/** A subscription's version: when it was observed (ms). */
export const stripeSubscriptionVersion = (observedAtMs: number) => Math.floor(observedAtMs);

const currencyOf = (code: string): Currency => code.toUpperCase() as Currency;
const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === "string" ? ref : (ref?.id ?? "");

/** What our payment statuses make of a PaymentIntent's (a declined card leaves it needing a method). */
export function stripePaymentStatus(pi: Stripe.PaymentIntent): PaymentStatus {
  switch (pi.status) {
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "canceled";
    case "processing":
    case "requires_capture":
      return "processing";
    default:
      // requires_payment_method | requires_confirmation | requires_action (3-D Secure in the browser)
      return pi.status === "requires_payment_method" && pi.last_payment_error
        ? "failed"
        : "requires_payment_method";
  }
}

/** A PaymentIntent as ours; the card only when its payment method was expanded. */
export function stripePayment(pi: Stripe.PaymentIntent, observedAtMs: number): ProviderPayment {
  const status = stripePaymentStatus(pi);
  const method = typeof pi.payment_method === "object" ? pi.payment_method : null;
  return {
    paymentId: pi.id,
    status,
    amountMinor: pi.amount,
    currency: currencyOf(pi.currency),
    failureMessage: status === "failed" ? (pi.last_payment_error?.message ?? null) : null,
    card: method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null,
    version: stripePaymentVersion(status, observedAtMs),
  };
}

/** The plan of a price looked up as `portico:<plan>:<currency>:v<n>`. */
export function planCodeOfPrice(price: Stripe.Price | undefined): string {
  const [prefix, plan] = (price?.lookup_key ?? "").split(":");
  return prefix === "portico" && plan ? plan : (price?.metadata?.plan ?? "");
}

export function stripeSubscriptionStatus(status: Stripe.Subscription.Status): ProviderSubscription["status"] {
  if (status === "canceled" || status === "incomplete_expired") return "canceled";
  if (status === "past_due" || status === "unpaid" || status === "incomplete") return "past_due";
  return "active";
}

/** A Subscription as ours (one item: the plan, its quantity in TiB). */
export function stripeSubscription(sub: Stripe.Subscription, observedAtMs: number): ProviderSubscription {
  const item = sub.items.data[0];
  const periodEnd = fromSeconds(item?.current_period_end ?? sub.billing_cycle_anchor);
  const cancelAt = sub.cancel_at ? fromSeconds(sub.cancel_at) : sub.cancel_at_period_end ? periodEnd : null;
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer),
    planCode: planCodeOfPrice(item?.price),
    quantity: item?.quantity ?? 0,
    status: stripeSubscriptionStatus(sub.status),
    currentPeriodStart: fromSeconds(item?.current_period_start ?? sub.start_date),
    currentPeriodEnd: periodEnd,
    cancelAt,
    endedAt: sub.ended_at ? fromSeconds(sub.ended_at) : null,
    version: stripeSubscriptionVersion(observedAtMs),
  };
}

/** The subscription an invoice bills (its parent in current API versions, a field in older ones). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } }).subscription;
  return idOf(parent ?? legacy);
}

/** What a `customer.subscription.updated` changed, by the attributes Stripe says it had before. */
function subscriptionChange(
  sub: Stripe.Subscription,
  previous: Partial<Stripe.Subscription>,
): SubscriptionEventType {
  if ("cancel_at_period_end" in previous || "cancel_at" in previous)
    return sub.cancel_at_period_end || sub.cancel_at
      ? "subscription.cancel_scheduled"
      : "subscription.cancel_undone";
  if ("status" in previous && stripeSubscriptionStatus(sub.status) === "past_due")
    return "subscription.past_due";
  if (previous.items) {
    const before = planCodeOfPrice(previous.items.data[0]?.price);
    return before && before !== planCodeOfPrice(sub.items.data[0]?.price)
      ? "subscription.plan_changed"
      : "subscription.quantity_changed";
  }
  return "subscription.updated";
}

/** Our account id, as ensureCustomer and createSubscription leave it in Stripe's metadata. */
function accountOf(object: { metadata?: Stripe.Metadata | null }): number | undefined {
  const id = Number(object.metadata?.account_id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const PAYMENT_EVENTS: Record<string, SubscriptionEventType> = {
  "payment_intent.processing": "payment.processing",
  "payment_intent.succeeded": "payment.succeeded",
  "payment_intent.payment_failed": "payment.failed",
  "payment_intent.canceled": "payment.canceled",
};

/** A verified Stripe event as ours; WebhookIgnored for a type we do not use. */
export function stripeEventToProviderEvent(event: Stripe.Event): ProviderEvent {
  const observedAtMs = event.created * 1000;
  const object = event.data.object as { metadata?: Stripe.Metadata | null };
  const invoiceMetadata = (event.data.object as Partial<Stripe.Invoice>).parent?.subscription_details
    ?.metadata;
  const accountHint = accountOf(invoiceMetadata ? { metadata: invoiceMetadata } : object);
  const base = {
    provider: "STRIPE" as const,
    ...(accountHint ? { accountHint } : {}),
    testMode: !event.livemode,
    id: event.id,
    occurredAt: fromSeconds(event.created),
    data: withoutSecrets({ type: event.type, object: event.data.object }) as Record<string, unknown>,
  };
  const paymentType = PAYMENT_EVENTS[event.type];
  if (paymentType) {
    const pi = event.data.object as Stripe.PaymentIntent;
    const payment = stripePayment(pi, observedAtMs);
    // The event type is what happened, whatever state the PaymentIntent has moved to since.
    const status = paymentType.slice("payment.".length) as PaymentStatus;
    const told = { ...payment, status, version: stripePaymentVersion(status, observedAtMs) };
    if (status !== "failed") told.failureMessage = null;
    else told.failureMessage ??= pi.last_payment_error?.message ?? null;
    return {
      ...base,
      type: paymentType,
      object: { kind: "payment", id: pi.id, version: told.version },
      payment: told,
    };
  }
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const invoice = event.data.object as Stripe.Invoice;
    return {
      ...base,
      type: event.type,
      object: { kind: "invoice", id: invoice.id ?? "", version: observedAtMs },
      invoice: {
        subscriptionId: invoiceSubscriptionId(invoice),
        amountMinor: event.type === "invoice.paid" ? invoice.amount_paid : invoice.amount_due,
        currency: currencyOf(invoice.currency),
        reason: invoice.billing_reason === "subscription_cycle" ? "renewal" : "proration",
      },
    };
  }
  if (event.type === "customer.subscription.updated" || event.type === "customer.subscription.deleted") {
    const sub = event.data.object as Stripe.Subscription;
    const subscription = stripeSubscription(sub, observedAtMs);
    const previous = (event.data.previous_attributes ?? {}) as Partial<Stripe.Subscription>;
    return {
      ...base,
      type:
        event.type === "customer.subscription.deleted"
          ? "subscription.canceled"
          : subscriptionChange(sub, previous),
      object: { kind: "subscription", id: sub.id, version: subscription.version },
      subscription,
    };
  }
  throw new WebhookIgnored(`Stripe event type ${event.type} is not used`);
}

/** Verifies one delivery to /api/billing/webhooks/stripe and answers it as a ProviderEvent. */
export function parseStripeWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now: Date,
): ProviderEvent {
  const signature = headerValue(headers, "stripe-signature");
  if (!signature) throw new WebhookRejected("Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookRejected(
        /tolerance/i.test(err.message)
          ? "Stripe signature timestamp is older than 5 minutes"
          : "Stripe signature does not match the body",
      );
    }
    throw new WebhookRejected("Stripe webhook body is not a JSON event");
  }
  if (typeof event?.id !== "string" || typeof event.type !== "string" || !event.data?.object)
    throw new WebhookRejected("Stripe webhook body is not a JSON event");
  return stripeEventToProviderEvent(event);
}
