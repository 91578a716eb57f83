/**
 * Engineer activity (spec §7.2 users activity and v2, issue 18): what each engineer did over a
 * range of UTC days, against the SLA deadlines fixed on the issues. Each measure family is one
 * aggregate over an indexed range scan (messages_engineer_created_idx, issues_first_response_idx,
 * issues_resolved_idx, issues_sla_due_idx, issues_created_idx), per engineer and in total at once
 * (grouping sets), and the families run side by side: a year of 100,000 issues stays one round of
 * a handful of statements, never a query per engineer or per day.
 */
import type { DayRange } from "@portico/shared/rules/date-range";
import { ACTIVITY_BREACHES_MAX, type TSlaBreach } from "@portico/shared/schemas/reports";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { inRange, isoOf } from "../../platform/db/range-sql";
import { jsonOf, rowsOf } from "../../platform/db/rows";
import { minutesLate, missedDeadline } from "../sla/missed-deadline";
import { inWeekendWindow, weekendWindowEnd } from "./weekend-sql";

/** UTC days, both included. */
export interface ActivityRange extends DayRange {
  /** One engineer only. */
  userId?: number | undefined;
}

const only = (column: SQL, userId: number | undefined) =>
  userId === undefined ? sql`` : sql` and ${column} = ${userId}`;

const minutes = (from: string, to: string) => sql.raw(`date_part('epoch', ${to} - ${from}) / 60`);
const median = (value: SQL) => sql`round(percentile_cont(0.5) within group (order by ${value}))::int`;

/** A row per user and the total (`total`): grouping sets ((user), ()). */
interface Grouped {
  user_id: number | null;
  total: boolean;
}

export interface MessageFigures extends Grouped {
  messages_sent: number;
  weekend_messages: number;
}

export function messageFigures(exec: Executor, range: ActivityRange) {
  return rowsOf<MessageFigures>(
    exec,
    sql`select m.author_id as user_id, grouping(m.author_id) = 1 as total, count(*)::int as messages_sent,
          (count(*) filter (where ${inWeekendWindow(sql`m.created_at`)}))::int as weekend_messages
        from messages m
        where m.author_type = 'engineer' and ${inRange(sql`m.created_at`, range)}${only(sql`m.author_id`, range.userId)}
        group by grouping sets ((m.author_id), ())`,
  );
}

export interface FirstResponseFigures extends Grouped {
  first_responses: number;
  first_response_median_minutes: number | null;
  first_response_avg_minutes: number | null;
  within_sla: number;
  late_responses: number;
  weekend_first_responses: number;
}

export function firstResponseFigures(exec: Executor, range: ActivityRange) {
  // Only what the aggregates read goes through the sort the medians need (it stays in work_mem).
  return rowsOf<FirstResponseFigures>(
    exec,
    sql`select x.user_id, grouping(x.user_id) = 1 as total, count(*)::int as first_responses,
          ${median(sql`x.waited`)} as first_response_median_minutes,
          round(avg(x.waited))::int as first_response_avg_minutes,
          (count(*) filter (where x.in_time))::int as within_sla,
          (count(*) filter (where not x.in_time))::int as late_responses,
          (count(*) filter (where x.weekend))::int as weekend_first_responses
        from (
          select i.first_responder_id as user_id, ${minutes("i.created_at", "i.first_response_at")} as waited,
            i.first_response_at <= i.sla_due_at as in_time, ${inWeekendWindow(sql`i.first_response_at`)} as weekend
          from issues i
          where ${inRange(sql`i.first_response_at`, range)}${only(sql`i.first_responder_id`, range.userId)}
        ) x
        group by grouping sets ((x.user_id), ())`,
  );
}

export interface ResolutionFigures extends Grouped {
  issues_answered: number;
  resolution_median_minutes: number | null;
}

export function resolutionFigures(exec: Executor, range: ActivityRange) {
  return rowsOf<ResolutionFigures>(
    exec,
    sql`select x.user_id, grouping(x.user_id) = 1 as total, count(*)::int as issues_answered,
          ${median(sql`x.took`)} as resolution_median_minutes
        from (
          select i.resolved_by as user_id, ${minutes("i.created_at", "i.resolved_at")} as took
          from issues i
          where ${inRange(sql`i.resolved_at`, range)} and i.answered${only(sql`i.resolved_by`, range.userId)}
        ) x
        group by grouping sets ((x.user_id), ())`,
  );
}

