/** The activity report, its day-by-day timeline (v2) and their CSV, put together from the queries' figures. */
import { addDays, rangeDays } from "@portico/shared/rules/date-range";
import { CUSTOMER_MESSAGES } from "@portico/shared/schemas/customers";
import type {
  TActivityDay,
  TActivityEngineer,
  TActivityReport,
  TActivityTimeline,
  TReportRange,
  TSlaBreach,
} from "@portico/shared/schemas/reports";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/errors";
import { listEngineers } from "../conversations/people.queries";
import {
  type ActivityRange,
  countBreaches,
  dailyFigures,
  firstBreaches,
  firstResponseFigures,
  listBreaches,
  messageFigures,
  minutesLogged,
  overdueAssigned,
  resolutionFigures,
  weekendCoverage,
} from "./activity.queries";

export type ActivityQuery = TReportRange & { user_id?: number | undefined };

/** The engineers the report is about: every enabled one, or the one asked for (404 for anyone else). */
async function engineersOf(db: Db, userId: number | undefined) {
  const engineers = (await listEngineers(db, userId === undefined ? {} : { userId })).map((e) => ({
    user_id: e.user_id,
    name: e.name,
  }));
  if (userId !== undefined && engineers.length === 0) throw notFound(CUSTOMER_MESSAGES.userNotFound);
  return engineers;
}

const rangeOf = (query: ActivityQuery): ActivityRange => ({
  from: query.from,
  to: query.to,
  userId: query.user_id,
});

function byUser<T extends { user_id: number | null; total?: boolean }>(list: T[]) {
  const map = new Map<number, T>();
  let total: T | undefined;
  for (const row of list) {
    if (row.total) total = row;
    else if (row.user_id !== null) map.set(row.user_id, row);
  }
  return { of: (id: number) => map.get(id), total };
}

export async function activityReport(db: Db, query: ActivityQuery): Promise<TActivityReport> {
  const engineers = await engineersOf(db, query.user_id);
  const range = rangeOf(query);
  const [messages, responses, resolutions, overdue, logged, weekend, breaches, breachesTotal] =
    await Promise.all([
      messageFigures(db, range),
      firstResponseFigures(db, range),
      resolutionFigures(db, range),
      overdueAssigned(db, range),
      minutesLogged(
        db,
        range,
        engineers.map((e) => e.user_id),
      ),
      weekendCoverage(db, range),
      firstBreaches(db, range),
      countBreaches(db, range),
    ]);
  const m = byUser(messages);
  const r = byUser(responses);
  const a = byUser(resolutions);
  const o = byUser(overdue);
  const l = byUser(logged);
  const rows: TActivityEngineer[] = engineers.map(({ user_id, name }) => ({
    user_id,
    name,
    messages_sent: m.of(user_id)?.messages_sent ?? 0,
    issues_answered: a.of(user_id)?.issues_answered ?? 0,
    first_responses: r.of(user_id)?.first_responses ?? 0,
    first_response_median_minutes: r.of(user_id)?.first_response_median_minutes ?? null,
    first_response_avg_minutes: r.of(user_id)?.first_response_avg_minutes ?? null,
    resolution_median_minutes: a.of(user_id)?.resolution_median_minutes ?? null,
    within_sla: r.of(user_id)?.within_sla ?? 0,
    late_responses: r.of(user_id)?.late_responses ?? 0,
    overdue_assigned: o.of(user_id)?.overdue_assigned ?? 0,
    minutes_logged: l.of(user_id)?.minutes_logged ?? 0,
    weekend_messages: m.of(user_id)?.weekend_messages ?? 0,
    weekend_first_responses: r.of(user_id)?.weekend_first_responses ?? 0,
  }));
  rows.sort(
    (x, y) => y.messages_sent - x.messages_sent || x.name.localeCompare(y.name) || x.user_id - y.user_id,
  );
  return {
    range: { from: query.from, to: query.to, bucket: query.bucket },
    engineers: rows,
    totals: {
      messages_sent: m.total?.messages_sent ?? 0,
      issues_answered: a.total?.issues_answered ?? 0,
      first_responses: r.total?.first_responses ?? 0,
      within_sla: r.total?.within_sla ?? 0,
      late_responses: r.total?.late_responses ?? 0,
      breaches: breachesTotal,
      // Time logs of the engineers shown (an engineer's logs stay theirs; nobody else logs time).
      minutes_logged: rows.reduce((sum, e) => sum + e.minutes_logged, 0),
      first_response_median_minutes: r.total?.first_response_median_minutes ?? null,
      resolution_median_minutes: a.total?.resolution_median_minutes ?? null,
      weekend_issues: weekend.weekend_issues,
      weekend_issues_responded: weekend.weekend_issues_responded,
      weekend_messages: m.total?.weekend_messages ?? 0,
    },
    breaches,
    breaches_total: breachesTotal,
  };
}

