/** /api/chat/issue/:id/assignees (spec §7.2 assignees): anyone who sees the issue reads them; engineers change them. */
import { ZAidOnlyQuery, ZIssueParam } from "@portico/shared/schemas/conversations";
import { ZAssignees, ZAssignRequest, ZIssueUserParam } from "@portico/shared/schemas/issue-work";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import type { Viewer } from "../../platform/auth/viewer";
import { requireEngineer } from "../accounts/accounts.policy";
import { pushAlerts, type RaisedAlert, raiseAlerts } from "../alerts/alerts.service";
import { assign, suggestedAssignees, unassign } from "./assignees.service";
import { loadIssue } from "./conversations.policy";
import { issuePeople } from "./issue-work.queries";
import { changeIssueWork } from "./issue-work.service";
import type { IssueRow } from "./issues.queries";

const tags = ["issue work"];

export async function assigneeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;
  const onIssue = { tags, params: ZIssueParam, querystring: ZAidOnlyQuery, response: { 200: ZAssignees } };

  /** The issue's assignees now; suggestions for engineers only. */
  const assigneesOf = async (viewer: Viewer, issue: IssueRow) => {
    const online = await realtime.presence.onlineUsers();
    const [assignees, suggested] = await Promise.all([
      issuePeople(db, "assignees", issue.issueNumber, online),
      viewer.isEngineer ? suggestedAssignees(db, issue, online) : [],
    ]);
    return { assignees, suggested };
  };

  app.get("/issue/:id/assignees", { schema: onIssue }, async (request) => {
    const viewer = requireViewer(request);
    return assigneesOf(viewer, await loadIssue(db, viewer, request.query.aid, request.params.id));
  });

  app.post("/issue/:id/assignees", { schema: { ...onIssue, body: ZAssignRequest } }, async (request) => {
    const viewer = requireEngineer(request);
    const target = { aid: request.query.aid, issueNumber: request.params.id };
    const assignee = request.body.user_id;
    let alerts: RaisedAlert[] = [];
    const issue = await changeIssueWork(app.ctx, viewer, target, async (tx, issue) => {
      const events = await assign(tx, viewer, target.issueNumber, assignee);
      // A new assignment tells the assignee (not themselves), by SMS too if they opted in.
      if (events.length && assignee !== viewer.userId) {
        alerts = await raiseAlerts(
          tx,
          {
            type: "ISSUE_ASSIGNED",
            userIds: [assignee],
            message: `${viewer.name} assigned you #${issue.issueNumber} ${issue.title}`,
            link: `/issues/${issue.issueNumber}`,
            issueNumber: issue.issueNumber,
          },
          { sms: { mailer: app.ctx.mailer, publicUrl: app.ctx.config.publicUrl } },
        );
      }
      return events;
    });
    await pushAlerts(realtime, db, alerts);
    if (alerts.length) app.ctx.mailer.kick();
    return assigneesOf(viewer, issue);
  });

  app.delete(
    "/issue/:id/assignees/:userId",
    { schema: { ...onIssue, params: ZIssueUserParam } },
    async (request) => {
      const viewer = requireEngineer(request);
      const target = { aid: request.query.aid, issueNumber: request.params.id };
      const issue = await changeIssueWork(app.ctx, viewer, target, (tx) =>
        unassign(tx, viewer, target.issueNumber, request.params.userId),
      );
      return assigneesOf(viewer, issue);
    },
  );
}
