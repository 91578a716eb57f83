/**
 * Read models of issues and messages, shaped by the shared response schemas. The §4 list order
 * is computed here in SQL (so a page is a page of the whole ordered list); the shared
 * `compareConversations` is the same rule in TypeScript, and the tests hold the two together.
 */

import type { IssueStatus } from "@portico/shared/rules/issue-status";
import { deriveIssueStatus } from "@portico/shared/rules/issue-status";
import type { AssignmentFilter } from "@portico/shared/rules/roles";
import {
  ISSUES_PAGE_SIZE_DEFAULT,
  type IssueOrder,
  LAST_MESSAGE_PREVIEW_LENGTH,
  type SortOrder,
  type TConversationEventItem,
  type TConversationListItem,
  type TIssue,
  type TIssueSla,
} from "@portico/shared/schemas/conversations";
import { truncateReply } from "@portico/shared/validation";
import { and, asc, count, eq, exists, gt, inArray, not, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  accounts,
  engineerSettings,
  issueAssignees,
  issueFollowers,
  issueParticipants,
  issueReads,
  issues,
  issueTagLinks,
  messages,
  users,
} from "../../db/schema";
import { isEngineerSql } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { listItemWork } from "./issue-work.queries";

export type IssueRow = typeof issues.$inferSelect;

export const DELETED_USER = "Deleted user";

/** The WebSocket channel of an issue; also its conversation channel id (spec §3). */
export const issueChannel = (issueNumber: number) => `issue:${issueNumber}`;

const lastMessage = alias(messages, "last_message");
const lastAuthor = alias(users, "last_author");

/** One list row: the issue, its account, the viewer's read state and the newest message. */
function rowColumns() {
  return {
    issue: issues,
    company: accounts.company,
    readIndex: sql<number>`coalesce(${issueReads.readMessageIndex}, 0)::int`,
    lastIndex: lastMessage.index,
    lastAuthorId: lastMessage.authorId,
    lastAuthorType: lastMessage.authorType,
    lastAuthorName: lastAuthor.name,
    // Only the start of the body leaves the database: a row shows 100 characters of one line.
    lastPreview: sql<string>`left(regexp_replace(${lastMessage.body}, ${"\\s+"}, ' ', 'g'), ${LAST_MESSAGE_PREVIEW_LENGTH + 1})`,
    lastDeleted: sql<boolean>`(${lastMessage.attributes} ? 'deletedAt')`,
    lastCreatedAt: lastMessage.createdAt,
  };
}

type Row = {
  issue: IssueRow;
  company: string;
  readIndex: number;
  lastIndex: number | null;
  lastAuthorId: number | null;
  lastAuthorType: "customer" | "engineer" | null;
  lastAuthorName: string | null;
  lastPreview: string | null;
  lastDeleted: boolean | null;
  lastCreatedAt: Date | null;
};

function selectRows(exec: Executor, viewerId: number) {
  return exec
    .select(rowColumns())
    .from(issues)
    .innerJoin(accounts, eq(accounts.id, issues.accountId))
    .leftJoin(
      issueReads,
      and(eq(issueReads.issueNumber, issues.issueNumber), eq(issueReads.userId, viewerId)),
    )
    .leftJoin(
      lastMessage,
      and(eq(lastMessage.issueNumber, issues.issueNumber), eq(lastMessage.index, issues.lastMessageIndex)),
    )
    .leftJoin(lastAuthor, eq(lastAuthor.id, lastMessage.authorId));
}

export function presentIssue(issue: IssueRow, company: string): TIssue {
  return {
    issue_number: issue.issueNumber,
    title: issue.title,
    account_id: issue.accountId,
    company,
    channel_id: issueChannel(issue.issueNumber),
    cluster_id: issue.clusterId,
    issue_type: issue.issueType,
    is_weekend_priority: issue.isWeekendPriority,
    category_id: issue.categoryId,
    issue_answer_state: answerState(issue),
    last_message_index: issue.lastMessageIndex,
    created_at: issue.createdAt.toISOString(),
    updated_at: issue.updatedAt.toISOString(),
    sla: slaOf(issue),
  };
}

/** The issue's SLA clock (rules/sla.ts), when it has one. */
export function slaOf(issue: IssueRow): TIssueSla | null {
  if (issue.slaDueAt === null || issue.slaHours === null || issue.slaCoverage === null) return null;
  return {
    hours: issue.slaHours,
    coverage: issue.slaCoverage,
    due_at: issue.slaDueAt.toISOString(),
    first_response_at: issue.firstResponseAt?.toISOString() ?? null,
  };
}

export function answerState(issue: IssueRow) {
  return {
    state: issue.answered,
    user_type: issue.answerUserType,
    timestamp: issue.answerAt?.toISOString() ?? null,
    is_archived: issue.isArchived,
  };
}

export const issueStatus = (issue: IssueRow): IssueStatus => deriveIssueStatus(answerState(issue));

