/**
 * GET /api/chat/ws. A browser cannot put a bearer token on a WebSocket upgrade, so the route is
 * public to the request guard and each connection authenticates with a chat token in its first
 * frame (see chat-connection.ts); the token never appears in a URL, so never in a log.
 *
 * Maintenance: the guard's gate would refuse every upgrade (engineers included, having no bearer
 * header), so the route is open to it and the connection decides after authenticating: only
 * engineers connect. When maintenance starts, open sockets of everybody else are closed (4503)
 * within a few seconds. On shutdown every socket is closed with 1012 (service restart), and
 * clients reconnect and catch up from the database.
 */
import fastifyWebsocket from "@fastify/websocket";
import { CHAT_CLOSE } from "@portico/shared/schemas/conversations";
import type { FastifyInstance } from "fastify";
import { UNDER_MAINTENANCE } from "../../platform/request-guard";
import { ChatConnection } from "./chat-connection";
import type { ChatTokens } from "./chat-token";

/** Client frames are small: messages themselves go through POST /api/chat/issue/:id. */
export const MAX_FRAME_BYTES = 16 * 1024;
const MAINTENANCE_CHECK_MS = 2_000;

export async function chatSocketRoutes(app: FastifyInstance, opts: { tokens: ChatTokens }) {
  const { ctx } = app;
  const connections = new Set<ChatConnection>();

  const maintenanceWatch = setInterval(() => {
    if (connections.size === 0) return;
    void ctx.maintenance
      .current()
      .then((state) => {
        if (!state.enabled) return;
        for (const c of connections) {
          if (c.authenticated && !c.isEngineer) c.close(CHAT_CLOSE.maintenance, UNDER_MAINTENANCE);
        }
      })
      .catch((err: unknown) => app.log.warn({ err }, "maintenance check failed"));
  }, MAINTENANCE_CHECK_MS);
  maintenanceWatch.unref();

  // Before the plugin's own preClose (hooks run in order): a restart, not a plain goodbye.
  app.addHook("preClose", (done) => {
    clearInterval(maintenanceWatch);
    for (const c of connections) c.close(1012, "Server restarting");
    done();
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  app.get(
    "/ws",
    { websocket: true, config: { public: true, maintenance: "open" }, schema: { hide: true } },
    (socket, request) => {
      const connection = new ChatConnection({ ctx, tokens: opts.tokens, log: request.log }, socket);
      connections.add(connection);
      socket.once("close", () => connections.delete(connection));
    },
  );
}
