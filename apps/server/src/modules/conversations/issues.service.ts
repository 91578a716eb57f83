/**
 * Commands on issues and messages; each runs in the caller's transaction, which commits before
 * anything is pushed to sockets. Posting takes the issue row's lock (the update that numbers the
 * message), so messages of one issue are numbered 1, 2, … without gaps and stamped in that order.
 */
import { isWeekendWindow } from "@portico/shared/rules/weekend";
import { and, eq, sql } from "drizzle-orm";
import {
  type AuthorType,
  accounts,
  issueParticipants,
  issueReads,
  issues,
  type MessageAttributes,
  messages,
} from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { ISSUE_ARCHIVED, isArchived } from "./conversations.policy";
import type { IssueRow } from "./issues.queries";
import { getMessage } from "./messages.queries";

export const MESSAGE_NOT_FOUND = "Message not found";
export const MESSAGE_DELETED = "This message was deleted";
export const EDIT_OWN_ONLY = "You can only edit your own messages";
export const DELETE_REFUSED = "You can only delete your own messages";
export const FORMAT_REFUSED = "Only the author or an engineer can change how a message is shown";

const authorType = (viewer: Viewer): AuthorType => (viewer.isEngineer ? "engineer" : "customer");

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

export interface NewIssue {
  title: string;
  accountId: number;
  message: string;
  clusterId?: string | null | undefined;
}

/** Opens an issue with its first message; the number comes from the issues sequence. */
export async function createIssue(tx: Executor, viewer: Viewer, input: NewIssue, now = new Date()) {
  const type = authorType(viewer);
  const [issue] = await tx
    .insert(issues)
    .values({
      accountId: input.accountId,
      title: input.title,
      clusterId: input.clusterId ?? null,
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
  return issue;
}

/**
 * A new message. A customer's makes the issue wait for the vendor (it stops being answered); an
 * engineer's leaves an answered issue answered and makes any other one open. An archived issue
 * takes none (checked in the same statement that numbers the message, so no race slips by).
 */
export async function postMessage(tx: Executor, viewer: Viewer, issueNumber: number, body: string) {
  const type = authorType(viewer);
  const answer =
    type === "customer"
      ? { answered: false, answerUserType: "customer" as const, answerAt: sql`now()` }
      : {
          answerUserType: sql`case when ${issues.answered} then ${issues.answerUserType} else 'engineer' end`,
          answerAt: sql`case when ${issues.answered} then ${issues.answerAt} else now() end`,
        };
  const [issue] = await tx
    .update(issues)
    .set({
      lastMessageIndex: sql`${issues.lastMessageIndex} + 1`,
      revision: sql`${issues.revision} + 1`,
      updatedAt: sql`clock_timestamp()`,
      ...answer,
    })
    .where(and(eq(issues.issueNumber, issueNumber), sql`not (${issues.answered} and ${issues.isArchived})`))
    .returning();
  if (!issue) throw conflict(ISSUE_ARCHIVED);
  const [message] = await tx
    .insert(messages)
    .values({
      issueNumber,
      index: issue.lastMessageIndex,
      authorId: viewer.userId,
      authorType: type,
      body,
      revision: issue.revision,
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  if (!message) throw new Error("message insert returned nothing");
  await recordAuthor(tx, issueNumber, viewer.userId, message.index);
  await touchAccount(tx, issue.accountId);
  return { issue, message };
}

export async function renameIssue(tx: Executor, issueNumber: number, title: string) {
  await tx.update(issues).set({ title }).where(eq(issues.issueNumber, issueNumber));
}

/** An engineer joins the conversation (becomes a participant); joining twice changes nothing. */
export async function joinIssue(tx: Executor, issueNumber: number, userId: number) {
  await tx.insert(issueParticipants).values({ issueNumber, userId }).onConflictDoNothing();
}

/** An engineer marks the issue answered (and optionally archived), or reopens it. */
export async function answerIssue(
  tx: Executor,
  issueNumber: number,
  change: { answered: boolean; archived: boolean },
) {
  await tx
    .update(issues)
    .set({
      answered: change.answered,
      isArchived: change.answered && change.archived,
      answerUserType: "engineer",
      answerAt: sql`now()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(issues.issueNumber, issueNumber));
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
    .returning();
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
    .returning();
  if (!updated) throw notFound(MESSAGE_NOT_FOUND);
  return updated;
}
