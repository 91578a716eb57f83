/**
 * The Chargebee provider (issue 15), through the official `chargebee` SDK (v3, API v2, Product
 * Catalog 2.0). Customers pay on Chargebee's hosted checkout pages: a first subscription or a
 * resubscription is a `checkout_new_for_items` page, an upgrade of the live subscription a
 * `checkout_existing_for_items` page. The page's id is our payment's id; the subscription the page
 * creates is the one we keep (createSubscription finds it, it never makes a second).
 *
 * Catalogue: one yearly per-unit (TiB) item price per plan and currency, named by `itemPriceId`
 * (`portico-enterprise-lite-usd-yearly`). The site must have them, priced as our catalogue (the
 * price per TiB per month × 12): they are not created from here, because a hosted page is priced
 * by Chargebee from its item prices before we know what a term costs (README).
 *
 * Every call that creates or changes something carries our idempotency key in the
 * `chargebee-idempotency-key` header: Chargebee answers a repeat with the first answer.
 *
 * Versions: Chargebee's `resource_version` (ms) on hosted pages and subscriptions; webhook events
 * (chargebee-events.ts) are ordered by the same numbers.
 */
import type { Currency } from "@portico/shared/rules/billing";
import {
  BILLING_MESSAGES,
  type BillingProviderName,
  type PaymentStatus,
} from "@portico/shared/schemas/billing";
import Chargebee, { type HostedPage, type Subscription } from "chargebee";
import type { Config } from "../../config";
import { HttpError } from "../../platform/errors";
import { parseChargebeeWebhook } from "./chargebee-events";
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

export type ChargebeeConfig = NonNullable<Config["billing"]["chargebee"]>;

/** The site's item price for a plan in a currency: yearly, per TiB. */
export function itemPriceId(planCode: string, currency: Currency | string): string {
  return `portico-${planCode.toLowerCase()}-${currency.toLowerCase()}-yearly`;
}

const ITEM_PRICE = /^portico-(.+)-([a-z]{3})-yearly$/;

/** The plan and currency an item price of ours sells; undefined for any other item price. */
export function planOfItemPrice(id: string): { planCode: string; currency: string } | undefined {
  const m = ITEM_PRICE.exec(id);
  return m?.[1] && m[2] ? { planCode: m[1].toUpperCase(), currency: m[2].toUpperCase() } : undefined;
}

/** Our customer id at Chargebee: one per account, so a retried create finds the first. */
export const chargebeeCustomerId = (accountId: number) => `portico-${accountId}`;

/** What we leave on a hosted page (pass_thru_content) to read back with it. */
interface PassThrough {
  amount_minor: number;
  currency: Currency;
  payment_row_id?: string;
}

const fromSeconds = (s: number | undefined) => (s === undefined ? undefined : new Date(s * 1000));

/** The SDK answers a failed call by rejecting with Chargebee's error body. */
interface ChargebeeApiError {
  http_status_code?: number;
  api_error_code?: string;
  message?: string;
}
const apiErrorCode = (err: unknown) => (err as ChargebeeApiError | null)?.api_error_code;

/**
 * What the user may read of a Chargebee failure (its errors are plain objects with
 * `api_error_code`): a payment refusal 402 and a refused request 400 with Chargebee's message;
 * its outages and a rejected API key 502 without internals. Other errors (ours) pass unchanged.
 */
export function fromChargebeeError(err: unknown): unknown {
  const api = err as (ChargebeeApiError & { type?: string }) | null;
  if (!api || typeof api !== "object" || !("api_error_code" in api)) return err;
  const code = api.http_status_code ?? 500;
  const status = code >= 500 || code === 401 ? 502 : api.type === "payment" ? 402 : 400;
  const message = status === 502 || !api.message ? BILLING_MESSAGES.providerUnavailable : api.message;
  return Object.assign(new HttpError(status, message), { cause: err });
}

/** The provider with every call's Chargebee error turned into an answer the caller can show. */
function translatingErrors(provider: BillingProvider): BillingProvider {
  return new Proxy(provider, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (err) {
          throw fromChargebeeError(err);
        }
      };
    },
  });
}

/**
 * The SDK builds `<protocol>://<site><hostSuffix>:<port>/api/v2/…`; another address (a local
 * stand-in in tests) is reached by naming its host as the site with an empty suffix.
 */
export function chargebeeClient(config: ChargebeeConfig): Chargebee {
  if (!config.apiUrl) return new Chargebee({ site: config.site, apiKey: config.apiKey });
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Chargebee({
    site: url.hostname,
    hostSuffix: "",
    protocol,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    apiKey: config.apiKey,
  });
}

const idempotent = (key: string) => ({ "chargebee-idempotency-key": key });

