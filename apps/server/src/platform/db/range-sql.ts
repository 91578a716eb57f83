/**
 * Raw SQL over a range of UTC days (reports, engineer activity): the range as instants, and
 * instants as the API writes them.
 */
import { addDays, type DayRange } from "@portico/shared/rules/date-range";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** The first instant of the range: its first day at 00:00 UTC. */
export const rangeStart = (range: DayRange) => sql`${`${range.from}T00:00:00Z`}::timestamptz`;
/** The first instant after the range: the day after its last, at 00:00 UTC. */
export const rangeEnd = (range: DayRange) => sql`${`${addDays(range.to, 1)}T00:00:00Z`}::timestamptz`;

/** Instant `t` falls in the range (a range scan of an index on `t`). */
export const inRange = (t: AnyColumn | SQL, range: DayRange) =>
  sql`(${t} >= ${rangeStart(range)} and ${t} < ${rangeEnd(range)})`;

/** An instant as the API writes it (node-postgres and PGlite both hand back Dates; text is tolerated). */
export function isoOf(value: Date | string): string;
export function isoOf(value: Date | string | null): string | null;
export function isoOf(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
