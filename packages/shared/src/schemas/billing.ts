/**
 * Plans and subscriptions (issue 14; spec §3 Account, §4 plan status and account type, §6 who may
 * manage, §7.1 Subscription, §8 payment and request texts, §9 plans, caps, currencies). Every
 * subscription call lives under /api/auth/subscription; the test-mode provider's own calls (what a
 * provider's card form would call) under /api/billing/test-mode. Amounts are integer minor units.
 */
import { CAPACITY_UNITS, CURRENCIES } from "../rules/billing";
import { CAPACITY_MAX_LENGTH, email, MESSAGES } from "../validation";
import { z } from "../zod";
import { ACCOUNT_TYPES, PLAN_STATUSES, SERVICE_TYPES } from "./accounts";

export const SUBSCRIPTION_BASE = "/api/auth/subscription";
export const TEST_MODE_BASE = "/api/billing/test-mode";
/** The providers' webhook endpoints: `${WEBHOOKS_BASE}/stripe` and `${WEBHOOKS_BASE}/chargebee` (issue 15). */
export const WEBHOOKS_BASE = "/api/billing/webhooks";

export const BILLING_PROVIDERS = ["STRIPE", "CHARGEBEE"] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/** Plans a customer can buy on their own (within the cap); TRIAL and CUSTOM go through engineers or sales. */
export const SELF_SERVE_PLANS = ["STANDARD", "ENTERPRISE-LITE", "ENTERPRISE", "ENTERPRISE-PLUS"] as const;
export const SLA_COVERAGES = ["business-hours", "24x7"] as const;

/** The test-mode provider's cards (the same numbers Stripe's test mode uses). */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

/** The legal documents a subscription change accepts: their current effective dates. */
export const CURRENT_POLICY_DOCS = {
  terms: { standard: "2025-06-01", enterprise: "2025-06-01", trial: "2025-06-01" },
  privacy: "2025-06-01",
} as const;
export type TermsType = keyof typeof CURRENT_POLICY_DOCS.terms;

/** Which terms a plan is sold under. */
export function termsTypeOf(plan: string): TermsType {
  if (plan === "TRIAL") return "trial";
  return plan === "STANDARD" ? "standard" : "enterprise";
}

export const BILLING_MESSAGES = {
  /** §8 */
  paymentFailed: "A recent charge failed to go through. Please update your payment method.",
  /** §8 (contact sales) */
  requestReceived: "We have received your request. We will be in touch with you soon!",
  capacityRequired: MESSAGES.capacityRequired,
  capacityInvalid: MESSAGES.capacityInvalid,
  capacityTooLong: `Capacity cannot be longer than ${CAPACITY_MAX_LENGTH} digits`,
  belowMinimum: (plan: string, min: number) => `The ${plan} plan starts at ${min} TiB`,
  aboveCap: (cap: number) =>
    `Above ${cap} TiB, plans are arranged with our sales team: send us the contact form`,
  notSelfServe: "This plan is arranged with our sales team: send us the contact form",
  planNotFound: "Plan not found",
  productNotFound: "Product not found",
  currency: "Currency must be USD or EUR",
  currencyFixed: (currency: string) => `This organization is billed in ${currency}`,
  unit: "Unit must be TiB or PiB",
  consentRequired: "Please accept the terms and conditions to continue",
  ownersOnly: "Only an owner of the organization can manage the subscription",
  customAccount:
    "This organization's plan is arranged with our sales team. Send us the contact form to change it.",
  canceled: "This subscription is cancelled. Resubscribe to change it.",
  notCanceled: "This subscription is not cancelled",
  noSubscription: "This organization has no subscription",
  alreadySubscribed: "This organization already has a subscription",
  subscriptionNotFound: "Subscription not found",
  notScheduledToCancel: "This subscription is not set to cancel",
  alreadyScheduledToCancel: "This subscription is already set to cancel",
  cancelPassed: "The cancellation date has passed. Resubscribe instead.",
  downgrade:
    "A cheaper plan cannot start mid-term. Lower the capacity, or send us the contact form to change the plan at renewal.",
  samePlan: "That is the current plan and capacity",
  paymentNotFound: "Payment not found",
  paymentUsed: "This payment has already been used",
  paymentMismatch: "This payment was prepared for a different plan or capacity",
  paymentCanceled: "This payment was cancelled. Start again.",
  paymentNotConfirmable: "This payment cannot be confirmed now",
  cardInvalid: "Enter a valid card number",
  cardExpiry: "Enter a valid expiry date",
  cardCvc: "Enter a valid security code",
  cardDeclined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  changeInProgress: "Another change to this subscription is being made. Try again in a moment.",
  providerUnavailable: "The payment provider could not be reached. Try again in a moment.",
  engineersOnly: "Only vendor engineers can do this",
  adminsOnly: "Only vendor admins can do this",
  planChanged: "This plan was changed by someone else meanwhile. Reload it and make your change again.",
  price: "Price must be a whole number of cents from 0 to 100000000",
  reasonTooLong: "Reason cannot be longer than 2000 characters",
  messageTooLong: "Message cannot be longer than 4000 characters",
  nameRequired: "Name is required",
  /** §6: customers of a cancelled plan cannot open issues or panics. */
  restricted: "This organization's subscription has ended. Resubscribe to open new issues.",
  hostedOnly: "This organization pays by card on this page, not on a hosted checkout",
} as const;

