/**
 * Commands on issues and messages; each runs in the caller's transaction, which commits before
 * anything is pushed to sockets. Posting takes the issue row's lock (the update that numbers the
 * message), so messages of one issue are numbered 1, 2, … without gaps and stamped in that order.
 */
import { isWeekendWindow } from "@portico/shared/rules/weekend";
import { and, eq, type SQL, sql } from "drizzle-orm";
import {
  type AuthorType,
  accounts,
  issueFollowers,
  issueParticipants,
  issueReads,
  issues,
  type MessageAttributes,
  type MessageRow,
  messageColumns,
  messages,
} from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { assertClusterOfAccount } from "../clusters/cluster-ref";
import { ISSUE_ARCHIVED, isArchived } from "./conversations.policy";
import { type EventActor, recordEvent } from "./issue-events";
import { type IssueRow, type IssueScope, issueStatus } from "./issues.queries";
import { getMessage } from "./messages.queries";

export const MESSAGE_NOT_FOUND = "Message not found";
export const MESSAGE_DELETED = "This message was deleted";
export const EDIT_OWN_ONLY = "You can only edit your own messages";
export const DELETE_REFUSED = "You can only delete your own messages";
export const FORMAT_REFUSED = "Only the author or an engineer can change how a message is shown";

const authorType = (viewer: EventActor): AuthorType => (viewer.isEngineer ? "engineer" : "customer");

/** The author takes part in the issue and has read what they wrote. */
async function recordAuthor(tx: Executor, issueNumber: number, userId: number, index: number) {
  await tx.insert(issueParticipants).values({ issueNumber, userId }).onConflictDoNothing();
  await advanceRead(tx, issueNumber, userId, index);
}

