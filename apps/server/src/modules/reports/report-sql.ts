/**
 * What every report query shares beyond the range itself (platform/db/range-sql.ts): periods as
 * PostgreSQL's date_trunc (which agrees with rules/date-range.ts's bucketStart), the customer
 * organizations reports count, and series with every bucket present.
 */
import { bucketStarts, type ReportBucket } from "@portico/shared/rules/date-range";
import type { TReportRange } from "@portico/shared/schemas/reports";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { accounts } from "../../db/schema";
import { VENDOR_ACCOUNT_ID } from "../../platform/auth/viewer";

const TRUNC: Readonly<Record<ReportBucket, string>> = { day: "day", week: "week", month: "month" };

/** The first day (yyyy-mm-dd) of the bucket holding instant `t`, in UTC. */
export const periodOf = (t: AnyColumn | SQL, bucket: ReportBucket) =>
  sql`to_char(date_trunc('${sql.raw(TRUNC[bucket])}', ${t} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** An organization reports count: not the vendor's own, not one being purged. */
export const isCustomerAccount = sql`(${accounts.id} <> ${VENDOR_ACCOUNT_ID} and ${accounts.purgeStartedAt} is null)`;

/** A row of another table belonging to such an organization (the excluded ones are few: a hashed lookup). */
export const ofCustomerAccount = (accountId: AnyColumn | SQL) =>
  sql`${accountId} not in (select ${accounts.id} from ${accounts} where ${accounts.id} = ${VENDOR_ACCOUNT_ID} or ${accounts.purgeStartedAt} is not null)`;

export interface PeriodCount {
  kind: string;
  period: string;
  n: number;
}

/**
 * The range's buckets, oldest first, each with a count per kind (zero when none): `counts` holds
 * (kind, period, n) rows of grouped queries, summed when a pair comes twice.
 */
export function fillSeries<K extends string>(
  range: TReportRange,
  kinds: readonly K[],
  counts: readonly PeriodCount[],
): Array<{ period: string } & Record<K, number>> {
  const found = new Map<string, number>();
  for (const c of counts) {
    const key = `${c.kind} ${c.period}`;
    found.set(key, (found.get(key) ?? 0) + Number(c.n));
  }
  return bucketStarts(range, range.bucket).map((period) => {
    const row = { period } as { period: string } & Record<K, number>;
    for (const kind of kinds) (row as Record<string, unknown>)[kind] = found.get(`${kind} ${period}`) ?? 0;
    return row;
  });
}

/** A running total over the series: `before` plus every bucket's `key` up to and including each. */
export function cumulative<T extends Record<string, unknown>>(
  rows: readonly T[],
  key: keyof T,
  before: number,
) {
  let total = before;
  return rows.map((row) => {
    total += Number(row[key]);
    return total;
  });
}

/** The day a file is made, UTC. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);