/** Deadlines in the range that passed with no response while the issue, still open, was assigned to them. */
export function overdueAssigned(exec: Executor, range: ActivityRange) {
  return rowsOf<{ user_id: number; overdue_assigned: number }>(
    exec,
    sql`select a.user_id, count(*)::int as overdue_assigned
        from issues i join issue_assignees a on a.issue_number = i.issue_number
        where ${inRange(sql`i.sla_due_at`, range)} and i.sla_due_at < now()
          and i.first_response_at is null and not i.answered${only(sql`a.user_id`, range.userId)}
        group by a.user_id`,
  );
}

/** Minutes logged per engineer, read through each one's (user, day) index: time logs have no index by day alone. */
export function minutesLogged(exec: Executor, range: ActivityRange, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return rowsOf<{ user_id: number; minutes_logged: number }>(
    exec,
    sql`select u.id as user_id, coalesce(l.minutes, 0)::int as minutes_logged
        from unnest(${sql.raw(`array[${userIds.map((id) => Number(id)).join(",")}]::int[]`)}) as u(id)
        cross join lateral (
          select sum(t.minutes) as minutes from time_logs t
          where t.user_id = u.id and t.work_date >= ${range.from}::date and t.work_date <= ${range.to}::date
        ) l`,
  );
}

/** Issues opened in the range inside a weekend window, and how many got their first response before that window closed. */
export async function weekendCoverage(exec: Executor, range: ActivityRange) {
  const created = sql`i.created_at`;
  const [row] = await rowsOf<{ weekend_issues: number; weekend_issues_responded: number }>(
    exec,
    sql`select count(*)::int as weekend_issues,
          (count(*) filter (where i.first_response_at < ${weekendWindowEnd(created)}))::int as weekend_issues_responded
        from issues i
        where ${inRange(created, range)} and ${inWeekendWindow(created)}`,
  );
  return row ?? { weekend_issues: 0, weekend_issues_responded: 0 };
}

/** A missed deadline of the range: answered late, or still waiting past it; with user_id, one they were late to or are assigned. */
function breachWhere(range: ActivityRange) {
  const mine =
    range.userId === undefined
      ? sql``
      : sql` and (i.first_responder_id = ${range.userId} or exists (select 1 from issue_assignees a where a.issue_number = i.issue_number and a.user_id = ${range.userId}))`;
  return sql`${inRange(sql`i.sla_due_at`, range)}
    and ${missedDeadline(sql`i.first_response_at`, sql`i.sla_due_at`)} and acc.purge_started_at is null${mine}`;
}

interface BreachRow {
  issue_number: number;
  title: string;
  account_id: number;
  company: string;
  sla_hours: number;
  sla_coverage: TSlaBreach["sla_coverage"];
  opened_at: Date | string;
  due_at: Date | string;
  first_response_at: Date | string | null;
  responder_id: number | null;
  responder_name: string | null;
  late_minutes: number;
  assignees: { user_id: number; name: string }[] | string;
}

function presentBreach(row: BreachRow): TSlaBreach {
  return {
    issue_number: row.issue_number,
    title: row.title,
    account_id: row.account_id,
    company: row.company,
    sla_hours: row.sla_hours,
    sla_coverage: row.sla_coverage,
    opened_at: isoOf(row.opened_at),
    due_at: isoOf(row.due_at),
    first_response_at: isoOf(row.first_response_at),
    responder:
      row.responder_id === null ? null : { user_id: row.responder_id, name: row.responder_name ?? "" },
    late_minutes: row.late_minutes,
    assignees: jsonOf(row.assignees),
  };
}

/** Missed deadlines, latest deadline first; `limit` null for all of them (the CSV). */
export async function listBreaches(exec: Executor, range: ActivityRange, limit: number | null) {
  const list = await rowsOf<BreachRow>(
    exec,
    sql`select i.issue_number, i.title, i.account_id, acc.company, i.sla_hours, i.sla_coverage,
          i.created_at as opened_at, i.sla_due_at as due_at, i.first_response_at,
          i.first_responder_id as responder_id, r.name as responder_name,
          ${minutesLate(sql`i.first_response_at`, sql`i.sla_due_at`)} as late_minutes,
          coalesce((
            select json_agg(json_build_object('user_id', u.id, 'name', u.name) order by u.name, u.id)
            from issue_assignees a join users u on u.id = a.user_id
            where a.issue_number = i.issue_number
          ), '[]'::json) as assignees
        from issues i
        join accounts acc on acc.id = i.account_id
        left join users r on r.id = i.first_responder_id
        where ${breachWhere(range)}
        order by i.sla_due_at desc, i.issue_number desc
        ${limit === null ? sql`` : sql`limit ${limit}`}`,
  );
  return list.map(presentBreach);
}

