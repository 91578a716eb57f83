/**
 * Notifications (issue 17; spec §7.1 notices), under /api/auth, engineers only (403 before
 * anything is read): POST notices → 202 (delivered by the job after commit), POST
 * notices/preview, GET notices (page, q), GET notices/:id. Failures carry the §8 code: 4002 on
 * the POSTs (SEND_NOTICE), 4001 on the GETs (LIST_NOTICES, "Error while listing notices").
 */
import { ALERTS } from "@portico/shared/errors";
import { ZIdParam, ZPage } from "@portico/shared/schemas/accounts";
import {
  ZNotice,
  ZNoticeAudienceRequest,
  ZNoticeListQuery,
  ZNoticePreview,
  ZSendNoticeRequest,
} from "@portico/shared/schemas/notices";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireEngineer } from "../accounts/accounts.policy";
import { registerNoticeJobs } from "./notices.job";
import { getNotice, listNotices, previewAudience, sendNotice } from "./notices.service";

const tags = ["notices"];
const lists = { alertCode: ALERTS.LIST_NOTICES.code };
const sends = { alertCode: ALERTS.SEND_NOTICE.code };

export async function noticeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  registerNoticeJobs(ctx);

  app.post(
    "/notices",
    { config: sends, schema: { tags, body: ZSendNoticeRequest, response: { 202: ZNotice } } },
    async (request, reply) => {
      const viewer = requireEngineer(request);
      // Read in the transaction: the answer is the notice as sent, before the job delivers it.
      const sent = await db.transaction(async (tx) =>
        getNotice(tx, await sendNotice(tx, ctx.jobs, viewer, request.body)),
      );
      ctx.jobs.kick();
      return reply.code(202).send(sent);
    },
  );

  app.post(
    "/notices/preview",
    { config: sends, schema: { tags, body: ZNoticeAudienceRequest, response: { 200: ZNoticePreview } } },
    async (request) => {
      requireEngineer(request);
      const { audience, account_ids: accountIds, user_ids: userIds } = request.body;
      return previewAudience(db, {
        audience,
        accountIds: audience === "accounts" ? accountIds : [],
        userIds: audience === "users" ? userIds : [],
      });
    },
  );

  app.get(
    "/notices",
    { config: lists, schema: { tags, querystring: ZNoticeListQuery, response: { 200: ZPage(ZNotice) } } },
    async (request) => {
      requireEngineer(request);
      return listNotices(db, request.query);
    },
  );

  app.get(
    "/notices/:id",
    { config: lists, schema: { tags, params: ZIdParam, response: { 200: ZNotice } } },
    async (request) => {
      requireEngineer(request);
      return getNotice(db, request.params.id);
    },
  );
}
