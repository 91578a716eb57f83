/**
 * The per-engineer time log (/time-log): GET /api/auth/time-logs for one engineer and a range
 * of days across every organization. The range is checked by the kit's DateRangeFilter with the
 * rule the server uses (rules/date-range.ts), so a bad range is told before asking.
 */
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

/** The month `today` falls in, first day to last (the screen's default range). */
export function currentMonth(today = new Date()): { from: string; to: string } {
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  const last = new Date(today.getFullYear(), today.getMonth() + 1, 0);
  return { from: dateToIso(first), to: dateToIso(last) };
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
