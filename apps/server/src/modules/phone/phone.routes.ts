/**
 * /api/chat/phone (spec §7.2 phone verification and check): the viewer's own number, its code
 * by SMS, and engineers' opt-in to SMS alerts.
 */
import {
  ZPhoneCheckRequest,
  ZPhoneState,
  ZPhoneVerifyRequest,
  ZPhoneVerifyResponse,
  ZSmsAlertsRequest,
} from "@portico/shared/schemas/phone";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { checkPhoneCode, getPhoneState, sendPhoneCode, setSmsAlerts } from "./phone.service";

const tags = ["phone"];

export async function phoneRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get("/phone", { schema: { tags, response: { 200: ZPhoneState } } }, async (request) =>
    getPhoneState(ctx.db, requireViewer(request).userId),
  );

  app.post(
    "/phone/verify",
    { schema: { tags, body: ZPhoneVerifyRequest, response: { 200: ZPhoneVerifyResponse } } },
    async (request) => sendPhoneCode(ctx, requireViewer(request), request.body.phone),
  );

  app.post(
    "/phone/check",
    { schema: { tags, body: ZPhoneCheckRequest, response: { 200: ZPhoneState } } },
    async (request) => checkPhoneCode(ctx, requireViewer(request), request.body.code, request.ip),
  );

  app.put(
    "/phone/sms-alerts",
    { schema: { tags, body: ZSmsAlertsRequest, response: { 200: ZPhoneState } } },
    async (request) => setSmsAlerts(ctx.db, requireViewer(request), request.body.enabled),
  );
}
