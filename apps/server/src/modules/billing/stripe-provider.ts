/**
 * The Stripe billing provider (issue 15), through the official `stripe` SDK.
 *
 * Payments are PaymentIntents the browser confirms with Stripe Elements (the checkout carries the
 * client secret and the publishable key); 3-D Secure (`requires_action`) is finished in the
 * browser, so such a payment is still waiting for the card here. The first term is paid by that
 * PaymentIntent, so the Stripe subscription is created afterwards with a trial running to the
 * term's end (nothing charged now) and the PaymentIntent's card as its default payment method;
 * Stripe charges the card from the second term on.
 *
 * Prices are found by lookup key `portico:<plan>:<currency>:<unit amount>`: Stripe prices cannot
 * change, so a new plan price is a new lookup key, made (with the product `portico-<plan>`) the
 * first time it is needed.
 *
 * Every call that creates or changes something sends the caller's idempotency key (the sync job
 * retries with the same key; the SDK's own network retries reuse it). Stripe's errors never reach
 * the user as a 500: a card error or a refused request becomes an HttpError with Stripe's message,
 * anything else (network, outage, keys) a 502 that says to try again.
 *
 * Objects are read as ours by stripe-events.ts (`stripePayment`, `stripeSubscription`), which also
 * sets the version rule; an API answer's version is the time of the call (for payments, in whole
 * seconds as Stripe's events are).
 */
import { BILLING_TERM_MONTHS, type Currency } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES, type BillingProviderName } from "@portico/shared/schemas/billing";
import Stripe from "stripe";
import type { Config } from "../../config";
import { HttpError } from "../../platform/errors";
import type {
  BillingProvider,
  ChangeSubscriptionInput,
  CreateSubscriptionInput,
  PreparedProviderPayment,
  PreparePaymentInput,
  ProviderCustomerInput,
  ProviderEvent,
  ProviderPayment,
  ProviderSubscription,
} from "./provider";
import { parseStripeWebhook, stripePayment, stripeSubscription } from "./stripe-events";

export type StripeConfig = NonNullable<Config["billing"]["stripe"]>;

// ---------------------------------------------------------------------------------------------
// Errors

/** What the user may read of a Stripe failure; the original stays as the cause. */
export function fromStripeError(err: unknown): unknown {
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  const status =
    err instanceof Stripe.errors.StripeCardError
      ? 402
      : err instanceof Stripe.errors.StripeInvalidRequestError ||
          err instanceof Stripe.errors.StripeIdempotencyError
        ? 400
        : 502;
  const message = status === 502 ? BILLING_MESSAGES.providerUnavailable : err.message;
  return Object.assign(new HttpError(status, message), { cause: err });
}

async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw fromStripeError(err);
  }
}

const WAITING_FOR_CARD = new Set<Stripe.PaymentIntent.Status>([
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "requires_capture",
]);

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * When a payment's state was read, at the resolution of Stripe's clock (events' `created` is in
 * whole seconds): within one second the status decides the order, so a `processing` read just
 * before a decline does not outrank the decline's event of the same second.
 */
const observedNow = () => Math.floor(Date.now() / 1000) * 1000;

// ---------------------------------------------------------------------------------------------
// The provider

