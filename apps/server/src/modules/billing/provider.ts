/**
 * The billing-provider interface (issue 14): everything the subscription life cycle asks of a
 * payment provider, and the one shape every provider's webhook events are turned into. The first
 * implementation is the local test-mode provider (test-mode-provider.ts); Stripe and Chargebee
 * (issue 15) implement the same interface with their SDKs. An account is billed by its
 * `subscription_provider` (STRIPE or CHARGEBEE); `BillingProviders.for(name)` answers the real
 * provider when its keys are configured and the test-mode one otherwise.
 *
 * Rules every implementation keeps:
 * - Calls that create or change something take an idempotency key: the same key twice is one
 *   change (the sync job retries after a crash with the same key).
 * - Nothing here writes to our tables. What the provider decides (a payment succeeded, a renewal
 *   failed, a subscription ended) comes back as a ProviderEvent through `parseWebhook` (real
 *   providers) or the test provider's delivery job, and `handleProviderEvent` applies it.
 * - Events carry the object's version (or its timestamp in ms) so that late and repeated events
 *   can be told from new ones; `id` is unique per provider.
 */
import type { Currency } from "@portico/shared/rules/billing";
import type {
  BillingProviderName,
  PaymentStatus,
  SubscriptionEventType,
  TCheckout,
} from "@portico/shared/schemas/billing";

export interface ProviderCustomerInput {
  accountId: number;
  company: string;
  email: string;
  currency: Currency;
}

export interface PreparePaymentInput {
  customerId: string;
  accountId: number;
  amountMinor: number;
  currency: Currency;
  /** Shown on the provider's page and statement ("ENTERPRISE, 100 TiB, prorated"). */
  description: string;
  idempotencyKey: string;
  /** Where a hosted checkout returns the browser to. */
  returnUrl: string;
  metadata: Record<string, string>;
  /**
   * What is bought, for providers whose hosted checkout sells catalogue items rather than an
   * amount (Chargebee): the plan and quantity, and for an upgrade the provider's id of the live
   * subscription the page changes (null for a first subscription or a resubscription).
   */
  purchase?: { planCode: string; quantity: number; subscriptionId: string | null };
}

export interface ProviderPayment {
  paymentId: string;
  status: PaymentStatus;
  amountMinor: number;
  currency: Currency;
  failureMessage: string | null;
  card: { brand: string; last4: string } | null;
  /** Ordering of this payment's states (version or ms timestamp). */
  version: number;
}

export interface PreparedProviderPayment extends ProviderPayment {
  checkout: TCheckout;
}

export interface ProviderSubscription {
  subscriptionId: string;
  customerId: string;
  planCode: string;
  quantity: number;
  status: "active" | "canceled" | "past_due";
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** Set when it ends at the period end (or on a set date). */
  cancelAt: Date | null;
  endedAt: Date | null;
  version: number;
}

export interface CreateSubscriptionInput {
  customerId: string;
  accountId: number;
  planCode: string;
  quantity: number;
  currency: Currency;
  periodStart: Date;
  periodEnd: Date;
  /** The payment that paid the first term. */
  paymentId: string;
  /** What the next term costs (minor units): the provider charges it at renewal. */
  termAmountMinor: number;
  idempotencyKey: string;
}

export interface ChangeSubscriptionInput {
  subscriptionId: string;
  planCode: string;
  quantity: number;
  /**
   * "paid": the difference was paid by `paymentId` already (upgrade); "charge": the provider charges
   * the card on file for the prorated difference and reports the outcome as an invoice event
   * (quantity increase); "none": no charge (a decrease, or an engineer's change).
   */
  billing: { kind: "paid"; paymentId: string } | { kind: "charge"; amountMinor: number } | { kind: "none" };
  /** What the next term costs after the change (minor units): the provider charges it at renewal. */
  termAmountMinor: number;
  idempotencyKey: string;
}

export interface ProviderEvent {
  provider: BillingProviderName;
  testMode: boolean;
  /** The provider's event id: stored once. */
  id: string;
  type: SubscriptionEventType;
  occurredAt: Date;
  object: { kind: "payment" | "subscription" | "invoice" | "customer"; id: string; version: number };
  payment?: ProviderPayment;
  subscription?: ProviderSubscription;
  /** For invoice events: the subscription billed and the amount. */
  invoice?: {
    subscriptionId: string;
    amountMinor: number;
    currency: Currency;
    reason: "renewal" | "proration";
  };
  /**
   * The account the provider's own records name (Stripe's metadata.account_id, Chargebee's
   * customer id portico-<id>): an event matching nothing of ours is kept under it, unmatched, so
   * the engineers find it among that account's events.
   */
  accountHint?: number;
  /** The payload as received, with card data and secrets removed (kept on the event row). */
  data: Record<string, unknown>;
}

/** Thrown by parseWebhook: answered 400 (signature, timestamp) without storing anything. */
export class WebhookRejected extends Error {}

/** Thrown by parseWebhook for a genuine event of a type we do not use: answered 200, not stored. */
export class WebhookIgnored extends Error {}

export interface BillingProvider {
  readonly name: BillingProviderName;
  readonly testMode: boolean;
  ensureCustomer(input: ProviderCustomerInput, existingCustomerId: string | null): Promise<string>;
  preparePayment(input: PreparePaymentInput): Promise<PreparedProviderPayment>;
  getPayment(paymentId: string): Promise<ProviderPayment>;
  cancelPayment(paymentId: string): Promise<void>;
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  changeSubscription(input: ChangeSubscriptionInput): Promise<ProviderSubscription>;
  /** atPeriodEnd: the subscription runs to its period end; otherwise it ends now. */
  cancelSubscription(
    subscriptionId: string,
    atPeriodEnd: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  undoCancel(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Verifies (signature on the raw body, timestamp) and normalizes one webhook delivery. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): Promise<ProviderEvent>;
}
