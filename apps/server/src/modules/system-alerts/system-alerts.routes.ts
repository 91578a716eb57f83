/**
 * System alerts (issue 17), under /api/auth: every signed-in user reads the live ones for the
 * banner; engineers list, post, edit and clear them. After each change commits, every open
 * browser hears `{type: "system-alerts"}` on the broadcast channel and reads them again.
 */
import { ZIdParam } from "@portico/shared/schemas/accounts";
import { BROADCAST_CHANNEL } from "@portico/shared/schemas/conversations";
import {
  ZLiveSystemAlerts,
  ZSystemAlert,
  ZSystemAlertListQuery,
  ZSystemAlertPage,
  ZSystemAlertRequest,
} from "@portico/shared/schemas/system-alerts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import type { Realtime } from "../../platform/realtime/realtime";
import { requireEngineer } from "../accounts/accounts.policy";
import { pushBroadcast } from "../conversations/chat-events";
import {
  clearSystemAlert,
  createSystemAlert,
  listSystemAlerts,
  liveSystemAlerts,
  updateSystemAlert,
} from "./system-alerts.service";

const tags = ["system-alerts"];

/** After a change has committed: every open browser reads the live alerts again. */
export function pushSystemAlerts(realtime: Realtime) {
  pushBroadcast(realtime, { type: "system-alerts", channel: BROADCAST_CHANNEL });
}

export async function systemAlertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;

  app.get("/system-alert", { schema: { tags, response: { 200: ZLiveSystemAlerts } } }, async (request) => {
    requireViewer(request);
    return liveSystemAlerts(db);
  });

  app.get(
    "/system-alerts",
    { schema: { tags, querystring: ZSystemAlertListQuery, response: { 200: ZSystemAlertPage } } },
    async (request) => {
      requireEngineer(request);
      const { page, page_size: pageSize, state } = request.query;
      return listSystemAlerts(db, { page, pageSize, state });
    },
  );

  app.post(
    "/system-alerts",
    { schema: { tags, body: ZSystemAlertRequest, response: { 201: ZSystemAlert } } },
    async (request, reply) => {
      const viewer = requireEngineer(request);
      const alert = await db.transaction((tx) => createSystemAlert(tx, viewer, request.body));
      pushSystemAlerts(realtime);
      return reply.code(201).send(alert);
    },
  );

  app.put(
    "/system-alerts/:id",
    { schema: { tags, params: ZIdParam, body: ZSystemAlertRequest, response: { 200: ZSystemAlert } } },
    async (request) => {
      requireEngineer(request);
      const alert = await db.transaction((tx) => updateSystemAlert(tx, request.params.id, request.body));
      pushSystemAlerts(realtime);
      return alert;
    },
  );

  app.post(
    "/system-alerts/:id/clear",
    { schema: { tags, params: ZIdParam, response: { 200: ZSystemAlert } } },
    async (request) => {
      const viewer = requireEngineer(request);
      const { alert, changed } = await db.transaction((tx) =>
        clearSystemAlert(tx, viewer, request.params.id),
      );
      if (changed) pushSystemAlerts(realtime);
      return alert;
    },
  );
}
