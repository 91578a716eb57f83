/**
 * Read models of clusters and their reports: the §3 Cluster as the API shows it, the /health
 * overview (worst first), the fleet summary, and the cluster page's checks, history, trends and
 * call-home log. Every query is scoped by the account acted on: another account's cluster is
 * simply not found.
 */
import { fitForecast, sortChecks } from "@portico/shared/rules/health-analysis";
import {
  FORECAST_REPORTS,
  NOT_REPORTING_AFTER_HOURS,
  SEVERITY_RANK,
  type TCheck,
  type TCluster,
  type TReportMetrics,
} from "@portico/shared/schemas/clusters";
import type { TFile } from "@portico/shared/schemas/files";
import { and, asc, desc, eq, getTableColumns, ne, sql } from "drizzle-orm";
import { accounts, type ClusterRow, clusterReports, clusters, files } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { presentFile } from "../files/files.queries";

export const HISTORY_PAGE_SIZE = 50;
export const REPORTS_PAGE_SIZE = 25;

/**
 * Not reporting: the sweep has flagged it, or nothing arrived for NOT_REPORTING_AFTER_HOURS since
 * the last report (or since registering) even if the sweep has not run yet, so the screens never
 * show a silent cluster as fine while the alert is on its way.
 */
export const notReportingSql = sql<boolean>`(${clusters.notReportingSince} is not null or coalesce(${clusters.lastReportAt}, ${clusters.createdAt}) < now() - make_interval(hours => ${NOT_REPORTING_AFTER_HOURS}))`;

/**
 * The worst failing check, computed where the row is (a list reads one check per cluster, not
 * seven): the shared worstCheck's rule, highest SEVERITY_RANK first, then the stored order,
 * which is CHECK_IDS order.
 */
const worstCheckSql = sql<TCheck | null>`(select e.value from jsonb_array_elements(${clusters.checks}) with ordinality e(value, n)
  where not (e.value->>'passed')::boolean
  order by case e.value->>'severity' ${sql.raw(
    Object.entries(SEVERITY_RANK)
      .map(([severity, rank]) => `when '${severity}' then ${rank}`)
      .join(" "),
  )} else 0 end desc, e.n limit 1)`;

// The latest report and the network counters can be megabytes (10,000 nodes): lists never read
// them, nor the checks (the worst one comes computed).
const {
  latestReport: _report,
  netCounters: _counters,
  callHomeKeyHash: _hash,
  checks: _checks,
  ...listed
} = getTableColumns(clusters);
const listColumns = { ...listed, notReporting: notReportingSql, worstCheck: worstCheckSql };
const clusterColumns = { ...listColumns, checks: clusters.checks };

export type ClusterListRow = Omit<
  ClusterRow,
  "latestReport" | "netCounters" | "callHomeKeyHash" | "checks"
> & {
  notReporting: boolean;
  worstCheck: TCheck | null;
};
/** One cluster, with its latest checks. */
export type ClusterDetailRow = ClusterListRow & { checks: TCheck[] };

export function presentCluster(row: ClusterListRow): TCluster {
  return {
    id: row.id,
    account_id: row.accountId,
    name: row.name,
    description: row.description,
    deployment_id: row.deploymentId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    summary: { storage: { total_space: Number(row.totalSpace), used_space: Number(row.usedSpace) } },
    no_of_completed_checks: row.completedChecks,
    no_of_failed_checks: row.failedChecks,
    last_report_at: row.lastReportAt?.toISOString() ?? null,
    not_reporting: row.notReporting,
    worst_check: row.worstCheck,
    call_home_key_hint: row.callHomeKeyHint,
  };
}

const inAccount = (accountId: number, clusterId: string) =>
  and(eq(clusters.accountId, accountId), eq(clusters.id, clusterId));

/** A cluster of this account (without its latest report), or undefined. */
export async function findCluster(
  exec: Executor,
  accountId: number,
  clusterId: string,
): Promise<ClusterDetailRow | undefined> {
  const [row] = await exec.select(clusterColumns).from(clusters).where(inAccount(accountId, clusterId));
  return row;
}

/** The cluster's latest report (for the explorer), null before the first; undefined when not found. */
export async function findLatestReport(exec: Executor, accountId: number, clusterId: string) {
  const [row] = await exec
    .select({ report: clusters.latestReport, at: clusters.lastReportAt })
    .from(clusters)
    .where(inAccount(accountId, clusterId));
  return row;
}

