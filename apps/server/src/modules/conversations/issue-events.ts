/**
 * The events timeline of an issue (spec §7.2 events): every change is a row written in the
 * transaction of the change, with who did it, when, after which message, and for whom. Events
 * meant for everyone go out on the issue's channel; engineers' own on its staff channel, which
 * only engineers may subscribe to. Pushed after commit by the caller (pushEvents).
 */
import {
  EVENT_AUDIENCE,
  type EventAudience,
  type TEventData,
  type TIssueEvent,
} from "@portico/shared/schemas/issue-work";
import { and, asc, between, eq, gt, or, type SQL, sql } from "drizzle-orm";
import { issueEvents, issues, users } from "../../db/schema";
import { isEngineerSql } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import type { Realtime } from "../../platform/realtime/realtime";
import { DELETED_USER, issueChannel } from "./issues.queries";

/** Engineers' channel of an issue: notes and engineer-only events. */
export const staffIssueChannel = (issueNumber: number) => `staff:issue:${issueNumber}`;
/** One user's own channel: mentions (and, later, alerts). */
export const userChannel = (userId: number) => `user:${userId}`;

export interface EventActor {
  userId: number;
  name: string;
  isEngineer: boolean;
}

type EventRow = typeof issueEvents.$inferSelect;

function present(row: EventRow, actor: TIssueEvent["actor"]): TIssueEvent {
  return {
    id: row.id,
    issue_number: row.issueNumber,
    audience: row.audience,
    actor,
    after_message_index: row.afterMessageIndex,
    data: row.data,
    created_at: row.createdAt.toISOString(),
  };
}

/** Who sees an event of this data: fixed per type, except mentions (see API.md). */
export function audienceOf(data: TEventData, actor: EventActor | null): EventAudience {
  if (data.type === "mentioned") return actor && !actor.isEngineer ? "all" : "engineers";
  return EVENT_AUDIENCE[data.type];
}

/**
 * Records an event of the issue in the caller's transaction. It is placed after the issue's
 * newest message at this moment (read in the same statement), or before every message for the
 * issue's creation.
 */
export async function recordEvent(
  tx: Executor,
  issueNumber: number,
  actor: EventActor | null,
  data: TEventData,
): Promise<TIssueEvent> {
  const opening = data.type === "created" || data.type === "panic";
  const audience = audienceOf(data, actor);
  const placement = opening ? sql`0` : sql`${issues.lastMessageIndex}`;
  const result = (await tx.execute(sql`
    insert into ${issueEvents} (issue_number, type, audience, actor_id, after_message_index, data, created_at)
    select ${issues.issueNumber}, ${data.type}, ${audience}, ${actor?.userId ?? null}, ${placement},
           ${JSON.stringify(data)}::jsonb, clock_timestamp()
    from ${issues} where ${issues.issueNumber} = ${issueNumber}
    returning id, created_at as "createdAt", after_message_index as "afterMessageIndex"`)) as unknown as {
    rows: { id: number | string; createdAt: Date | string; afterMessageIndex: number }[];
  };
  const [row] = result.rows;
  if (!row) throw new Error(`recordEvent: issue ${issueNumber} not found`);
  return {
    id: Number(row.id),
    issue_number: issueNumber,
    audience,
    actor: actor && { user_id: actor.userId, name: actor.name, is_engineer: actor.isEngineer },
    after_message_index: row.afterMessageIndex,
    data,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** Sends committed events to the sockets that may see them. */
export function pushEvents(realtime: Realtime, events: readonly TIssueEvent[]) {
  for (const event of events) {
    const channel =
      event.audience === "all" ? issueChannel(event.issue_number) : staffIssueChannel(event.issue_number);
    realtime.publish(channel, { type: "event", channel, event });
  }
}

const audienceFilter = (engineer: boolean): SQL | undefined =>
  engineer ? undefined : eq(issueEvents.audience, "all");

async function selectEvents(exec: Executor, where: SQL | undefined, limit: number) {
  const rows = await exec
    .select({
      event: issueEvents,
      actorName: users.name,
      actorIsEngineer: isEngineerSql(issueEvents.actorId),
    })
    .from(issueEvents)
    .leftJoin(users, eq(users.id, issueEvents.actorId))
    .where(where)
    .orderBy(asc(issueEvents.id))
    .limit(limit);
  return rows.map(({ event, actorName, actorIsEngineer }) =>
    present(
      { ...event, createdAt: new Date(event.createdAt) },
      event.actorId === null && actorName === null
        ? null
        : { user_id: event.actorId, name: actorName ?? DELETED_USER, is_engineer: Boolean(actorIsEngineer) },
    ),
  );
}

/**
 * GET …/events: the issue's events oldest first after `afterId`, those the viewer may see.
 * One more than asked tells whether there are more.
 */
export async function listEvents(
  exec: Executor,
  issueNumber: number,
  opts: { engineer: boolean; afterId: number; limit: number },
) {
  const rows = await selectEvents(
    exec,
    and(
      eq(issueEvents.issueNumber, issueNumber),
      gt(issueEvents.id, opts.afterId),
      audienceFilter(opts.engineer),
    ),
    opts.limit + 1,
  );
  return { items: rows.slice(0, opts.limit), has_more: rows.length > opts.limit };
}

/**
 * The events a page of messages [from, to] shows: those placed after one of its messages, and
 * on the first page also those before any message (after_message_index 0).
 */
export async function eventsForPage(
  exec: Executor,
  issueNumber: number,
  from: number,
  to: number,
  engineer: boolean,
) {
  if (to < from) return [];
  const placed = between(issueEvents.afterMessageIndex, from, to);
  return selectEvents(
    exec,
    and(
      eq(issueEvents.issueNumber, issueNumber),
      from <= 1 ? or(placed, eq(issueEvents.afterMessageIndex, 0)) : placed,
      audienceFilter(engineer),
    ),
    // A page of 200 messages carries its events; far more would be a runaway script.
    1000,
  );
}