/** Chargebee's subscription as ours. non_renewing is live and ends at its term's end. */
export function subscriptionFromChargebee(sub: Subscription): ProviderSubscription {
  const plan =
    sub.subscription_items?.find((item) => item.item_type === "plan") ?? sub.subscription_items?.[0];
  const planCode = (plan && planOfItemPrice(plan.item_price_id)?.planCode) ?? "";
  const cancelledAt = fromSeconds(sub.cancelled_at);
  const termStart = fromSeconds(
    sub.current_term_start ?? sub.started_at ?? sub.activated_at ?? sub.created_at,
  );
  const termEnd = fromSeconds(sub.current_term_end) ?? cancelledAt ?? termStart;
  const canceled = sub.status === "cancelled";
  const status: ProviderSubscription["status"] = canceled
    ? "canceled"
    : (sub.due_invoices_count ?? 0) > 0
      ? "past_due"
      : // active, in_trial, non_renewing, and paused or future (a site's own arrangement) are live.
        "active";
  return {
    subscriptionId: sub.id,
    customerId: sub.customer_id,
    planCode,
    quantity: plan?.quantity ?? 0,
    status,
    currentPeriodStart: termStart ?? new Date(0),
    currentPeriodEnd: termEnd ?? new Date(0),
    cancelAt: canceled
      ? (cancelledAt ?? null)
      : sub.status === "non_renewing"
        ? (termEnd ?? cancelledAt ?? null)
        : null,
    endedAt: canceled ? (cancelledAt ?? new Date()) : null,
    version: sub.resource_version ?? (sub.updated_at ?? 0) * 1000,
  };
}

function readPassThrough(page: HostedPage): Partial<PassThrough> {
  try {
    return page.pass_thru_content ? (JSON.parse(page.pass_thru_content) as PassThrough) : {};
  } catch {
    return {};
  }
}

/** A hosted page as a payment: paid once it succeeded, over once cancelled or expired. */
export function paymentFromHostedPage(page: HostedPage, now = new Date()): ProviderPayment {
  const content = (page.content ?? {}) as Partial<HostedPage["content"]>;
  const passed = readPassThrough(page);
  const paid = page.state === "succeeded" || page.state === "acknowledged";
  const expired = page.expires_at !== undefined && page.expires_at * 1000 <= now.getTime();
  const status: PaymentStatus = paid
    ? "succeeded"
    : page.state === "cancelled" || expired
      ? "canceled"
      : page.failure_reason
        ? "failed"
        : "requires_payment_method";
  const failureMessage =
    status === "failed"
      ? page.failure_reason === "card_error"
        ? BILLING_MESSAGES.cardDeclined
        : BILLING_MESSAGES.paymentFailed
      : null;
  const currency = (passed.currency ??
    content.invoice?.currency_code ??
    content.subscription?.currency_code ??
    "USD") as Currency;
  return {
    paymentId: page.id ?? "",
    status,
    amountMinor: content.invoice?.total ?? passed.amount_minor ?? 0,
    currency,
    failureMessage,
    card: content.card ? { brand: content.card.card_type ?? "card", last4: content.card.last4 } : null,
    version: page.resource_version ?? (page.updated_at ?? page.created_at ?? 0) * 1000,
  };
}

export function createChargebeeProvider(
  config: ChargebeeConfig,
  _opts: { publicUrl: string },
): BillingProvider {
  return translatingErrors(new ChargebeeProvider(config));
}

class ChargebeeProvider implements BillingProvider {
  readonly name: BillingProviderName = "CHARGEBEE";
  // Chargebee names a test site "<name>-test"; its payments are not real money.
  readonly testMode: boolean;
  private readonly chargebee: Chargebee;

  constructor(private readonly config: ChargebeeConfig) {
    this.testMode = config.site.endsWith("-test");
    this.chargebee = chargebeeClient(config);
  }

  async ensureCustomer(input: ProviderCustomerInput, existingCustomerId: string | null): Promise<string> {
    const details = { company: input.company, email: input.email };
    if (existingCustomerId) {
      try {
        await this.chargebee.customer.update(existingCustomerId, details);
        return existingCustomerId;
      } catch (err) {
        // Deleted in Chargebee's dashboard, or from another site: make the account's own.
        if (apiErrorCode(err) !== "resource_not_found") throw err;
      }
    }
    const id = chargebeeCustomerId(input.accountId);
    try {
      const { customer } = await this.chargebee.customer.create(
        { id, ...details, preferred_currency_code: input.currency },
        idempotent(`customer-${input.accountId}`),
      );
      return customer.id;
    } catch (err) {
      // Made by an earlier attempt whose answer was lost (or whose key has expired): keep it.
      if (apiErrorCode(err) !== "duplicate_entry") throw err;
      await this.chargebee.customer.update(id, details);
      return id;
    }
  }

