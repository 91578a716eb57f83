/**
 * The subscription life cycle under /api/auth/subscription (spec §7.1 Subscription; issue 14).
 * Every call acts on the account of `aid` (a customer: their own; engineers: any) and answers the
 * shared schemas; the service makes each change, the policy judges who may.
 */

import { toTib } from "@portico/shared/rules/billing";
import { ZAidQuery, ZPage } from "@portico/shared/schemas/accounts";
import {
  BILLING_MESSAGES,
  ZAutoRenewRequest,
  ZCancelInfo,
  ZCancelRequest,
  ZEventsQuery,
  ZHostedCheckout,
  ZPayment,
  ZPaymentIdParam,
  ZPolicyAcceptanceList,
  ZPreparedPayment,
  ZPrepareUpgradeRequest,
  ZResubscribeRequest,
  ZSubscriptionEvent,
  ZSubscriptionResponse,
  ZUpdateQuantityRequest,
  ZUpgradeRequest,
  ZUpgradeResult,
} from "@portico/shared/schemas/billing";
import { zIdText } from "@portico/shared/validation";
import { z } from "@portico/shared/zod";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { resolveAccount } from "../../platform/auth/viewer";
import { notFound } from "../../platform/errors";
import { assertMaySeeAccount } from "../accounts/accounts.policy";
import { auditActor } from "../customers/audit";
import type { Billing } from "./billing";
import { refreshPayment } from "./reconcile";
import {
  acceptedPolicyDocs,
  cancelInfo,
  eventsPage,
  findPayment,
  presentPayment,
  subscriptionView,
} from "./subscription.queries";
import {
  cancel,
  endNow,
  hostedResubscribe,
  type PreparedChange,
  prepare,
  requestUpgrade,
  resubscribeTarget,
  setAutoRenew,
  undoCancel,
  updateQuantity,
} from "./subscription.service";

const tags = ["subscription"];

const presentPrepared = (prepared: PreparedChange) => ({
  payment: presentPayment(prepared.payment),
  checkout: prepared.checkout,
  estimate: prepared.estimate,
  test_mode: prepared.testMode,
});

