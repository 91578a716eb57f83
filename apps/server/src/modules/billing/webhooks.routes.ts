/**
 * POST /api/billing/webhooks/stripe and /chargebee (issue 15): what the providers tell us. Public
 * (the signature, or Chargebee's basic auth, is the authority) and open during maintenance (a
 * refused delivery is only retried later). The body is read raw, whatever its content type,
 * because Stripe signs its exact bytes.
 *
 * Answers: 404 when that provider is not configured here; 400 when the delivery is not genuine
 * (nothing stored, the provider gives up after its retries); 200 `{received: true}` once the event
 * is stored and applied in one transaction, or for a genuine event of a type we do not use; 500
 * on any other failure, so the provider retries a delivery of which nothing was kept.
 */
import { type BillingProviderName, ZWebhookReceived } from "@portico/shared/schemas/billing";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { badRequest, HttpError, notFound } from "../../platform/errors";
import type { Billing } from "./billing";
import { handleProviderEvent } from "./events";
import { type ProviderEvent, WebhookIgnored, WebhookRejected } from "./provider";

/** Stripe's events are a few kB; Chargebee's carry the subscription and invoice. */
export const WEBHOOK_MAX_BYTES = 1024 * 1024;

export const WEBHOOK_NOT_CONFIGURED = "This payment provider is not configured on this server";

export async function webhookRoutes(fastify: FastifyInstance, opts: { billing: Billing }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { billing } = opts;
  const { db } = app.ctx;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ["application/json", "*"],
    { parseAs: "buffer", bodyLimit: WEBHOOK_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((err: FastifyError) => {
    throw err.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? new HttpError(413, "Webhook body too large") : err;
  });

  /**
   * Verifies through the provider configured for `name` (its `parseWebhook`: Stripe's signature,
   * Chargebee's credentials), then stores and applies once; a repeat changes nothing.
   */
  async function receive(request: FastifyRequest, name: BillingProviderName) {
    const provider = billing.providers.real(name);
    if (!provider) throw notFound(WEBHOOK_NOT_CONFIGURED);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event: ProviderEvent;
    try {
      event = await provider.parseWebhook(raw, request.headers, new Date());
    } catch (err) {
      if (err instanceof WebhookIgnored) return { received: true as const };
      if (err instanceof WebhookRejected) {
        request.log.warn({ reason: err.message }, "webhook refused");
        throw badRequest(err.message);
      }
      throw err;
    }
    const outcome = await db.transaction((tx) => handleProviderEvent(billing, tx, event));
    if (outcome === "unmatched")
      request.log.warn(
        { provider: event.provider, event: event.id, type: event.type },
        "webhook event unmatched",
      );
    return { received: true as const };
  }

  const route = {
    bodyLimit: WEBHOOK_MAX_BYTES,
    config: { public: true, maintenance: "open" as const },
    schema: { tags: ["billing"], response: { 200: ZWebhookReceived } },
  };

  app.post(
    "/stripe",
    { ...route, schema: { ...route.schema, summary: "Stripe's events (signed)" } },
    (request) => receive(request, "STRIPE"),
  );

  app.post(
    "/chargebee",
    { ...route, schema: { ...route.schema, summary: "Chargebee's events (basic auth)" } },
    (request) => receive(request, "CHARGEBEE"),
  );
}