function presentRow(row: Row): TConversationListItem {
  const { issue } = row;
  return {
    channelId: issueChannel(issue.issueNumber),
    issue: presentIssue(issue, row.company),
    issueStatus: issueStatus(issue),
    issueType: issue.issueType,
    lastUpdatedAt: issue.updatedAt.toISOString(),
    planRank: issue.planRank,
    lastMessage:
      row.lastIndex === null || row.lastCreatedAt === null
        ? null
        : {
            index: row.lastIndex,
            author: {
              user_id: row.lastAuthorId,
              name: row.lastAuthorName ?? DELETED_USER,
              type: row.lastAuthorType ?? "customer",
            },
            preview: row.lastDeleted ? "" : truncateReply((row.lastPreview ?? "").trim()),
            deleted: row.lastDeleted ?? false,
            created_at: row.lastCreatedAt.toISOString(),
          },
    unreadMessageCount: Math.max(0, issue.lastMessageIndex - row.readIndex),
    readMessageIndex: row.readIndex,
  };
}

/** Which issues a list may show: every account (engineers) or the listed ones. */
export type IssueScope = { accountIds: number[] } | { all: true };

const scopeFilter = (scope: IssueScope): SQL | undefined =>
  "all" in scope ? undefined : inArray(issues.accountId, scope.accountIds);

const LIVE = sql`${issues.queueKey} < 100`;

const STATUS_FILTER: Record<IssueStatus, SQL> = {
  open: sql`(${LIVE} and ${issues.liveRank} = 0)`,
  waiting: sql`(${LIVE} and ${issues.liveRank} = 1)`,
  answered: sql`${issues.queueKey} = 100`,
  archived: sql`${issues.queueKey} = 200`,
};

const hasAssignee = (who?: number) =>
  exists(
    sql`(select 1 from ${issueAssignees} where ${issueAssignees.issueNumber} = ${issues.issueNumber}${
      who === undefined ? sql`` : sql` and ${issueAssignees.userId} = ${who}`
    })`,
  );

/** The assignment filters of spec §9; `assignee` names whose issues (default the viewer). */
function assignmentFilter(filter: AssignmentFilter, viewerId: number, assignee?: number): SQL | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "unassigned":
      return not(hasAssignee());
    case "assigned":
      return hasAssignee();
    case "assignee":
      return hasAssignee(assignee ?? viewerId);
    case "following":
      return exists(
        sql`(select 1 from ${issueFollowers} where ${issueFollowers.issueNumber} = ${issues.issueNumber} and ${issueFollowers.userId} = ${viewerId})`,
      );
    case "participating":
      return exists(
        sql`(select 1 from ${issueParticipants} where ${issueParticipants.issueNumber} = ${issues.issueNumber} and ${issueParticipants.userId} = ${viewerId})`,
      );
    case "unread":
      return gt(issues.lastMessageIndex, sql`coalesce(${issueReads.readMessageIndex}, 0)`);
    case "on_call":
      // What the on-call engineer answers: live issues that are panics or came in at the weekend.
      return sql`(${LIVE} and (${issues.issueType} is not null or ${issues.isWeekendPriority}))`;
  }
}

/**
 * §4 order: live issues first (panic, then the account's plan rank: both in queue_key), open
 * before waiting, then answered, then archived; by update time within each (DESC newest first,
 * the default; ASC oldest first), the issue number breaking ties. DESC is exactly the order of
 * the queue indexes, so any page is read from an index.
 */
function listOrder(sort: SortOrder, weekendFirst: boolean, order: IssueOrder = "queue"): SQL[] {
  const direction = sort === "ASC" ? sql.raw("asc") : sql.raw("desc nulls last");
  return [
    // order=sla: issues still waiting for their first response under an SLA, soonest deadline
    // (the most overdue) first (issues_sla_queue_idx); the rest follow in the §4 order.
    ...(order === "sla" ? [sql`${issues.slaWaitingDue} asc nulls last`] : []),
    // An engineer on call in the weekend window sees the weekend's issues right after panics.
    asc(weekendFirst ? issues.onCallKey : issues.queueKey),
    asc(issues.liveRank),
    sql`${issues.updatedAt} ${direction}`,
    sql`${issues.issueNumber} ${direction}`,
  ];
}

export interface ListQuery {
  page: number;
  page_size: number;
  filter: AssignmentFilter;
  sort: SortOrder;
  /** "sla": running first-response deadlines first, soonest first (ZIssueListQuery.order). */
  order: IssueOrder;
  status?: IssueStatus | undefined;
  /** filter=assignee: whose issues (default the viewer). */
  assignee?: number | undefined;
  /** Only issues carrying this tag (engineers). */
  tag?: number | undefined;
  /** Each item carries its work state (engineers' lists): one more query for the page. */
  withWork?: boolean;
  /** The viewer is an engineer on call and it is the weekend window (spec §9). */
  weekendFirst?: boolean;
}

/** A list's `total` stops at this; `total_capped` says there are more. */
export const LIST_COUNT_CAP = 10_000;

