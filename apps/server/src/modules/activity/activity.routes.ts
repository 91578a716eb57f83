/**
 * Engineer activity under /api/chat (spec §7.2 users activity and v2, issue 18): engineers only;
 * a customer gets 403 "Only vendor engineers can do this". Static paths, so /users/activity never
 * meets GET /users (people.routes.ts).
 */
import {
  ZActivityExportQuery,
  ZActivityQuery,
  ZActivityReport,
  ZActivityTimeline,
} from "@portico/shared/schemas/reports";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendCsv, toCsv } from "../../platform/csv";
import { requireEngineer } from "../accounts/accounts.policy";
import { activityCsvFilename, activityCsvRows, activityReport, activityTimeline } from "./activity.service";

const tags = ["activity"];

export async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    "/users/activity",
    { schema: { tags, querystring: ZActivityQuery, response: { 200: ZActivityReport } } },
    async (request) => {
      requireEngineer(request);
      return activityReport(db, request.query);
    },
  );

  app.get(
    "/users/activity/v2",
    { schema: { tags, querystring: ZActivityQuery, response: { 200: ZActivityTimeline } } },
    async (request) => {
      requireEngineer(request);
      return activityTimeline(db, request.query);
    },
  );

  app.get(
    "/users/activity/export",
    { schema: { tags, querystring: ZActivityExportQuery } },
    async (request, reply) => {
      requireEngineer(request);
      const { view, ...query } = request.query;
      const { header, rows } = await activityCsvRows(db, query, view);
      return sendCsv(reply, activityCsvFilename(view, query), toCsv(header, rows));
    },
  );
}
