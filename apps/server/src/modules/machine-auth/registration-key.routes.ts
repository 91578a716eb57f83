/** The registration key (spec §7.1 api-key): its hint, and a new key (shown once) for owners and engineers. */
import { ZAidQuery } from "@portico/shared/schemas/accounts";
import {
  LICENCE_MESSAGES,
  ZRegistrationKeyInfo,
  ZRegistrationKeyIssued,
} from "@portico/shared/schemas/licences";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { credentialsManager } from "./machine-auth.policy";
import { issueRegistrationKey, registrationKeyInfo } from "./registration-key.service";

const tags = ["api tokens"];

export async function registrationKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const manager = (request: FastifyRequest, aid: number | undefined) =>
    credentialsManager(db, request, aid, LICENCE_MESSAGES.ownersOnly);

  app.get(
    "/api-key",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZRegistrationKeyInfo } } },
    async (request) => registrationKeyInfo(db, (await manager(request, request.query.aid)).accountId),
  );

  app.post(
    "/api-key",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZRegistrationKeyIssued } } },
    async (request) => {
      const { viewer, accountId } = await credentialsManager(
        db,
        request,
        request.query.aid,
        LICENCE_MESSAGES.ownersOnly,
      );
      return issueRegistrationKey(db, accountId, viewer.userId);
    },
  );
}