export const ZCurrency = z.enum(CURRENCIES, { error: BILLING_MESSAGES.currency });
export const ZCapacityUnit = z.enum(CAPACITY_UNITS, { error: BILLING_MESSAGES.unit });
export const ZServiceType = z.enum(SERVICE_TYPES, { error: BILLING_MESSAGES.planNotFound });
export const ZPlanStatus = z.enum(PLAN_STATUSES);

/**
 * A capacity in an API call: digits only (leading zeros dropped), 1 to 9 of them. Unlike the
 * input mask, nothing is cut or stripped silently: 12.5, -5, 1e3 and ten digits are refused.
 */
export const zCapacity = z
  .union([z.string(), z.number()], { error: BILLING_MESSAGES.capacityRequired })
  .transform((v, ctx) => {
    const text = String(v).trim();
    if (text === "") {
      ctx.addIssue({ code: "custom", message: BILLING_MESSAGES.capacityRequired });
      return z.NEVER;
    }
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: "custom", message: BILLING_MESSAGES.capacityInvalid });
      return z.NEVER;
    }
    const digits = text.replace(/^0+/, "");
    if (digits === "") {
      ctx.addIssue({ code: "custom", message: BILLING_MESSAGES.capacityRequired });
      return z.NEVER;
    }
    if (digits.length > CAPACITY_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", message: BILLING_MESSAGES.capacityTooLong });
      return z.NEVER;
    }
    return Number(digits);
  });

// ---------------------------------------------------------------------------------------------
// Catalogue: products, productswithplans, upgrade/plans; admins edit a plan as a new version.

