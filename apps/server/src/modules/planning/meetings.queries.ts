/**
 * Meetings read model (spec §3 Meeting): one statement per answer, each meeting with its issue's
 * title and account, its organizer and its participants' names.
 */
import type { TMeeting } from "@portico/shared/schemas/meetings";
import { and, asc, count, desc, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import { issues, meetingParticipants, meetings, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { DELETED_USER, type IssueScope } from "../conversations/issues.queries";

/** Where a meeting is in Portico: its issue, opened on the meeting. */
export const meetingPath = (issueNumber: number, meetingId: number) =>
  `/issues/${issueNumber}?meeting=${meetingId}`;

const participantsSql = sql<{ user_id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('user_id', u.id, 'name', u.name) order by u.name, u.id)
  from ${meetingParticipants} p join ${users} u on u.id = p.user_id
  where p.meeting_id = ${meetings.id}), '[]'::json)`;

function selectMeetings(exec: Executor) {
  return exec
    .select({
      meeting: meetings,
      issueTitle: issues.title,
      accountId: issues.accountId,
      creatorName: users.name,
      participants: participantsSql,
    })
    .from(meetings)
    .innerJoin(issues, eq(issues.issueNumber, meetings.issueNumber))
    .leftJoin(users, eq(users.id, meetings.createdBy));
}

type MeetingRow = Awaited<ReturnType<ReturnType<typeof selectMeetings>["execute"]>>[number];

const iso = (d: Date | string) => new Date(d).toISOString();

function present(row: MeetingRow): TMeeting {
  const m = row.meeting;
  return {
    id: m.id,
    issue_number: m.issueNumber,
    issue_title: row.issueTitle,
    account_id: row.accountId,
    kind: m.kind,
    title: m.title,
    meeting_link: m.meetingLink,
    meeting_url: meetingPath(m.issueNumber, m.id),
    start_time: iso(m.startTime),
    end_time: iso(m.endTime),
    participants: row.participants,
    notes: m.notes,
    created_by: { user_id: m.createdBy, name: row.creatorName ?? DELETED_USER },
    created_at: iso(m.createdAt),
    cancelled_at: m.cancelledAt === null ? null : iso(m.cancelledAt),
  };
}

/** One meeting as the API shows it. */
export async function getMeeting(exec: Executor, meetingId: number): Promise<TMeeting> {
  const [row] = await selectMeetings(exec).where(eq(meetings.id, meetingId));
  if (!row) throw new Error(`getMeeting: meeting ${meetingId} not found`);
  return present(row);
}

/** GET /issue/:id/meetings: the issue's meetings, earliest first. */
export async function listIssueMeetings(exec: Executor, issueNumber: number): Promise<TMeeting[]> {
  const rows = await selectMeetings(exec)
    .where(eq(meetings.issueNumber, issueNumber))
    .orderBy(asc(meetings.startTime), asc(meetings.id));
  return rows.map(present);
}

export type MeetingWhen = "upcoming" | "past" | "all";

/**
 * GET /meetings: meetings of the issues in scope. Upcoming (not ended yet) soonest first; past
 * (ended) and all, latest first. Cancelled meetings stay listed with their cancelled_at.
 */
export async function listMeetings(
  exec: Executor,
  scope: IssueScope,
  opts: { when: MeetingWhen; page: number; pageSize: number },
) {
  const filters: (SQL | undefined)[] = [
    "accountIds" in scope ? inArray(issues.accountId, scope.accountIds) : undefined,
    opts.when === "upcoming" ? gt(meetings.endTime, sql`now()`) : undefined,
    opts.when === "past" ? lte(meetings.endTime, sql`now()`) : undefined,
  ];
  const where = and(...filters);
  const order =
    opts.when === "upcoming"
      ? [asc(meetings.startTime), asc(meetings.id)]
      : [desc(meetings.startTime), desc(meetings.id)];
  const [rows, [total]] = await Promise.all([
    selectMeetings(exec)
      .where(where)
      .orderBy(...order)
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    exec
      .select({ n: count() })
      .from(meetings)
      .innerJoin(issues, eq(issues.issueNumber, meetings.issueNumber))
      .where(where),
  ]);
  return { items: rows.map(present), total: total?.n ?? 0, page: opts.page, page_size: opts.pageSize };
}
