/**
 * Clusters and their health (issue 12, docs/API.md "Clusters and health"): the calls, their query
 * keys and options. Shapes are the shared schemas (packages/shared/src/schemas/clusters.ts).
 */
import type {
  HealthReqType,
  TCluster,
  TRegisterClusterRequest,
  ZCallHomeKeyResponse,
  ZCheckHistory,
  ZClusterFleetSummary,
  ZClusterList,
  ZDeleteClustersResponse,
  ZHealthChecks,
  ZHealthExplorer,
  ZHealthOverview,
  ZHealthReportLog,
  ZHealthTrends,
  ZRegisterClusterResponse,
  ZUpdateClusterRequest,
} from "@portico/shared/schemas/clusters";
import type { TFile } from "@portico/shared/schemas/files";
import type { z } from "@portico/shared/zod";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { TCluster };
export type TClusterList = z.infer<typeof ZClusterList>;
export type TFleetSummary = z.infer<typeof ZClusterFleetSummary>;
export type THealthOverview = z.infer<typeof ZHealthOverview>;
export type THealthChecks = z.infer<typeof ZHealthChecks>;
export type TCheckHistory = z.infer<typeof ZCheckHistory>;
export type THealthTrends = z.infer<typeof ZHealthTrends>;
export type THealthExplorer = z.infer<typeof ZHealthExplorer>;
export type THealthReportLog = z.infer<typeof ZHealthReportLog>;
export type TRegisterClusterResponse = z.infer<typeof ZRegisterClusterResponse>;
export type TCallHomeKeyResponse = z.infer<typeof ZCallHomeKeyResponse>;
export type TUpdateCluster = z.input<typeof ZUpdateClusterRequest>;

const accountPath = (accountId: number) => `/api/accounts/${accountId}`;
const clusterPath = (accountId: number, clusterId: string) =>
  `${accountPath(accountId)}/clusters/${encodeURIComponent(clusterId)}`;

/** The cluster page's address (spec §2.2). */
export const clusterLink = (accountId: number, clusterId: string) =>
  `/health/${accountId}/${encodeURIComponent(clusterId)}`;

export const clusterKeys = {
  all: ["clusters"] as const,
  overview: (accountId: number | null) => ["clusters", "overview", accountId] as const,
  list: (accountId: number) => ["clusters", "list", accountId] as const,
  cluster: (accountId: number, clusterId: string) => ["clusters", accountId, clusterId] as const,
  health: (
    accountId: number,
    clusterId: string,
    reqType: HealthReqType,
    extra: Record<string, unknown> = {},
  ) => ["clusters", accountId, clusterId, "health", reqType, extra] as const,
  recentFiles: (accountId: number, clusterId: string) => ["clusters", accountId, clusterId, "files"] as const,
};

function health<T>(
  accountId: number,
  clusterId: string,
  reqType: HealthReqType,
  query: Record<string, number> = {},
  signal?: AbortSignal,
) {
  return api.get<T>("/api/health", { signal, query: { accId: accountId, clusterId, reqType, ...query } });
}

