/**
 * Purging accounts (issue 17), under /api/auth, engineers only (403 before anything is read):
 * GET accounts/:id/purge-info, POST accounts/:id/purge → 202 (the job runs after commit),
 * GET purge (page, q), GET purge/:id.
 */
import { ZIdParam, ZPage } from "@portico/shared/schemas/accounts";
import { ZPurgeInfo, ZPurgeListQuery, ZPurgeRecord, ZPurgeRequest } from "@portico/shared/schemas/purge";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireEngineer } from "../accounts/accounts.policy";
import { registerPurgeJob } from "./purge.job";
import { getPurge, getPurgeInfo, listPurges, startPurge } from "./purge.service";

const tags = ["purge"];

export async function purgeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  registerPurgeJob({ jobs: ctx.jobs, storage: ctx.storage, log: app.log });

  app.get(
    "/accounts/:id/purge-info",
    { schema: { tags, params: ZIdParam, response: { 200: ZPurgeInfo } } },
    async (request) => {
      requireEngineer(request);
      return getPurgeInfo(db, request.params.id);
    },
  );

  app.post(
    "/accounts/:id/purge",
    { schema: { tags, params: ZIdParam, body: ZPurgeRequest, response: { 202: ZPurgeRecord } } },
    async (request, reply) => {
      const viewer = requireEngineer(request);
      const actor = { userId: viewer.userId, name: viewer.name };
      const id = await db.transaction((tx) =>
        startPurge(tx, ctx.jobs, actor, request.params.id, request.body),
      );
      ctx.jobs.kick();
      return reply.code(202).send(await getPurge(db, id));
    },
  );

  app.get(
    "/purge",
    { schema: { tags, querystring: ZPurgeListQuery, response: { 200: ZPage(ZPurgeRecord) } } },
    async (request) => {
      requireEngineer(request);
      return listPurges(db, request.query);
    },
  );

  app.get(
    "/purge/:id",
    { schema: { tags, params: ZIdParam, response: { 200: ZPurgeRecord } } },
    async (request) => {
      requireEngineer(request);
      return getPurge(db, request.params.id);
    },
  );
}
