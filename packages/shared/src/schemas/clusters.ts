/**
 * Clusters and their health (spec §3 Cluster; §7.1 accounts/{id}/clusters; §7.3 cluster/register,
 * health {accId, clusterId, reqType}, health/checks; routes /health, /health/{accountId}/{clusterId},
 * /cluster/register). A cluster belongs to one account, is known by its deployment id (registering
 * it again is idempotent), calls home with its own key, and its reports are analysed into checks.
 */
import { MAX_ID, zId, zIdText, zIntText } from "../validation";
import { z } from "../zod";

export const CLUSTER_NAME_MAX_LENGTH = 100;
export const CLUSTER_DESCRIPTION_MAX_LENGTH = 500;
/** A cluster that has not reported for this long is "not reporting" (and raises an alert once). */
export const NOT_REPORTING_AFTER_HOURS = 25;
/** The call-home key's visible prefix, so secret scanners can recognise a leaked one. */
export const CALL_HOME_KEY_PREFIX = "portico_ck_";
/** Reports kept for trends and the forecast fit. */
export const FORECAST_REPORTS = 30;
export const TREND_DAYS_DEFAULT = 30;
export const TREND_DAYS_MAX = 365;
export const DELETE_CLUSTERS_MAX = 500;

export const CLUSTER_MESSAGES = {
  nameRequired: "Cluster name is required",
  nameTooLong: `Cluster name cannot be longer than ${CLUSTER_NAME_MAX_LENGTH} characters`,
  descriptionTooLong: `Description cannot be longer than ${CLUSTER_DESCRIPTION_MAX_LENGTH} characters`,
  deploymentId: "Deployment id must be 1 to 64 letters, digits, hyphens or underscores",
  clusterNotFound: "Cluster not found",
  ownersOnly: "Only an owner of the organization or an engineer can do this",
  nothingToChange: "Give a name or a description to change",
  nothingToDelete: "Choose the clusters to delete, or delete all",
  deleteAccountMismatch: "account_id does not match the organization acted on",
  callHomeKey: "A valid call-home key is required",
  explorerNotAvailable: "The cluster explorer is not available for your organization yet",
  /** reqType answered before any report was analysed. */
  noReport: "This cluster has not sent a health report yet",
} as const;

const optionalText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const clusterId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, CLUSTER_MESSAGES.clusterNotFound);
const name = z
  .string({ error: CLUSTER_MESSAGES.nameRequired })
  .trim()
  .min(1, CLUSTER_MESSAGES.nameRequired)
  .max(CLUSTER_NAME_MAX_LENGTH, CLUSTER_MESSAGES.nameTooLong);
const description = z
  .string()
  .trim()
  .max(CLUSTER_DESCRIPTION_MAX_LENGTH, CLUSTER_MESSAGES.descriptionTooLong);
export const deploymentId = z
  .string({ error: CLUSTER_MESSAGES.deploymentId })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, CLUSTER_MESSAGES.deploymentId);

// ---- checks ---------------------------------------------------------------------------------

export const CHECK_SEVERITIES = ["info", "warning", "critical"] as const;
export type CheckSeverity = (typeof CHECK_SEVERITIES)[number];
/** Higher is worse; the overview shows each cluster's worst failing check. */
export const SEVERITY_RANK: Readonly<Record<CheckSeverity, number>> = { info: 0, warning: 1, critical: 2 };

