/**
 * Contact sales (issue 14), under SUBSCRIPTION_BASE: any member of an organization (or an
 * engineer on its behalf) sends the form; engineers read what came in.
 */
import { toTib } from "@portico/shared/rules/billing";
import { ZAidQuery, ZPage } from "@portico/shared/schemas/accounts";
import {
  BILLING_MESSAGES,
  ZEventsQuery,
  ZSalesRequest,
  ZSalesRequestAnswer,
  ZSalesRequestRow,
} from "@portico/shared/schemas/billing";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { resolveAccount } from "../../platform/auth/viewer";
import { forbidden } from "../../platform/errors";
import { assertMaySeeAccount } from "../accounts/accounts.policy";
import { listSalesRequests, recordSalesRequest, registerSalesJobs } from "./sales.service";

const tags = ["subscription"];

export async function salesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobs, limits, config } = app.ctx;
  registerSalesJobs(jobs, () => config.billing.contactSalesUrl);

  app.post(
    "/upgrade/request",
    {
      schema: { tags, querystring: ZAidQuery, body: ZSalesRequest, response: { 200: ZSalesRequestAnswer } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { accountId } = resolveAccount(viewer, request.query.aid);
      // A null role: an engineer outside the organization, asking on its behalf.
      const { role } = await assertMaySeeAccount(db, viewer, accountId);
      await limits.consume([["salesRequestsPerUser", String(viewer.userId)]]);
      const forward = Boolean(config.billing.contactSalesUrl);
      const row = await db.transaction((tx) =>
        recordSalesRequest(tx, jobs, {
          accountId,
          userId: viewer.userId,
          onBehalf: role === null,
          capacityTib: toTib(request.body.capacity, request.body.unit),
          input: request.body,
          forward,
        }),
      );
      if (forward) jobs.kick();
      return { message: BILLING_MESSAGES.requestReceived, id: row.id };
    },
  );

  app.get(
    "/sales-requests",
    { schema: { tags, querystring: ZEventsQuery, response: { 200: ZPage(ZSalesRequestRow) } } },
    async (request) => {
      const viewer = requireViewer(request);
      if (!viewer.isEngineer) throw forbidden(BILLING_MESSAGES.engineersOnly);
      const { page, page_size } = request.query;
      return { ...(await listSalesRequests(db, page, page_size)), page, page_size };
    },
  );
}
