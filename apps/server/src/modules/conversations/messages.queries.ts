/** Read models of messages: pages by index, lookup by date, what a reconnecting client missed. */

import type { TMessage } from "@portico/shared/schemas/conversations";
import { and, asc, eq, gt, gte, min, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  issues,
  type MessageAttributes,
  type MessageRow,
  messageColumns,
  messages,
  users,
} from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { DELETED_USER } from "./issues.queries";

const author = alias(users, "author");

export function presentMessage(m: MessageRow, authorName: string | null): TMessage {
  return {
    issue_number: m.issueNumber,
    index: m.index,
    body: m.body,
    attributes: m.attributes as MessageAttributes,
    author: { user_id: m.authorId, name: authorName ?? DELETED_USER, type: m.authorType },
    created_at: m.createdAt.toISOString(),
    edited_at: m.editedAt?.toISOString() ?? null,
    revision: m.revision,
  };
}

function selectMessages(exec: Executor) {
  return exec
    .select({ message: messageColumns, authorName: author.name })
    .from(messages)
    .leftJoin(author, eq(author.id, messages.authorId));
}

/** Messages `from`..`to` (inclusive) of an issue, oldest first. */
export async function messageRange(exec: Executor, issueNumber: number, from: number, to: number) {
  if (to < from) return [];
  const rows = await selectMessages(exec)
    .where(
      and(eq(messages.issueNumber, issueNumber), gte(messages.index, from), sql`${messages.index} <= ${to}`),
    )
    .orderBy(asc(messages.index));
  return rows.map((r) => presentMessage(r.message, r.authorName));
}

export async function getMessage(exec: Executor, issueNumber: number, index: number) {
  const [row] = await selectMessages(exec).where(
    and(eq(messages.issueNumber, issueNumber), eq(messages.index, index)),
  );
  return row;
}

/** The first message written at or after `date`, if any. */
export async function lookupMessageIndex(exec: Executor, issueNumber: number, date: Date) {
  const [row] = await exec
    .select({ index: min(messages.index) })
    .from(messages)
    .where(and(eq(messages.issueNumber, issueNumber), gte(messages.createdAt, date)));
  return row?.index ?? undefined;
}

/** At most this many messages are sent to a reconnecting client; beyond, it reloads the page. */
export const CATCH_UP_LIMIT = 500;

/**
 * What a reconnecting client missed: the messages after `lastIndex`, and with `lastRevision`
 * also the older ones changed since (edited, deleted). One statement, so the issue's revision
 * and the messages come from the same snapshot.
 */
export async function missedMessages(
  exec: Executor,
  issueNumber: number,
  lastIndex: number,
  lastRevision: number | undefined,
) {
  const changed =
    lastRevision === undefined
      ? gt(messages.index, lastIndex)
      : sql`(${messages.index} > ${lastIndex} or ${messages.revision} > ${lastRevision})`;
  const rows = await exec
    .select({
      revision: issues.revision,
      lastIndex: issues.lastMessageIndex,
      message: messages,
      authorName: author.name,
    })
    .from(issues)
    .leftJoin(messages, and(eq(messages.issueNumber, issues.issueNumber), changed))
    .leftJoin(author, eq(author.id, messages.authorId))
    .where(eq(issues.issueNumber, issueNumber))
    .orderBy(asc(messages.index))
    .limit(CATCH_UP_LIMIT + 1);
  const first = rows[0];
  if (!first) return undefined;
  const found = rows.flatMap((r) => (r.message ? [presentMessage(r.message, r.authorName)] : []));
  return {
    revision: first.revision,
    lastIndex: first.lastIndex,
    messages: found.slice(0, CATCH_UP_LIMIT),
    complete: found.length <= CATCH_UP_LIMIT,
  };
}
