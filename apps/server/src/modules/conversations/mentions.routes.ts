/**
 * POST /api/chat/issue/:id/notify (spec §7.2 notify): anyone who may open the issue mentions
 * people on it (each gets a MENTION alert too). Each call counts against the sender's notify limit (it sends mail), refused or not.
 */
import { ZAidOnlyQuery, ZIssueParam } from "@portico/shared/schemas/conversations";
import { ZNotifyRequest, ZNotifyResponse } from "@portico/shared/schemas/issue-work";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { pushAlerts, raiseAlerts } from "../alerts/alerts.service";
import { loadIssue } from "./conversations.policy";
import { pushEvents } from "./issue-events";
import { notifyPeople, pushMentions } from "./mentions.service";

export async function mentionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    "/issue/:id/notify",
    {
      schema: {
        tags: ["conversations"],
        params: ZIssueParam,
        querystring: ZAidOnlyQuery,
        body: ZNotifyRequest,
        response: { 200: ZNotifyResponse },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { user_ids: userIds, message_index: messageIndex } = request.body;
      const issue = await loadIssue(ctx.db, viewer, request.query.aid, request.params.id);
      await ctx.limits.consume([["notifyPerSender", String(viewer.userId)]]);
      const result = await ctx.db.transaction(async (tx) => {
        const notified = await notifyPeople(ctx, tx, viewer, issue, { userIds, messageIndex });
        const alerts = await raiseAlerts(tx, {
          type: "MENTION",
          userIds: notified.notified.map((n) => n.user_id),
          message: `${viewer.name} mentioned you on #${issue.issueNumber} ${issue.title}`,
          link: `/issues/${issue.issueNumber}${messageIndex === undefined ? "" : `?msgIndex=${messageIndex}`}`,
          issueNumber: issue.issueNumber,
        });
        return { ...notified, alerts };
      });
      pushEvents(ctx.realtime, result.events);
      pushMentions(ctx.realtime, result.mentions);
      await pushAlerts(ctx.realtime, ctx.db, result.alerts);
      ctx.mailer.kick();
      return { notified: result.notified, emailed: result.emailed };
    },
  );
}
