/**
 * Reports (spec §7.1 reports accounts and clusters, §7.2 reports; contract
 * packages/shared/src/schemas/reports.ts): organizations, clusters and issues over a range of
 * days, the capacity table, and their CSV files. Types only from the contract, so zod stays out.
 */
import type {
  CapacityFlag,
  TAccountsReport,
  TCapacityPage,
  TClustersReport,
  TIssuesReport,
} from "@portico/shared/schemas/reports";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { downloadFile } from "../../lib/download";

export type { CapacityFlag, TAccountsReport, TCapacityPage, TClustersReport, TIssuesReport };

export interface ReportRange {
  from: string;
  to: string;
}

export interface CapacityFilter {
  flag: CapacityFlag | "all";
  q: string;
  page: number;
}

export const CAPACITY_PAGE_SIZE = 25;

export type ReportKind = "accounts" | "clusters" | "issues";

const PATHS: Record<ReportKind, string> = {
  accounts: "/api/auth/reports/accounts",
  clusters: "/api/auth/reports/clusters",
  issues: "/api/chat/reports",
};

const EXPORT_PATHS: Record<ReportKind, string> = {
  accounts: "/api/auth/reports/accounts/export",
  clusters: "/api/auth/reports/clusters/export",
  issues: "/api/chat/reports/export",
};

export const reportKeys = {
  all: ["reports"] as const,
  report: (kind: ReportKind, range: ReportRange) => ["reports", kind, range] as const,
  capacity: (filter: CapacityFilter) => ["reports", "capacity", filter] as const,
};

type Answer<K extends ReportKind> = {
  accounts: TAccountsReport;
  clusters: TClustersReport;
  issues: TIssuesReport;
}[K];

export function reportQuery<K extends ReportKind>(kind: K, range: ReportRange) {
  return queryOptions({
    queryKey: reportKeys.report(kind, range),
    queryFn: ({ signal }) =>
      api.get<Answer<K>>(PATHS[kind], { aid: false, signal, query: { from: range.from, to: range.to } }),
    // A new range keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** The capacity table is "now": it does not depend on the range. */
export function capacityQuery(filter: CapacityFilter) {
  return queryOptions({
    queryKey: reportKeys.capacity(filter),
    queryFn: ({ signal }) =>
      api.get<TCapacityPage>("/api/auth/reports/accounts/capacity", {
        aid: false,
        signal,
        query: {
          flag: filter.flag,
          q: filter.q || undefined,
          page: filter.page,
          page_size: CAPACITY_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Saves a report's CSV under the server's name; resolves to that name. */
export function downloadReportCsv(kind: ReportKind, range: ReportRange): Promise<string> {
  return downloadFile(EXPORT_PATHS[kind], {
    aid: false,
    query: { from: range.from, to: range.to },
    fallbackName: `${kind}-report-${range.from}-to-${range.to}.csv`,
  });
}
