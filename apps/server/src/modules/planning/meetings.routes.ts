/**
 * Meetings under /api/chat (spec §7.2 meetings, meetings list, log-meeting): engineers schedule,
 * log and cancel (anyone else 403 before the issue is looked up); whoever may read an issue sees
 * its meetings; the list covers the issues the viewer may read.
 */
import { ZAidOnlyQuery, ZIssueParam } from "@portico/shared/schemas/conversations";
import {
  ZLogMeetingRequest,
  ZMeeting,
  ZMeetingListQuery,
  ZMeetingListResponse,
  ZMeetingParam,
  ZScheduleMeetingRequest,
} from "@portico/shared/schemas/meetings";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../platform/auth/require";
import { assertEngineer } from "../accounts/accounts.policy";
import { pushAlerts } from "../alerts/alerts.service";
import { issueScope, loadIssue } from "../conversations/conversations.policy";
import { pushEvents } from "../conversations/issue-events";
import { listIssueMeetings, listMeetings } from "./meetings.queries";
import { cancelMeeting, logMeeting, type MeetingChange, scheduleMeeting } from "./meetings.service";

const tags = ["meetings"];

export async function meetingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;

  /** After commit: the timeline, the alerts, the mail. */
  function announce(change: MeetingChange) {
    pushEvents(ctx.realtime, change.events);
    void pushAlerts(ctx.realtime, null, change.alerts);
    ctx.mailer.kick();
    return change.meeting;
  }

  app.get(
    "/issue/:id/meetings",
    {
      schema: { tags, params: ZIssueParam, querystring: ZAidOnlyQuery, response: { 200: z.array(ZMeeting) } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const issue = await loadIssue(db, viewer, request.query.aid, request.params.id);
      return listIssueMeetings(db, issue.issueNumber);
    },
  );

  app.post(
    "/issue/:id/meetings",
    {
      schema: {
        tags,
        params: ZIssueParam,
        querystring: ZAidOnlyQuery,
        body: ZScheduleMeetingRequest,
        response: { 201: ZMeeting },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      const change = await db.transaction(async (tx) => {
        const issue = await loadIssue(tx, viewer, request.query.aid, request.params.id);
        return scheduleMeeting(ctx, tx, viewer, issue, request.body);
      });
      return reply.code(201).send(announce(change));
    },
  );

  app.delete(
    "/issue/:id/meetings/:meetingId",
    { schema: { tags, params: ZMeetingParam, querystring: ZAidOnlyQuery, response: { 200: ZMeeting } } },
    async (request) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      const change = await db.transaction(async (tx) => {
        const issue = await loadIssue(tx, viewer, request.query.aid, request.params.id);
        return cancelMeeting(ctx, tx, viewer, issue, request.params.meetingId);
      });
      return announce(change);
    },
  );

  app.post(
    "/log-meeting",
    { schema: { tags, querystring: ZAidOnlyQuery, body: ZLogMeetingRequest, response: { 201: ZMeeting } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      const change = await db.transaction(async (tx) => {
        const issue = await loadIssue(tx, viewer, request.query.aid, request.body.issue_number);
        return logMeeting(tx, viewer, issue, request.body);
      });
      return reply.code(201).send(announce(change));
    },
  );

  app.get(
    "/meetings",
    { schema: { tags, querystring: ZMeetingListQuery, response: { 200: ZMeetingListResponse } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { aid, when, page, page_size: pageSize } = request.query;
      return listMeetings(db, issueScope(viewer, aid), { when, page, pageSize });
    },
  );
}
