/**
 * System alerts (issue 17): the live ones every signed-in screen shows (GET system-alert) and the
 * engineers' list and commands. Types only from the shared contract: the banner is on every screen
 * and must not pull zod into it.
 */
import type {
  SystemAlertLevel,
  SystemAlertState,
  TLiveSystemAlert,
  TLiveSystemAlerts,
  TSystemAlert,
  TSystemAlertPage,
  TSystemAlertRequest,
} from "@portico/shared/schemas/system-alerts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { SystemAlertLevel, SystemAlertState, TLiveSystemAlert, TSystemAlert, TSystemAlertRequest };

/** Alerts are the vendor's, for everyone: no call acts as an organization. */
const options = { aid: false } as const;

export const SYSTEM_ALERTS_PAGE_SIZE = 25;

export const systemAlertKeys = {
  all: ["system-alerts"] as const,
  live: ["system-alerts", "live"] as const,
  lists: ["system-alerts", "list"] as const,
  list: (page: number) => ["system-alerts", "list", page] as const,
};

/** The banner's: live ones and those starting within 24 hours, with the server's clock. */
export const liveSystemAlertsQuery = queryOptions({
  queryKey: systemAlertKeys.live,
  queryFn: () => api.get<TLiveSystemAlerts>("/api/auth/system-alert", options),
  // A scheduled alert more than a day ahead is fetched again in time; frames do the rest.
  refetchInterval: 15 * 60_000,
});

export function systemAlertListQuery(page: number) {
  return queryOptions({
    queryKey: systemAlertKeys.list(page),
    queryFn: () =>
      api.get<TSystemAlertPage>("/api/auth/system-alerts", {
        ...options,
        query: { page, page_size: SYSTEM_ALERTS_PAGE_SIZE },
      }),
  });
}

export const createSystemAlert = (body: TSystemAlertRequest) =>
  api.post<TSystemAlert>("/api/auth/system-alerts", body, options);

export const updateSystemAlert = (id: number, body: TSystemAlertRequest) =>
  api.put<TSystemAlert>(`/api/auth/system-alerts/${id}`, body, options);

export const clearSystemAlert = (id: number) =>
  api.post<TSystemAlert>(`/api/auth/system-alerts/${id}/clear`, undefined, options);

/** The alerts showing at `now` (ms): started, not ended; the rest wait for their time. */
export function showingAt(items: readonly TLiveSystemAlert[], now: number): TLiveSystemAlert[] {
  return items.filter(
    (a) => Date.parse(a.starts_at) <= now && (a.ends_at === null || Date.parse(a.ends_at) > now),
  );
}

/** The next instant (ms) after `now` when one of them starts or ends; null when none will. */
export function nextChange(items: readonly TLiveSystemAlert[], now: number): number | null {
  let next: number | null = null;
  for (const a of items) {
    for (const at of [Date.parse(a.starts_at), a.ends_at === null ? Number.NaN : Date.parse(a.ends_at)]) {
      if (at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}
