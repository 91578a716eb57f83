/**
 * Alerts of the viewer (docs/API.md, alerts): the bell's summary, pages of alerts, marking read,
 * and the alert subscriptions of the profile. Alerts belong to the user, not to an organization,
 * so no call sends `aid`. Failures carry the generic §8 code: screens show "An Error occurred : …".
 */
import { ALERTS, alertMessage } from "@portico/shared/errors";
import {
  ALERT_TYPES,
  type AlertCategory,
  type AlertType,
  type TAlert,
  type ZAlertListResponse,
  type ZAlertSubscription,
  type ZAlertSummary,
} from "@portico/shared/schemas/alerts";
import type { z } from "@portico/shared/zod";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type TAlertSummary = z.infer<typeof ZAlertSummary>;
export type TAlertList = z.infer<typeof ZAlertListResponse>;
export type TAlertSubscription = z.infer<typeof ZAlertSubscription>;

const options = { aid: false, alert: ALERTS.ALERT_ROUTES } as const;

/** "An Error occurred : reason" (spec §8, generic code 99999). */
export function alertsError(error: { error: string }): string {
  return alertMessage(ALERTS.ALERT_ROUTES, error.error);
}

export interface AlertListParams {
  page: number;
  pageSize: number;
  unread: boolean;
  category: AlertCategory | null;
}

export const alertKeys = {
  all: ["alerts"] as const,
  summary: ["alerts", "summary"] as const,
  lists: ["alerts", "list"] as const,
  list: (params: AlertListParams) => ["alerts", "list", params] as const,
};

export const alertSummaryQuery = queryOptions({
  queryKey: alertKeys.summary,
  queryFn: () => api.get<TAlertSummary>("/api/chat/alerts/summary", options),
});

export function alertListQuery(params: AlertListParams) {
  return queryOptions({
    queryKey: alertKeys.list(params),
    queryFn: () =>
      api.get<TAlertList>("/api/chat/alerts", {
        ...options,
        query: {
          page: params.page,
          page_size: params.pageSize,
          unread: params.unread ? "true" : undefined,
          category: params.category ?? undefined,
        },
      }),
  });
}

export const alertCategoriesQuery = queryOptions({
  queryKey: ["alert-categories"],
  queryFn: () => api.get<{ category: AlertCategory; name: string }[]>("/api/alert-categories", options),
  staleTime: Number.POSITIVE_INFINITY,
});

export const alertSubscriptionsQuery = queryOptions({
  queryKey: ["alert-subscriptions"],
  queryFn: () => api.get<TAlertSubscription[]>("/api/alert-subscriptions", options),
});

export const alertsApi = {
  setRead: (id: number, read: boolean) => api.put<TAlert>(`/api/chat/alert/${id}`, { read }, options),
  readAll: () => api.post<{ unread: number }>("/api/chat/alerts/read-all", undefined, options),
  subscribe: (type: AlertType, enabled: boolean) =>
    api.put<TAlertSubscription[]>("/api/alert-subscriptions", { type, enabled }, options),
};

/** The type's name for people ("Mentions"). */
export function alertTypeName(type: AlertType): string {
  return ALERT_TYPES[type].name;
}

/**
 * After a change of read state (here, by a frame, or in another tab): the count at once, the
 * banner gone when nothing is unread, and the lists and the summary read again.
 */
export function applyUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData<TAlertSummary>(alertKeys.summary, (old) =>
    old ? { ...old, unread, tnc: unread === 0 ? null : old.tnc } : old,
  );
  void queryClient.invalidateQueries({ queryKey: alertKeys.all });
}

/** A new alert pushed: counted, a revised-terms alert raises the banner, lists read again. */
export function applyNewAlert(queryClient: QueryClient, alert: TAlert, unread: number): void {
  queryClient.setQueryData<TAlertSummary>(alertKeys.summary, (old) =>
    old
      ? {
          ...old,
          unread,
          by_category: { ...old.by_category, [alert.category]: (old.by_category[alert.category] ?? 0) + 1 },
          tnc: alert.type === "TNC_UPDATE" && alert.read_at === null ? alert : old.tnc,
        }
      : old,
  );
  // Not loaded yet (or failed): read it, the frame alone cannot make it.
  const summaryKnown = queryClient.getQueryData(alertKeys.summary) !== undefined;
  void queryClient.invalidateQueries({ queryKey: summaryKnown ? alertKeys.lists : alertKeys.all });
}

/** The summary as it is after one alert was marked read or unread here (before the server's word). */
export function markedLocally(queryClient: QueryClient, alert: TAlert, read: boolean): void {
  queryClient.setQueryData<TAlertSummary>(alertKeys.summary, (old) => {
    if (!old || (alert.read_at !== null) === read) return old;
    const unread = Math.max(0, old.unread + (read ? -1 : 1));
    return { ...old, unread, tnc: read && old.tnc?.alert_id === alert.alert_id ? null : old.tnc };
  });
}
