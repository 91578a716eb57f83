/**
 * Day ranges of spec §5 (start and end dates, yyyy-mm-dd, both days included), one rule for every
 * screen and route that filters by them: reports, engineer activity, time logs, feedback.
 *
 * "Today" is the latest calendar day anywhere on Earth (UTC+14), so an engineer far east of UTC
 * who picks their own today is not told it is in the future.
 */
import { MESSAGES, parseIsoDate } from "../validation";

const DAY_MS = 86_400_000;
/** The furthest time zone ahead of UTC (Kiribati). */
const LATEST_ZONE_MS = 14 * 3_600_000;

/** Reports and activity read at most this many days at once (two years; ten is refused). */
export const MAX_RANGE_DAYS = 731;
/** Without a range, the last 30 days. */
export const DEFAULT_RANGE_DAYS = 30;

export interface DayRange {
  /** yyyy-mm-dd, the first day included. */
  from: string;
  /** yyyy-mm-dd, the last day included. */
  to: string;
}

export interface DateRangeProblems {
  from?: string;
  to?: string;
}

export interface DateRangeRules {
  /** The latest acceptable day (default: `latestToday()`). */
  today?: string;
  /** Longest range in days, both ends included; none by default. */
  maxDays?: number;
  /** Whether an end after today is refused ("Invalid end date"). */
  endNotInFuture?: boolean;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The newest calendar day anywhere on Earth right now. */
export const latestToday = (now: number = Date.now()) => isoDay(now + LATEST_ZONE_MS);

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  const date = parseIsoDate(day);
  if (!date) throw new Error(`not a day: ${day}`);
  return isoDay(date.getTime() + days * DAY_MS);
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function rangeDays(range: DayRange): number {
  const from = parseIsoDate(range.from);
  const to = parseIsoDate(range.to);
  if (!from || !to) throw new Error("not a range");
  return Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
}

/** The last `DEFAULT_RANGE_DAYS` days up to today (UTC). */
export function defaultRange(now: number = Date.now()): DayRange {
  const to = isoDay(now);
  return { from: addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to };
}

/**
 * What is wrong with a range, by field, in the spec's words; {} when nothing is. A missing end is
 * not checked here (callers default it); a start must be a real day not after today; an end a real
 * day, not before the start, and (when asked) not after today; the whole at most `maxDays`.
 */
export function checkDateRange(
  from: string | null | undefined,
  to: string | null | undefined,
  rules: DateRangeRules = {},
): DateRangeProblems {
  const today = rules.today ?? latestToday();
  const problems: DateRangeProblems = {};
  const start = from ? parseIsoDate(from) : undefined;
  if (start === null || (from && from > today)) problems.from = MESSAGES.invalidStartDate;
  if (!to) return problems;
  if (parseIsoDate(to) === null) problems.to = MESSAGES.endDateInvalid;
  else if (from && start && to < from) problems.to = MESSAGES.endDateBeforeStart;
  else if (rules.endNotInFuture && to > today) problems.to = MESSAGES.invalidEndDate;
  else if (
    rules.maxDays !== undefined &&
    from &&
    start &&
    problems.from === undefined &&
    rangeDays({ from, to }) > rules.maxDays
  ) {
    problems.to = MESSAGES.rangeTooLong;
  }
  return problems;
}

/** The first problem of a range (start before end), or null: what a route answers 400 with. */
export function dateRangeError(problems: DateRangeProblems): string | null {
  return problems.from ?? problems.to ?? null;
}

export const REPORT_BUCKETS = ["day", "week", "month"] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];

/** Charts group by day up to two months, by week up to six, by month beyond. */
export function bucketFor(range: DayRange): ReportBucket {
  const days = rangeDays(range);
  if (days <= 62) return "day";
  if (days <= 183) return "week";
  return "month";
}

/**
 * The first day of the bucket holding `day`: itself, the Monday of its ISO week, or the 1st of
 * its month. The server groups with PostgreSQL's date_trunc, which agrees.
 */
export function bucketStart(day: string, bucket: ReportBucket): string {
  if (bucket === "day") return day;
  if (bucket === "month") return `${day.slice(0, 8)}01`;
  const date = parseIsoDate(day);
  if (!date) throw new Error(`not a day: ${day}`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return addDays(day, -sinceMonday);
}

/** Every bucket start of a range, oldest first (charts show empty buckets as zero). */
export function bucketStarts(range: DayRange, bucket: ReportBucket): string[] {
  const starts: string[] = [];
  let day = bucketStart(range.from, bucket);
  while (day <= range.to) {
    starts.push(day);
    if (bucket === "day") day = addDays(day, 1);
    else if (bucket === "week") day = addDays(day, 7);
    else {
      const [year, month] = day.split("-").map(Number) as [number, number];
      day = isoDay(Date.UTC(year, month, 1));
    }
  }
  return starts;
}
