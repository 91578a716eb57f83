import type { TLoginResponse } from "@portico/shared/schemas/auth";
import type { TMaintenanceStatus } from "@portico/shared/schemas/operations";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const MAINTENANCE_POLL_MS = 30_000;

export const maintenanceStatusQuery = queryOptions({
  queryKey: ["maintenance-status"],
  queryFn: () =>
    api.get<TMaintenanceStatus>("/api/maintenance/status", { auth: false, aid: false, global: false }),
});

export const maintenanceApi = {
  enable: (body: { duration: number; message: string }) =>
    api.post<unknown>("/api/maintenance/enable", body, { aid: false }),
  disable: () => api.post<unknown>("/api/maintenance/disable", undefined, { aid: false }),
};

/** "until 14:30 (in your time zone), 3 June 2026" style text, or null without a planned end. */
export function formatUntil(until: string | null, locale?: string): string | null {
  if (!until) return null;
  const date = new Date(until);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(date);
}

export const maintenanceLogin = (body: { username: string; password: string }) =>
  api.post<TLoginResponse>("/api/auth/maintenance-login", body, { auth: false, aid: false });