  async preparePayment(input: PreparePaymentInput): Promise<PreparedProviderPayment> {
    const { purchase } = input;
    if (!purchase) throw new Error("Chargebee checkouts need the plan and quantity bought");
    const items = [
      { item_price_id: itemPriceId(purchase.planCode, input.currency), quantity: purchase.quantity },
    ];
    const passThrough: PassThrough = {
      amount_minor: input.amountMinor,
      currency: input.currency,
      ...(input.metadata.payment_row_id ? { payment_row_id: input.metadata.payment_row_id } : {}),
    };
    const common = { redirect_url: input.returnUrl, pass_thru_content: JSON.stringify(passThrough) };
    const headers = idempotent(input.idempotencyKey);
    const { hosted_page } = purchase.subscriptionId
      ? await this.chargebee.hostedPage.checkoutExistingForItems(
          { ...common, subscription: { id: purchase.subscriptionId }, subscription_items: items },
          headers,
        )
      : await this.chargebee.hostedPage.checkoutNewForItems(
          { ...common, customer: { id: input.customerId }, subscription_items: items },
          headers,
        );
    const payment = paymentFromHostedPage(hosted_page);
    if (!hosted_page.url) throw new Error(`Chargebee hosted page ${payment.paymentId} has no url`);
    return { ...payment, checkout: { kind: "hosted", url: hosted_page.url } };
  }

  private async hostedPage(paymentId: string): Promise<HostedPage> {
    return (await this.chargebee.hostedPage.retrieve(paymentId)).hosted_page;
  }

  async getPayment(paymentId: string): Promise<ProviderPayment> {
    return paymentFromHostedPage(await this.hostedPage(paymentId));
  }

  /**
   * Chargebee's API cannot withdraw a hosted page: it expires by itself. A page paid after we gave
   * up on it is refused when it is applied (a newer change came first) and left to the engineers.
   */
  async cancelPayment(_paymentId: string): Promise<void> {}

  /** The first term was paid on a hosted page, which made the subscription: answer that one. */
  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    if (!input.paymentId) throw new Error("Chargebee subscriptions begin on a hosted checkout page");
    const page = await this.hostedPage(input.paymentId);
    const sub = page.content?.subscription;
    if (!(page.state === "succeeded" || page.state === "acknowledged") || !sub) {
      throw new Error(`Chargebee hosted page ${input.paymentId} has made no subscription (${page.state})`);
    }
    return subscriptionFromChargebee(sub);
  }

  async changeSubscription(input: ChangeSubscriptionInput): Promise<ProviderSubscription> {
    const { subscription: current } = await this.chargebee.subscription.retrieve(input.subscriptionId);
    const charge = input.billing.kind === "charge";
    const { subscription } = await this.chargebee.subscription.updateForItems(
      input.subscriptionId,
      {
        subscription_items: [
          { item_price_id: itemPriceId(input.planCode, current.currency_code), quantity: input.quantity },
        ],
        // A capacity increase is charged now for the rest of the term; a paid upgrade was charged
        // on its hosted page; a decrease is not refunded.
        prorate: charge,
        invoice_immediately: charge,
      },
      idempotent(input.idempotencyKey),
    );
    return subscriptionFromChargebee(subscription);
  }

  async cancelSubscription(
    subscriptionId: string,
    atPeriodEnd: boolean,
    idempotencyKey: string,
  ): Promise<ProviderSubscription> {
    const { subscription } = await this.chargebee.subscription.cancelForItems(
      subscriptionId,
      atPeriodEnd
        ? { cancel_option: "end_of_term" }
        : // Ended now by an engineer: any refund is theirs to settle, not automatic.
          { cancel_option: "immediately", credit_option_for_current_term_charges: "none" },
      idempotent(idempotencyKey),
    );
    return subscriptionFromChargebee(subscription);
  }

  async undoCancel(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    const { subscription } = await this.chargebee.subscription.removeScheduledCancellation(
      subscriptionId,
      {},
      idempotent(idempotencyKey),
    );
    return subscriptionFromChargebee(subscription);
  }

  async getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return subscriptionFromChargebee(
      (await this.chargebee.subscription.retrieve(subscriptionId)).subscription,
    );
  }

  async parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): Promise<ProviderEvent> {
    const event = await parseChargebeeWebhook(
      rawBody,
      headers,
      { username: this.config.webhookUsername, password: this.config.webhookPassword },
      now,
    );
    // The payload does not say whether the site is a test site; the site's name does.
    return { ...event, testMode: this.testMode };
  }
}
