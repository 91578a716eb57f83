/**
 * The clusters report (§7.1 reports clusters): customer clusters now by software version and
 * health, and how many were registered per bucket of the range; the CSV of every cluster.
 */
import {
  CLUSTER_HEALTHS,
  type ClusterHealth,
  type TClustersReport,
  type TReportRange,
} from "@portico/shared/schemas/reports";
import { sql } from "drizzle-orm";
import { accounts, clusters } from "../../db/schema";
import { csvLines, toCsv } from "../../platform/csv";
import type { Executor } from "../../platform/db/client";
import { inRange, isoOf, rangeStart } from "../../platform/db/range-sql";
import { rowsOf } from "../../platform/db/rows";
import { notReportingSql } from "../clusters/clusters.queries";
import { cumulative, fillSeries, ofCustomerAccount, type PeriodCount, periodOf, today } from "./report-sql";

/** First that applies: never reported, not reporting (the clusters module's rule), the worst failing check, else healthy. */
const healthSql = sql<ClusterHealth>`(case
  when ${clusters.lastReportAt} is null then 'no_report'
  when ${notReportingSql} then 'not_reporting'
  when ${clusters.worstRank} >= 2 then 'critical'
  when ${clusters.worstRank} = 1 then 'warning'
  else 'healthy' end)`;

const customerCluster = ofCustomerAccount(clusters.accountId);

export async function clustersReport(exec: Executor, range: TReportRange): Promise<TClustersReport> {
  const [[totals], health, versions, counts, [before]] = await Promise.all([
    rowsOf<{ clusters: number; accounts: number; total_bytes: number; used_bytes: number }>(
      exec,
      sql`select count(*)::int as clusters, count(distinct ${clusters.accountId})::int as accounts,
        coalesce(sum(${clusters.totalSpace}), 0)::float8 as total_bytes,
        coalesce(sum(${clusters.usedSpace}), 0)::float8 as used_bytes
      from ${clusters} where ${customerCluster}`,
    ),
    rowsOf<{ health: ClusterHealth; clusters: number }>(
      exec,
      sql`select ${healthSql} as health, count(*)::int as clusters
      from ${clusters} where ${customerCluster} group by 1`,
    ),
    rowsOf<{ version: string | null; clusters: number; accounts: number }>(
      exec,
      sql`select ${clusters.softwareVersion} as version, count(*)::int as clusters,
        count(distinct ${clusters.accountId})::int as accounts
      from ${clusters} where ${customerCluster}
      group by 1 order by 2 desc, 1 asc nulls last`,
    ),
    rowsOf<PeriodCount>(
      exec,
      sql`select 'new_clusters' as kind, ${periodOf(clusters.createdAt, range.bucket)} as period, count(*)::int as n
      from ${clusters} where ${customerCluster} and ${inRange(clusters.createdAt, range)}
      group by 1, 2`,
    ),
    rowsOf<{ n: number }>(
      exec,
      sql`select count(*)::int as n from ${clusters}
      where ${customerCluster} and ${clusters.createdAt} < ${rangeStart(range)}`,
    ),
  ]);
  const series = fillSeries(range, ["new_clusters"], counts);
  const running = cumulative(series, "new_clusters", Number(before?.n ?? 0));
  const byHealth = new Map(health.map((h) => [h.health, Number(h.clusters)]));
  return {
    range,
    totals: {
      clusters: Number(totals?.clusters ?? 0),
      accounts: Number(totals?.accounts ?? 0),
      total_bytes: Number(totals?.total_bytes ?? 0),
      used_bytes: Number(totals?.used_bytes ?? 0),
    },
    by_version: versions.map((v) => ({
      version: v.version,
      clusters: Number(v.clusters),
      accounts: Number(v.accounts),
    })),
    by_health: CLUSTER_HEALTHS.map((h) => ({ health: h, clusters: byHealth.get(h) ?? 0 })),
    registered: series.map((row, i) => ({
      period: row.period,
      new_clusters: row.new_clusters,
      total_clusters: running[i] ?? 0,
    })),
  };
}

export const CLUSTERS_CSV_COLUMNS = [
  "cluster_id",
  "name",
  "account_id",
  "company",
  "version",
  "health",
  "total_bytes",
  "used_bytes",
  "last_report_at",
  "registered_at",
] as const;

export const clustersCsvFilename = (now = new Date()) => `clusters-report-${today(now)}.csv`;

const BATCH = 1000;

interface ClusterCsvRow {
  id: string;
  name: string;
  account_id: number;
  company: string;
  version: string | null;
  health: ClusterHealth;
  total_bytes: number;
  used_bytes: number;
  last_report_at: Date | string | null;
  created_at: Date | string;
}

/** Every customer cluster by organization then name, read in batches (keyset on account, name, id). */
export async function clustersCsv(exec: Executor): Promise<string> {
  const parts = [toCsv(CLUSTERS_CSV_COLUMNS, [])];
  let after: ClusterCsvRow | undefined;
  for (;;) {
    const rows: ClusterCsvRow[] = await rowsOf<ClusterCsvRow>(
      exec,
      sql`select ${clusters.id} as id, ${clusters.name} as name, ${clusters.accountId} as account_id,
        ${accounts.company} as company, ${clusters.softwareVersion} as version, ${healthSql} as health,
        ${clusters.totalSpace}::float8 as total_bytes, ${clusters.usedSpace}::float8 as used_bytes,
        ${clusters.lastReportAt} as last_report_at, ${clusters.createdAt} as created_at
      from ${clusters} join ${accounts} on ${accounts.id} = ${clusters.accountId}
      where ${customerCluster}
        ${after ? sql`and (${clusters.accountId}, ${clusters.name}, ${clusters.id}) > (${after.account_id}, ${after.name}, ${after.id})` : sql``}
      order by ${clusters.accountId}, ${clusters.name}, ${clusters.id}
      limit ${BATCH}`,
    );
    parts.push(
      csvLines(
        rows.map((row) => [
          row.id,
          row.name,
          Number(row.account_id),
          row.company,
          row.version,
          row.health,
          Number(row.total_bytes),
          Number(row.used_bytes),
          isoOf(row.last_report_at),
          isoOf(row.created_at),
        ]),
      ),
    );
    after = rows.at(-1);
    if (!after || rows.length < BATCH) break;
  }
  return parts.join("");
}