/** Every cluster of the account, worst first: worst failing check, then not reporting, then name. */
export async function listClusters(exec: Executor, accountId: number): Promise<TCluster[]> {
  const rows = await exec
    .select(listColumns)
    .from(clusters)
    .where(eq(clusters.accountId, accountId))
    .orderBy(desc(clusters.worstRank), desc(notReportingSql), asc(clusters.name), asc(clusters.id));
  return rows.map(presentCluster);
}

/** The account's fleet at a glance, in one query. */
export async function fleetSummary(exec: Executor, accountId: number) {
  const [row] = await exec
    .select({
      clusters: sql<number>`count(*)::int`,
      total_space: sql<string>`coalesce(sum(${clusters.totalSpace}), 0)`,
      used_space: sql<string>`coalesce(sum(${clusters.usedSpace}), 0)`,
      failing: sql<number>`(count(*) filter (where ${clusters.failedChecks} > 0))::int`,
      not_reporting: sql<number>`(count(*) filter (where ${notReportingSql}))::int`,
      reported_capacity: sql<
        number | null
      >`(select a.reported_capacity from ${accounts} a where a.id = ${accountId})`,
    })
    .from(clusters)
    .where(eq(clusters.accountId, accountId));
  return {
    clusters: row?.clusters ?? 0,
    total_space: Number(row?.total_space ?? 0),
    used_space: Number(row?.used_space ?? 0),
    failing: row?.failing ?? 0,
    not_reporting: row?.not_reporting ?? 0,
    reported_capacity: row?.reported_capacity ?? null,
  };
}

/** The cluster's newest files of any type but pictures, named with the cluster. */
export async function recentFiles(
  exec: Executor,
  cluster: Pick<ClusterRow, "id" | "accountId" | "name">,
  limit: number,
): Promise<TFile[]> {
  const rows = await exec
    .select()
    .from(files)
    .where(
      and(
        eq(files.accountId, cluster.accountId),
        eq(files.clusterId, cluster.id),
        ne(files.fileType, "picture"),
      ),
    )
    .orderBy(desc(files.createdAt), desc(files.uuid))
    .limit(limit);
  return rows.map((f) => ({ ...presentFile(f), cluster_name: cluster.name }));
}

/** The latest report's checks (failed first) and metrics. */
export async function latestChecks(exec: Executor, cluster: ClusterDetailRow) {
  const [report] = cluster.latestReportId
    ? await exec
        .select({ metrics: clusterReports.metrics })
        .from(clusterReports)
        .where(and(eq(clusterReports.id, cluster.latestReportId), eq(clusterReports.clusterId, cluster.id)))
    : [];
  return {
    cluster: presentCluster(cluster),
    report_id: cluster.latestReportId,
    generated_at: cluster.lastReportAt?.toISOString() ?? null,
    checks: sortChecks(cluster.checks),
    metrics: report?.metrics ?? null,
  };
}

const analysed = (clusterId: string) =>
  and(eq(clusterReports.clusterId, clusterId), eq(clusterReports.status, "analysed"));

interface HistoryRow {
  report_id: string | number;
  generated_at: string | Date;
  check: TCheck;
  previously_passed: boolean | null;
}

/**
 * The check history, newest first: each analysed report's failing checks, and every check whose
 * result changed from the report before (recoveries included), with what it was then. Passing
 * checks that stayed passing are left out: they say nothing a reader looks for.
 */
export async function checkHistory(exec: Executor, clusterId: string, page: number) {
  // Raw rows: bigint ids come as text from node-postgres, timestamps as text from either engine.
  const rows = await rowsOf<HistoryRow>(
    exec,
    sql`
    with r as (
      select ${clusterReports.id} as id, ${clusterReports.generatedAt} as generated_at, ${clusterReports.checks} as checks,
             lag(${clusterReports.checks}) over (order by ${clusterReports.generatedAt}, ${clusterReports.id}) as prev
      from ${clusterReports}
      where ${analysed(clusterId)}
    )
    select r.id as report_id, r.generated_at, c.value as "check",
           (select (p.value->>'passed')::boolean from jsonb_array_elements(r.prev) p
            where p.value->>'id' = c.value->>'id' limit 1) as previously_passed
    from r cross join lateral jsonb_array_elements(r.checks) with ordinality c(value, n)
    where (c.value->>'passed')::boolean = false
       or exists (select 1 from jsonb_array_elements(r.prev) p
                  where p.value->>'id' = c.value->>'id' and p.value->>'passed' <> c.value->>'passed')
    order by r.generated_at desc, r.id desc, c.n
    limit ${HISTORY_PAGE_SIZE + 1} offset ${(page - 1) * HISTORY_PAGE_SIZE}`,
  );
  const items = rows.map((r) => ({
    report_id: Number(r.report_id),
    generated_at: new Date(r.generated_at).toISOString(),
    check: r.check,
    previously_passed: r.previously_passed,
  }));
  return { items: items.slice(0, HISTORY_PAGE_SIZE), page, has_more: items.length > HISTORY_PAGE_SIZE };
}

