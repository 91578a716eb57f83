/**
 * A stand-in for Chargebee's API v2 (issue 15 tests): a local HTTP server answering the calls the
 * Chargebee provider makes through the `chargebee` SDK, as Chargebee does (form-encoded requests,
 * basic auth with the API key as user, JSON answers `{ hosted_page }`, `{ subscription, customer }`,
 * errors `{ message, type, api_error_code, http_status_code }`), kept in memory. Every object
 * carries `resource_version` (ms, always growing).
 *
 * Stable API (used by the provider's and the webhook tests):
 *   const fake = await startFakeChargebee();      // 127.0.0.1, a free port
 *   createTestApp({ ...fake.env(), BILLING_TEST_MODE: "false", BILLING_DEFAULT_PROVIDER: "CHARGEBEE" })
 *   fake.addItemPrice(id, { currency, price })    // per unit per year, minor units; unknown → 404
 *   fake.completeHostedPage(id, { card? })        // the customer pays on the page: subscription
 *                                                 // created (checkout_new) or changed (existing)
 *   fake.failHostedPage(id) / fake.cancelHostedPage(id)
 *   fake.renew(subscriptionId, { paid })          // the term ends: invoice paid or dunning
 *   fake.endTerm(subscriptionId)                  // a non_renewing subscription's term ends
 *   fake.customers / hostedPages / subscriptions / invoices   // Maps by id (read them)
 *   fake.requests                                 // every call: method, path, params, idempotency key
 *   fake.events                                   // the webhook events Chargebee would have sent
 *   fake.event(type, content, occurredAt?)        // one more event, shaped like Chargebee's
 *   fake.subscriptionEvent(type, subscriptionId)  // content: the subscription now, its customer
 *   fake.webhookRequest(event, creds?)            // app.inject options for the webhook route
 *   fake.failNext(count, status?, path?)          // the next calls (to path) answer 500 (or status)
 *   await fake.close()
 * Idempotency: a POST with a `chargebee-idempotency-key` seen before answers the first answer again
 * (header `chargebee-idempotency-replayed: true`) and changes nothing.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Json = Record<string, unknown>;

export interface FakeItemPrice {
  currency: string;
  /** Per unit per year, minor units. */
  price: number;
}

export interface FakeSubscription extends Json {
  id: string;
  customer_id: string;
  currency_code: string;
  status: "active" | "non_renewing" | "cancelled" | "in_trial";
  subscription_items: {
    item_price_id: string;
    item_type: "plan";
    quantity: number;
    unit_price: number;
    amount: number;
  }[];
  current_term_start: number;
  current_term_end: number;
  cancelled_at?: number;
  due_invoices_count: number;
  resource_version: number;
}

export interface FakeHostedPage extends Json {
  id: string;
  type: "checkout_new" | "checkout_existing";
  url: string;
  state: "created" | "requested" | "succeeded" | "cancelled" | "acknowledged";
  failure_reason?: "card_error" | "server_error";
  pass_thru_content?: string;
  content?: Json;
  resource_version: number;
}

export interface FakeInvoice extends Json {
  id: string;
  subscription_id: string;
  customer_id: string;
  currency_code: string;
  total: number;
  status: "paid" | "payment_due";
  resource_version: number;
}

export interface ChargebeeWebhookEvent {
  id: string;
  occurred_at: number;
  source: string;
  object: "event";
  api_version: "v2";
  event_type: string;
  webhook_status: string;
  content: Json;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

export interface WebhookCredentials {
  username: string;
  password: string;
}

const YEAR_SECONDS = 365 * 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}${randomBytes(8).toString("hex")}`;
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
  body(): Json {
    return {
      message: this.message,
      // Chargebee types its 4xx errors; its 5xx carry only a code.
      ...(this.status < 500 ? { type: "invalid_request" } : {}),
      api_error_code: this.code,
      error_code: this.code,
      error_msg: this.message,
      ...(this.param ? { param: this.param } : {}),
      http_status_code: this.status,
    };
  }
}

const notFound = (what: string, param?: string) =>
  new ApiError(404, "resource_not_found", `Sorry, we couldn't find that resource: ${what}`, param);
const invalidState = (message: string) => new ApiError(400, "invalid_state_for_request", message);