async function advanceRead(tx: Executor, issueNumber: number, userId: number, index: number) {
  const [row] = await tx
    .insert(issueReads)
    .values({ issueNumber, userId, readMessageIndex: index })
    .onConflictDoUpdate({
      target: [issueReads.issueNumber, issueReads.userId],
      set: {
        readMessageIndex: sql`greatest(${issueReads.readMessageIndex}, excluded.read_message_index)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ readMessageIndex: issueReads.readMessageIndex });
  return row?.readMessageIndex ?? index;
}

async function touchAccount(tx: Executor, accountId: number) {
  await tx.update(accounts).set({ lastMessageAt: sql`now()` }).where(eq(accounts.id, accountId));
}

/**
 * The SLA clock a customer's new issue starts (rules/sla.ts): its account's hours and coverage now,
 * due by portico_sla_due_at from the insert's now() (created_at's default). Subselects keep
 * opening one statement; an account without SLA hours leaves all three null.
 */
function slaOfAccount(accountId: number) {
  const of = (column: SQL) => sql`(select ${column} from ${accounts} where ${accounts.id} = ${accountId})`;
  return {
    slaHours: of(sql`${accounts.slaHours}`),
    slaCoverage: of(sql`${accounts.slaCoverage}`),
    slaDueAt: of(sql`portico_sla_due_at(now(), ${accounts.slaHours}, ${accounts.slaCoverage})`),
  };
}

export interface NewIssue {
  title: string;
  accountId: number;
  message: string;
  clusterId?: string | null | undefined;
}

/** Opens an issue with its first message; the number comes from the issues sequence. */
export async function createIssue(
  tx: Executor,
  viewer: EventActor,
  input: NewIssue,
  now = new Date(),
  issueType: "panic" | null = null,
) {
  const type = authorType(viewer);
  await assertClusterOfAccount(tx, input.accountId, input.clusterId);
  const [issue] = await tx
    .insert(issues)
    .values({
      ...(type === "customer" ? slaOfAccount(input.accountId) : {}),
      accountId: input.accountId,
      title: input.title,
      clusterId: input.clusterId ?? null,
      issueType,
      isWeekendPriority: isWeekendWindow(now),
      answerUserType: type,
      answerAt: sql`now()`,
      lastMessageIndex: 1,
      revision: 1,
      createdBy: viewer.userId,
    })
    .returning();
  if (!issue) throw new Error("issue insert returned nothing");
  await tx.insert(messages).values({
    issueNumber: issue.issueNumber,
    index: 1,
    authorId: viewer.userId,
    authorType: type,
    body: input.message,
    revision: 1,
  });
  await recordAuthor(tx, issue.issueNumber, viewer.userId, 1);
  await touchAccount(tx, issue.accountId);
  // Whoever opens an issue hears of its replies.
  await tx.insert(issueFollowers).values({ issueNumber: issue.issueNumber, userId: viewer.userId });
  await recordEvent(tx, issue.issueNumber, viewer, { type: issueType ?? "created", title: issue.title });
  return issue;
}

/**
 * Whether an engineer's message or answer now is the issue's first response: only on an issue a
 * customer opened (its first message is theirs), and only while none is recorded.
 */
const isFirstResponse = sql`(${issues}.first_response_at is null and exists (
  select 1 from ${messages} m where m.issue_number = ${issues}.issue_number and m."index" = 1 and m.author_type = 'customer'))`;

function firstResponse(engineerId: number, at: SQL) {
  return {
    firstResponseAt: sql`case when ${isFirstResponse} then ${at} else ${issues}.first_response_at end`,
    firstResponderId: sql`case when ${isFirstResponse} then ${engineerId}::int else ${issues}.first_responder_id end`,
  };
}

/**
 * A new message, in one statement (the hot path: one round trip). A customer's makes the issue
 * wait for the vendor (it stops being answered); an engineer's leaves an answered issue answered
 * and makes any other one open. The update that numbers the message takes the issue row's lock
 * and refuses an archived issue or one outside `scope` in the same breath, so no race slips by;
 * undefined then (the caller tells not found from archived). The author becomes a participant and
 * has read their own message; the account's last_message_at moves.
 */
export async function postMessage(
  exec: Executor,
  viewer: EventActor,
  scope: IssueScope,
  issueNumber: number,
  body: string,
  /** An attachment's file, name, size, type and scan state (files module). */
  attributes: MessageAttributes = {},
): Promise<MessageRow | undefined> {
  const type = authorType(viewer);
  // A customer writing again reopens the issue: it is no longer resolved. An engineer's first
  // message on an issue a customer opened is its first response (the SLA clock stops); set here,
  // in the statement that numbers the message, so the hot path stays one round trip.
  const answer =
    type === "customer"
      ? sql`answered = false, answer_user_type = 'customer', answer_at = now(),
            resolved_at = null, resolved_by = null`
      : sql`answer_user_type = case when answered then answer_user_type else 'engineer' end,
            answer_at = case when answered then answer_at else now() end,
            first_response_at = case when ${isFirstResponse} then clock_timestamp() else first_response_at end,
            first_responder_id = case when ${isFirstResponse} then ${viewer.userId}::int else first_responder_id end`;
  const inScope =
    "all" in scope
      ? sql`true`
      : sql`account_id in (${sql.join(
          scope.accountIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const [row] = await rowsOf<MessageRow>(
    exec,
    sql`
    with issue as (
      update ${issues}
      set last_message_index = last_message_index + 1, revision = revision + 1,
          updated_at = clock_timestamp(), ${answer}
      where issue_number = ${issueNumber} and ${inScope} and not (answered and is_archived)
      returning issue_number, account_id, last_message_index, revision
    ), message as (
      insert into ${messages} (issue_number, "index", author_id, author_type, body, attributes, revision, created_at)
      select issue_number, last_message_index, ${viewer.userId}, ${type}, ${body}, ${JSON.stringify(attributes)}::jsonb, revision, clock_timestamp()
      from issue
      returning *
    ), participant as (
      insert into ${issueParticipants} (issue_number, user_id)
      select issue_number, ${viewer.userId} from issue
      on conflict do nothing
    ), reader as (
      insert into ${issueReads} (issue_number, user_id, read_message_index)
      select issue_number, ${viewer.userId}, "index" from message
      on conflict (issue_number, user_id) do update
      set read_message_index = greatest(${issueReads}.read_message_index, excluded.read_message_index),
          updated_at = now()
    ), account as (
      update ${accounts} set last_message_at = now() where id = (select account_id from issue)
    )
    select issue_number as "issueNumber", "index", author_id as "authorId", author_type as "authorType",
           body, attributes, revision, created_at as "createdAt", edited_at as "editedAt"
    from message`,
  );
  if (!row) return undefined;
  // node-postgres hands timestamps back as Date, PGlite may not: the same shape either way.
  return { ...row, createdAt: new Date(row.createdAt), editedAt: row.editedAt && new Date(row.editedAt) };
}

export async function renameIssue(tx: Executor, actor: EventActor, issue: IssueRow, title: string) {
  if (title === issue.title) return [];
  await tx.update(issues).set({ title }).where(eq(issues.issueNumber, issue.issueNumber));
  return [await recordEvent(tx, issue.issueNumber, actor, { type: "renamed", from: issue.title, to: title })];
}

/** An engineer joins the conversation (becomes a participant); joining twice changes nothing. */
export async function joinIssue(tx: Executor, issueNumber: number, userId: number) {
  await tx.insert(issueParticipants).values({ issueNumber, userId }).onConflictDoNothing();
}

/**
 * An engineer marks the issue answered (and optionally archived), or reopens it. Answering counts
 * as the first response when no engineer wrote before, and resolves the issue (by whom, when);
 * archiving an answered issue keeps when it was resolved; reopening clears the resolution.
 */
export async function answerIssue(
  tx: Executor,
  actor: EventActor,
  issue: IssueRow,
  change: { answered: boolean; archived: boolean },
) {
  const issueNumber = issue.issueNumber;
  // Archiving an answered issue keeps when (and by whom) it was resolved.
  const keep = sql`(${issues}.answered and ${issues}.resolved_at is not null)`;
  const [updated] = await tx
    .update(issues)
    .set({
      answered: change.answered,
      isArchived: change.answered && change.archived,
      answerUserType: "engineer",
      answerAt: sql`now()`,
      updatedAt: sql`clock_timestamp()`,
      ...(change.answered
        ? {
            resolvedAt: sql`case when ${keep} then ${issues}.resolved_at else now() end`,
            resolvedBy: sql`case when ${keep} then ${issues}.resolved_by else ${actor.userId}::int end`,
            ...firstResponse(actor.userId, sql`now()`),
          }
        : { resolvedAt: null, resolvedBy: null }),
    })
    .where(eq(issues.issueNumber, issueNumber))
    .returning();
  const [from, to] = [issueStatus(issue), updated ? issueStatus(updated) : issueStatus(issue)];
  if (from === to) return [];
  return [await recordEvent(tx, issueNumber, actor, { type: "status", from, to })];
}

/** Moves the viewer's read index forward (never back); past the last message is refused. */
export async function markRead(tx: Executor, issue: IssueRow, userId: number, index: number) {
  if (index > issue.lastMessageIndex) {
    throw badRequest(`read_message_index is past the last message (${issue.lastMessageIndex})`);
  }
  return advanceRead(tx, issue.issueNumber, userId, index);
}

/** Takes the next revision of the issue: every change to a message gets its own. */
async function nextRevision(tx: Executor, issueNumber: number): Promise<number> {
  const [row] = await tx
    .update(issues)
    .set({ revision: sql`${issues.revision} + 1` })
    .where(eq(issues.issueNumber, issueNumber))
    .returning({ revision: issues.revision });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row.revision;
}

async function loadLiveMessage(tx: Executor, issueNumber: number, index: number) {
  const found = await getMessage(tx, issueNumber, index);
  if (!found) throw notFound(MESSAGE_NOT_FOUND);
  if ((found.message.attributes as MessageAttributes).deletedAt) throw conflict(MESSAGE_DELETED);
  return found;
}

/**
 * The author may change the body; the author or an engineer may force the message to show as
 * preformatted text (force_fmt_msg). Messages of an archived issue stay as they are.
 */
export async function editMessage(
  tx: Executor,
  viewer: Viewer,
  issue: IssueRow,
  index: number,
  change: { body?: string | undefined; force_fmt_msg?: boolean | undefined },
) {
  const { message } = await loadLiveMessage(tx, issue.issueNumber, index);
  const own = message.authorId === viewer.userId;
  if (change.body !== undefined && !own) throw forbidden(EDIT_OWN_ONLY);
  if (change.force_fmt_msg !== undefined && !own && !viewer.isEngineer) throw forbidden(FORMAT_REFUSED);
  if (isArchived(issue)) throw conflict(ISSUE_ARCHIVED);
  const revision = await nextRevision(tx, issue.issueNumber);
  const format =
    change.force_fmt_msg === undefined
      ? sql`${messages.attributes}`
      : change.force_fmt_msg
        ? sql`${messages.attributes} || '{"force_format": true}'::jsonb`
        : sql`${messages.attributes} - 'force_format'`;
  const [updated] = await tx
    .update(messages)
    .set({
      revision,
      attributes: format,
      ...(change.body === undefined ? {} : { body: change.body, editedAt: sql`clock_timestamp()` }),
    })
    .where(and(eq(messages.issueNumber, issue.issueNumber), eq(messages.index, index)))
    .returning(messageColumns);
  if (!updated) throw notFound(MESSAGE_NOT_FOUND);
  return updated;
}

/**
 * The author or an engineer deletes a message: it keeps its place as "Deleted" with by whom and
 * when, and its body is removed (also from archived issues: a leaked secret must be removable).
 */
export async function deleteMessage(tx: Executor, viewer: Viewer, issue: IssueRow, index: number) {
  const { message } = await loadLiveMessage(tx, issue.issueNumber, index);
  if (message.authorId !== viewer.userId && !viewer.isEngineer) throw forbidden(DELETE_REFUSED);
  const revision = await nextRevision(tx, issue.issueNumber);
  const deleted = { deletedAt: new Date().toISOString(), deletedBy: viewer.name, deletedById: viewer.userId };
  const [updated] = await tx
    .update(messages)
    .set({
      revision,
      body: "",
      attributes: sql`(${messages.attributes} - 'force_format') || ${JSON.stringify(deleted)}::jsonb`,
    })
    .where(and(eq(messages.issueNumber, issue.issueNumber), eq(messages.index, index)))
    .returning(messageColumns);
  if (!updated) throw notFound(MESSAGE_NOT_FOUND);
  const event = await recordEvent(tx, issue.issueNumber, viewer, { type: "message_deleted", index });
  return { message: updated, events: [event] };
}

/**
 * Merges `patch` into a message's attributes under a new revision (an attachment's scan state or
 * pin changed, or its file was deleted), so open conversations get it as an edit.
 */
export async function updateMessageAttributes(
  tx: Executor,
  issueNumber: number,
  index: number,
  patch: MessageAttributes,
) {
  const revision = await nextRevision(tx, issueNumber);
  const [updated] = await tx
    .update(messages)
    .set({ revision, attributes: sql`${messages.attributes} || ${JSON.stringify(patch)}::jsonb` })
    .where(and(eq(messages.issueNumber, issueNumber), eq(messages.index, index)))
    .returning(messageColumns);
  if (!updated) throw notFound(MESSAGE_NOT_FOUND);
  return updated;
}