export async function countBreaches(exec: Executor, range: ActivityRange): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    exec,
    sql`select count(*)::int as n from issues i join accounts acc on acc.id = i.account_id where ${breachWhere(range)}`,
  );
  return row?.n ?? 0;
}

export const firstBreaches = (exec: Executor, range: ActivityRange) =>
  listBreaches(exec, range, ACTIVITY_BREACHES_MAX);

// ---------------------------------------------------------------- day by day (v2)

/** A day's figure for one user, or for everyone (`total`). */
export interface DayFigures extends Grouped {
  day: string;
  messages_sent?: number;
  first_responses?: number;
  issues_answered?: number;
  breaches?: number;
  minutes_logged?: number;
}

/** The UTC day of an instant, to group by; `dayText` formats the group (once per group, not per row). */
const utcDay = (t: string) => sql.raw(`(${t} at time zone 'UTC')::date`);
const dayText = (t: string) => sql.raw(`to_char((${t} at time zone 'UTC')::date, 'YYYY-MM-DD')`);

type DayMeasure = "messages_sent" | "first_responses" | "issues_answered" | "breaches" | "minutes_logged";

/** The day's total of an additive measure: the sum of its (day, user) rows, those of no engineer's included. */
function withDayTotals(list: DayFigures[], measure: DayMeasure): DayFigures[] {
  const totals = new Map<string, number>();
  for (const row of list) totals.set(row.day, (totals.get(row.day) ?? 0) + (row[measure] ?? 0));
  return [...list, ...[...totals].map(([day, n]) => ({ day, user_id: null, total: true, [measure]: n }))];
}

/**
 * Every measure of the timeline per (day, engineer) and per day, one statement per family. Plain
 * (day, user) groups hash in memory, where grouping sets would sort a year of messages on disk.
 */
export async function dailyFigures(exec: Executor, range: ActivityRange): Promise<DayFigures[][]> {
  const byDay = async (column: string, user: string, measure: DayMeasure, from: SQL, where: SQL) =>
    withDayTotals(
      await rowsOf<DayFigures>(
        exec,
        sql`select ${dayText(column)} as day, ${sql.raw(user)} as user_id, false as total, count(*)::int as ${sql.raw(measure)}
            from ${from}
            where ${inRange(sql.raw(column), range)} and ${where}${only(sql.raw(user), range.userId)}
            group by ${utcDay(column)}, ${sql.raw(user)}`,
      ),
      measure,
    );
  return Promise.all([
    byDay("m.created_at", "m.author_id", "messages_sent", sql`messages m`, sql`m.author_type = 'engineer'`),
    byDay("i.first_response_at", "i.first_responder_id", "first_responses", sql`issues i`, sql`true`),
    byDay("i.resolved_at", "i.resolved_by", "issues_answered", sql`issues i`, sql`i.answered`),
    dailyBreaches(exec, range),
    rowsOf<DayFigures>(
      exec,
      sql`select to_char(t.work_date, 'YYYY-MM-DD') as day, t.user_id, false as total, sum(t.minutes)::int as minutes_logged
          from time_logs t
          where t.work_date >= ${range.from}::date and t.work_date <= ${range.to}::date${only(sql`t.user_id`, range.userId)}
          group by t.work_date, t.user_id`,
    ).then((list) => withDayTotals(list, "minutes_logged")),
  ]);
}

/**
 * Breaches by the day of their deadline: in total once each, and for each engineer who answered
 * late or is assigned (a breach shared by two engineers counts for both, once in the day's total).
 */
async function dailyBreaches(exec: Executor, range: ActivityRange): Promise<DayFigures[]> {
  const where = breachWhere(range);
  const [totals, perUser] = await Promise.all([
    rowsOf<DayFigures>(
      exec,
      sql`select ${dayText("i.sla_due_at")} as day, null::int as user_id, true as total, count(*)::int as breaches
          from issues i join accounts acc on acc.id = i.account_id where ${where} group by ${utcDay("i.sla_due_at")}`,
    ),
    rowsOf<DayFigures>(
      exec,
      sql`select ${dayText("p.due")} as day, p.user_id, false as total, count(*)::int as breaches
          from (
            select i.issue_number, i.sla_due_at as due, i.first_responder_id as user_id
            from issues i join accounts acc on acc.id = i.account_id
            where ${where} and i.first_response_at > i.sla_due_at
            union
            select i.issue_number, i.sla_due_at, a.user_id
            from issues i join accounts acc on acc.id = i.account_id join issue_assignees a on a.issue_number = i.issue_number
            where ${where}
          ) p
          where p.user_id is not null${only(sql`p.user_id`, range.userId)}
          group by ${utcDay("p.due")}, p.user_id`,
    ),
  ]);
  return [...totals, ...perUser];
}
