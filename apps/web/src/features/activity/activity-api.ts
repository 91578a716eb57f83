/**
 * Engineer activity (spec §7.2 users activity and v2): the per-engineer report, the day-by-day
 * timeline and their CSV files, for a range of days and optionally one engineer. The screens keep
 * the question in the address (`?from=&to=&user_id=`), so a view is linkable and both screens
 * share it.
 */
import type {
  ACTIVITY_EXPORT_VIEWS,
  TActivityReport,
  TActivityTimeline,
} from "@portico/shared/schemas/reports";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { downloadFile } from "../../lib/download";

export interface ActivityFilter {
  from: string;
  to: string;
  /** One engineer; null for all of them. */
  userId: number | null;
}

export type ActivityExportView = (typeof ACTIVITY_EXPORT_VIEWS)[number];

const toQuery = (filter: ActivityFilter) => ({
  from: filter.from,
  to: filter.to,
  user_id: filter.userId ?? undefined,
});

export const activityKeys = {
  all: ["activity"] as const,
  report: (filter: ActivityFilter) => ["activity", "report", filter] as const,
  timeline: (filter: ActivityFilter) => ["activity", "timeline", filter] as const,
};

export function activityReportQuery(filter: ActivityFilter) {
  return queryOptions({
    queryKey: activityKeys.report(filter),
    queryFn: ({ signal }) =>
      api.get<TActivityReport>("/api/chat/users/activity", { aid: false, signal, query: toQuery(filter) }),
    // A new range keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function activityTimelineQuery(filter: ActivityFilter) {
  return queryOptions({
    queryKey: activityKeys.timeline(filter),
    queryFn: ({ signal }) =>
      api.get<TActivityTimeline>("/api/chat/users/activity/v2", {
        aid: false,
        signal,
        query: toQuery(filter),
      }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the CSV of `view` (the server names it; the fallback is the same name); resolves to the file name. */
export function downloadActivityCsv(filter: ActivityFilter, view: ActivityExportView): Promise<string> {
  return downloadFile("/api/chat/users/activity/export", {
    aid: false,
    query: { ...toQuery(filter), view },
    fallbackName: `engineer-activity-${view}-${filter.from}-to-${filter.to}.csv`,
  });
}