/**
 * One point per analysed report within `days` of the newest one, oldest first, and the line
 * fitted through the last FORECAST_REPORTS of them (null unless it rises).
 */
export async function trends(exec: Executor, clusterId: string, days: number) {
  const metric = (key: keyof TReportMetrics) =>
    sql<number>`coalesce((${clusterReports.metrics}->>${key})::float8, 0)`;
  const newest = sql`(select max(${clusterReports.generatedAt}) from ${clusterReports} where ${analysed(clusterId)})`;
  const [points, recent] = await Promise.all([
    exec
      .select({
        report_id: clusterReports.id,
        t: clusterReports.generatedAt,
        usable_total_bytes: clusterReports.usableTotalBytes,
        usable_used_bytes: clusterReports.usableUsedBytes,
        drives_offline: metric("drives_offline"),
        network_errors_delta: metric("network_errors_delta"),
        failed_checks: clusterReports.failedChecks,
        max_drive_usage_pct: metric("max_drive_usage_pct"),
      })
      .from(clusterReports)
      .where(
        and(
          analysed(clusterId),
          sql`${clusterReports.generatedAt} >= ${newest} - make_interval(days => ${days})`,
        ),
      )
      .orderBy(asc(clusterReports.generatedAt), asc(clusterReports.id)),
    exec
      .select({
        t: clusterReports.generatedAt,
        usable_used_bytes: clusterReports.usableUsedBytes,
        usable_total_bytes: clusterReports.usableTotalBytes,
      })
      .from(clusterReports)
      .where(analysed(clusterId))
      .orderBy(desc(clusterReports.generatedAt), desc(clusterReports.id))
      .limit(FORECAST_REPORTS),
  ]);
  const fit = fitForecast(
    recent.map((r) => ({
      t: r.t?.getTime() ?? 0,
      usable_used_bytes: Number(r.usable_used_bytes ?? 0),
      usable_total_bytes: Number(r.usable_total_bytes ?? 0),
    })),
  );
  return {
    points: points.map((p) => ({
      ...p,
      t: p.t?.toISOString() ?? "",
      usable_total_bytes: Number(p.usable_total_bytes ?? 0),
      usable_used_bytes: Number(p.usable_used_bytes ?? 0),
      drives_offline: Number(p.drives_offline),
      network_errors_delta: Number(p.network_errors_delta),
      failed_checks: p.failed_checks ?? 0,
      max_drive_usage_pct: Number(p.max_drive_usage_pct),
    })),
    forecast:
      fit && fit.slope_bytes_per_day > 0
        ? {
            from: new Date(fit.from).toISOString(),
            slope_bytes_per_day: fit.slope_bytes_per_day,
            intercept_bytes: fit.intercept_bytes,
            full_at: fit.full_at === null ? null : new Date(fit.full_at).toISOString(),
          }
        : null,
  };
}

/** The call-home log, newest first, every status. */
export async function reportLog(exec: Executor, clusterId: string, page: number) {
  const rows = await exec
    .select({
      report_id: clusterReports.id,
      file_uuid: clusterReports.fileUuid,
      generated_at: clusterReports.generatedAt,
      received_at: clusterReports.receivedAt,
      status: clusterReports.status,
      error: clusterReports.error,
      failed_checks: clusterReports.failedChecks,
      size: clusterReports.size,
    })
    .from(clusterReports)
    .where(eq(clusterReports.clusterId, clusterId))
    .orderBy(desc(clusterReports.id))
    .limit(REPORTS_PAGE_SIZE + 1)
    .offset((page - 1) * REPORTS_PAGE_SIZE);
  const items = rows.slice(0, REPORTS_PAGE_SIZE).map((r) => ({
    ...r,
    generated_at: r.generated_at?.toISOString() ?? null,
    received_at: r.received_at.toISOString(),
    size: Number(r.size),
  }));
  return { items, page, has_more: rows.length > REPORTS_PAGE_SIZE };
}
