/**
 * The console's user actions (issue 16), under /api/auth: set-admin (admins), set-account-owner
 * and DELETE users (engineers, or owners of the organization), set-team, users/:id/disable and
 * users/:id/mfa (engineers). Who may act is decided before anything is read or changed.
 */
import { ZTeam } from "@portico/shared/schemas/accounts";
import {
  CUSTOMER_MESSAGES,
  ZAccountOwnerResponse,
  ZDisableRequest,
  ZRemoveUsersQuery,
  ZSetAccountOwnerRequest,
  ZSetAdminRequest,
  ZSetAdminResponse,
  ZSetTeamRequest,
  ZUserIdParam,
  ZUserMfaRequest,
  ZUserStateResponse,
} from "@portico/shared/schemas/customers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { forbidden } from "../../platform/errors";
import { assertEngineer, assertMayManageAccount } from "../accounts/accounts.policy";
import { auditActor } from "./audit";
import {
  removeUsers,
  setAccountOwner,
  setAdmin,
  setTeam,
  setUserDisabled,
  setUserMfa,
} from "./user-actions.service";

const tags = ["customers"];

export async function userActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer } = app.ctx;

  /** The viewer of an engineers-only route (403 for anyone else), as the audit's actor. */
  const engineerActor = (request: Parameters<typeof requireViewer>[0]) => {
    assertEngineer(requireViewer(request));
    return auditActor(request);
  };

  app.post(
    "/set-admin",
    { schema: { tags, body: ZSetAdminRequest, response: { 200: ZSetAdminResponse } } },
    async (request) => {
      if (!requireViewer(request).isAdmin) throw forbidden(CUSTOMER_MESSAGES.adminsOnly);
      const actor = auditActor(request);
      const { user_id: userId, admin } = request.body;
      return db.transaction((tx) => setAdmin(tx, actor, { userId, admin }));
    },
  );

  app.post(
    "/set-account-owner",
    { schema: { tags, body: ZSetAccountOwnerRequest, response: { 200: ZAccountOwnerResponse } } },
    async (request) => {
      const { account_id: accountId, user_id: userId, owner } = request.body;
      await assertMayManageAccount(db, requireViewer(request), accountId);
      const actor = auditActor(request);
      return db.transaction((tx) => setAccountOwner(tx, actor, { accountId, userId, owner }));
    },
  );

  app.post(
    "/set-team",
    { schema: { tags, body: ZSetTeamRequest, response: { 200: ZTeam } } },
    async (request) => {
      const actor = engineerActor(request);
      const { user_id: userId, account_id: accountId, role, from_account_id: fromAccountId } = request.body;
      return db.transaction((tx) => setTeam(tx, actor, { userId, accountId, role, fromAccountId }));
    },
  );

  app.post(
    "/users/:id/disable",
    { schema: { tags, params: ZUserIdParam, body: ZDisableRequest, response: { 200: ZUserStateResponse } } },
    async (request) => {
      const actor = engineerActor(request);
      const byAdmin = requireViewer(request).isAdmin;
      const input = { userId: request.params.id, disable: request.body.disable, byAdmin };
      return db.transaction((tx) => setUserDisabled(tx, actor, input));
    },
  );

  app.delete("/users", { schema: { tags, querystring: ZRemoveUsersQuery } }, async (request, reply) => {
    const { aid: accountId, user_ids: userIds } = request.query;
    await assertMayManageAccount(db, requireViewer(request), accountId);
    const actor = auditActor(request);
    const byAdmin = requireViewer(request).isAdmin;
    await db.transaction((tx) => removeUsers(tx, actor, { accountId, userIds, byAdmin }));
    return reply.code(204).send();
  });

  app.post(
    "/users/:id/mfa",
    { schema: { tags, params: ZUserIdParam, body: ZUserMfaRequest, response: { 200: ZUserStateResponse } } },
    async (request) => {
      const actor = engineerActor(request);
      const byAdmin = requireViewer(request).isAdmin;
      const input = { userId: request.params.id, enable: request.body.enable_mfa, byAdmin };
      const state = await db.transaction((tx) => setUserMfa(tx, mailer, actor, input));
      mailer.kick();
      return state;
    },
  );
}
