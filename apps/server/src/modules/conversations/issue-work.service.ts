/**
 * What the commands of the work on an issue (tags, categories, assignees) share: the issue's row
 * lock for the per-issue limits, and one event recorded on many issues at once.
 */
import type { TEventData, TIssueEvent } from "@portico/shared/schemas/issue-work";
import { type SQL, sql } from "drizzle-orm";
import { issueEvents, issues } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/errors";
import { conflict } from "../../platform/errors";
import { pushWorkChange } from "./chat-events";
import { loadIssue } from "./conversations.policy";
import { audienceOf, type EventActor } from "./issue-events";
import type { IssueRow } from "./issues.queries";

/**
 * One change of the work on an issue the viewer may see (404 otherwise): made in a transaction,
 * then its events and the issue's queue row pushed. Answers the issue as it was before.
 */
export async function changeIssueWork(
  ctx: Pick<AppContext, "db" | "realtime">,
  viewer: Viewer,
  target: { aid: number | undefined; issueNumber: number },
  change: (tx: Executor, issue: IssueRow) => Promise<TIssueEvent[]>,
): Promise<IssueRow> {
  const { issue, events } = await ctx.db.transaction(async (tx) => {
    const issue = await loadIssue(tx, viewer, target.aid, target.issueNumber);
    return { issue, events: await change(tx, issue) };
  });
  await pushWorkChange(ctx.db, ctx.realtime, events);
  return issue;
}

/** A write that a unique name index may refuse: the clash is a 409 with `taken`. */
export async function unlessNameTaken<T>(write: Promise<T>, taken: string): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(taken);
    throw err;
  }
}

/**
 * Locks the issue's row until the transaction ends: two engineers adding the 20th tag or the
 * 10th assignee at once are counted one after the other.
 */
export async function lockIssue(tx: Executor, issueNumber: number) {
  await tx.execute(sql`select 1 from ${issues} where ${issues.issueNumber} = ${issueNumber} for update`);
}

/**
 * Records the same event on every issue `issueNumbers` (a subquery) selects, in one statement:
 * deleting a catalogue entry that hundreds of issues carry records each issue's change.
 */
export async function recordEventOnIssues(
  tx: Executor,
  issueNumbers: SQL,
  actor: EventActor,
  data: TEventData,
): Promise<TIssueEvent[]> {
  const audience = audienceOf(data, actor);
  const result = (await tx.execute(sql`
    insert into ${issueEvents} (issue_number, type, audience, actor_id, after_message_index, data, created_at)
    select ${issues.issueNumber}, ${data.type}, ${audience}, ${actor.userId}, ${issues.lastMessageIndex},
           ${JSON.stringify(data)}::jsonb, clock_timestamp()
    from ${issues} where ${issues.issueNumber} in (${issueNumbers})
    returning id, issue_number as "issueNumber", created_at as "createdAt", after_message_index as "afterMessageIndex"`)) as unknown as {
    rows: { id: number | string; issueNumber: number; createdAt: Date | string; afterMessageIndex: number }[];
  };
  return result.rows.map((row) => ({
    id: Number(row.id),
    issue_number: row.issueNumber,
    audience,
    actor: { user_id: actor.userId, name: actor.name, is_engineer: actor.isEngineer },
    after_message_index: row.afterMessageIndex,
    data,
    created_at: new Date(row.createdAt).toISOString(),
  }));
}