/** The checks every report is analysed into (rules/health-analysis.ts documents each). */
export const CHECK_IDS = [
  "drives_offline",
  "drive_usage",
  "version_skew",
  "clock_drift",
  "erasure_sets",
  "network_errors",
  "capacity_forecast",
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export const ZCheck = z.object({
  id: z.enum(CHECK_IDS),
  title: z.string(),
  /** How bad a failure is; "info" when passed. */
  severity: z.enum(CHECK_SEVERITIES),
  passed: z.boolean(),
  message: z.string(),
  /** What to do about it; "" when passed. */
  advice: z.string(),
});
export type TCheck = z.infer<typeof ZCheck>;

/** What the analysis measures in one report (trends are drawn from these). */
export const ZReportMetrics = z.object({
  nodes: z.number(),
  drives: z.number(),
  drives_offline: z.number(),
  raw_total_bytes: z.number(),
  raw_used_bytes: z.number(),
  /** After erasure coding: what the customer can store. */
  usable_total_bytes: z.number(),
  usable_used_bytes: z.number(),
  max_drive_usage_pct: z.number(),
  versions: z.array(z.string()),
  max_clock_drift_ms: z.number(),
  /** New network errors since the previous report (0 for the first). */
  network_errors_delta: z.number(),
  erasure_sets: z.number(),
  erasure_sets_degraded: z.number(),
  erasure_sets_offline: z.number(),
  /** Days until full at the fitted rate; null when usage is flat or falling, or too few reports. */
  days_to_full: z.number().nullable(),
});
export type TReportMetrics = z.infer<typeof ZReportMetrics>;

// ---- clusters -------------------------------------------------------------------------------

export const ZCluster = z.object({
  id: z.string(),
  account_id: z.number(),
  name: z.string(),
  description: z.string(),
  deployment_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Usable capacity from the latest report (spec §3 summary.storage). */
  summary: z.object({ storage: z.object({ total_space: z.number(), used_space: z.number() }) }),
  no_of_completed_checks: z.number(),
  no_of_failed_checks: z.number(),
  /** generated_at of the newest analysed report; null before the first. */
  last_report_at: z.string().nullable(),
  /** No report for NOT_REPORTING_AFTER_HOURS (or never, that long after registering). */
  not_reporting: z.boolean(),
  /** The worst failing check of the latest report, or null when all pass. */
  worst_check: ZCheck.nullable(),
  /** The key's prefix and last four characters, e.g. portico_ck_…a1b2; the key itself is shown once. */
  call_home_key_hint: z.string().nullable(),
});
export type TCluster = z.infer<typeof ZCluster>;

export const ZClusterList = z.object({ items: z.array(ZCluster) });

/** GET accounts/{id}/clusters/summary: the account's fleet at a glance. */
export const ZClusterFleetSummary = z.object({
  clusters: z.number(),
  total_space: z.number(),
  used_space: z.number(),
  failing: z.number(),
  not_reporting: z.number(),
  /** The account's reported_capacity (integer TiB, the sum of usable totals). */
  reported_capacity: z.number().nullable(),
});

/** POST /api/cluster/register?aid (owners and engineers; issue 13 adds the registration key). */
export const ZRegisterClusterRequest = z.object({
  name,
  description: description.default(""),
  deployment_id: deploymentId,
});
export type TRegisterClusterRequest = z.input<typeof ZRegisterClusterRequest>;

export const ZRegisterClusterResponse = z.object({
  cluster: ZCluster,
  /** false when the deployment id was already registered in this account (same cluster back). */
  created: z.boolean(),
  /** The call-home key, only when the cluster was created (else rotate it to get a new one). */
  call_home_key: z.string().nullable(),
});

/** POST accounts/{id}/clusters/{clusterId}/call-home-key: a new key; the old one stops at once. */
export const ZCallHomeKeyResponse = z.object({ call_home_key: z.string(), cluster: ZCluster });

export const ZAccountClusterParams = z.object({ id: zIdText("account id"), clusterId });
export const ZAccountParams = z.object({ id: zIdText("account id") });

/** PUT accounts/{id}/clusters/{clusterId} */
export const ZUpdateClusterRequest = z
  .object({ name: name.optional(), description: description.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined, {
    message: CLUSTER_MESSAGES.nothingToChange,
  });

/** POST accounts/{id}/delete-clusters (spec §7.1), confirmed in the screen. */
export const ZDeleteClustersRequest = z
  .object({
    account_id: zId("account_id"),
    cluster_ids: z.array(clusterId).max(DELETE_CLUSTERS_MAX).default([]),
    delete_all: z.boolean().default(false),
  })
  .refine((b) => b.delete_all || b.cluster_ids.length > 0, { message: CLUSTER_MESSAGES.nothingToDelete });
export const ZDeleteClustersResponse = z.object({ deleted: z.number() });

/** GET accounts/{id}/clusters/{clusterId}/recentFiles: its newest files (any type but pictures). */
export const ZRecentFilesQuery = z.object({ limit: optionalText(zIntText("limit", 1, 50)).default(10) });

// ---- health (§7.3) ----------------------------------------------------------------------------

/** GET /api/health (no query): every cluster of the account acted on (aid), worst first. */
export const ZHealthOverview = z.object({
  items: z.array(ZCluster),
  /** Counts over the whole account. */
  summary: ZClusterFleetSummary,
});

export const HEALTH_REQ_TYPES = ["checks", "history", "trends", "explorer", "reports"] as const;
export type HealthReqType = (typeof HEALTH_REQ_TYPES)[number];

/**
 * GET /api/health?accId&clusterId&reqType (+ days for trends, page for history and reports).
 * Without clusterId: the overview (ZHealthOverview) of accId (else aid, else the caller's
 * organization).
 */
export const ZHealthQuery = z.object({
  accId: optionalText(zIdText("accId")),
  clusterId: optionalText(clusterId),
  reqType: z.enum(HEALTH_REQ_TYPES).default("checks"),
  days: optionalText(zIntText("days", 1, TREND_DAYS_MAX)).default(TREND_DAYS_DEFAULT),
  page: optionalText(zIntText("page", 1, MAX_ID)).default(1),
});

/** reqType=checks and GET /api/health/checks: the latest report's checks, failed first. */
export const ZHealthChecks = z.object({
  cluster: ZCluster,
  report_id: z.number().nullable(),
  generated_at: z.string().nullable(),
  checks: z.array(ZCheck),
  metrics: ZReportMetrics.nullable(),
});

/**
 * reqType=history, newest first, 50 per page: each analysed report's failing checks, and every
 * check whose result changed from the report before (recoveries included). Checks that stayed
 * passing are left out.
 */
export const ZCheckHistory = z.object({
  items: z.array(
    z.object({
      report_id: z.number(),
      generated_at: z.string(),
      check: ZCheck,
      /** What the check was in the report before (null for the first report). */
      previously_passed: z.boolean().nullable(),
    }),
  ),
  page: z.number(),
  has_more: z.boolean(),
});

/** reqType=trends: one point per analysed report in the window, oldest first, and the fitted line. */
export const ZTrendPoint = z.object({
  report_id: z.number(),
  t: z.string(),
  usable_total_bytes: z.number(),
  usable_used_bytes: z.number(),
  drives_offline: z.number(),
  network_errors_delta: z.number(),
  failed_checks: z.number(),
  max_drive_usage_pct: z.number(),
});
export const ZHealthTrends = z.object({
  points: z.array(ZTrendPoint),
  /** used = slope_bytes_per_day × days since `from` + intercept_bytes; null without a rising fit. */
  forecast: z
    .object({
      from: z.string(),
      slope_bytes_per_day: z.number(),
      intercept_bytes: z.number(),
      full_at: z.string().nullable(),
    })
    .nullable(),
});

export const REPORT_STATES = ["pending", "analysed", "failed"] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** reqType=reports: the call-home log, newest first, bad reports included with their error. */
export const ZHealthReportLog = z.object({
  items: z.array(
    z.object({
      report_id: z.number(),
      file_uuid: z.string().nullable(),
      generated_at: z.string().nullable(),
      received_at: z.string(),
      status: z.enum(REPORT_STATES),
      error: z.string().nullable(),
      failed_checks: z.number().nullable(),
      size: z.number(),
    }),
  ),
  page: z.number(),
  has_more: z.boolean(),
});

/** reqType=explorer: the latest report as a tree (nodes → drives, erasure sets → drives). */
export type ExplorerKind = "cluster" | "nodes" | "node" | "sets" | "set" | "drive";
export interface TExplorerItem {
  /** Unique in the tree, e.g. "node:host-1" or "set:0:3" or "drive:host-1:/mnt/d1". */
  key: string;
  kind: ExplorerKind;
  label: string;
  /** ok, a drive state, or an erasure set's health; the worst below for groups. */
  state: string;
  total_bytes: number;
  used_bytes: number;
  /** e.g. the node's version and uptime, an erasure set's data+parity. */
  detail: string;
  children: TExplorerItem[];
}
/**
 * The tree has four levels (cluster → group → node or set → drive), so its schema is written out
 * level by level rather than recursively: a recursive schema becomes a $ref the OpenAPI document
 * cannot resolve, and Swagger UI stops rendering at it.
 */
const explorerItem = <C extends z.ZodTypeAny>(children: C) =>
  z.object({
    key: z.string(),
    kind: z.enum(["cluster", "nodes", "node", "sets", "set", "drive"]),
    label: z.string(),
    state: z.string(),
    total_bytes: z.number(),
    used_bytes: z.number(),
    detail: z.string(),
    children: z.array(children),
  });
const explorerDrive = explorerItem(z.never());
export const ZExplorerItem: z.ZodType<TExplorerItem> = explorerItem(
  explorerItem(explorerItem(explorerDrive)),
);
export const ZHealthExplorer = z.object({ generated_at: z.string(), root: ZExplorerItem });

/** POST /api/health/report: 202, the report stored and queued for analysis. */
export const ZReportAccepted = z.object({
  report_id: z.number(),
  cluster_id: z.string(),
  file_uuid: z.string(),
  status: z.enum(REPORT_STATES),
});
