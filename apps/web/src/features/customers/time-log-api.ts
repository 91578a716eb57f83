/**
 * The per-engineer time log (/time-log): GET /api/auth/time-logs for one engineer and a range
 * of days across every organization, and the range's checks with spec §5's date messages (the
 * server's readDateRange makes the same ones, so a bad range is told before asking it).
 */
import { MESSAGES } from "@portico/shared/validation";
import { queryOptions } from "@tanstack/react-query";
import { dateToIso } from "../../components/ui/date-picker";
import { api } from "../../lib/api-client";
import { CUSTOMER_TAB_PAGE_SIZE, customerKeys, type TTimeLogList } from "./account-api";

/** One engineer's entries between two days (yyyy-mm-dd, both inclusive). */
export interface TimeLogRange {
  userId: number;
  from: string;
  to: string;
}

/** Problems of a range, per field; none when both are days and from is not after to. */
export interface RangeErrors {
  from?: string;
  to?: string;
}

/** The month `today` falls in, first day to last (the screen's default range). */
export function currentMonth(today = new Date()): { from: string; to: string } {
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  const last = new Date(today.getFullYear(), today.getMonth() + 1, 0);
  return { from: dateToIso(first), to: dateToIso(last) };
}

/**
 * Spec §5 for the range: the start is a day not after today ("Invalid start date"), the end a
 * day ("End date is invalid") not before the start ("End date should be after start date.";
 * one day is from = to). A field left empty or not a date (the picker gives null) is invalid:
 * the screen always asks for a closed range.
 */
export function rangeErrors(
  from: string | null,
  to: string | null,
  today = dateToIso(new Date()),
): RangeErrors {
  const errors: RangeErrors = {};
  if (from === null || from > today) errors.from = MESSAGES.invalidStartDate;
  if (to === null) errors.to = MESSAGES.endDateInvalid;
  else if (from !== null && to < from) errors.to = MESSAGES.endDateBeforeStart;
  return errors;
}

/** The server's 400 for a bad range, as the field it is about (null for any other failure). */
export function serverRangeErrors(error: { status?: number; error: string } | null): RangeErrors | null {
  if (error?.status !== 400) return null;
  if (error.error === MESSAGES.invalidStartDate) return { from: error.error };
  if (error.error === MESSAGES.endDateInvalid || error.error === MESSAGES.endDateBeforeStart)
    return { to: error.error };
  return null;
}

export const timeLogApi = {
  list: (range: TimeLogRange, page: number, signal?: AbortSignal) =>
    api.get<TTimeLogList>("/api/auth/time-logs", {
      aid: false,
      signal,
      query: {
        user_id: range.userId,
        from: range.from,
        to: range.to,
        page,
        page_size: CUSTOMER_TAB_PAGE_SIZE,
      },
    }),
};

/** Under the console's key, so whatever refreshes the console refreshes this too; pages follow. */
const listKey = (range: TimeLogRange) => [...customerKeys.all, "time-logs", range] as const;

export const engineerTimeLogsQuery = (range: TimeLogRange, page: number) =>
  queryOptions({
    queryKey: [...listKey(range), page] as const,
    queryFn: ({ signal }) => timeLogApi.list(range, page, signal),
    // The page before stays while the next page of the same list loads; another engineer or
    // range starts from the skeleton, never showing someone else's total meanwhile.
    placeholderData: (previous, previousQuery) =>
      JSON.stringify(previousQuery?.queryKey.slice(0, -1)) === JSON.stringify(listKey(range))
        ? previous
        : undefined,
  });
