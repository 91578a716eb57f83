/**
 * The account work of the console (issue 16), under /api/auth: time logs, engineers' roles on an
 * account, following, use cases and the account's alerts. Engineers only, except reading an
 * account's engineers (its customers may too) and the use-case list (anyone signed in).
 */
import { ZIdParam } from "@portico/shared/schemas/accounts";
import {
  ZAccountAlertPage,
  ZAccountEngineers,
  ZFollowedAccount,
  ZFollowResult,
  ZHistoryQuery,
  ZSetAccountEngineersRequest,
  ZSetAccountUseCasesRequest,
  ZTimeLog,
  ZTimeLogList,
  ZTimeLogParams,
  ZTimeLogQuery,
  ZTimeLogRequest,
  ZUseCase,
  ZUseCaseRef,
  ZUseCaseRequest,
} from "@portico/shared/schemas/customers";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../platform/auth/require";
import { assertMaySeeAccount, requireEngineer } from "../accounts/accounts.policy";
import { listAccountAlerts } from "./account-alerts.queries";
import { listAccountEngineers, setAccountEngineers } from "./account-engineers.service";
import { findAccount } from "./account-work.policy";
import { auditActor } from "./audit";
import { listFollowedAccounts, setFollowing } from "./following.service";
import { deleteTimeLog, listTimeLogs, logTime, readDateRange } from "./time-logs.service";
import {
  createUseCase,
  deleteUseCase,
  listUseCases,
  setAccountUseCases,
  updateUseCase,
} from "./use-cases.service";

const tags = ["customers"];

export async function accountWorkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  // Time logs: an account's (every engineer's, or one's with user_id) and an engineer's across accounts.

  app.post(
    "/accounts/:id/time-logs",
    { schema: { tags, params: ZIdParam, body: ZTimeLogRequest, response: { 201: ZTimeLog } } },
    async (request, reply) => {
      requireEngineer(request);
      const actor = auditActor(request);
      const log = await db.transaction(async (tx) =>
        logTime(tx, actor, await findAccount(tx, request.params.id), request.body),
      );
      return reply.code(201).send(log);
    },
  );

  app.get(
    "/accounts/:id/time-logs",
    { schema: { tags, params: ZIdParam, querystring: ZTimeLogQuery, response: { 200: ZTimeLogList } } },
    async (request) => {
      requireEngineer(request);
      const { page, page_size: pageSize, user_id: userId, from, to } = request.query;
      const range = readDateRange(from, to);
      const account = await findAccount(db, request.params.id);
      return listTimeLogs(db, { accountId: account.id, userId, ...range, page, pageSize });
    },
  );

  app.get(
    "/time-logs",
    { schema: { tags, querystring: ZTimeLogQuery, response: { 200: ZTimeLogList } } },
    async (request) => {
      const viewer = requireEngineer(request);
      const { page, page_size: pageSize, user_id: userId, from, to } = request.query;
      const range = readDateRange(from, to);
      return listTimeLogs(db, { userId: userId ?? viewer.userId, ...range, page, pageSize });
    },
  );

  app.delete(
    "/accounts/:id/time-logs/:logId",
    { schema: { tags, params: ZTimeLogParams } },
    async (request, reply) => {
      const viewer = requireEngineer(request);
      const actor = auditActor(request);
      await db.transaction(async (tx) => {
        const account = await findAccount(tx, request.params.id);
        await deleteTimeLog(tx, viewer, actor, account.id, request.params.logId);
      });
      return reply.code(204).send();
    },
  );

  // Engineers' roles on the account (eng_acc_roles).

  app.get(
    "/accounts/:id/engineers",
    { schema: { tags, params: ZIdParam, response: { 200: ZAccountEngineers } } },
    async (request) => {
      const viewer = requireViewer(request);
      await assertMaySeeAccount(db, viewer, request.params.id);
      return { roles: await listAccountEngineers(db, request.params.id) };
    },
  );

  app.put(
    "/accounts/:id/engineers",
    {
      schema: {
        tags,
        params: ZIdParam,
        body: ZSetAccountEngineersRequest,
        response: { 200: ZAccountEngineers },
      },
    },
    async (request) => {
      requireEngineer(request);
      const actor = auditActor(request);
      const roles = await db.transaction(async (tx) =>
        setAccountEngineers(tx, actor, await findAccount(tx, request.params.id, true), request.body),
      );
      return { roles };
    },
  );

  // Following (static path: it is matched before accounts/:id routes).

  app.get(
    "/accounts/following",
    { schema: { tags, response: { 200: z.array(ZFollowedAccount) } } },
    async (request) => listFollowedAccounts(db, requireEngineer(request).userId),
  );

  const follow = async (request: FastifyRequest, accountId: number, following: boolean) => {
    const viewer = requireEngineer(request);
    const account = await findAccount(db, accountId);
    return setFollowing(db, viewer.userId, account.id, following);
  };
  const followSchema = { tags, params: ZIdParam, response: { 200: ZFollowResult } };
  app.post("/accounts/:id/follow", { schema: followSchema }, (request) =>
    follow(request, request.params.id, true),
  );
  app.delete("/accounts/:id/follow", { schema: followSchema }, (request) =>
    follow(request, request.params.id, false),
  );

  // Use cases: the vendor-wide list, and the ones chosen per account.

  app.get("/use-cases", { schema: { tags, response: { 200: z.array(ZUseCase) } } }, async (request) =>
    listUseCases(db, requireViewer(request)),
  );

  app.post(
    "/use-cases",
    { schema: { tags, body: ZUseCaseRequest, response: { 201: ZUseCase } } },
    async (request, reply) => {
      const viewer = requireEngineer(request);
      const useCase = await db.transaction((tx) => createUseCase(tx, viewer, request.body));
      return reply.code(201).send(useCase);
    },
  );

  app.put(
    "/use-cases/:id",
    { schema: { tags, params: ZIdParam, body: ZUseCaseRequest, response: { 200: ZUseCase } } },
    async (request) => {
      const viewer = requireEngineer(request);
      return db.transaction((tx) => updateUseCase(tx, viewer, request.params.id, request.body));
    },
  );

  app.delete("/use-cases/:id", { schema: { tags, params: ZIdParam } }, async (request, reply) => {
    requireEngineer(request);
    const actor = auditActor(request);
    await db.transaction((tx) => deleteUseCase(tx, actor, request.params.id));
    return reply.code(204).send();
  });

  app.put(
    "/accounts/:id/use-cases",
    {
      schema: {
        tags,
        params: ZIdParam,
        body: ZSetAccountUseCasesRequest,
        response: { 200: z.array(ZUseCaseRef) },
      },
    },
    async (request) => {
      requireEngineer(request);
      const actor = auditActor(request);
      return db.transaction(async (tx) =>
        setAccountUseCases(
          tx,
          actor,
          await findAccount(tx, request.params.id, true),
          request.body.use_case_ids,
        ),
      );
    },
  );

  // The account's alerts, one row per raised alert.

  app.get(
    "/accounts/:id/alerts",
    { schema: { tags, params: ZIdParam, querystring: ZHistoryQuery, response: { 200: ZAccountAlertPage } } },
    async (request) => {
      requireEngineer(request);
      const account = await findAccount(db, request.params.id);
      return listAccountAlerts(db, account.id, {
        page: request.query.page,
        pageSize: request.query.page_size,
      });
    },
  );
}
