/**
 * A local stand-in for Stripe's API (issue 15 tests): a node:http server on 127.0.0.1 that answers
 * the calls the Stripe provider makes, as the official SDK sends them (form-encoded bodies with
 * bracketed keys, `Idempotency-Key` headers) and with JSON shaped like Stripe's objects. Objects
 * live in memory; nothing leaves the machine.
 *
 * API (kept stable; P3's webhook tests use it too):
 *
 *   const stripe = await startFakeStripe();
 *   createTestApp(stripe.env())                 // STRIPE_* pointing the app at this server
 *   stripe.requests / stripe.calls("POST", "/v1/subscriptions")   // what the SDK sent
 *   stripe.failNext({ method, path, status?, error?, afterProcessing? })
 *       // the next matching call answers an error: a card decline (status 402, error.type
 *       // "card_error"), a 500 once; afterProcessing: the call is made, then the answer is lost
 *       // as a 500 (the SDK's retry with the same Idempotency-Key must find the first answer)
 *   stripe.succeedPayment(id, card?) / failPayment(id, message?, code?) / requireAction(id) /
 *   processPayment(id)              // what the browser's confirm (and the bank) would do
 *   stripe.paymentIntent(id) / subscription(id) / customer(id) / invoices   // the objects held
 *   stripe.setSubscription(id, patch)   // change it as the dashboard or a renewal would
 *   stripe.events / takeEvents()    // events Stripe would send for every change above, in order
 *   stripe.event(type, object, opts?)   // an event of your own (opts: previous_attributes,
 *                                       // created (unix s), id)
 *   stripe.signed(event | payload, opts?) → { payload, headers }   // as Stripe posts it:
 *       // `stripe-signature: t=…,v1=…` (SDK's generateTestHeaderString); opts.timestamp (unix s),
 *       // opts.secrets (several v1 signatures, e.g. [old, new] during rotation); default secret
 *       // FAKE_STRIPE_KEYS.webhookSecret
 *   await stripe.close()
 *
 * Idempotency: a POST or DELETE with an Idempotency-Key answers what the first call with that key
 * answered (status and body), without doing anything again.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const FAKE_STRIPE_KEYS = {
  secretKey: "sk_test_portico_fake_0000000000000000",
  publishableKey: "pk_test_portico_fake_0000000000000000",
  webhookSecret: "whsec_portico_fake_000000000000000000",
} as const;

type Json = Record<string, unknown>;
type StripeObject = Json & { id: string; object: string };

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form body (POST) or query (GET, DELETE), decoded into nested objects and arrays. */
  params: Json;
  idempotencyKey: string | undefined;
  /** True when the answer was replayed from an earlier call with the same key. */
  replayed: boolean;
  /** The SDK's X-Stripe-Client-User-Agent (JSON; carries the app's appInfo). */
  clientUserAgent: string | undefined;
}

export interface Failure {
  method?: string;
  /** Matched against the path (`/v1/payment_intents`, …): a string is a prefix. */
  path: string | RegExp;
  status?: number;
  error?: { type: string; message: string; code?: string; decline_code?: string };
  /** Make the call, then lose its answer as a 500 (tests the retry's idempotency). */
  afterProcessing?: boolean;
}

export interface StripeEventJson extends Json {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: boolean;
  data: { object: Json; previous_attributes?: Json };
}

export interface FakeStripe {
  url: string;
  env(extra?: Record<string, string>): Record<string, string>;
  requests: RecordedRequest[];
  calls(method: string, path: string | RegExp): RecordedRequest[];
  failNext(failure: Failure): void;
  paymentIntent(id: string): StripeObject;
  subscription(id: string): StripeObject;
  customer(id: string): StripeObject;
  readonly invoices: StripeObject[];
  succeedPayment(id: string, card?: { brand: string; last4: string }): StripeObject;
  failPayment(id: string, message?: string, code?: string): StripeObject;
  requireAction(id: string): StripeObject;
  processPayment(id: string): StripeObject;
  setSubscription(id: string, patch: Json): StripeObject;
  readonly events: StripeEventJson[];
  takeEvents(type?: string): StripeEventJson[];
  event(
    type: string,
    object: Json,
    opts?: { previous_attributes?: Json; created?: number; id?: string },
  ): StripeEventJson;
  signed(
    event: StripeEventJson | string,
    opts?: { timestamp?: number; secrets?: string[] },
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Form decoding: `items[0][price]=p&metadata[a]=b&expand[0]=x` → nested objects and arrays.

function setPath(target: Json, keys: string[], value: string) {
  let node: Json = target;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[i + 1] ?? "");
    node[key] ??= nextIsIndex ? [] : {};
    node = node[key] as Json;
  });
}