export async function subscriptionRoutes(fastify: FastifyInstance, opts: { billing: Billing }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { billing } = opts;
  const { db } = app.ctx;

  /** The viewer and the account acted on, which they may see (404 otherwise; a foreign aid: 403). */
  const acting = async (request: FastifyRequest, aid: number | undefined) => {
    const viewer = requireViewer(request);
    const { accountId } = resolveAccount(viewer, aid);
    await assertMaySeeAccount(db, viewer, accountId);
    return { viewer, accountId };
  };

  const view = (viewer: ReturnType<typeof requireViewer>, accountId: number) =>
    subscriptionView(billing, db, viewer, accountId);

  app.get(
    "",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZSubscriptionResponse } } },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      return view(viewer, accountId);
    },
  );

  app.post(
    "/upgrade/prepare",
    {
      schema: {
        tags,
        querystring: ZAidQuery,
        body: ZPrepareUpgradeRequest,
        response: { 200: ZPreparedPayment },
      },
    },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      const { service_type, capacity, unit, currency } = request.body;
      const prepared = await prepare(billing, viewer, accountId, {
        serviceType: service_type,
        capacityTib: toTib(capacity, unit),
        currency,
      });
      return presentPrepared(prepared);
    },
  );

  app.post(
    "/upgrade",
    { schema: { tags, querystring: ZAidQuery, body: ZUpgradeRequest, response: { 200: ZUpgradeResult } } },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      const { service_type, capacity, unit, payment_intent_id } = request.body;
      const result = await requestUpgrade(
        billing,
        viewer,
        accountId,
        {
          serviceType: service_type,
          capacityTib: toTib(capacity, unit),
          paymentIntentId: payment_intent_id,
        },
        auditActor(request),
      );
      return {
        state: result.state,
        payment: presentPayment(result.payment),
        subscription: await view(viewer, accountId),
      };
    },
  );

  app.get(
    "/payments/:payment_intent_id",
    { schema: { tags, querystring: ZAidQuery, params: ZPaymentIdParam, response: { 200: ZPayment } } },
    async (request) => {
      const { accountId } = await acting(request, request.query.aid);
      const payment = await findPayment(db, accountId, request.params.payment_intent_id);
      if (!payment) throw notFound(BILLING_MESSAGES.paymentNotFound);
      // Back from a hosted page or a 3-D Secure redirect: the provider's answer, not a late webhook.
      return presentPayment(await refreshPayment(billing, payment));
    },
  );

  app.post(
    "/updatequantity",
    {
      schema: {
        tags,
        querystring: ZAidQuery,
        body: ZUpdateQuantityRequest,
        response: { 200: ZSubscriptionResponse },
      },
    },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      await updateQuantity(billing, viewer, accountId, {
        productId: request.body.product_id,
        quantity: request.body.quantity,
      });
      return view(viewer, accountId);
    },
  );

  app.post(
    "/auto_renew",
    {
      schema: {
        tags,
        querystring: ZAidQuery,
        body: ZAutoRenewRequest,
        response: { 200: ZSubscriptionResponse },
      },
    },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      await setAutoRenew(billing, viewer, accountId, request.body.enabled);
      return view(viewer, accountId);
    },
  );

  app.get(
    "/cancel",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZCancelInfo } } },
    async (request) => {
      const { accountId } = await acting(request, request.query.aid);
      return cancelInfo(db, accountId);
    },
  );

  app.post(
    "/cancel",
    {
      schema: {
        tags,
        querystring: ZAidQuery,
        body: ZCancelRequest,
        response: { 200: ZSubscriptionResponse },
      },
    },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      await cancel(billing, viewer, accountId, request.body, auditActor(request));
      return view(viewer, accountId);
    },
  );

  app.post(
    "/undo-cancel",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZSubscriptionResponse } } },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      await undoCancel(billing, viewer, accountId, auditActor(request));
      return view(viewer, accountId);
    },
  );

  app.post(
    "/end/:id",
    {
      schema: {
        tags,
        querystring: ZAidQuery,
        params: z.object({ id: zIdText() }),
        response: { 200: ZSubscriptionResponse },
      },
    },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      await endNow(billing, viewer, accountId, request.params.id, auditActor(request));
      return view(viewer, accountId);
    },
  );

  app.post(
    "/resubscribe_checkout",
    {
      schema: {
        tags,
        querystring: ZAidQuery,
        body: ZResubscribeRequest,
        response: { 200: ZPreparedPayment },
      },
    },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      const target = await resubscribeTarget(billing, viewer, accountId, request.body);
      return presentPrepared(await prepare(billing, viewer, accountId, target, { resubscribe: true }));
    },
  );

  app.post(
    "/chargebee_resubscribe",
    {
      schema: { tags, querystring: ZAidQuery, body: ZResubscribeRequest, response: { 200: ZHostedCheckout } },
    },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      const target = await resubscribeTarget(billing, viewer, accountId, request.body);
      const hosted = await hostedResubscribe(billing, viewer, accountId, target);
      return { url: hosted.url, payment: presentPayment(hosted.payment) };
    },
  );

  app.get(
    "/accepted_policy_docs",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZPolicyAcceptanceList } } },
    async (request) => {
      const { accountId } = await acting(request, request.query.aid);
      return { items: await acceptedPolicyDocs(db, accountId) };
    },
  );

  app.get(
    "/events",
    {
      schema: {
        tags,
        querystring: ZEventsQuery.extend(ZAidQuery.shape),
        response: { 200: ZPage(ZSubscriptionEvent) },
      },
    },
    async (request) => {
      const { viewer, accountId } = await acting(request, request.query.aid);
      return eventsPage(db, viewer, accountId, request.query.page, request.query.page_size);
    },
  );
}
