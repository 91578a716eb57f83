/**
 * The users console (issue 17), under /api/auth: the directory of every user (engineers) and
 * resending a pending invitation (owners of the organization, or engineers). Who may act is
 * decided before anything is read or changed.
 */
import { ALERTS } from "@portico/shared/errors";
import { ZAidQuery, ZIdParam } from "@portico/shared/schemas/accounts";
import { ZResentInvite, ZUserDirectoryPage, ZUserDirectoryQuery } from "@portico/shared/schemas/users";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { readAid, resolveAccount } from "../../platform/auth/viewer";
import { assertEngineer, assertMayManageAccount } from "../accounts/accounts.policy";
import { auditActor } from "../customers/audit";
import { listDirectory } from "./users.queries";
import { resendInvite } from "./users.service";

const tags = ["users"];

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get(
    "/users",
    {
      config: { alertCode: ALERTS.FETCH_USERS.code },
      schema: { tags, querystring: ZUserDirectoryQuery, response: { 200: ZUserDirectoryPage } },
    },
    async (request) => {
      assertEngineer(requireViewer(request));
      return listDirectory(ctx.db, request.query);
    },
  );

  app.post(
    "/invites/:id/resend",
    { schema: { tags, params: ZIdParam, querystring: ZAidQuery, response: { 200: ZResentInvite } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { accountId } = resolveAccount(viewer, readAid(request));
      await assertMayManageAccount(ctx.db, viewer, accountId);
      return resendInvite(ctx, auditActor(request), { accountId, inviteId: request.params.id });
    },
  );
}
