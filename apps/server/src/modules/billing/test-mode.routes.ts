/**
 * The test-mode provider's own calls (issue 14), under TEST_MODE_BASE: what a provider's card form
 * and hosted checkout page would call. The viewer must be signed in and may only reach a payment of
 * an account they may see; anything else is "Payment not found", as is a wrong client secret. With
 * test mode off (always in production) there is nothing here to find.
 */
import {
  BILLING_MESSAGES,
  ZPaymentIdParam,
  ZTestCardAnswer,
  ZTestCardRequest,
  ZTestCheckoutInfo,
} from "@portico/shared/schemas/billing";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { billingPayments } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { accountAccess } from "../accounts/accounts.policy";
import type { Billing } from "./billing";
import { cardExpired, confirmTestPayment, luhnValid, testCheckoutInfo } from "./test-mode-provider";

const tags = ["subscription"];

export async function testModeRoutes(fastify: FastifyInstance, { billing }: { billing: Billing }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobs, config } = billing.ctx;
  const paymentNotFound = () => notFound(BILLING_MESSAGES.paymentNotFound);

  /** 404 unless test mode is on and the payment is a test payment of an account the viewer may see. */
  const assertMaySeePayment = async (request: FastifyRequest, paymentIntentId: string) => {
    const viewer = requireViewer(request);
    if (!config.billing.testMode) throw paymentNotFound();
    const [payment] = await db
      .select({ accountId: billingPayments.accountId })
      .from(billingPayments)
      .where(and(eq(billingPayments.providerPaymentId, paymentIntentId), eq(billingPayments.testMode, true)));
    if (!payment || !(await accountAccess(db, viewer, payment.accountId))) throw paymentNotFound();
  };

  app.post(
    "/payments/:payment_intent_id/confirm",
    {
      schema: { tags, params: ZPaymentIdParam, body: ZTestCardRequest, response: { 200: ZTestCardAnswer } },
    },
    async (request) => {
      const { payment_intent_id: paymentIntentId } = request.params;
      await assertMaySeePayment(request, paymentIntentId);
      const card = request.body;
      if (!luhnValid(card.card_number)) throw badRequest(BILLING_MESSAGES.cardInvalid);
      if (cardExpired(card.exp_month, card.exp_year, new Date()))
        throw badRequest(BILLING_MESSAGES.cardExpiry);
      const outcome = await confirmTestPayment(
        { db, jobs, delayMs: config.billing.testDelayMs },
        paymentIntentId,
        { clientSecret: card.client_secret, cardNumber: card.card_number },
      );
      if (outcome.kind === "not-found") throw paymentNotFound();
      if (outcome.kind === "not-confirmable") throw conflict(BILLING_MESSAGES.paymentNotConfirmable);
      return { status: "processing" as const, return_url: outcome.returnUrl };
    },
  );

  app.get(
    "/checkout/:payment_intent_id",
    { schema: { tags, params: ZPaymentIdParam, response: { 200: ZTestCheckoutInfo } } },
    async (request) => {
      const { payment_intent_id: paymentIntentId } = request.params;
      await assertMaySeePayment(request, paymentIntentId);
      const info = await testCheckoutInfo(db, paymentIntentId);
      if (!info) throw paymentNotFound();
      return info;
    },
  );
}
