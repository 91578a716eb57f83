/**
 * A received health report becomes checks (issue 12). Receiving and analysing are apart: the
 * upload (the call-home route, or any health_report file of a cluster completing) records a
 * pending cluster_reports row and a durable `clusters.analyse-report` job in its transaction; the
 * job reads the bytes, analyses them and writes what it found. A bad report is marked failed with
 * its error and never retried (the next report is not held up by it); a storage failure throws,
 * so the job is retried with backoff.
 *
 * Only the newest report moves the cluster: its denormalised columns, the account's reported
 * capacity and the alerts. A report arriving late (older than the latest) is kept and analysed for
 * the trends and the forecast only.
 */
import {
  analyseReport,
  type NetCounters,
  newlyFailing,
  sortChecks,
  type UsagePoint,
  worstCheck,
} from "@portico/shared/rules/health-analysis";
import { FORECAST_REPORTS, SEVERITY_RANK, type TCheck } from "@portico/shared/schemas/clusters";
import {
  HEALTH_REPORT_MAX_BYTES,
  HEALTH_REPORT_MESSAGES,
  parseHealthReport,
  type THealthReport,
} from "@portico/shared/schemas/health-report";
import { MIXED_VERSIONS } from "@portico/shared/schemas/reports";
import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { accountEngineers, type ClusterRow, clusterReports, clusters, memberships } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import type { Executor, Tx } from "../../platform/db/client";
import type { JobQueue } from "../../platform/jobs/queue";
import type { Storage } from "../../platform/storage";
import { pushAlerts, type RaisedAlert, raiseAlerts } from "../alerts/alerts.service";
import { refreshReportedCapacity } from "./clusters.service";

export const ANALYSE_REPORT_JOB = "clusters.analyse-report";
const ZAnalyseJob = z.object({ report_id: z.number().int() });

/**
 * Who hears about a cluster: the owners of its account and the engineers holding a role on it.
 * Plain users of the account do not (they see the cluster's health on its page; an alert asks for
 * action, which owners and engineers take).
 */
export const clusterAlertRecipients = (accountId: number): SQL => sql`
  select ${memberships.userId} from ${memberships}
  where ${memberships.accountId} = ${accountId} and ${memberships.role} = 'owner'
  union select ${accountEngineers.userId} from ${accountEngineers}
  where ${accountEngineers.accountId} = ${accountId}`;

export const clusterLink = (cluster: Pick<ClusterRow, "id" | "accountId">) =>
  `/health/${cluster.accountId}/${cluster.id}`;

/**
 * A completed health_report file of a cluster: its pending report row and the job analysing it,
 * in the caller's transaction. Returns the report's id.
 */
export async function queueReport(
  tx: Executor,
  jobs: JobQueue,
  file: { uuid: string; accountId: number; clusterId: string; size: number },
): Promise<number> {
  const [row] = await tx
    .insert(clusterReports)
    .values({ clusterId: file.clusterId, accountId: file.accountId, fileUuid: file.uuid, size: file.size })
    .returning({ id: clusterReports.id });
  if (!row) throw new Error("report insert returned nothing");
  await jobs.enqueue(tx, ANALYSE_REPORT_JOB, { report_id: row.id });
  return row.id;
}

export interface ReportToRecord {
  /** The cluster as it is now (locked by the caller when others may write it). */
  cluster: ClusterRow;
  report: THealthReport;
  /** The received report's pending row; without it a row is added (the demo history). */
  reportId?: number | undefined;
  /** Off for the demo history: its past failures are not news. */
  alerts?: boolean;
}

export interface RecordedReport {
  reportId: number;
  /** The newest report of the cluster: it moved the cluster's state. */
  latest: boolean;
  /** The cluster after the report. */
  cluster: ClusterRow;
  /** Raised in the caller's transaction; push them after it commits. */
  alerts: RaisedAlert[];
}

