/**
 * Chargebee's webhooks in. Chargebee signs nothing: the endpoint is guarded by HTTP basic auth
 * (CHARGEBEE_WEBHOOK_USERNAME / _PASSWORD, set on the site's webhook), compared in constant time.
 * The body is the event as JSON: `{id, occurred_at, event_type, content}`.
 *
 * No signed timestamp, so no age limit: Chargebee retries a failed delivery for days, and a late
 * event is accepted and ordered like any other, never refused. Ordering: the subscription's
 * `resource_version` (ms, grows with each change) when the event carries the subscription, else
 * the invoice's, else `occurred_at` in ms. The same numbers version the provider's API answers
 * (chargebee-provider.ts), so events and answers order against each other.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Currency } from "@portico/shared/rules/billing";
import type { SubscriptionEventType } from "@portico/shared/schemas/billing";
import type { Invoice, Subscription } from "chargebee";
import { subscriptionFromChargebee } from "./chargebee-provider";
import { type ProviderEvent, WebhookIgnored, WebhookRejected } from "./provider";
import { fromSeconds, headerValue, withoutSecrets } from "./webhook-payload";

export interface ChargebeeWebhookCredentials {
  username: string;
  password: string;
}

/** Equal in constant time, whatever the lengths (both sides hashed first). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function assertCredentials(
  headers: Record<string, string | string[] | undefined>,
  creds: ChargebeeWebhookCredentials,
) {
  const match = /^Basic\s+(\S+)$/i.exec(headerValue(headers, "authorization") ?? "");
  const given = match?.[1] ? Buffer.from(match[1], "base64").toString("utf8") : "";
  if (!sameSecret(given, `${creds.username}:${creds.password}`))
    throw new WebhookRejected("Chargebee webhook credentials do not match");
}

const SUBSCRIPTION_EVENTS: Record<string, SubscriptionEventType> = {
  subscription_created: "subscription.created",
  subscription_activated: "subscription.updated",
  subscription_changed: "subscription.updated",
  subscription_reactivated: "subscription.updated",
  subscription_cancellation_scheduled: "subscription.cancel_scheduled",
  subscription_scheduled_cancellation_removed: "subscription.cancel_undone",
  subscription_cancelled: "subscription.canceled",
  subscription_renewed: "subscription.renewed",
};

const INVOICE_EVENTS: Record<string, SubscriptionEventType> = {
  payment_succeeded: "invoice.paid",
  payment_failed: "invoice.payment_failed",
};

interface ChargebeeEventBody {
  id: string;
  occurred_at: number;
  event_type: string;
  content: { subscription?: Subscription; invoice?: Invoice; transaction?: { amount?: number } };
}

function readBody(rawBody: Buffer): ChargebeeEventBody {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new WebhookRejected("Chargebee webhook body is not JSON");
  }
  const event = body as Partial<ChargebeeEventBody> | null;
  if (
    typeof event?.id !== "string" ||
    typeof event.event_type !== "string" ||
    typeof event.occurred_at !== "number" ||
    typeof event.content !== "object" ||
    event.content === null
  )
    throw new WebhookRejected(
      "Chargebee webhook body is not an event (id, occurred_at, event_type, content)",
    );
  return event as ChargebeeEventBody;
}

/** Our account id from our customer id at Chargebee (`portico-<accountId>`). */
function accountOfCustomer(customerId: string | undefined): number | undefined {
  const match = /^portico-(\d+)$/.exec(customerId ?? "");
  const id = Number(match?.[1]);
  return match && Number.isSafeInteger(id) ? id : undefined;
}

/** A Chargebee event as ours; WebhookIgnored for a type we do not use. */
export function chargebeeEventToProviderEvent(event: ChargebeeEventBody): ProviderEvent {
  const { subscription: sub, invoice } = event.content;
  const occurredMs = event.occurred_at * 1000;
  const subscription = sub ? subscriptionFromChargebee(sub) : undefined;
  const accountHint = accountOfCustomer(sub?.customer_id ?? invoice?.customer_id);
  const base = {
    provider: "CHARGEBEE" as const,
    ...(accountHint ? { accountHint } : {}),
    // Chargebee's payload does not say whether the site is a test site: the provider, which knows
    // its site, sets it (chargebee-provider.ts parseWebhook).
    testMode: false,
    id: event.id,
    occurredAt: fromSeconds(event.occurred_at),
    data: withoutSecrets({ event_type: event.event_type, content: event.content }) as Record<string, unknown>,
    ...(subscription ? { subscription } : {}),
  };
  const subscriptionType = SUBSCRIPTION_EVENTS[event.event_type];
  if (subscriptionType && sub) {
    return {
      ...base,
      type: subscriptionType,
      object: { kind: "subscription", id: sub.id, version: sub.resource_version ?? occurredMs },
    };
  }
  const invoiceType = INVOICE_EVENTS[event.event_type];
  if (invoiceType && invoice) {
    return {
      ...base,
      type: invoiceType,
      object: { kind: "invoice", id: invoice.id, version: invoice.resource_version ?? occurredMs },
      invoice: {
        subscriptionId: invoice.subscription_id ?? sub?.id ?? "",
        amountMinor:
          invoiceType === "invoice.paid"
            ? (invoice.amount_paid ?? invoice.total ?? 0)
            : (invoice.amount_due ?? invoice.total ?? 0),
        currency: (invoice.currency_code ?? sub?.currency_code ?? "USD").toUpperCase() as Currency,
        // A term's own invoice renews it; the subscription carried along makes a repeat harmless
        // (a renewal to a term we already hold changes nothing).
        reason: invoice.recurring && !invoice.first_invoice ? "renewal" : "proration",
      },
    };
  }
  throw new WebhookIgnored(`Chargebee event type ${event.event_type} is not used`);
}

/** Verifies one delivery to /api/billing/webhooks/chargebee and answers it as a ProviderEvent. */
export function parseChargebeeWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  creds: ChargebeeWebhookCredentials,
  _now: Date,
): ProviderEvent {
  assertCredentials(headers, creds);
  return chargebeeEventToProviderEvent(readBody(rawBody));
}
