/**
 * GET /api/chat/issue/:id/events (spec §7.2 events): the issue's timeline, oldest first, a page
 * after `after_id`. Anyone who may open the issue; a customer gets the events meant for everyone.
 */
import { ZIssueParam } from "@portico/shared/schemas/conversations";
import { ZEventsQuery, ZEventsResponse } from "@portico/shared/schemas/issue-work";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { loadIssue } from "./conversations.policy";
import { listEvents } from "./issue-events";

export async function eventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    "/issue/:id/events",
    {
      schema: {
        tags: ["conversations"],
        params: ZIssueParam,
        querystring: ZEventsQuery,
        response: { 200: ZEventsResponse },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { aid, after_id: afterId = 0, limit } = request.query;
      const issue = await loadIssue(db, viewer, aid, request.params.id);
      return listEvents(db, issue.issueNumber, { engineer: viewer.isEngineer, afterId, limit });
    },
  );
}
