/**
 * Feedback (issue 17), under /api/auth: any signed-in user sends it (bounded per user per hour);
 * engineers list it.
 */

import { ZAidQuery } from "@portico/shared/schemas/accounts";
import {
  ZFeedback,
  ZFeedbackListQuery,
  ZFeedbackPage,
  ZFeedbackRequest,
} from "@portico/shared/schemas/feedback";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { requireEngineer } from "../accounts/accounts.policy";
import { readDateRange } from "../customers/time-logs.service";
import { feedbackAccount, listFeedback, recordFeedback } from "./feedback.service";

const tags = ["feedback"];

export async function feedbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, limits } = app.ctx;

  app.post(
    "/feedback",
    { schema: { tags, querystring: ZAidQuery, body: ZFeedbackRequest, response: { 201: ZFeedback } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const accountId = feedbackAccount(viewer, request.query.aid);
      await limits.consume([["feedbackPerUser", String(viewer.userId)]]);
      const saved = await db.transaction((tx) => recordFeedback(tx, viewer, accountId, request.body));
      return reply.code(201).send(saved);
    },
  );

  app.get(
    "/feedback",
    { schema: { tags, querystring: ZFeedbackListQuery, response: { 200: ZFeedbackPage } } },
    async (request) => {
      requireEngineer(request);
      const { page, page_size: pageSize, rating, account_id: accountId, q, from, to } = request.query;
      const range = readDateRange(from, to);
      return listFeedback(db, { page, pageSize, rating, accountId, q, ...range });
    },
  );
}
