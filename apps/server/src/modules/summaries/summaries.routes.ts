/**
 * /api/chat/issue/:id/summarize (spec §7.3 llm issue summarize): anyone who may see the issue;
 * a customer's summary never reads internal notes. Limited per user: a model's answer costs money.
 */
import { ZAidOnlyQuery, ZIssueParam } from "@portico/shared/schemas/conversations";
import { ZSummary } from "@portico/shared/schemas/summaries";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { loadIssue } from "../conversations/conversations.policy";
import { LlmSummarizer } from "./llm";
import { summarizeIssue } from "./summaries.service";

export async function summaryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { llm } = ctx.config;
  const model = llm.baseUrl ? new LlmSummarizer({ ...llm, baseUrl: llm.baseUrl }) : undefined;

  app.post(
    "/issue/:id/summarize",
    {
      schema: {
        tags: ["summaries"],
        params: ZIssueParam,
        querystring: ZAidOnlyQuery,
        response: { 200: ZSummary },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await ctx.limits.consume([["summariesPerUser", String(viewer.userId)]]);
      const issue = await loadIssue(ctx.db, viewer, request.query.aid, request.params.id);
      return summarizeIssue(ctx, viewer, issue, model);
    },
  );
}