export function decodeForm(text: string): Json {
  const out: Json = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const head = name.split("[")[0] ?? name;
    const rest = [...name.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? "");
    setPath(out, [head, ...rest], value);
  }
  return out;
}

const bool = (v: unknown) => v === "true" || v === true;
const num = (v: unknown) => (v === undefined || v === "" ? undefined : Number(v));
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; decline_code?: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string) =>
  new ApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers = new Map<string, StripeObject>();
  const paymentIntents = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices: StripeObject[] = [];
  const events: StripeEventJson[] = [];
  const requests: RecordedRequest[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();
  const failures: Failure[] = [];

  function event(
    type: string,
    object: Json,
    opts: { previous_attributes?: Json; created?: number; id?: string } = {},
  ): StripeEventJson {
    return {
      id: opts.id ?? newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: opts.created ?? nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        object: clone(object),
        ...(opts.previous_attributes ? { previous_attributes: opts.previous_attributes } : {}),
      },
    };
  }
  const emit = (type: string, object: Json, previous?: Json) => {
    events.push(event(type, object, previous ? { previous_attributes: previous } : {}));
  };

  const get = (map: Map<string, StripeObject>, kind: string, id: string) => {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  };

  /** Expands `payment_method` when asked, as Stripe does with `expand[]`. */
  function presentPaymentIntent(pi: StripeObject, expand: unknown): Json {
    const wants = Array.isArray(expand) ? (expand as string[]) : [];
    const out = clone(pi);
    if (wants.includes("payment_method") && typeof pi.payment_method === "string")
      out.payment_method = clone(paymentMethods.get(pi.payment_method) ?? null);
    return out;
  }

  function subscriptionItem(subId: string, priceId: string, quantity: number, start: number, end: number) {
    return {
      id: newId("si"),
      object: "subscription_item",
      subscription: subId,
      price: clone(get(prices, "price", priceId)),
      quantity,
      current_period_start: start,
      current_period_end: end,
      created: nowSeconds(),
      metadata: {},
    };
  }

  const itemsOf = (sub: StripeObject) => (sub.items as { data: Json[] }).data;

  function createInvoice(sub: StripeObject, amount: number, reason: string): StripeObject {
    const invoice: StripeObject = {
      id: newId("in"),
      object: "invoice",
      customer: sub.customer as string,
      subscription: sub.id,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: {} } },
      billing_reason: reason,
      currency: sub.currency as string,
      amount_due: amount,
      amount_paid: amount,
      status: "paid",
      created: nowSeconds(),
      livemode: false,
    };
    invoices.push(invoice);
    sub.latest_invoice = invoice.id;
    emit("invoice.paid", invoice);
    return invoice;
  }

  // -------------------------------------------------------------------------------------------
  // The API

  function route(method: string, path: string, p: Json): unknown {
    const [, , resource, id, action] = path.split("/");
    if (method === "POST" && path === "/v1/customers") {
      const customer: StripeObject = {
        id: newId("cus"),
        object: "customer",
        email: p.email ?? null,
        name: p.name ?? null,
        metadata: p.metadata ?? {},
        created: nowSeconds(),
        livemode: false,
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      emit("customer.created", customer);
      return customer;
    }
    if (resource === "customers" && id && !action) {
      const customer = get(customers, "customer", id);
      if (method === "POST") Object.assign(customer, p);
      return customer;
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      if (!p.amount || !p.currency)
        throw new ApiError(400, {
          type: "invalid_request_error",
          message: "Missing required param: amount.",
        });
      if (p.customer && !customers.has(p.customer as string)) throw missing("customer", p.customer as string);
      const piId = newId("pi");
      const pi: StripeObject = {
        id: piId,
        object: "payment_intent",
        amount: Number(p.amount),
        currency: p.currency,
        customer: p.customer ?? null,
        description: p.description ?? null,
        metadata: p.metadata ?? {},
        automatic_payment_methods: p.automatic_payment_methods
          ? { enabled: bool((p.automatic_payment_methods as Json).enabled) }
          : null,
        setup_future_usage: p.setup_future_usage ?? null,
        client_secret: `${piId}_secret_${randomBytes(12).toString("hex")}`,
        status: "requires_payment_method",
        last_payment_error: null,
        next_action: null,
        payment_method: null,
        latest_charge: null,
        canceled_at: null,
        cancellation_reason: null,
        created: nowSeconds(),
        livemode: false,
      };
      paymentIntents.set(piId, pi);
      emit("payment_intent.created", pi);
      return pi;
    }
    if (resource === "payment_intents" && id && !action && method === "GET") {
      return presentPaymentIntent(get(paymentIntents, "payment_intent", id), p.expand);
    }
    if (resource === "payment_intents" && id && action === "cancel" && method === "POST") {
      const pi = get(paymentIntents, "payment_intent", id);
      if (["succeeded", "canceled", "processing"].includes(pi.status as string)) {
        throw new ApiError(400, {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status as string}.`,
        });
      }
      Object.assign(pi, {
        status: "canceled",
        canceled_at: nowSeconds(),
        cancellation_reason: p.cancellation_reason ?? null,
      });
      emit("payment_intent.canceled", pi);
      return pi;
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = Array.isArray(p.lookup_keys) ? (p.lookup_keys as string[]) : [];
      const data = [...prices.values()].filter(
        (price) =>
          keys.includes(price.lookup_key as string) &&
          (p.active === undefined || price.active === bool(p.active)),
      );
      return { object: "list", data, has_more: false, url: "/v1/prices" };
    }
    if (method === "POST" && path === "/v1/prices") {
      if (!products.has(p.product as string)) throw missing("product", p.product as string);
      const recurring = p.recurring as Json | undefined;
      const price: StripeObject = {
        id: newId("price"),
        object: "price",
        active: true,
        currency: p.currency,
        product: p.product,
        unit_amount: num(p.unit_amount) ?? null,
        lookup_key: p.lookup_key ?? null,
        metadata: p.metadata ?? {},
        recurring: recurring
          ? {
              interval: recurring.interval,
              interval_count: num(recurring.interval_count) ?? 1,
              usage_type: "licensed",
            }
          : null,
        type: recurring ? "recurring" : "one_time",
        created: nowSeconds(),
        livemode: false,
      };
      for (const other of prices.values()) if (other.lookup_key === price.lookup_key) other.lookup_key = null;
      prices.set(price.id, price);
      return price;
    }
    if (resource === "products" && id && !action && method === "GET") {
      return get(products, "product", id);
    }
    if (method === "POST" && path === "/v1/products") {
      const productId = (p.id as string | undefined) ?? newId("prod");
      if (products.has(productId)) {
        throw new ApiError(400, {
          type: "invalid_request_error",
          code: "resource_already_exists",
          message: `Product already exists.`,
        });
      }
      const product: StripeObject = {
        id: productId,
        object: "product",
        name: p.name,
        metadata: p.metadata ?? {},
        active: true,
        created: nowSeconds(),
        livemode: false,
      };
      products.set(productId, product);
      return product;
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      if (!customers.has(p.customer as string)) throw missing("customer", p.customer as string);
      const subId = newId("sub");
      const start = nowSeconds();
      const trialEnd = num(p.trial_end);
      // A future anchor makes the first period end there (free up to it with proration "none").
      const end = trialEnd ?? num(p.billing_cycle_anchor) ?? start + 365 * 86400;
      const items = (p.items as Json[]).map((it) =>
        subscriptionItem(subId, it.price as string, num(it.quantity) ?? 1, start, end),
      );
      const firstPrice = items[0]?.price as Json | undefined;
      const sub: StripeObject = {
        id: subId,
        object: "subscription",
        customer: p.customer,
        currency: firstPrice?.currency ?? "usd",
        status: trialEnd ? "trialing" : "active",
        items: {
          object: "list",
          data: items,
          has_more: false,
          url: `/v1/subscription_items?subscription=${subId}`,
        },
        trial_start: trialEnd ? start : null,
        trial_end: trialEnd ?? null,
        start_date: start,
        created: start,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        metadata: p.metadata ?? {},
        default_payment_method: p.default_payment_method ?? null,
        latest_invoice: null,
        proration_behavior_last: p.proration_behavior ?? null,
        livemode: false,
      };
      subscriptions.set(subId, sub);
      emit("customer.subscription.created", sub);
      return sub;
    }
    if (resource === "subscriptions" && id && !action) {
      const sub = get(subscriptions, "subscription", id);
      if (method === "GET") return sub;
      if (sub.status === "canceled") {
        throw new ApiError(400, {
          type: "invalid_request_error",
          message: "A canceled subscription can only update its cancellation_details and metadata.",
        });
      }
      if (method === "DELETE") {
        const previous = { status: sub.status };
        const now = nowSeconds();
        Object.assign(sub, {
          status: "canceled",
          canceled_at: now,
          ended_at: now,
          cancel_at: null,
          cancel_at_period_end: false,
        });
        emit("customer.subscription.deleted", sub, previous);
        return sub;
      }
      return updateSubscription(sub, p);
    }
    throw new ApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function updateSubscription(sub: StripeObject, p: Json): StripeObject {
    const previous: Json = {};
    const periodEnd = itemsOf(sub)[0]?.current_period_end as number;
    if (p.cancel_at_period_end !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.cancel_at = sub.cancel_at;
      sub.cancel_at_period_end = bool(p.cancel_at_period_end);
      sub.cancel_at = sub.cancel_at_period_end ? periodEnd : null;
      sub.canceled_at = sub.cancel_at_period_end ? nowSeconds() : null;
    }
    if (Array.isArray(p.items)) {
      previous.items = clone(sub.items);
      const before = itemsOf(sub).map((it) => ({
        unit: (it.price as Json).unit_amount as number,
        qty: it.quantity as number,
      }));
      for (const change of p.items as Json[]) {
        const item = itemsOf(sub).find((it) => it.id === change.id);
        if (!item) throw missing("subscription_item", change.id as string);
        if (change.price) item.price = clone(get(prices, "price", change.price as string));
        if (change.quantity !== undefined) item.quantity = Number(change.quantity);
      }
      sub.proration_behavior_last = p.proration_behavior ?? "create_prorations";
      if (p.proration_behavior === "always_invoice") {
        // The difference for the rest of the period, charged now on the card on file.
        const after = itemsOf(sub).map(
          (it) => ((it.price as Json).unit_amount as number) * (it.quantity as number),
        );
        const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        const item = itemsOf(sub)[0] as Json;
        const span = (item.current_period_end as number) - (item.current_period_start as number);
        const left = Math.max(0, (item.current_period_end as number) - nowSeconds());
        const diff = total(after) - total(before.map((b) => b.unit * b.qty));
        createInvoice(sub, Math.max(0, Math.round((diff * left) / Math.max(1, span))), "subscription_update");
      }
    }
    if (p.metadata) sub.metadata = { ...(sub.metadata as Json), ...(p.metadata as Json) };
    emit("customer.subscription.updated", sub, previous);
    return sub;
  }

  // -------------------------------------------------------------------------------------------
  // The server

  function matches(f: Failure, method: string, path: string) {
    if (f.method && f.method !== method) return false;
    return typeof f.path === "string" ? path.startsWith(f.path) : f.path.test(path);
  }

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake-stripe");
    const method = req.method ?? "GET";
    const path = url.pathname;
    const params = decodeForm(
      method === "POST" ? Buffer.concat(chunks).toString("utf8") : url.search.slice(1),
    );
    const header = req.headers["idempotency-key"];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    const agent = req.headers["x-stripe-client-user-agent"];
    const recorded: RecordedRequest = {
      method,
      path,
      params,
      idempotencyKey,
      replayed: false,
      clientUserAgent: Array.isArray(agent) ? agent[0] : agent,
    };
    requests.push(recorded);

    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEYS.secretKey}`) {
      send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      return;
    }
    const answerKey = idempotencyKey && method !== "GET" ? `${method} ${idempotencyKey}` : undefined;
    const earlier = answerKey ? answers.get(answerKey) : undefined;
    if (earlier) {
      recorded.replayed = true;
      send(res, earlier.status, earlier.body);
      return;
    }
    const failureAt = failures.findIndex((f) => matches(f, method, path));
    const failure = failureAt >= 0 ? failures.splice(failureAt, 1)[0] : undefined;
    if (failure && !failure.afterProcessing) {
      const status = failure.status ?? (failure.error?.type === "card_error" ? 402 : 500);
      send(res, status, {
        error: failure.error ?? { type: "api_error", message: "Something went wrong on Stripe's end." },
      });
      return;
    }
    let status = 200;
    let body: unknown;
    try {
      body = clone(route(method, path, params));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      status = err.status;
      body = { error: err.body };
    }
    // Stripe keeps the answer of a keyed request, errors included (500s excepted).
    if (answerKey) answers.set(answerKey, { status, body });
    if (failure?.afterProcessing) {
      send(res, 500, { error: { type: "api_error", message: "The answer was lost on the way." } });
      return;
    }
    send(res, status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: { type: "api_error", message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  // -------------------------------------------------------------------------------------------
  // What the browser, the bank and the dashboard do

  function settle(id: string, change: Json, type: string) {
    const pi = get(paymentIntents, "payment_intent", id);
    Object.assign(pi, change);
    emit(type, pi);
    return clone(pi);
  }

  function attachCard(pi: StripeObject, card: { brand: string; last4: string }) {
    const method: StripeObject = {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      customer: pi.customer ?? null,
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 2,
      },
      created: nowSeconds(),
      livemode: false,
    };
    paymentMethods.set(method.id, method);
    return method.id;
  }

  const fake: FakeStripe = {
    url,
    env: (extra = {}) => ({
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
      STRIPE_API_URL: url,
      ...extra,
    }),
    requests,
    calls: (method, path) =>
      requests.filter(
        (r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
      ),
    failNext: (failure) => {
      failures.push(failure);
    },
    paymentIntent: (id) => clone(get(paymentIntents, "payment_intent", id)),
    subscription: (id) => clone(get(subscriptions, "subscription", id)),
    customer: (id) => clone(get(customers, "customer", id)),
    invoices,
    succeedPayment(id, card = { brand: "visa", last4: "4242" }) {
      const pi = get(paymentIntents, "payment_intent", id);
      const method = attachCard(pi, card);
      return settle(
        id,
        {
          status: "succeeded",
          payment_method: method,
          last_payment_error: null,
          next_action: null,
          // Unexpanded, as in Stripe's answers and events: the card is read from the payment method.
          latest_charge: newId("ch"),
        },
        "payment_intent.succeeded",
      );
    },
    failPayment(id, message = "Your card was declined.", code = "card_declined") {
      const pi = get(paymentIntents, "payment_intent", id);
      return settle(
        id,
        {
          status: "requires_payment_method",
          payment_method: null,
          next_action: null,
          last_payment_error: {
            type: "card_error",
            code,
            decline_code: code === "card_declined" ? "generic_decline" : undefined,
            message,
            payment_method: {
              id: attachCard(pi, { brand: "visa", last4: "0002" }),
              object: "payment_method",
            },
          },
        },
        "payment_intent.payment_failed",
      );
    },
    requireAction(id) {
      return settle(
        id,
        {
          status: "requires_action",
          next_action: { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } },
        },
        "payment_intent.requires_action",
      );
    },
    processPayment(id) {
      return settle(id, { status: "processing", next_action: null }, "payment_intent.processing");
    },
    setSubscription(id, patch) {
      const sub = get(subscriptions, "subscription", id);
      const previous: Json = {};
      for (const key of Object.keys(patch)) previous[key] = clone(sub[key] ?? null);
      Object.assign(sub, patch);
      emit(
        sub.status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated",
        sub,
        previous,
      );
      return clone(sub);
    },
    events,
    takeEvents(type) {
      const taken = events.filter((e) => type === undefined || e.type === type);
      for (const e of taken) events.splice(events.indexOf(e), 1);
      return taken;
    },
    event,
    signed(ev, opts = {}) {
      const payload = typeof ev === "string" ? ev : JSON.stringify(ev, null, 2);
      const timestamp = opts.timestamp ?? nowSeconds();
      const secrets = opts.secrets ?? [FAKE_STRIPE_KEYS.webhookSecret];
      const signatures = secrets.map(
        (secret) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }).split(",")[1],
      );
      return {
        payload,
        headers: {
          "content-type": "application/json",
          "stripe-signature": [`t=${timestamp}`, ...signatures].join(","),
        },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}