export const ZPlan = z.object({
  plan_id: z.number(),
  product_id: z.number(),
  plan: ZServiceType,
  plan_version: z.number(),
  sla_hours: z.number(),
  sla_coverage: z.enum(SLA_COVERAGES),
  min_quantity: z.number(),
  /** 0: not sold on its own (TRIAL, CUSTOM). */
  self_serve_cap_tib: z.number(),
  price_per_tib_month: z.object({ USD: z.number(), EUR: z.number() }),
  is_current: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZProduct = z.object({
  product_id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductWithPlans = ZProduct.extend({ plans: z.array(ZPlan) });
export type TProductWithPlans = z.infer<typeof ZProductWithPlans>;

/** GET upgrade/plans: what this account may move to now, priced in its currency. */
export const ZUpgradePlan = ZPlan.extend({
  currency: ZCurrency,
  /** The account's current plan (a capacity change only). */
  is_current_plan: z.boolean(),
  /** Smallest capacity (TiB) the account may choose on it now. */
  min_capacity_tib: z.number(),
});
export type TUpgradePlan = z.infer<typeof ZUpgradePlan>;

/** PUT plans/{plan_id} (admins): the plan's next version; subscriptions keep the version they bought. */
export const ZEditPlanRequest = z.object({
  sla_hours: z.number().int().min(1).max(720),
  sla_coverage: z.enum(SLA_COVERAGES),
  min_quantity: z.number().int().min(1).max(1_000_000),
  self_serve_cap_tib: z.number().int().min(0).max(1_000_000),
  price_per_tib_month: z.object({
    USD: z
      .number({ error: BILLING_MESSAGES.price })
      .int(BILLING_MESSAGES.price)
      .min(0, BILLING_MESSAGES.price)
      .max(100_000_000, BILLING_MESSAGES.price),
    EUR: z
      .number({ error: BILLING_MESSAGES.price })
      .int(BILLING_MESSAGES.price)
      .min(0, BILLING_MESSAGES.price)
      .max(100_000_000, BILLING_MESSAGES.price),
  }),
});
export type TEditPlanRequest = z.infer<typeof ZEditPlanRequest>;

// ---------------------------------------------------------------------------------------------
// Estimates

/** GET estimate, GET estimate/upgrade: query service_type, capacity, currency (and unit, TiB by default). */
export const ZEstimateQuery = z.object({
  service_type: ZServiceType,
  capacity: zCapacity,
  unit: ZCapacityUnit.default("TiB"),
  currency: ZCurrency.optional(),
});
export type TEstimateQuery = z.infer<typeof ZEstimateQuery>;

export const ZTermEstimate = z.object({
  plan: ZServiceType,
  plan_version: z.number(),
  currency: ZCurrency,
  capacity_tib: z.number(),
  per_tib_month_minor: z.number(),
  monthly_minor: z.number(),
  term_minor: z.number(),
  term_months: z.number(),
});
export type TTermEstimate = z.infer<typeof ZTermEstimate>;

/** GET estimate: a new subscription's first term. Above the cap: `contact_sales` and no amounts. */
export const ZEstimate = z.object({
  estimate: ZTermEstimate.nullable(),
  contact_sales: z.boolean(),
  self_serve_cap_tib: z.number(),
});
export type TEstimate = z.infer<typeof ZEstimate>;

/** GET estimate/renewal: the next term of the current subscription. */
export const ZRenewalEstimate = z.object({
  renews_at: z.string(),
  auto_renew: z.boolean(),
  estimate: ZTermEstimate,
});
export type TRenewalEstimate = z.infer<typeof ZRenewalEstimate>;

/** GET estimate/upgrade: the prorated change now (or the first term when there is no subscription). */
export const ZUpgradeEstimate = z.object({
  kind: z.enum(["subscribe", "upgrade", "resubscribe"]),
  contact_sales: z.boolean(),
  self_serve_cap_tib: z.number(),
  current: ZTermEstimate.nullable(),
  target: ZTermEstimate.nullable(),
  credit_minor: z.number(),
  charge_minor: z.number(),
  amount_due_minor: z.number(),
  next_renewal_minor: z.number(),
  /** When the term (and so the proration) ends. */
  period_end: z.string().nullable(),
  remaining_days: z.number(),
});
export type TUpgradeEstimate = z.infer<typeof ZUpgradeEstimate>;

// ---------------------------------------------------------------------------------------------
// The subscription

export const ZSubscribedProduct = z.object({
  product_id: z.number(),
  name: z.string(),
  plan: ZServiceType,
  quantity: z.number(),
  minQuantity: z.number(),
  quantityUpdatedAt: z.string(),
  planVersion: z.number(),
  planSlaHours: z.number(),
  planSlaCoverage: z.enum(SLA_COVERAGES),
});
export type TSubscribedProduct = z.infer<typeof ZSubscribedProduct>;

export const ZPaymentStatus = z.enum([
  "requires_payment_method",
  "processing",
  "succeeded",
  "failed",
  "canceled",
]);
export type PaymentStatus = z.infer<typeof ZPaymentStatus>;
export const PAYMENT_KINDS = ["subscribe", "upgrade", "resubscribe", "quantity", "renewal"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How the browser pays: a card form confirming a client secret, or the provider's hosted page. */
export const ZCheckout = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("card"), client_secret: z.string(), publishable_key: z.string().nullable() }),
  z.object({ kind: z.literal("hosted"), url: z.string() }),
]);
export type TCheckout = z.infer<typeof ZCheckout>;

export const ZPayment = z.object({
  payment_intent_id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  status: ZPaymentStatus,
  plan: ZServiceType,
  capacity_tib: z.number(),
  amount_minor: z.number(),
  currency: ZCurrency,
  failure_message: z.string().nullable(),
  /** The change this payment pays for has been made. */
  applied: z.boolean(),
  created_at: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZSubscriptionAbilities = z.object({
  /** Change plan or capacity, auto-renew, cancel (§6: an owner of a SUBSCRIBED, non-cancelled account; engineers). */
  manage: z.boolean(),
  /** First subscription (no plan yet). */
  subscribe: z.boolean(),
  /** Start again after the subscription ended. */
  resubscribe: z.boolean(),
  /** End now (engineers). */
  end: z.boolean(),
  /** Why `manage` is false, in words for the screen; null when it is true. */
  reason: z.string().nullable(),
});

export const ZSubscriptionDetail = z.object({
  id: z.number(),
  plan: ZServiceType,
  plan_version: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  status: ZPlanStatus,
  quantity_tib: z.number(),
  min_quantity: z.number(),
  quantity_updated_at: z.string(),
  sla_hours: z.number(),
  sla_coverage: z.enum(SLA_COVERAGES),
  current_period_start: z.string(),
  current_period_end: z.string(),
  auto_renew: z.boolean(),
  cancel_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  ended_at: z.string().nullable(),
  next_invoice: z.object({ date: z.string(), amount_minor: z.number(), currency: ZCurrency }).nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type TSubscriptionDetail = z.infer<typeof ZSubscriptionDetail>;

/** GET subscription (spec §3 Account's subscription fields for the account acted on). */
export const ZSubscriptionResponse = z.object({
  account_id: z.number(),
  company: z.string(),
  /** Payments of this account go to the local test-mode provider: the screens say "test mode". */
  test_mode: z.boolean(),
  provider: z.enum(BILLING_PROVIDERS).nullable(),
  currency: ZCurrency.nullable(),
  account_type: z.enum(ACCOUNT_TYPES).nullable(),
  has_support: z.boolean(),
  subscription: ZSubscriptionDetail.nullable(),
  subscribed_products: z.array(ZSubscribedProduct),
  /** The newest payment whose change is not made yet (processing, or failed). */
  pending_payment: ZPayment.nullable(),
  /** §8 failed-payment banner: past_due, or the newest payment failed. */
  payment_failed: z.boolean(),
  abilities: ZSubscriptionAbilities,
});
export type TSubscriptionResponse = z.infer<typeof ZSubscriptionResponse>;

// ---------------------------------------------------------------------------------------------
// Life cycle requests

const consent = z.literal(true, { error: BILLING_MESSAGES.consentRequired });

/** POST upgrade/prepare: prices the change, creates the provider's payment, answers how to pay. */
export const ZPrepareUpgradeRequest = z.object({
  service_type: ZServiceType,
  capacity: zCapacity,
  unit: ZCapacityUnit.default("TiB"),
  /** Only for the first subscription; afterwards the account's currency. */
  currency: ZCurrency.optional(),
  consent_received: consent,
});
export type TPrepareUpgradeRequest = z.input<typeof ZPrepareUpgradeRequest>;

export const ZPreparedPayment = z.object({
  payment: ZPayment,
  checkout: ZCheckout,
  estimate: ZUpgradeEstimate,
  test_mode: z.boolean(),
});
export type TPreparedPayment = z.infer<typeof ZPreparedPayment>;

/** POST upgrade (§7.1): makes the change once its payment has succeeded. */
export const ZUpgradeRequest = z.object({
  service_type: ZServiceType,
  consent_received: consent,
  capacity: zCapacity,
  unit: ZCapacityUnit.default("TiB"),
  payment_intent_id: z
    .string({ error: BILLING_MESSAGES.paymentNotFound })
    .min(1, BILLING_MESSAGES.paymentNotFound)
    .max(200, BILLING_MESSAGES.paymentNotFound),
});
export type TUpgradeRequest = z.input<typeof ZUpgradeRequest>;

/** `applied`: done now; `pending`: made when the provider confirms the payment; `failed`: §8 text. */
export const ZUpgradeResult = z.object({
  state: z.enum(["applied", "pending", "failed"]),
  payment: ZPayment,
  subscription: ZSubscriptionResponse,
});
export type TUpgradeResult = z.infer<typeof ZUpgradeResult>;

/** GET payments/{payment_intent_id}: the confirmation screen polls this. */
export const ZPaymentIdParam = z.object({ payment_intent_id: z.string().min(1).max(200) });

/** POST updatequantity (§7.1). */
export const ZUpdateQuantityRequest = z.object({
  product_id: z
    .number({ error: BILLING_MESSAGES.productNotFound })
    .int()
    .positive(BILLING_MESSAGES.productNotFound),
  quantity: zCapacity,
});
export type TUpdateQuantityRequest = z.input<typeof ZUpdateQuantityRequest>;

export const ZAutoRenewRequest = z.object({ enabled: z.boolean() });

export const CANCEL_REASONS = [
  "too-expensive",
  "moving-to-another-product",
  "no-longer-needed",
  "missing-features",
  "support-experience",
  "other",
] as const;

/** POST cancel: ends the subscription at the end of its term. */
export const ZCancelRequest = z.object({
  reason: z.enum(CANCEL_REASONS),
  feedback: z.string().trim().max(2000, BILLING_MESSAGES.reasonTooLong).default(""),
});
export type TCancelRequest = z.input<typeof ZCancelRequest>;

/** GET cancel */
export const ZCancelInfo = z.object({
  cancel_at: z.string().nullable(),
  reason: z.enum(CANCEL_REASONS).nullable(),
  feedback: z.string().nullable(),
  requested_by: z.string().nullable(),
  requested_at: z.string().nullable(),
});
export type TCancelInfo = z.infer<typeof ZCancelInfo>;

/** POST resubscribe_checkout and chargebee_resubscribe: the previous plan and capacity unless given. */
export const ZResubscribeRequest = z.object({
  service_type: ZServiceType.optional(),
  capacity: zCapacity.optional(),
  unit: ZCapacityUnit.default("TiB"),
  consent_received: consent,
});
export type TResubscribeRequest = z.input<typeof ZResubscribeRequest>;

/** chargebee_resubscribe answers the hosted page to send the browser to. */
export const ZHostedCheckout = z.object({ url: z.string(), payment: ZPayment });

// ---------------------------------------------------------------------------------------------
// Contact sales (§7.3; upgrade/request)

export const ZSalesRequest = z.object({
  service_type: ZServiceType,
  capacity: zCapacity,
  unit: ZCapacityUnit.default("TiB"),
  name: z
    .string({ error: BILLING_MESSAGES.nameRequired })
    .trim()
    .min(1, BILLING_MESSAGES.nameRequired)
    .max(200),
  email,
  phone: z.string().trim().max(40).default(""),
  message: z.string().trim().max(4000, BILLING_MESSAGES.messageTooLong).default(""),
});
export type TSalesRequestInput = z.input<typeof ZSalesRequest>;

export const ZSalesRequestRow = z.object({
  id: z.number(),
  account_id: z.number().nullable(),
  company: z.string().nullable(),
  service_type: ZServiceType,
  capacity_tib: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  forwarded_at: z.string().nullable(),
});
export type TSalesRequestRow = z.infer<typeof ZSalesRequestRow>;

export const ZSalesRequestAnswer = z.object({
  message: z.literal(BILLING_MESSAGES.requestReceived),
  id: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Accepted policy documents (accepted_policy_docs)

export const ZPolicyAcceptance = z.object({
  document: z.enum(["terms", "privacy"]),
  terms_type: z.enum(["standard", "enterprise", "trial"]).nullable(),
  version: z.string(),
  accepted_by: z.string().nullable(),
  accepted_at: z.string(),
  context: z.enum(PAYMENT_KINDS),
});
export type TPolicyAcceptance = z.infer<typeof ZPolicyAcceptance>;
/** GET accepted_policy_docs: newest first. */
export const ZPolicyAcceptanceList = z.object({ items: z.array(ZPolicyAcceptance) });

// ---------------------------------------------------------------------------------------------
// Subscription events: every provider event once, and every change made here.

export const SUBSCRIPTION_EVENT_TYPES = [
  "subscription.created",
  /** A provider's change of something we do not order by (metadata, a trial's end): recorded. */
  "subscription.updated",
  "subscription.plan_changed",
  "subscription.quantity_changed",
  "subscription.cancel_scheduled",
  "subscription.cancel_undone",
  "subscription.auto_renew_changed",
  "subscription.renewed",
  "subscription.past_due",
  "subscription.canceled",
  "subscription.ended",
  "payment.processing",
  "payment.succeeded",
  "payment.failed",
  "payment.canceled",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.updated",
  "reconciliation.mismatch",
  "sales.requested",
] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

/** applied: changed our records; stale: older than what we have; unmatched: no subscription of ours (kept, reported); recorded: a fact only. */
export const EVENT_OUTCOMES = ["applied", "stale", "unmatched", "recorded", "failed"] as const;

export const ZSubscriptionEvent = z.object({
  id: z.number(),
  type: z.enum(SUBSCRIPTION_EVENT_TYPES),
  summary: z.string(),
  /** PORTICO for changes made here; the provider's name for what it told us. */
  source: z.enum(["PORTICO", ...BILLING_PROVIDERS]),
  test_mode: z.boolean(),
  outcome: z.enum(EVENT_OUTCOMES),
  occurred_at: z.string(),
  received_at: z.string(),
  actor: z.string().nullable(),
  /** An engineer made it on the customer's behalf. */
  on_behalf: z.boolean(),
  /** The provider's event id (engineers only). */
  provider_event_id: z.string().nullable(),
});
export type TSubscriptionEvent = z.infer<typeof ZSubscriptionEvent>;

/** What a webhook delivery is answered once stored (or ignored). */
export const ZWebhookReceived = z.object({ received: z.literal(true) });

export const ZEventsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

// ---------------------------------------------------------------------------------------------
// Test-mode provider: what a provider's card form calls.

export const ZTestCardRequest = z.object({
  client_secret: z.string().min(1).max(200),
  card_number: z
    .string({ error: BILLING_MESSAGES.cardInvalid })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, BILLING_MESSAGES.cardInvalid)),
  exp_month: z
    .number({ error: BILLING_MESSAGES.cardExpiry })
    .int()
    .min(1, BILLING_MESSAGES.cardExpiry)
    .max(12, BILLING_MESSAGES.cardExpiry),
  exp_year: z
    .number({ error: BILLING_MESSAGES.cardExpiry })
    .int()
    .min(2000, BILLING_MESSAGES.cardExpiry)
    .max(2100, BILLING_MESSAGES.cardExpiry),
  cvc: z.string({ error: BILLING_MESSAGES.cardCvc }).regex(/^\d{3,4}$/, BILLING_MESSAGES.cardCvc),
});
export type TTestCardRequest = z.input<typeof ZTestCardRequest>;

/** The test provider answers at once with `processing`; the outcome arrives later as an event. */
export const ZTestCardAnswer = z.object({ status: ZPaymentStatus, return_url: z.string().nullable() });

/** GET payments/{id} of the test-mode hosted page: what it shows before the card form. */
export const ZTestCheckoutInfo = z.object({
  payment_intent_id: z.string(),
  client_secret: z.string(),
  company: z.string(),
  description: z.string(),
  amount_minor: z.number(),
  currency: ZCurrency,
  status: ZPaymentStatus,
  return_url: z.string(),
});
