/**
 * Mentions (spec §7.2 notify): the caller names people on an issue; each is told live on their
 * own channel and, when their notification flag is on, by e-mail through the outbox. Someone who
 * cannot see the issue is refused by id only, the same way as an id nobody has, so the answer
 * tells nothing about people elsewhere.
 */
import { ISSUE_WORK_MESSAGES, type TIssueEvent, type TMention } from "@portico/shared/schemas/issue-work";
import { inArray, sql } from "drizzle-orm";
import { issueMentions, memberships, users } from "../../db/schema";
import { isEngineerSql, type Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { badRequest } from "../../platform/errors";
import { mails } from "../../platform/mail/templates";
import type { Realtime } from "../../platform/realtime/realtime";
import { recordEvent, userChannel } from "./issue-events";
import type { IssueRow } from "./issues.queries";

export interface Notify {
  userIds: number[];
  messageIndex?: number | undefined;
}

export interface Notified {
  notified: { user_id: number; name: string }[];
  emailed: number;
  /** Each mention with the user it is for. */
  mentions: { userId: number; mention: TMention }[];
  events: TIssueEvent[];
}

/**
 * The named people who may be told: enabled, and a member of the issue's account or an engineer.
 * Anyone else is refused (400) by id with `cannotSee`; meetings invite by the same rule.
 */
export async function reachablePeople(
  tx: Executor,
  issue: Pick<IssueRow, "accountId">,
  ids: number[],
  cannotSee: (ids: number[]) => string = ISSUE_WORK_MESSAGES.notifyCannotSee,
) {
  const rows = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailNotification: users.emailNotification,
      seesIssue: sql<boolean>`(not ${users.isDisabled}) and (${isEngineerSql(users.id)} or exists (
        select 1 from ${memberships} where ${memberships.userId} = ${users.id}
          and ${memberships.accountId} = ${issue.accountId}))`,
    })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id);
  const people = rows.filter((r) => r.seesIssue);
  const reached = new Set(people.map((p) => p.id));
  const refused = ids.filter((id) => !reached.has(id)).sort((a, b) => a - b);
  if (refused.length) throw badRequest(cannotSee(refused));
  return people;
}

/** Records the mentions, their event and their mail in the caller's transaction. */
export async function notifyPeople(
  ctx: AppContext,
  tx: Executor,
  viewer: Viewer,
  issue: IssueRow,
  input: Notify,
): Promise<Notified> {
  const messageIndex = input.messageIndex ?? null;
  if (messageIndex !== null && messageIndex > issue.lastMessageIndex) {
    throw badRequest(`message_index is past the last message (${issue.lastMessageIndex})`);
  }
  const ids = input.userIds.filter((id) => id !== viewer.userId);
  if (!ids.length) return { notified: [], emailed: 0, mentions: [], events: [] };
  const people = await reachablePeople(tx, issue, ids);
  const rows = await tx
    .insert(issueMentions)
    .values(
      people.map((p) => ({
        issueNumber: issue.issueNumber,
        userId: p.id,
        byId: viewer.userId,
        messageIndex,
      })),
    )
    .returning();
  const notified = people.map((p) => ({ user_id: p.id, name: p.name }));
  const event = await recordEvent(tx, issue.issueNumber, viewer, {
    type: "mentioned",
    users: notified,
    message_index: messageIndex,
  });
  const query = messageIndex === null ? "" : `?msgIndex=${messageIndex}`;
  const mail = mails.mention({
    issueNumber: issue.issueNumber,
    title: issue.title,
    by: viewer.name,
    link: `${ctx.config.publicUrl}/issues/${issue.issueNumber}${query}`,
  });
  const emailed = people.filter((p) => p.emailNotification);
  for (const person of emailed) await ctx.mailer.enqueue(tx, person.email, mail);
  const mentions = rows.map((row) => ({
    userId: row.userId,
    mention: {
      id: row.id,
      issue_number: issue.issueNumber,
      title: issue.title,
      account_id: issue.accountId,
      by: { user_id: viewer.userId, name: viewer.name },
      message_index: row.messageIndex,
      created_at: new Date(row.createdAt).toISOString(),
    },
  }));
  return { notified, emailed: emailed.length, mentions, events: [event] };
}

/** Tells each mentioned person live, on their own channel only (after commit). */
export function pushMentions(realtime: Realtime, mentions: Notified["mentions"]) {
  for (const { userId, mention } of mentions) {
    const channel = userChannel(userId);
    realtime.publish(channel, { type: "mention", channel, mention });
  }
}
