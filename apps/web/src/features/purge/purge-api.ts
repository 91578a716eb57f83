/**
 * Purging an organization (issue 17; contract packages/shared/src/schemas/purge.ts): what a purge
 * would remove (GET accounts/:id/purge-info), starting one (POST accounts/:id/purge, 202), and the
 * purged organizations (GET purge, GET purge/:id). Engineers only; the account is in the path.
 */

import { formatBytes } from "@portico/shared/rules/units";
import {
  PURGE_COUNT_LABELS,
  type PurgeCountKey,
  type PurgeStage,
  type TPurgeInfo,
  type TPurgeRecord,
  type TPurgeRequest,
} from "@portico/shared/schemas/purge";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { TPurgeInfo, TPurgeRecord };

/** ZPage(ZPurgeRecord) */
export interface TPurgePage {
  items: TPurgeRecord[];
  total: number;
  page: number;
  page_size: number;
}

export const PURGE_PAGE_SIZE = 25;
/** How often a running purge is read again. */
export const PURGE_REFRESH_MS = 2000;

const none = { aid: false } as const;

export const purgeApi = {
  info: (accountId: number, signal?: AbortSignal) =>
    api.get<TPurgeInfo>(`/api/auth/accounts/${accountId}/purge-info`, { ...none, signal }),
  start: (accountId: number, body: TPurgeRequest) =>
    api.post<TPurgeRecord>(`/api/auth/accounts/${accountId}/purge`, body, none),
  list: (q: string, page: number, signal?: AbortSignal) =>
    api.get<TPurgePage>("/api/auth/purge", {
      ...none,
      signal,
      query: { q: q || undefined, page, page_size: PURGE_PAGE_SIZE },
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<TPurgeRecord>(`/api/auth/purge/${id}`, { ...none, signal }),
};

export const purgeKeys = {
  all: ["purges"] as const,
  list: (q: string, page: number) => [...purgeKeys.all, "list", q, page] as const,
  detail: (id: number) => [...purgeKeys.all, "detail", id] as const,
  info: (accountId: number) => [...purgeKeys.all, "info", accountId] as const,
};

export const purgeInfoQuery = (accountId: number) =>
  queryOptions({
    queryKey: purgeKeys.info(accountId),
    queryFn: ({ signal }) => purgeApi.info(accountId, signal),
    // What would go changes by the minute: read it each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

const running = (record: TPurgeRecord | undefined) => record?.status === "running";

export const purgeListQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: purgeKeys.list(q, page),
    queryFn: ({ signal }) => purgeApi.list(q, page, signal),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.items.some(running) ? PURGE_REFRESH_MS : false),
  });

export const purgeDetailQuery = (id: number) =>
  queryOptions({
    queryKey: purgeKeys.detail(id),
    queryFn: ({ signal }) => purgeApi.get(id, signal),
    refetchInterval: (query) => (running(query.state.data) ? PURGE_REFRESH_MS : false),
  });

/** The kinds in the contract's order, then any the server added since. */
export function countEntries(
  counts: Record<string, number>,
): { key: string; label: string; value: string }[] {
  const known = Object.keys(PURGE_COUNT_LABELS) as PurgeCountKey[];
  const keys = [
    ...known.filter((key) => key in counts),
    ...Object.keys(counts).filter((key) => !(key in PURGE_COUNT_LABELS)),
  ];
  return keys.map((key) => {
    const value = counts[key] ?? 0;
    return {
      key,
      label: PURGE_COUNT_LABELS[key as PurgeCountKey] ?? key.replaceAll("_", " "),
      value: key === "file_bytes" ? formatBytes(value) : value.toLocaleString("en-US"),
    };
  });
}

/** The biggest kinds in a few words: "3 users, 12 issues, 40 files"; "Nothing yet" when empty. */
const SUMMARY_KINDS: [PurgeCountKey, string, string][] = [
  ["users", "user", "users"],
  ["issues", "issue", "issues"],
  ["files", "file", "files"],
  ["clusters", "cluster", "clusters"],
  ["licences", "licence", "licences"],
];

export function countSummary(counts: Record<string, number>): string {
  const parts = SUMMARY_KINDS.filter(([key]) => (counts[key] ?? 0) > 0).map(([key, one, many]) => {
    const n = counts[key] ?? 0;
    return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  });
  if (parts.length > 0) return parts.join(", ");
  const any = Object.values(counts).some((n) => n > 0);
  return any ? "Other records only" : "Nothing yet";
}

export const STAGE_LABELS: Record<PurgeStage, string> = {
  files: "Files",
  clusters: "Clusters",
  issues: "Issues",
  access: "Access",
  billing: "Billing",
  people: "People",
  account: "Organization",
  done: "Done",
};

export const STATUS_LABELS: Record<TPurgeRecord["status"], string> = {
  running: "Running",
  done: "Done",
  failed: "Failed",
};