function alertMessage(name: string, failing: readonly TCheck[]) {
  const [only] = failing;
  if (failing.length === 1 && only) return `${name}: ${only.title} is failing. ${only.message}`;
  return `${name}: ${failing.length} checks are failing (${failing.map((c) => c.title).join(", ")})`;
}

/** What the analysis of one report writes on its row (and hands on to the next report). */
function analysed(report: THealthReport, previous: NetCounters | null, history: readonly UsagePoint[]) {
  const analysis = analyseReport({ report, previous, history });
  const { metrics } = analysis;
  const checks = sortChecks(analysis.checks);
  const failedChecks = checks.filter((c) => !c.passed).length;
  const row = {
    status: "analysed" as const,
    error: null,
    generatedAt: new Date(report.generated_at),
    analysedAt: new Date(),
    checks,
    metrics,
    usableTotalBytes: metrics.usable_total_bytes,
    usableUsedBytes: metrics.usable_used_bytes,
    failedChecks,
  };
  return { row, counters: analysis.counters };
}

const usagePoint = (row: { generatedAt: Date; usableUsedBytes: number; usableTotalBytes: number }) => ({
  t: row.generatedAt.getTime(),
  usable_used_bytes: row.usableUsedBytes,
  usable_total_bytes: row.usableTotalBytes,
});

/** The cluster's software version: its nodes' when they agree, MIXED_VERSIONS during an upgrade. */
export function softwareVersionOf(report: THealthReport): string {
  const versions = new Set(report.nodes.map((node) => node.version));
  const [only] = versions;
  return versions.size === 1 && only !== undefined ? only : MIXED_VERSIONS;
}

/** Analyses a parsed report of `cluster` and records it: the one writer of analysed reports. */
export async function recordAnalysedReport(tx: Executor, input: ReportToRecord): Promise<RecordedReport> {
  const { cluster, report } = input;
  const generatedAt = new Date(report.generated_at);
  const latest = cluster.lastReportAt === null || generatedAt > cluster.lastReportAt;
  const earlier = await tx
    .select({
      generatedAt: clusterReports.generatedAt,
      usableUsedBytes: clusterReports.usableUsedBytes,
      usableTotalBytes: clusterReports.usableTotalBytes,
    })
    .from(clusterReports)
    .where(
      and(
        eq(clusterReports.clusterId, cluster.id),
        eq(clusterReports.status, "analysed"),
        lt(clusterReports.generatedAt, generatedAt),
      ),
    )
    .orderBy(desc(clusterReports.generatedAt))
    .limit(FORECAST_REPORTS);
  const history = earlier.map((r) =>
    usagePoint({
      generatedAt: r.generatedAt ?? new Date(0),
      usableUsedBytes: Number(r.usableUsedBytes ?? 0),
      usableTotalBytes: Number(r.usableTotalBytes ?? 0),
    }),
  );
  const { row: values, counters } = analysed(report, latest ? cluster.netCounters : null, history);
  const { checks, metrics, failedChecks: failed } = values;
  const [row] = input.reportId
    ? await tx
        .update(clusterReports)
        .set(values)
        .where(eq(clusterReports.id, input.reportId))
        .returning({ id: clusterReports.id })
    : await tx
        .insert(clusterReports)
        .values({ clusterId: cluster.id, accountId: cluster.accountId, receivedAt: generatedAt, ...values })
        .returning({ id: clusterReports.id });
  if (!row) throw new Error("report row missing");
  if (!latest) return { reportId: row.id, latest, cluster, alerts: [] };

  const worst = worstCheck(checks);
  const [updated] = await tx
    .update(clusters)
    .set({
      checks,
      completedChecks: checks.length - failed,
      failedChecks: failed,
      worstRank: worst ? SEVERITY_RANK[worst.severity] : 0,
      totalSpace: metrics.usable_total_bytes,
      usedSpace: metrics.usable_used_bytes,
      latestReport: report,
      softwareVersion: softwareVersionOf(report),
      netCounters: counters,
      lastReportAt: generatedAt,
      latestReportId: row.id,
      notReportingSince: null,
      updatedAt: sql`now()`,
    })
    .where(eq(clusters.id, cluster.id))
    .returning();
  if (!updated) throw new Error("cluster row missing");
  await refreshReportedCapacity(tx, cluster.accountId);

  const failing = input.alerts === false ? [] : newlyFailing(cluster.checks, checks);
  const alerts =
    failing.length === 0
      ? []
      : await raiseAlerts(tx, {
          type: "CLUSTER_CHECK",
          userIds: clusterAlertRecipients(cluster.accountId),
          message: alertMessage(cluster.name, failing),
          link: clusterLink(cluster),
          accountId: cluster.accountId,
          data: { cluster_id: cluster.id, report_id: row.id, checks: failing.map((c) => c.id) },
        });
  return { reportId: row.id, latest, cluster: updated, alerts };
}