/** `subscription_items[item_price_id][0]=…` → [{ item_price_id }] (the SDK's encoding). */
function listParam(params: Record<string, string>, name: string): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  const pattern = new RegExp(`^${name}\\[([a-z_]+)\\]\\[(\\d+)\\]$`);
  for (const [key, value] of Object.entries(params)) {
    const m = pattern.exec(key);
    if (!m?.[1] || !m[2]) continue;
    const index = Number(m[2]);
    rows[index] = { ...rows[index], [m[1]]: value };
  }
  return rows.filter(Boolean);
}

export class FakeChargebee {
  readonly site = "portico-test";
  readonly apiKey = `test_${randomBytes(12).toString("hex")}`;
  readonly webhook: WebhookCredentials = { username: "chargebee", password: randomBytes(12).toString("hex") };
  readonly itemPrices = new Map<string, FakeItemPrice>();
  readonly customers = new Map<string, Json>();
  readonly hostedPages = new Map<string, FakeHostedPage>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly requests: RecordedRequest[] = [];
  readonly events: ChargebeeWebhookEvent[] = [];
  url = "";
  private readonly answered = new Map<string, { path: string; status: number; body: Json }>();
  /** What each hosted page sells: its items and, for checkout_existing, the subscription. */
  private readonly sells = new Map<
    string,
    { items: { item_price_id: string; quantity: number }[]; customerId?: string; subscriptionId?: string }
  >();
  private failures: { count: number; status: number; path?: RegExp | undefined } = { count: 0, status: 500 };
  private lastVersion = 0;
  private readonly server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** CHARGEBEE_* for createTestApp: this fake as the configured Chargebee site. */
  env(): Record<string, string> {
    return {
      CHARGEBEE_SITE: this.site,
      CHARGEBEE_API_KEY: this.apiKey,
      CHARGEBEE_WEBHOOK_USERNAME: this.webhook.username,
      CHARGEBEE_WEBHOOK_PASSWORD: this.webhook.password,
      CHARGEBEE_API_URL: this.url,
    };
  }

  addItemPrice(id: string, price: FakeItemPrice): void {
    this.itemPrices.set(id, price);
  }

  /** The next `count` calls (to paths matching `path`, if given) answer `status`. */
  failNext(count: number, status = 500, path?: RegExp): void {
    this.failures = { count, status, path };
  }