export async function listConversations(
  exec: Executor,
  viewerId: number,
  scope: IssueScope,
  query: ListQuery,
) {
  const conditions = [
    scopeFilter(scope),
    assignmentFilter(query.filter, viewerId, query.assignee),
    query.status ? STATUS_FILTER[query.status] : undefined,
    query.tag === undefined
      ? undefined
      : exists(
          sql`(select 1 from ${issueTagLinks} where ${issueTagLinks.issueNumber} = ${issues.issueNumber} and ${issueTagLinks.tagId} = ${query.tag})`,
        ),
  ].filter((c): c is SQL => c !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const pageSize = query.page_size || ISSUES_PAGE_SIZE_DEFAULT;
  const order = listOrder(query.sort, query.weekendFirst ?? false, query.order);
  // The page's issue numbers are found first, from the order's index alone; only those 25 rows
  // are then joined to their account, read state and newest message. (Joining before the OFFSET
  // would do those joins for every skipped row: 5,000 of them on page 200.)
  const keys = () =>
    exec
      .select({ issueNumber: issues.issueNumber })
      .from(issues)
      .leftJoin(
        issueReads,
        and(eq(issueReads.issueNumber, issues.issueNumber), eq(issueReads.userId, viewerId)),
      )
      .where(where);
  const page = keys()
    .orderBy(...order)
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .as("page");
  const [rows, [total]] = await Promise.all([
    selectRows(exec, viewerId)
      .innerJoin(page, eq(page.issueNumber, issues.issueNumber))
      .orderBy(...order),
    // Counted up to a cap: past it the pager needs no exact figure, and an exact one would read
    // every issue of the queue on every request.
    exec.select({ n: count() }).from(
      keys()
        .limit(LIST_COUNT_CAP + 1)
        .as("matching"),
    ),
  ]);
  const items = (rows as Row[]).map(presentRow);
  return {
    items: query.withWork ? await withWork(exec, items) : items,
    total: Math.min(total?.n ?? 0, LIST_COUNT_CAP),
    total_capped: (total?.n ?? 0) > LIST_COUNT_CAP,
    page: query.page,
    page_size: pageSize,
    filter: query.filter,
    sort: query.sort,
    order: query.order,
  };
}

/** The items with their work state (engineers only: never for a customer's answer). */
export async function withWork(exec: Executor, items: TConversationListItem[]) {
  const work = await listItemWork(
    exec,
    items.map((i) => i.issue.issue_number),
  );
  return items.map((item) => ({ ...item, work: work.get(item.issue.issue_number) }));
}

/** Queue rows of these issues as every engineer sees them (no one's read state), with their work. */
export async function queueItems(exec: Executor, issueNumbers: number[]): Promise<TConversationEventItem[]> {
  if (issueNumbers.length === 0) return [];
  // User 0 does not exist: no read state is joined.
  const rows = await selectRows(exec, 0).where(inArray(issues.issueNumber, issueNumbers));
  const items = await withWork(exec, (rows as Row[]).map(presentRow));
  return items.map(({ unreadMessageCount: _unread, readMessageIndex: _read, ...item }) => item);
}

/** One list item, as the viewer sees it (unread count, read index). */
export async function getConversation(
  exec: Executor,
  issueNumber: number,
  viewerId: number,
): Promise<TConversationListItem | undefined> {
  const [row] = await selectRows(exec, viewerId).where(eq(issues.issueNumber, issueNumber));
  return row ? presentRow(row as Row) : undefined;
}

export async function findIssue(exec: Executor, issueNumber: number): Promise<IssueRow | undefined> {
  const [row] = await exec.select().from(issues).where(eq(issues.issueNumber, issueNumber));
  return row;
}

/* ---------------------------------------------------------------- people */

/** Whether this engineer has said they are on call (PUT /api/chat/engineers). */
export async function isOnCall(exec: Executor, userId: number): Promise<boolean> {
  const [row] = await exec
    .select({ onCall: engineerSettings.isOnCall })
    .from(engineerSettings)
    .where(eq(engineerSettings.userId, userId));
  return row?.onCall ?? false;
}

export async function listParticipants(exec: Executor, issueNumber: number) {
  return exec
    .select({
      userId: users.id,
      name: users.name,
      isEngineer: isEngineerSql(users.id),
      joinedAt: issueParticipants.joinedAt,
      readIndex: sql<number>`coalesce(${issueReads.readMessageIndex}, 0)::int`,
    })
    .from(issueParticipants)
    .innerJoin(users, eq(users.id, issueParticipants.userId))
    .leftJoin(
      issueReads,
      and(eq(issueReads.issueNumber, issueParticipants.issueNumber), eq(issueReads.userId, users.id)),
    )
    .where(eq(issueParticipants.issueNumber, issueNumber))
    .orderBy(asc(issueParticipants.joinedAt), asc(users.id));
}

export async function isParticipant(exec: Executor, issueNumber: number, userId: number) {
  const [row] = await exec
    .select({ userId: issueParticipants.userId })
    .from(issueParticipants)
    .where(and(eq(issueParticipants.issueNumber, issueNumber), eq(issueParticipants.userId, userId)));
  return row !== undefined;
}
