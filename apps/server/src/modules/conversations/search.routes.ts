/** POST /api/chat/search (spec §7.2 search): titles and messages the viewer may read. */
import { parseSearchQuery } from "@portico/shared/rules/snippet";
import { ZSearchRequest, ZSearchResponse } from "@portico/shared/schemas/search";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { resolveAccount, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { notFound } from "../../platform/errors";
import { ISSUE_NOT_FOUND, mayReadAccount } from "./conversations.policy";
import { findIssue } from "./issues.queries";
import { type SearchKind, type SearchScope, searchConversations } from "./search.queries";

const KINDS: Record<"all" | "titles" | "messages", SearchKind[]> = {
  all: ["title", "message"],
  titles: ["title"],
  messages: ["message"],
};

/** The issue if the viewer may read it, in any of their organizations (engineers: any). */
async function readableIssue(exec: Executor, viewer: Viewer, issueNumber: number) {
  const issue = await findIssue(exec, issueNumber);
  return issue && mayReadAccount(viewer, issue.accountId) ? issue : undefined;
}

/**
 * What a search covers: one issue (404 unless the viewer may open it), one account (a customer's
 * own only: 403 otherwise), or everything the viewer reads (engineers: every account).
 */
async function searchScope(
  exec: Executor,
  viewer: Viewer,
  body: { issue_num?: number | undefined; account_id?: number | undefined },
): Promise<SearchScope> {
  if (body.issue_num !== undefined) {
    const issue = await readableIssue(exec, viewer, body.issue_num);
    if (!issue) throw notFound(ISSUE_NOT_FOUND);
    return { issueNumber: issue.issueNumber };
  }
  if (body.account_id !== undefined) {
    return { accountIds: [resolveAccount(viewer, body.account_id).accountId] };
  }
  // A customer searches every organization they belong to; an engineer, everything.
  if (viewer.isEngineer) return { all: true };
  if (!viewer.memberships.length) resolveAccount(viewer, undefined); // 403: no organization yet
  return { accountIds: viewer.memberships.map((m) => m.accountId) };
}

export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.post(
    "/search",
    { schema: { tags: ["conversations"], body: ZSearchRequest, response: { 200: ZSearchResponse } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { body } = request;
      const scope = await searchScope(db, viewer, body);
      const parsed = parseSearchQuery(body.query);
      const target =
        parsed.issueNumber === null ? undefined : await readableIssue(db, viewer, parsed.issueNumber);
      const result = await searchConversations(db, scope, {
        parsed,
        kinds: KINDS[body.type],
        sort: body.sort,
        offset: (body.page - 1) * body.page_size,
        limit: body.page_size,
      });
      return {
        items: result.rows,
        sort: result.sort,
        page: body.page,
        page_size: body.page_size,
        has_more: result.hasMore,
        jump: target ? { issue_number: target.issueNumber } : null,
      };
    },
  );
}
