/** /api/chat users, engineers, on-call list and the chat token (spec §7.2). */
import { ALERTS } from "@portico/shared/errors";
import { ZPage } from "@portico/shared/schemas/accounts";
import {
  ZChatToken,
  ZChatUser,
  ZChatUsersQuery,
  ZEngineer,
  ZEngineerUpdate,
} from "@portico/shared/schemas/conversations";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../platform/auth/require";
import { resolveAccount, VENDOR_ACCOUNT_ID } from "../../platform/auth/viewer";
import { pushEngineer } from "./chat-events";
import type { ChatTokens } from "./chat-token";
import { listChatUsers, listEngineers } from "./people.queries";
import { updateEngineer } from "./people.service";

const tags = ["conversations"];

export async function peopleRoutes(fastify: FastifyInstance, opts: { tokens: ChatTokens }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;

  const withOnline = async <T extends { user_id: number }>(rows: T[]) => {
    const online = await realtime.presence.onlineUsers();
    return rows.map((r) => ({ ...r, online: online.has(r.user_id) }));
  };

  app.get(
    "/users",
    {
      config: { alertCode: ALERTS.FETCH_USERS.code },
      schema: { tags, querystring: ZChatUsersQuery, response: { 200: ZPage(ZChatUser) } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { aid, ...page } = request.query;
      // Customers: their organization's members and the engineers; engineers: one account's or everyone.
      const accountId = viewer.isEngineer ? aid : resolveAccount(viewer, aid).accountId;
      const { rows, total } = await listChatUsers(db, accountId, page);
      const online = await realtime.presence.onlineUsers();
      return {
        items: rows.map((u) => ({
          user_id: u.id,
          name: u.name,
          // A customer's account is their own: they see their colleagues' addresses, not engineers'.
          email: viewer.isEngineer || u.isMember ? u.email : null,
          account_id: u.isMember
            ? (accountId ?? null)
            : u.isEngineer
              ? VENDOR_ACCOUNT_ID
              : u.defaultAccountId,
          is_engineer: u.isEngineer,
          online: u.isEngineer && online.has(u.id),
        })),
        total,
        page: page.page,
        page_size: page.page_size,
      };
    },
  );

  app.get("/engineers", { schema: { tags, response: { 200: z.array(ZEngineer) } } }, async (request) => {
    requireViewer(request);
    return withOnline(await listEngineers(db));
  });

  app.get(
    "/engineers/on-call",
    { schema: { tags, response: { 200: z.array(ZEngineer) } } },
    async (request) => {
      requireViewer(request);
      return withOnline(await listEngineers(db, { onCallOnly: true }));
    },
  );

  app.put(
    "/engineers",
    { schema: { tags, body: ZEngineerUpdate, response: { 200: ZEngineer } } },
    async (request) => {
      const viewer = requireViewer(request);
      const engineer = await db.transaction((tx) => updateEngineer(tx, viewer, request.body));
      pushEngineer(realtime, engineer);
      const [withState] = await withOnline([engineer]);
      return withState ?? { ...engineer, online: false };
    },
  );

  app.get("/token", { schema: { tags, response: { 200: ZChatToken } } }, async (request) => {
    const { token, expiresAt } = await opts.tokens.sign(requireViewer(request));
    return { token, expires_at: expiresAt.toISOString() };
  });
}
