/**
 * The catalogue and estimates (issue 14), under SUBSCRIPTION_BASE: products and plans for anyone
 * signed in, every plan version for engineers, a plan's next version for vendor admins, and what
 * a subscription, its renewal or a change would cost the account acted on. Estimates change nothing.
 */
import { estimateTerm, judgeCapacity, toTib } from "@portico/shared/rules/billing";
import { ZAidQuery, ZIdParam } from "@portico/shared/schemas/accounts";
import {
  BILLING_MESSAGES,
  ZCurrency,
  ZEditPlanRequest,
  ZEstimate,
  ZEstimateQuery,
  ZPlan,
  ZProduct,
  ZProductWithPlans,
  ZRenewalEstimate,
  ZUpgradeEstimate,
  ZUpgradePlan,
} from "@portico/shared/schemas/billing";
import { z } from "@portico/shared/zod";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accounts } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import { resolveAccount } from "../../platform/auth/viewer";
import { badRequest, forbidden, notFound } from "../../platform/errors";
import { ACCOUNT_NOT_FOUND, assertMaySeeAccount } from "../accounts/accounts.policy";
import {
  currentPlan,
  listPlans,
  listProducts,
  planPrice,
  presentPlan,
  presentProduct,
  selfServePlans,
} from "./catalogue.queries";
import { editPlan } from "./catalogue.service";
import { accountCurrency, liveSubscription, presentTermEstimate, priceChange } from "./estimates.service";

const tags = ["subscription"];

const ZAllVersionsQuery = z.object({
  all: z
    .preprocess((v) => (v === "" ? undefined : v), z.enum(["true", "false"]).optional())
    .transform((v) => v === "true"),
});
const ZUpgradePlansQuery = ZAidQuery.extend({ currency: ZCurrency.optional() });
// aid first: a bad organization is what the caller hears about before a bad plan.
const ZAccountEstimateQuery = ZAidQuery.extend(ZEstimateQuery.shape);

export async function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  /** The account acted on (a member's own, or any for engineers) as a row. */
  const loadAccount = async (request: FastifyRequest, aid: number | undefined) => {
    const viewer = requireViewer(request);
    const { accountId } = resolveAccount(viewer, aid);
    await assertMaySeeAccount(db, viewer, accountId);
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    return account;
  };

  app.get("/products", { schema: { tags, response: { 200: z.array(ZProduct) } } }, async () =>
    (await listProducts(db)).map(presentProduct),
  );

  app.get(
    "/productswithplans",
    { schema: { tags, querystring: ZAllVersionsQuery, response: { 200: z.array(ZProductWithPlans) } } },
    async (request) => {
      const viewer = requireViewer(request);
      const all = request.query.all;
      if (all && !viewer.isEngineer) throw forbidden(BILLING_MESSAGES.engineersOnly);
      const [products, plans] = await Promise.all([listProducts(db), listPlans(db, { all })]);
      return products.map((product) => ({
        ...presentProduct(product),
        plans: plans.filter((plan) => plan.productId === product.id).map(presentPlan),
      }));
    },
  );

  app.get(
    "/upgrade/plans",
    { schema: { tags, querystring: ZUpgradePlansQuery, response: { 200: z.array(ZUpgradePlan) } } },
    async (request) => {
      const account = await loadAccount(request, request.query.aid);
      const live = await liveSubscription(db, account.id);
      const currency = accountCurrency(
        { currencyCode: account.currencyCode ?? live?.currency ?? null },
        request.query.currency,
      );
      return (await selfServePlans(db)).map((plan) => ({
        ...presentPlan(plan),
        currency,
        is_current_plan: live?.serviceType === plan.code,
        min_capacity_tib: plan.minQuantity,
      }));
    },
  );

  app.put(
    "/plans/:id",
    { schema: { tags, params: ZIdParam, body: ZEditPlanRequest, response: { 200: ZPlan } } },
    async (request) => {
      const viewer = requireViewer(request);
      if (!viewer.isAdmin) throw forbidden(BILLING_MESSAGES.adminsOnly);
      return presentPlan(await editPlan(db, request.params.id, request.body, viewer.userId));
    },
  );

  app.get(
    "/estimate",
    { schema: { tags, querystring: ZAccountEstimateQuery, response: { 200: ZEstimate } } },
    async (request) => {
      const { aid, service_type, capacity, unit } = request.query;
      const account = await loadAccount(request, aid);
      const currency = accountCurrency(account, request.query.currency);
      const plan = await currentPlan(db, service_type);
      const capacityTib = toTib(capacity, unit);
      const verdict = judgeCapacity(planPrice(plan), capacityTib);
      if (verdict.kind === "contact-sales")
        return { estimate: null, contact_sales: true, self_serve_cap_tib: verdict.capTib };
      if (verdict.kind === "below-minimum")
        throw badRequest(BILLING_MESSAGES.belowMinimum(plan.code, verdict.minQuantity));
      return {
        estimate: presentTermEstimate(estimateTerm(planPrice(plan), capacityTib, currency)),
        contact_sales: false,
        self_serve_cap_tib: plan.selfServeCapTib,
      };
    },
  );

  app.get(
    "/estimate/renewal",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZRenewalEstimate } } },
    async (request) => {
      const account = await loadAccount(request, request.query.aid);
      const live = await liveSubscription(db, account.id);
      if (!live) throw badRequest(BILLING_MESSAGES.noSubscription);
      // A renewal moves the subscription to its plan's current version: that is what it will cost.
      const plan = await currentPlan(db, live.serviceType);
      return {
        renews_at: live.currentPeriodEnd.toISOString(),
        auto_renew: live.autoRenew,
        estimate: presentTermEstimate(estimateTerm(planPrice(plan), live.quantity, live.currency)),
      };
    },
  );

  app.get(
    "/estimate/upgrade",
    { schema: { tags, querystring: ZAccountEstimateQuery, response: { 200: ZUpgradeEstimate } } },
    async (request) => {
      const { aid, service_type, capacity, unit, currency } = request.query;
      const account = await loadAccount(request, aid);
      const priced = await priceChange(
        db,
        account,
        { serviceType: service_type, capacityTib: toTib(capacity, unit), currency },
        new Date(),
      );
      return priced.estimate;
    },
  );
}
