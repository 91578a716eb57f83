import type { TLoginResponse } from "@portico/shared/schemas/auth";
import type { TMaintenanceDetails, TMaintenanceStatus } from "@portico/shared/schemas/operations";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** Signed-in screens read the status this often while the live socket is down. */
export const MAINTENANCE_POLL_MS = 30_000;
/** /maintenance checks this often, so users are back within seconds of the end. */
export const MAINTENANCE_SCREEN_POLL_MS = 5_000;

export const maintenanceStatusQuery = queryOptions({
  queryKey: ["maintenance-status"],
  queryFn: () =>
    api.get<TMaintenanceStatus>("/api/maintenance/status", { auth: false, aid: false, global: false }),
});

/** Engineers: the window now on and the last 20 (GET /api/maintenance/details). */
export const maintenanceDetailsQuery = queryOptions({
  queryKey: ["maintenance-details"],
  queryFn: () => api.get<TMaintenanceDetails>("/api/maintenance/details", { aid: false }),
});

export const maintenanceApi = {
  enable: (body: { duration: number; message: string }) =>
    api.post<TMaintenanceStatus>("/api/maintenance/enable", body, { aid: false }),
  disable: () => api.post<TMaintenanceStatus>("/api/maintenance/disable", undefined, { aid: false }),
};

/** "3 June 2026 at 14:30" style text (the reader's time zone), or null without a date. */
export function formatUntil(until: string | null, locale?: string): string | null {
  if (!until) return null;
  const date = new Date(until);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(date);
}

/** "in 25 minutes", "in 3 hours", "2 days ago": how far `iso` is from `now`, in whole units. */
export function formatRelative(iso: string, now: number, locale?: string): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 1) return format.format(0, "minute");
  if (Math.abs(minutes) < 90) return format.format(minutes, "minute");
  const hours = Math.round(seconds / 3600);
  if (Math.abs(hours) < 36) return format.format(hours, "hour");
  return format.format(Math.round(seconds / 86_400), "day");
}

export const maintenanceLogin = (body: { username: string; password: string }) =>
  api.post<TLoginResponse>("/api/auth/maintenance-login", body, { auth: false, aid: false });
