/**
 * Following (spec §7.2 follow, unfollow): anyone who sees an issue may follow it, and hears of
 * its replies (alerts, issue 11). GET /follow lists what the viewer follows, in the queue's order.
 */
import { ZAidOnlyQuery, ZIssueListResponse, ZIssueParam } from "@portico/shared/schemas/conversations";
import { ZFollowListQuery, ZFollowState } from "@portico/shared/schemas/issue-work";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { issueFollowers } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import type { Viewer } from "../../platform/auth/viewer";
import { loadIssue } from "./conversations.policy";
import { issuePeople } from "./issue-work.queries";
import { type IssueScope, listConversations } from "./issues.queries";

const tags = ["issue work"];

/** Every issue a follow list may show: an engineer's, all; a customer's, their organizations'. */
const followScope = (viewer: Viewer): IssueScope =>
  viewer.isEngineer ? { all: true } : { accountIds: viewer.memberships.map((m) => m.accountId) };

export async function followRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;
  const onIssue = { tags, params: ZIssueParam, querystring: ZAidOnlyQuery, response: { 200: ZFollowState } };

  const followState = async (viewer: Viewer, issueNumber: number) => {
    const followers = await issuePeople(db, "followers", issueNumber, await realtime.presence.onlineUsers());
    return { following: followers.some((f) => f.user_id === viewer.userId), followers };
  };

  /** Starts or stops following (idempotent both ways). */
  const setFollowing = async (issueNumber: number, userId: number, follow: boolean) => {
    if (follow) {
      await db.insert(issueFollowers).values({ issueNumber, userId }).onConflictDoNothing();
    } else {
      await db
        .delete(issueFollowers)
        .where(and(eq(issueFollowers.issueNumber, issueNumber), eq(issueFollowers.userId, userId)));
    }
  };

  // GET …/followers reads; POST …/follow and …/unfollow change the viewer's own following first.
  for (const [method, path, follow] of [
    ["GET", "followers", undefined],
    ["POST", "follow", true],
    ["POST", "unfollow", false],
  ] as const) {
    app.route({
      method,
      url: `/issue/:id/${path}`,
      schema: onIssue,
      handler: async (request) => {
        const viewer = requireViewer(request);
        const issue = await loadIssue(db, viewer, request.query.aid, request.params.id);
        if (follow !== undefined) await setFollowing(issue.issueNumber, viewer.userId, follow);
        return followState(viewer, issue.issueNumber);
      },
    });
  }

  app.get(
    "/follow",
    { schema: { tags, querystring: ZFollowListQuery, response: { 200: ZIssueListResponse } } },
    async (request) => {
      const viewer = requireViewer(request);
      return listConversations(db, viewer.userId, followScope(viewer), {
        ...request.query,
        filter: "following",
        sort: "DESC",
        order: "queue",
        withWork: viewer.isEngineer,
      });
    },
  );
}