  /** Calls to one path (as the SDK sent them), e.g. "/api/v2/hosted_pages/checkout_new_for_items". */
  callsTo(path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => (typeof path === "string" ? r.path === path : path.test(r.path)));
  }

  // -------------------------------------------------------------------------------------------
  // What happens on Chargebee's side (the customer on a hosted page, the clock)

  /** The customer pays on the page: checkout_new makes a subscription, checkout_existing changes it. */
  completeHostedPage(id: string, opts: { card?: { card_type: string; last4: string } } = {}): FakeHostedPage {
    const page = this.mustGet(this.hostedPages, id);
    const sold = this.sells.get(id);
    if (!sold) throw new Error(`fake chargebee: hosted page ${id} sells nothing`);
    if (page.state === "succeeded" || page.state === "cancelled") return page;
    const card = opts.card ?? { card_type: "visa", last4: "4242" };
    let sub: FakeSubscription;
    let total: number;
    if (page.type === "checkout_new") {
      const customerId = sold.customerId ?? randomId("cus_");
      if (!this.customers.has(customerId))
        this.customers.set(customerId, this.newCustomer({ id: customerId }));
      const start = nowSeconds();
      sub = {
        id: randomId("sub_"),
        object: "subscription",
        customer_id: customerId,
        currency_code: this.priceOf(sold.items[0]?.item_price_id ?? "").currency,
        status: "active",
        billing_period: 1,
        billing_period_unit: "year",
        subscription_items: this.itemsOf(sold.items),
        current_term_start: start,
        current_term_end: start + YEAR_SECONDS,
        next_billing_at: start + YEAR_SECONDS,
        created_at: start,
        started_at: start,
        activated_at: start,
        updated_at: start,
        due_invoices_count: 0,
        resource_version: this.version(),
      };
      total = sub.subscription_items.reduce((sum, item) => sum + item.amount, 0);
      this.subscriptions.set(sub.id, sub);
    } else {
      const current = this.mustGet(this.subscriptions, sold.subscriptionId ?? "");
      total = this.prorated(current, sold.items);
      sub = this.update(current, { subscription_items: this.itemsOf(sold.items) });
    }
    const customer = this.mustGet(this.customers, sub.customer_id);
    customer.card = card;
    const invoice = this.invoice(sub, total, true);
    Object.assign(page, {
      state: "succeeded",
      updated_at: nowSeconds(),
      resource_version: this.version(),
      content: {
        subscription: clone(sub),
        customer: clone(customer),
        card: clone(card),
        invoice: clone(invoice),
      },
    });
    this.emitFor(page.type === "checkout_new" ? "subscription_created" : "subscription_changed", sub);
    this.emitPayment(invoice, true);
    return page;
  }

  /** The card was refused on the page (the customer may still try another). */
  failHostedPage(id: string, reason: "card_error" | "server_error" = "card_error"): FakeHostedPage {
    const page = this.mustGet(this.hostedPages, id);
    Object.assign(page, { failure_reason: reason, state: "requested", resource_version: this.version() });
    return page;
  }

  cancelHostedPage(id: string): FakeHostedPage {
    const page = this.mustGet(this.hostedPages, id);
    Object.assign(page, { state: "cancelled", resource_version: this.version() });
    return page;
  }

  /** The term ended and was charged: a new term (paid), or an unpaid invoice (dunning). */
  renew(subscriptionId: string, opts: { paid: boolean } = { paid: true }): FakeSubscription {
    const sub = this.mustGet(this.subscriptions, subscriptionId);
    const total = sub.subscription_items.reduce((sum, item) => sum + item.amount, 0);
    const renewed = opts.paid
      ? this.update(sub, {
          current_term_start: sub.current_term_end,
          current_term_end: sub.current_term_end + YEAR_SECONDS,
          next_billing_at: sub.current_term_end + YEAR_SECONDS,
        })
      : this.update(sub, { due_invoices_count: sub.due_invoices_count + 1, due_since: nowSeconds() });
    const invoice = this.invoice(renewed, total, opts.paid);
    if (opts.paid) this.emitFor("subscription_renewed", renewed, { invoice });
    this.emitPayment(invoice, opts.paid);
    return renewed;
  }

  /** A subscription set to cancel reaches its term's end. */
  endTerm(subscriptionId: string): FakeSubscription {
    const sub = this.mustGet(this.subscriptions, subscriptionId);
    if (sub.status !== "non_renewing") throw new Error(`fake chargebee: ${subscriptionId} is ${sub.status}`);
    const ended = this.update(sub, { status: "cancelled", cancelled_at: sub.current_term_end });
    this.emitFor("subscription_cancelled", ended);
    return ended;
  }

  // -------------------------------------------------------------------------------------------
  // Webhook events

  event(eventType: string, content: Json, occurredAt = new Date()): ChargebeeWebhookEvent {
    return {
      id: randomId("ev_"),
      occurred_at: Math.floor(occurredAt.getTime() / 1000),
      source: "api",
      object: "event",
      api_version: "v2",
      event_type: eventType,
      webhook_status: "scheduled",
      content: clone(content),
    };
  }

  /** An event about a subscription as it is now (with its customer and card). */
  subscriptionEvent(eventType: string, subscriptionId: string, extra: Json = {}): ChargebeeWebhookEvent {
    const sub = this.mustGet(this.subscriptions, subscriptionId);
    const customer = this.customers.get(sub.customer_id);
    return this.event(eventType, {
      subscription: sub,
      ...(customer ? { customer, ...(customer.card ? { card: customer.card } : {}) } : {}),
      ...extra,
    });
  }

  /** Options for `app.inject`: the event POSTed as Chargebee does, with basic auth. */
  webhookRequest(event: ChargebeeWebhookEvent | string, creds: WebhookCredentials = this.webhook) {
    const basic = Buffer.from(`${creds.username}:${creds.password}`).toString("base64");
    return {
      method: "POST" as const,
      url: "/api/billing/webhooks/chargebee",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
      payload: typeof event === "string" ? event : JSON.stringify(event),
    };
  }

  // -------------------------------------------------------------------------------------------
  // The API

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", this.url);
    const params = Object.fromEntries(
      new URLSearchParams(req.method === "GET" ? url.search : Buffer.concat(chunks).toString("utf8")),
    );
    const keyHeader = req.headers["chargebee-idempotency-key"];
    const idempotencyKey = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
    this.requests.push({ method: req.method ?? "", path: url.pathname, params, idempotencyKey });
    const send = (status: number, body: Json, replayed = false) => {
      res.writeHead(status, {
        "content-type": "application/json;charset=utf-8",
        ...(replayed ? { "chargebee-idempotency-replayed": "true" } : {}),
      });
      res.end(JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${this.apiKey}:`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      send(
        401,
        new ApiError(
          401,
          "api_authentication_failed",
          "Sorry, authentication failed. Invalid api key",
        ).body(),
      );
      return;
    }
    if (this.failures.count > 0 && (this.failures.path?.test(url.pathname) ?? true)) {
      this.failures.count--;
      send(
        this.failures.status,
        new ApiError(this.failures.status, "internal_error", "Sorry, something went wrong").body(),
      );
      return;
    }
    if (req.method === "POST" && idempotencyKey) {
      const earlier = this.answered.get(idempotencyKey);
      if (earlier) {
        if (earlier.path !== url.pathname)
          send(
            409,
            new ApiError(
              409,
              "idempotency_key_reused",
              "The idempotency key was used for another request",
            ).body(),
          );
        else send(earlier.status, earlier.body, true);
        return;
      }
    }
    let status = 200;
    let body: Json;
    try {
      body = this.route(req.method ?? "GET", url.pathname, params);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      status = err.status;
      body = err.body();
    }
    // Chargebee keeps the answer to a keyed request, errors included (a retry gets the same).
    if (req.method === "POST" && idempotencyKey)
      this.answered.set(idempotencyKey, { path: url.pathname, status, body });
    send(status, body);
  }

  private route(method: string, path: string, params: Record<string, string>): Json {
    const m = /^\/api\/v2\/([a-z_]+)(?:\/([^/]+))?(?:\/([a-z_]+))?$/.exec(path);
    if (!m) throw new ApiError(404, "resource_not_found", `no such path ${path}`);
    const [, resource, id, action] = m;
    const key = `${method} ${resource}${id ? "/:id" : ""}${action ? `/${action}` : ""}`;
    const sid = decodeURIComponent(id ?? "");
    switch (key) {
      case "POST customers":
        return this.createCustomer(params);
      case "POST customers/:id":
        return this.updateCustomer(sid, params);
      case "GET customers/:id":
        return { customer: this.mustFind(this.customers, sid, "customer") };
      case "POST hosted_pages/:id":
        if (sid === "checkout_new_for_items") return this.checkout("checkout_new", params);
        if (sid === "checkout_existing_for_items") return this.checkout("checkout_existing", params);
        break;
      case "GET hosted_pages/:id":
        return { hosted_page: this.mustFind(this.hostedPages, sid, "hosted_page") };
      case "GET subscriptions/:id":
        return this.subscriptionAnswer(this.mustFind(this.subscriptions, sid, "subscription"));
      case "POST subscriptions/:id/update_for_items":
        return this.updateForItems(sid, params);
      case "POST subscriptions/:id/cancel_for_items":
        return this.cancelForItems(sid, params);
      case "POST subscriptions/:id/remove_scheduled_cancellation":
        return this.removeScheduledCancellation(sid);
    }
    throw new ApiError(404, "resource_not_found", `the fake does not answer ${method} ${path}`);
  }

  private newCustomer(fields: Json): Json {
    const now = nowSeconds();
    return {
      object: "customer",
      created_at: now,
      updated_at: now,
      auto_collection: "on",
      ...fields,
      resource_version: this.version(),
    };
  }

  private createCustomer(params: Record<string, string>): Json {
    const id = params.id ?? randomId("cus_");
    if (this.customers.has(id))
      throw new ApiError(400, "duplicate_entry", `The value ${id} is already present.`, "id");
    const customer = this.newCustomer({
      id,
      ...(params.email ? { email: params.email } : {}),
      ...(params.company ? { company: params.company } : {}),
      ...(params.preferred_currency_code ? { preferred_currency_code: params.preferred_currency_code } : {}),
    });
    this.customers.set(id, customer);
    return { customer };
  }

  private updateCustomer(id: string, params: Record<string, string>): Json {
    const customer = this.mustFind(this.customers, id, "customer");
    for (const field of ["email", "company"])
      if (params[field] !== undefined) customer[field] = params[field];
    Object.assign(customer, { updated_at: nowSeconds(), resource_version: this.version() });
    return { customer };
  }

  private checkout(type: FakeHostedPage["type"], params: Record<string, string>): Json {
    const items = listParam(params, "subscription_items").map((row) => ({
      item_price_id: row.item_price_id ?? "",
      quantity: Number(row.quantity ?? 1),
    }));
    if (items.length === 0)
      throw new ApiError(400, "param_wrong_value", "subscription_items is required", "subscription_items");
    for (const item of items) this.priceOf(item.item_price_id);
    let customerId = params["customer[id]"];
    const subscriptionId = params["subscription[id]"];
    if (type === "checkout_existing") {
      const sub = this.mustFind(this.subscriptions, subscriptionId ?? "", "subscription", "subscription[id]");
      if (sub.status === "cancelled") throw invalidState("The subscription is cancelled");
      customerId = sub.customer_id;
    }
    const id = randomId("hp_");
    const now = nowSeconds();
    const page: FakeHostedPage = {
      id,
      object: "hosted_page",
      type,
      url: `${this.url}/pages/v3/${id}/`,
      state: "created",
      embed: false,
      created_at: now,
      updated_at: now,
      expires_at: now + 3 * 24 * 3600,
      ...(params.pass_thru_content !== undefined ? { pass_thru_content: params.pass_thru_content } : {}),
      ...(params.redirect_url !== undefined ? { redirect_url: params.redirect_url } : {}),
      resource_version: this.version(),
    };
    this.hostedPages.set(id, page);
    this.sells.set(id, {
      items,
      ...(customerId ? { customerId } : {}),
      ...(subscriptionId ? { subscriptionId } : {}),
    });
    return { hosted_page: page };
  }

  private updateForItems(id: string, params: Record<string, string>): Json {
    const sub = this.mustFind(this.subscriptions, id, "subscription");
    if (sub.status === "cancelled") throw invalidState("The subscription is cancelled");
    const items = listParam(params, "subscription_items").map((row) => ({
      item_price_id: row.item_price_id ?? "",
      quantity: Number(row.quantity ?? 1),
    }));
    for (const item of items) this.priceOf(item.item_price_id);
    const prorate = params.prorate === "true";
    const charge = prorate ? this.prorated(sub, items) : 0;
    const updated = this.update(sub, { subscription_items: this.itemsOf(items) });
    this.emitFor("subscription_changed", updated);
    let invoice: FakeInvoice | undefined;
    if (charge > 0 && params.invoice_immediately === "true") {
      const customer = this.customers.get(updated.customer_id);
      invoice = this.invoice(updated, charge, Boolean(customer?.card));
      this.emitPayment(invoice, invoice.status === "paid");
    }
    return { ...this.subscriptionAnswer(updated), ...(invoice ? { invoice } : {}) };
  }

  private cancelForItems(id: string, params: Record<string, string>): Json {
    const sub = this.mustFind(this.subscriptions, id, "subscription");
    if (sub.status === "cancelled") throw invalidState("The subscription is already cancelled");
    const atTermEnd = params.cancel_option === "end_of_term" || params.end_of_term === "true";
    const updated = atTermEnd
      ? this.update(sub, {
          status: "non_renewing",
          cancelled_at: sub.current_term_end,
          cancel_schedule_created_at: nowSeconds(),
        })
      : this.update(sub, { status: "cancelled", cancelled_at: nowSeconds() });
    this.emitFor(atTermEnd ? "subscription_cancellation_scheduled" : "subscription_cancelled", updated);
    return this.subscriptionAnswer(updated);
  }

  private removeScheduledCancellation(id: string): Json {
    const sub = this.mustFind(this.subscriptions, id, "subscription");
    if (sub.status !== "non_renewing") throw invalidState("The subscription has no scheduled cancellation");
    const updated = this.update(sub, {
      status: "active",
      cancelled_at: undefined,
      cancel_schedule_created_at: undefined,
    });
    this.emitFor("subscription_scheduled_cancellation_removed", updated);
    return this.subscriptionAnswer(updated);
  }

  // -------------------------------------------------------------------------------------------
  // Records

  /** Milliseconds, strictly growing: Chargebee's resource_version. */
  private version(): number {
    this.lastVersion = Math.max(Date.now(), this.lastVersion + 1);
    return this.lastVersion;
  }

  private priceOf(itemPriceId: string): FakeItemPrice {
    const price = this.itemPrices.get(itemPriceId);
    if (!price) throw notFound(`item_price ${itemPriceId}`, "item_price_id");
    return price;
  }

  private itemsOf(
    items: { item_price_id: string; quantity: number }[],
  ): FakeSubscription["subscription_items"] {
    return items.map((item) => {
      const unit = this.priceOf(item.item_price_id).price;
      return {
        item_price_id: item.item_price_id,
        item_type: "plan",
        quantity: item.quantity,
        unit_price: unit,
        amount: unit * item.quantity,
      };
    });
  }

  /** What moving to `items` costs for the rest of the term (never negative: no refunds here). */
  private prorated(sub: FakeSubscription, items: { item_price_id: string; quantity: number }[]): number {
    const yearly = (rows: { amount: number }[]) => rows.reduce((sum, row) => sum + row.amount, 0);
    const left =
      Math.max(0, sub.current_term_end - nowSeconds()) / (sub.current_term_end - sub.current_term_start);
    return Math.max(0, Math.round((yearly(this.itemsOf(items)) - yearly(sub.subscription_items)) * left));
  }

  private update(sub: FakeSubscription, fields: Partial<FakeSubscription> & Json): FakeSubscription {
    Object.assign(sub, fields, { updated_at: nowSeconds(), resource_version: this.version() });
    for (const [key, value] of Object.entries(fields)) if (value === undefined) delete sub[key];
    return sub;
  }

  private invoice(sub: FakeSubscription, total: number, paid: boolean): FakeInvoice {
    const invoice: FakeInvoice = {
      id: randomId("inv_"),
      object: "invoice",
      subscription_id: sub.id,
      customer_id: sub.customer_id,
      currency_code: sub.currency_code,
      total,
      amount_paid: paid ? total : 0,
      amount_due: paid ? 0 : total,
      status: paid ? "paid" : "payment_due",
      date: nowSeconds(),
      resource_version: this.version(),
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  private subscriptionAnswer(sub: FakeSubscription): Json {
    const customer = this.customers.get(sub.customer_id);
    return {
      subscription: sub,
      ...(customer ? { customer, ...(customer.card ? { card: customer.card } : {}) } : {}),
    };
  }

  private emitFor(eventType: string, sub: FakeSubscription, extra: Json = {}) {
    this.events.push(this.subscriptionEvent(eventType, sub.id, extra));
  }

  private emitPayment(invoice: FakeInvoice, paid: boolean) {
    const transaction = {
      id: randomId("txn_"),
      object: "transaction",
      type: "payment",
      status: paid ? "success" : "failure",
      amount: invoice.total,
      currency_code: invoice.currency_code,
      subscription_id: invoice.subscription_id,
      customer_id: invoice.customer_id,
      ...(paid ? {} : { error_code: "card_declined", error_text: "Your card was declined." }),
      date: nowSeconds(),
      resource_version: this.version(),
    };
    this.events.push(
      this.subscriptionEvent(paid ? "payment_succeeded" : "payment_failed", invoice.subscription_id, {
        invoice,
        transaction,
      }),
    );
  }

  private mustGet<T>(map: Map<string, T>, id: string): T {
    const found = map.get(id);
    if (!found) throw new Error(`fake chargebee: no ${id}`);
    return found;
  }

  private mustFind<T>(map: Map<string, T>, id: string, what: string, param?: string): T {
    const found = map.get(id);
    if (!found) throw notFound(`${what} ${id}`, param);
    return found;
  }
}

export async function startFakeChargebee(): Promise<FakeChargebee> {
  return new FakeChargebee().start();
}
