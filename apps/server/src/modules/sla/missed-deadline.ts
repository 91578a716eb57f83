/**
 * A missed first-response deadline, as the reports and engineer activity count it: responded
 * after it, or still waiting while it passes. (The breach sweep alerts only the second kind, read
 * from its partial index.) Columns are given so that each query passes its own alias.
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

type Instant = AnyColumn | SQL;

/** Where an issue's wait for its first response ends: the response, or now while there is none. */
const waitEnd = (firstResponseAt: Instant) => sql`coalesce(${firstResponseAt}, now())`;

export const missedDeadline = (firstResponseAt: Instant, dueAt: Instant) =>
  sql`${waitEnd(firstResponseAt)} > ${dueAt}`;

/** How far past the deadline the wait ended (or is now), in whole minutes rounded up. */
export const minutesLate = (firstResponseAt: Instant, dueAt: Instant) =>
  sql`ceil(extract(epoch from (${waitEnd(firstResponseAt)} - ${dueAt})) / 60)::int`;