class StripeProvider implements BillingProvider {
  readonly name: BillingProviderName = "STRIPE";
  readonly testMode: boolean;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    // Test keys move no money: the screens say so, as they do for the local test mode.
    this.testMode = config.secretKey.startsWith("sk_test_") || config.secretKey.startsWith("rk_test_");
    const target = config.apiUrl ? new URL(config.apiUrl) : undefined;
    this.stripe = new Stripe(config.secretKey, {
      // Two retries with backoff ride out a blip; each reuses the request's idempotency key.
      maxNetworkRetries: 2,
      // A hung call must not hold a prepare (the user waits) or a sync job for Stripe's 80 s default.
      timeout: 20_000,
      appInfo: { name: "Portico" },
      telemetry: false,
      ...(target
        ? {
            host: target.hostname,
            port: target.port || (target.protocol === "http:" ? 80 : 443),
            protocol: target.protocol === "http:" ? "http" : "https",
          }
        : {}),
    });
  }

  async ensureCustomer(input: ProviderCustomerInput, existingCustomerId: string | null): Promise<string> {
    if (existingCustomerId) return existingCustomerId;
    const customer = await stripeCall(() =>
      this.stripe.customers.create(
        {
          email: input.email,
          name: input.company,
          metadata: { account_id: String(input.accountId) },
        },
        // One customer per account: a retry after a crash finds the one the first call made.
        { idempotencyKey: `customer-${input.accountId}` },
      ),
    );
    return customer.id;
  }

  async preparePayment(input: PreparePaymentInput): Promise<PreparedProviderPayment> {
    const pi = await stripeCall(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          customer: input.customerId,
          description: input.description,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
          // The card pays the first term now and renewals later (off session).
          setup_future_usage: "off_session",
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!pi.client_secret) throw new Error(`Stripe answered PaymentIntent ${pi.id} without a client secret`);
    return {
      ...stripePayment(pi, observedNow()),
      checkout: {
        kind: "card",
        client_secret: pi.client_secret,
        publishable_key: this.config.publishableKey,
      },
    };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment> {
    const at = observedNow();
    // Expanded for the card's brand and last four digits (the card on file the screens show).
    const pi = await stripeCall(() =>
      this.stripe.paymentIntents.retrieve(paymentId, { expand: ["payment_method"] }),
    );
    return stripePayment(pi, at);
  }

  /** A payment still waiting for its card is cancelled; one processing or settled is left alone. */
  async cancelPayment(paymentId: string): Promise<void> {
    const pi = await stripeCall(() => this.stripe.paymentIntents.retrieve(paymentId));
    if (!WAITING_FOR_CARD.has(pi.status)) return;
    try {
      await this.stripe.paymentIntents.cancel(paymentId, {}, { idempotencyKey: `cancel-${paymentId}` });
    } catch (err) {
      // Confirmed in the browser meanwhile: its outcome arrives as an event.
      if (
        err instanceof Stripe.errors.StripeInvalidRequestError &&
        err.code === "payment_intent_unexpected_state"
      )
        return;
      throw fromStripeError(err);
    }
  }

  /** The yearly (term) price of a plan at a unit amount, made once with its product when missing. */
  private async priceFor(planCode: string, currency: Currency, unitAmountMinor: number): Promise<string> {
    const lookupKey = `portico:${planCode}:${currency.toLowerCase()}:${unitAmountMinor}`;
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const productId = `portico-${planCode.toLowerCase()}`;
    try {
      await this.stripe.products.retrieve(productId);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)) throw err;
      await this.stripe.products.create(
        { id: productId, name: `Portico ${planCode}`, metadata: { plan: planCode } },
        { idempotencyKey: `product-${productId}` },
      );
    }
    const price = await this.stripe.prices.create(
      {
        product: productId,
        currency: currency.toLowerCase(),
        unit_amount: unitAmountMinor,
        recurring: { interval: "month", interval_count: BILLING_TERM_MONTHS },
        lookup_key: lookupKey,
        metadata: { plan: planCode },
      },
      { idempotencyKey: `price-${lookupKey}` },
    );
    return price.id;
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    return stripeCall(async () => {
      const unit = Math.round(input.termAmountMinor / Math.max(1, input.quantity));
      const price = await this.priceFor(input.planCode, input.currency, unit);
      const paidBy = input.paymentId ? await this.stripe.paymentIntents.retrieve(input.paymentId) : undefined;
      const method = paidBy?.payment_method;
      const sub = await this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price, quantity: input.quantity }],
          // The first term was paid by the PaymentIntent: the first full invoice is at its end, and
          // "none" makes the time before it free. Not a trial: a trial would invoice a capacity
          // increase during the first term at the trial's price of nothing.
          billing_cycle_anchor: unixSeconds(input.periodEnd),
          proration_behavior: "none",
          metadata: { account_id: String(input.accountId), payment_intent: input.paymentId },
          ...(method ? { default_payment_method: typeof method === "string" ? method : method.id } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return stripeSubscription(sub, Date.now());
    });
  }

  async changeSubscription(input: ChangeSubscriptionInput): Promise<ProviderSubscription> {
    return stripeCall(async () => {
      const current = await this.stripe.subscriptions.retrieve(input.subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${current.id} has no item`);
      const unit = Math.round(input.termAmountMinor / Math.max(1, input.quantity));
      const price = await this.priceFor(input.planCode, current.currency.toUpperCase() as Currency, unit);
      const sub = await this.stripe.subscriptions.update(
        input.subscriptionId,
        {
          items: [{ id: item.id, price, quantity: input.quantity }],
          // A quantity increase is charged now on the card on file (its invoice comes back as an
          // event); an upgrade was paid by its own PaymentIntent, and a decrease is not refunded.
          proration_behavior: input.billing.kind === "charge" ? "always_invoice" : "none",
          payment_behavior: "allow_incomplete",
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return stripeSubscription(sub, Date.now());
    });
  }

  async cancelSubscription(
    subscriptionId: string,
    atPeriodEnd: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const sub = await stripeCall(() =>
      atPeriodEnd
        ? this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey })
        : this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey }),
    );
    return stripeSubscription(sub, Date.now());
  }

  async undoCancel(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    const sub = await stripeCall(() =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }, { idempotencyKey }),
    );
    return stripeSubscription(sub, Date.now());
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    const at = Date.now();
    const sub = await stripeCall(() => this.stripe.subscriptions.retrieve(subscriptionId));
    return stripeSubscription(sub, at);
  }

  async parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): Promise<ProviderEvent> {
    return parseStripeWebhook(rawBody, headers, this.config.webhookSecret, now);
  }
}

export function createStripeProvider(config: StripeConfig, _opts: { publicUrl: string }): BillingProvider {
  return new StripeProvider(config);
}
