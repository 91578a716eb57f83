/**
 * The console's account actions (issue 16), under /api/auth, engineers only (403 before anything
 * is read or changed): POST accounts/:id (details, with the version read), POST account/:id
 * {disable}, DELETE accounts/:id (an empty organization), GET accounts/:id/history.
 */
import { ZIdParam, ZPage } from "@portico/shared/schemas/accounts";
import {
  ZAuditEntry,
  ZCustomerDetail,
  ZDisableRequest,
  ZHistoryQuery,
  ZUpdateAccountDetailsRequest,
} from "@portico/shared/schemas/customers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Viewer } from "../../platform/auth/viewer";
import { notFound } from "../../platform/errors";
import { ACCOUNT_NOT_FOUND, assertMaySeeAccount, requireEngineer } from "../accounts/accounts.policy";
import { getCustomerDetail } from "../accounts/customer-detail.queries";
import { deleteAccount, setAccountDisabled, updateAccountDetails } from "./account-actions.service";
import { auditActor } from "./audit";
import { listAccountHistory } from "./history.queries";

const tags = ["customers"];

export async function accountActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  /** The customer page's account as it is after the change (ZCustomerDetail). */
  const detailOf = async (viewer: Viewer, accountId: number) => {
    const detail = await getCustomerDetail(
      db,
      viewer,
      accountId,
      await assertMaySeeAccount(db, viewer, accountId),
    );
    if (!detail) throw notFound(ACCOUNT_NOT_FOUND);
    return detail;
  };

  app.post(
    "/accounts/:id",
    {
      schema: {
        tags,
        params: ZIdParam,
        body: ZUpdateAccountDetailsRequest,
        response: { 200: ZCustomerDetail },
      },
    },
    async (request) => {
      const viewer = requireEngineer(request);
      const actor = auditActor(request);
      await db.transaction((tx) => updateAccountDetails(tx, actor, request.params.id, request.body));
      return detailOf(viewer, request.params.id);
    },
  );

  app.post(
    "/account/:id",
    { schema: { tags, params: ZIdParam, body: ZDisableRequest, response: { 200: ZCustomerDetail } } },
    async (request) => {
      const viewer = requireEngineer(request);
      const actor = auditActor(request);
      await db.transaction((tx) => setAccountDisabled(tx, actor, request.params.id, request.body.disable));
      return detailOf(viewer, request.params.id);
    },
  );

  app.delete("/accounts/:id", { schema: { tags, params: ZIdParam } }, async (request, reply) => {
    requireEngineer(request);
    const actor = auditActor(request);
    await db.transaction((tx) => deleteAccount(tx, actor, request.params.id));
    return reply.code(204).send();
  });

  app.get(
    "/accounts/:id/history",
    { schema: { tags, params: ZIdParam, querystring: ZHistoryQuery, response: { 200: ZPage(ZAuditEntry) } } },
    async (request) => {
      requireEngineer(request);
      return listAccountHistory(db, request.params.id, request.query);
    },
  );
}
