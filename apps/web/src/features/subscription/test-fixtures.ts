/** Subscriptions as GET /api/auth/subscription answers them, for the subscription screens' tests. */
import type { TSubscriptionEvent } from "@portico/shared/schemas/billing";
import type { TEventPage, TSubscriptionDetail, TSubscriptionResponse } from "./api";

export function subscriptionDetail(over: Partial<TSubscriptionDetail> = {}): TSubscriptionDetail {
  return {
    id: 11,
    plan: "ENTERPRISE",
    plan_version: 2,
    product_id: 1,
    product_name: "Object storage",
    status: "active",
    quantity_tib: 50,
    min_quantity: 10,
    quantity_updated_at: "2026-03-01T09:00:00Z",
    sla_hours: 4,
    sla_coverage: "24x7",
    current_period_start: "2026-03-01T09:00:00Z",
    current_period_end: "2027-03-01T09:00:00Z",
    auto_renew: true,
    cancel_at: null,
    cancel_reason: null,
    ended_at: null,
    next_invoice: { date: "2027-03-01T09:00:00Z", amount_minor: 1_234_56, currency: "USD" },
    card: { brand: "Visa", last4: "4242" },
    ...over,
  };
}

export function subscriptionResponse(over: Partial<TSubscriptionResponse> = {}): TSubscriptionResponse {
  return {
    account_id: 3,
    company: "Acme",
    test_mode: false,
    provider: "STRIPE",
    currency: "USD",
    account_type: "SUBSCRIBED",
    has_support: true,
    subscription: subscriptionDetail(),
    subscribed_products: [
      {
        product_id: 1,
        name: "Object storage",
        plan: "ENTERPRISE",
        quantity: 50,
        minQuantity: 10,
        quantityUpdatedAt: "2026-03-01T09:00:00Z",
        planVersion: 2,
        planSlaHours: 4,
        planSlaCoverage: "24x7",
      },
    ],
    pending_payment: null,
    payment_failed: false,
    abilities: { manage: true, subscribe: false, resubscribe: false, end: false, reason: null },
    ...over,
  };
}

export function subscriptionEvent(id: number, over: Partial<TSubscriptionEvent> = {}): TSubscriptionEvent {
  return {
    id,
    type: "subscription.quantity_changed",
    summary: `Change ${id}`,
    source: "PORTICO",
    test_mode: false,
    outcome: "applied",
    occurred_at: "2026-03-02T10:00:00Z",
    received_at: "2026-03-02T10:00:00Z",
    actor: "Ada Lovelace",
    on_behalf: false,
    provider_event_id: null,
    ...over,
  };
}

export function eventPage(items: TSubscriptionEvent[], total = items.length, page = 1): TEventPage {
  return { items, total, page, page_size: 20 };
}
