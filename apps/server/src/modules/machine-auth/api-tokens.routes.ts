/** API tokens of an organization (spec §3, §7.1 api-tokens): create, list, delete, the scopes. */
import { ZAidQuery } from "@portico/shared/schemas/accounts";
import {
  API_SCOPES,
  API_TOKEN_MESSAGES,
  ZApiScopeList,
  ZApiTokenCreated,
  ZApiTokenList,
  ZApiTokenParams,
  ZCreateApiTokenRequest,
} from "@portico/shared/schemas/api-tokens";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../platform/errors";
import { listApiTokens, presentApiToken } from "./api-tokens.queries";
import { createApiToken, deleteApiToken } from "./api-tokens.service";
import { credentialsManager } from "./machine-auth.policy";

const tags = ["api tokens"];
const scopeList = Object.entries(API_SCOPES).map(([name, description]) => ({ name, description }));

export async function apiTokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  const manager = (request: FastifyRequest, aid: number | undefined) =>
    credentialsManager(db, request, aid, API_TOKEN_MESSAGES.ownersOnly);

  app.get(
    "/api-tokens/scopes",
    { schema: { tags, response: { 200: ZApiScopeList } } },
    async () => scopeList,
  );

  app.get(
    "/api-tokens",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZApiTokenList } } },
    async (request) => {
      const { accountId } = await manager(request, request.query.aid);
      return { items: (await listApiTokens(db, accountId)).map(presentApiToken) };
    },
  );

  app.post(
    "/api-tokens",
    {
      schema: {
        tags,
        querystring: ZAidQuery,
        body: ZCreateApiTokenRequest,
        response: { 201: ZApiTokenCreated },
      },
    },
    async (request, reply) => {
      const { viewer, accountId } = await manager(request, request.query.aid);
      const { row, secret } = await createApiToken(db, viewer, accountId, request.body);
      return reply.code(201).send({ token: presentApiToken(row), secret });
    },
  );

  app.delete(
    "/api-tokens/:id",
    { schema: { tags, params: ZApiTokenParams, querystring: ZAidQuery } },
    async (request, reply) => {
      const { accountId } = await manager(request, request.query.aid);
      if (!(await deleteApiToken(db, accountId, request.params.id))) {
        throw notFound(API_TOKEN_MESSAGES.tokenNotFound);
      }
      return reply.code(204).send();
    },
  );
}