export const clustersApi = {
  /** `accountId` null: the caller's organization (aid rules of the api client). */
  overview: (accountId: number | null, signal?: AbortSignal) =>
    api.get<THealthOverview>("/api/health", {
      signal,
      query: accountId === null ? {} : { accId: accountId },
    }),
  list: (accountId: number, signal?: AbortSignal) =>
    api.get<TClusterList>(`${accountPath(accountId)}/clusters`, { signal }),
  summary: (accountId: number, signal?: AbortSignal) =>
    api.get<TFleetSummary>(`${accountPath(accountId)}/clusters/summary`, { signal }),
  get: (accountId: number, clusterId: string, signal?: AbortSignal) =>
    api.get<TCluster>(clusterPath(accountId, clusterId), { signal }),
  register: (accountId: number, body: TRegisterClusterRequest) =>
    api.post<TRegisterClusterResponse>("/api/cluster/register", body, { query: { aid: accountId } }),
  update: (accountId: number, clusterId: string, body: TUpdateCluster) =>
    api.put<TCluster>(clusterPath(accountId, clusterId), body),
  remove: (accountId: number, body: { cluster_ids?: string[]; delete_all?: boolean }) =>
    api.post<z.infer<typeof ZDeleteClustersResponse>>(`${accountPath(accountId)}/delete-clusters`, {
      account_id: accountId,
      ...body,
    }),
  rotateKey: (accountId: number, clusterId: string) =>
    api.post<TCallHomeKeyResponse>(`${clusterPath(accountId, clusterId)}/call-home-key`),
  recentFiles: (accountId: number, clusterId: string, signal?: AbortSignal) =>
    api.get<{ items: TFile[] }>(`${clusterPath(accountId, clusterId)}/recentFiles`, { signal }),
  checks: (accountId: number, clusterId: string, signal?: AbortSignal) =>
    health<THealthChecks>(accountId, clusterId, "checks", {}, signal),
  history: (accountId: number, clusterId: string, page: number, signal?: AbortSignal) =>
    health<TCheckHistory>(accountId, clusterId, "history", { page }, signal),
  trends: (accountId: number, clusterId: string, days: number, signal?: AbortSignal) =>
    health<THealthTrends>(accountId, clusterId, "trends", { days }, signal),
  explorer: (accountId: number, clusterId: string, signal?: AbortSignal) =>
    health<THealthExplorer>(accountId, clusterId, "explorer", {}, signal),
  reports: (accountId: number, clusterId: string, page: number, signal?: AbortSignal) =>
    health<THealthReportLog>(accountId, clusterId, "reports", { page }, signal),
};

export const overviewQuery = (accountId: number | null) =>
  queryOptions({
    queryKey: clusterKeys.overview(accountId),
    queryFn: ({ signal }) => clustersApi.overview(accountId, signal),
  });

export const clusterChecksQuery = (accountId: number, clusterId: string) =>
  queryOptions({
    queryKey: clusterKeys.health(accountId, clusterId, "checks"),
    queryFn: ({ signal }) => clustersApi.checks(accountId, clusterId, signal),
  });

export const clusterQuery = (accountId: number, clusterId: string) =>
  queryOptions({
    queryKey: clusterKeys.cluster(accountId, clusterId),
    queryFn: ({ signal }) => clustersApi.get(accountId, clusterId, signal),
  });

export const clusterHistoryQuery = (accountId: number, clusterId: string, page: number) =>
  queryOptions({
    queryKey: clusterKeys.health(accountId, clusterId, "history", { page }),
    queryFn: ({ signal }) => clustersApi.history(accountId, clusterId, page, signal),
    placeholderData: (previous) => previous,
  });

export const clusterTrendsQuery = (accountId: number, clusterId: string, days: number) =>
  queryOptions({
    queryKey: clusterKeys.health(accountId, clusterId, "trends", { days }),
    queryFn: ({ signal }) => clustersApi.trends(accountId, clusterId, days, signal),
    placeholderData: (previous) => previous,
  });

export const clusterExplorerQuery = (accountId: number, clusterId: string) =>
  queryOptions({
    queryKey: clusterKeys.health(accountId, clusterId, "explorer"),
    queryFn: ({ signal }) => clustersApi.explorer(accountId, clusterId, signal),
  });

export const clusterReportsQuery = (accountId: number, clusterId: string, page: number) =>
  queryOptions({
    queryKey: clusterKeys.health(accountId, clusterId, "reports", { page }),
    queryFn: ({ signal }) => clustersApi.reports(accountId, clusterId, page, signal),
    placeholderData: (previous) => previous,
  });

export const clusterFilesQuery = (accountId: number, clusterId: string) =>
  queryOptions({
    queryKey: clusterKeys.recentFiles(accountId, clusterId),
    queryFn: ({ signal }) => clustersApi.recentFiles(accountId, clusterId, signal),
  });