/**
 * A new cluster's past reports at once, oldest first (the demo history): each analysed as if it
 * had arrived in turn, all but the newest written in one insert, the newest recorded like a
 * received report (it moves the cluster and, with `alerts`, alerts what fails in it).
 */
export async function recordReportHistory(
  tx: Executor,
  cluster: ClusterRow,
  reports: readonly THealthReport[],
  opts: { alerts: boolean },
): Promise<RecordedReport | undefined> {
  const newest = reports.at(-1);
  if (!newest) return undefined;
  const history: UsagePoint[] = [];
  let previous: NetCounters | null = null;
  let checks: TCheck[] = [];
  const rows = reports.slice(0, -1).map((report) => {
    const next = analysed(report, previous, history.slice(-FORECAST_REPORTS));
    previous = next.counters;
    checks = next.row.checks;
    history.push(usagePoint(next.row));
    return {
      clusterId: cluster.id,
      accountId: cluster.accountId,
      receivedAt: next.row.generatedAt,
      ...next.row,
    };
  });
  if (rows.length > 0) await tx.insert(clusterReports).values(rows);
  const before = {
    ...cluster,
    checks,
    netCounters: previous,
    lastReportAt: rows.at(-1)?.generatedAt ?? null,
  };
  return recordAnalysedReport(tx, { cluster: before, report: newest, alerts: opts.alerts });
}

async function readReport(storage: Storage, uuid: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(uuid)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

async function markFailed(tx: Tx, reportId: number, error: string) {
  await tx
    .update(clusterReports)
    .set({ status: "failed", error, analysedAt: new Date() })
    .where(eq(clusterReports.id, reportId));
}

export function registerIngestJob(ctx: AppContext) {
  ctx.jobs.register(ANALYSE_REPORT_JOB, async (tx, payload, afterCommit) => {
    const { report_id } = ZAnalyseJob.parse(payload);
    const [row] = await tx.select().from(clusterReports).where(eq(clusterReports.id, report_id));
    if (row?.status !== "pending") return;
    // Locked: two instances analysing two reports of one cluster write its latest state in turn.
    // "No key update" lets uploads naming the cluster (a foreign-key share lock) go on meanwhile.
    const [cluster] = await tx
      .select()
      .from(clusters)
      .where(eq(clusters.id, row.clusterId))
      .for("no key update");
    if (!cluster) return;
    if (!row.fileUuid) return markFailed(tx, row.id, "The report's file was deleted before it was analysed");
    if (row.size > HEALTH_REPORT_MAX_BYTES) return markFailed(tx, row.id, HEALTH_REPORT_MESSAGES.tooLarge);
    const parsed = parseHealthReport(await readReport(ctx.storage, row.fileUuid));
    if (!parsed.ok) return markFailed(tx, row.id, parsed.error);
    if (parsed.report.deployment_id !== cluster.deploymentId) {
      return markFailed(tx, row.id, HEALTH_REPORT_MESSAGES.otherCluster);
    }
    const { alerts } = await recordAnalysedReport(tx, { cluster, report: parsed.report, reportId: row.id });
    afterCommit(() => void pushAlerts(ctx.realtime, null, alerts));
  });
}