/** What the timeline counts per day, for everyone and for each engineer; the daily CSV's columns in this order. */
const MEASURES = [
  "messages_sent",
  "first_responses",
  "issues_answered",
  "breaches",
  "minutes_logged",
] as const;

/** A day or an engineer's day with nothing counted yet. */
const noMeasures = (): Record<(typeof MEASURES)[number], number> => ({
  messages_sent: 0,
  first_responses: 0,
  issues_answered: 0,
  breaches: 0,
  minutes_logged: 0,
});

export async function activityTimeline(db: Db, query: ActivityQuery): Promise<TActivityTimeline> {
  const engineers = await engineersOf(db, query.user_id);
  const known = new Set(engineers.map((e) => e.user_id));
  const families = await dailyFigures(db, rangeOf(query));
  const days = new Map<string, TActivityDay>();
  for (let i = 0; i < rangeDays(query); i++) {
    const date = addDays(query.from, i);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    days.set(date, {
      date,
      weekend: weekday === 0 || weekday === 6,
      ...noMeasures(),
      engineers: [],
    });
  }
  const active = new Set<number>();
  for (const row of families.flat()) {
    const day = days.get(row.day);
    if (!day) continue;
    const measure = MEASURES.find((name) => row[name] !== undefined);
    if (!measure) continue;
    const value = row[measure] ?? 0;
    if (row.total) {
      day[measure] = value;
      continue;
    }
    if (row.user_id === null || !known.has(row.user_id)) continue;
    active.add(row.user_id);
    let mine = day.engineers.find((e) => e.user_id === row.user_id);
    if (!mine) {
      mine = { user_id: row.user_id, ...noMeasures() };
      day.engineers.push(mine);
    }
    mine[measure] = value;
  }
  const order = new Map(engineers.map((e, i) => [e.user_id, i]));
  for (const day of days.values())
    day.engineers.sort((x, y) => (order.get(x.user_id) ?? 0) - (order.get(y.user_id) ?? 0));
  return {
    range: { from: query.from, to: query.to, bucket: query.bucket },
    engineers: query.user_id === undefined ? engineers.filter((e) => active.has(e.user_id)) : engineers,
    days: [...days.values()],
  };
}

// ---------------------------------------------------------------- CSV

type Cell = string | number | null;

export const SUMMARY_HEADER = [
  "engineer_id",
  "engineer",
  "messages_sent",
  "issues_answered",
  "first_responses",
  "first_response_median_minutes",
  "first_response_avg_minutes",
  "resolution_median_minutes",
  "within_sla",
  "late_responses",
  "overdue_assigned",
  "minutes_logged",
  "weekend_messages",
  "weekend_first_responses",
] as const;

export const DAILY_HEADER = ["date", "weekend", "engineer_id", "engineer", ...MEASURES] as const;

export const BREACHES_HEADER = [
  "issue_number",
  "title",
  "account_id",
  "company",
  "sla_hours",
  "sla_coverage",
  "opened_at",
  "due_at",
  "first_response_at",
  "responder",
  "late_minutes",
  "assignees",
] as const;

export async function activityCsvRows(
  db: Db,
  query: ActivityQuery,
  view: "summary" | "daily" | "breaches",
): Promise<{ header: readonly string[]; rows: Cell[][] }> {
  if (view === "summary") {
    const report = await activityReport(db, query);
    return {
      header: SUMMARY_HEADER,
      rows: report.engineers.map((e) =>
        SUMMARY_HEADER.map((key) =>
          key === "engineer" ? e.name : key === "engineer_id" ? e.user_id : e[key],
        ),
      ),
    };
  }
  if (view === "daily") {
    const timeline = await activityTimeline(db, query);
    const names = new Map(timeline.engineers.map((e) => [e.user_id, e.name]));
    return {
      header: DAILY_HEADER,
      rows: timeline.days.flatMap((day) =>
        day.engineers.map((e) => [
          day.date,
          day.weekend ? "yes" : "no",
          e.user_id,
          names.get(e.user_id) ?? "",
          ...MEASURES.map((measure) => e[measure]),
        ]),
      ),
    };
  }
  await engineersOf(db, query.user_id);
  const breaches: TSlaBreach[] = await listBreaches(db, rangeOf(query), null);
  return {
    header: BREACHES_HEADER,
    rows: breaches.map((b) => [
      b.issue_number,
      b.title,
      b.account_id,
      b.company,
      b.sla_hours,
      b.sla_coverage,
      b.opened_at,
      b.due_at,
      b.first_response_at,
      b.responder?.name ?? null,
      b.late_minutes,
      b.assignees.map((u) => u.name).join("; "),
    ]),
  };
}

export const activityCsvFilename = (view: string, query: ActivityQuery) =>
  `engineer-activity-${view}-${query.from}-to-${query.to}.csv`;
