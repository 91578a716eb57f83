/**
 * The weekend window of spec §9 (rules/weekend.ts: Saturday 04:00 UTC to Monday 04:00 UTC) in
 * SQL, so activity counts weekend work inside the aggregate instead of row by row in TypeScript.
 * weekend-sql.test.ts holds both to isWeekendWindow.
 */
import { type SQL, sql } from "drizzle-orm";

const WEEK_SECONDS = 7 * 86_400;
/** 1970-01-03 04:00 UTC, a Saturday: the start of a weekend window, in Unix seconds. */
const A_WINDOW_START = 2 * 86_400 + 4 * 3_600;
const WINDOW_SECONDS = 2 * 86_400;

/**
 * Whether the instant `t` (a timestamptz expression) falls inside a weekend window: the seconds
 * since a window's start, modulo a week, are under two days. Plain float arithmetic on the epoch
 * costs half of extract(isodow …)/extract(hour …) at time zone 'UTC', which PostgreSQL computes
 * in numeric; it is evaluated once per message of the range.
 */
export function inWeekendWindow(t: SQL): SQL<boolean> {
  const since = sql`(date_part('epoch', ${t}) - ${sql.raw(String(A_WINDOW_START))})`;
  return sql<boolean>`(${since} - ${sql.raw(String(WEEK_SECONDS))} * floor(${since} / ${sql.raw(String(WEEK_SECONDS))}) < ${sql.raw(String(WINDOW_SECONDS))})`;
}

/**
 * The end (Monday 04:00 UTC) of the weekend window holding `t`; for an instant outside any
 * window, the end of the next one. Moving back 4 hours puts the whole window in one ISO week.
 */
export function weekendWindowEnd(t: SQL): SQL {
  return sql`((date_trunc('week', (${t} at time zone 'UTC') - interval '4 hours') + interval '7 days 4 hours') at time zone 'UTC')`;
}
