/** Shared by the clusters API tests: calls through the real app, clusters, and report rows written directly. */
import { CHECK_IDS, type CheckId, type TCheck, type TReportMetrics } from "@portico/shared/schemas/clusters";
import type { THealthReport } from "@portico/shared/schemas/health-report";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { App } from "../../app";
import { clusterReports, clusters } from "../../db/schema";
import type { TestContext } from "../../test/helper";
import type { Frame } from "../conversations/chat-test-client";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** A call with an optional bearer header (none: the signed-out caller). */
export async function inject(
  app: App,
  authorization: string | undefined,
  method: Method,
  url: string,
  payload?: object,
) {
  const res = await app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as Frame };
}

let seq = 0;
export const deploymentIdOf = (label: string) => `${label}-${process.pid}-${++seq}`;

/** Registers a cluster as `authorization` (201 expected) and returns it. */
export async function registered(app: App, authorization: string, accountId: number, name = "Primary") {
  const res = await inject(app, authorization, "POST", `/api/cluster/register?aid=${accountId}`, {
    name,
    deployment_id: deploymentIdOf(name.replace(/\W/g, "")),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.cluster as Frame & { id: string; account_id: number };
}

const TITLES: Record<CheckId, string> = Object.fromEntries(CHECK_IDS.map((id) => [id, id])) as Record<
  CheckId,
  string
>;

/** Every check, passing except those named (critical when failing). */
export function checksFailing(...failing: CheckId[]): TCheck[] {
  return CHECK_IDS.map((id) => {
    const failed = failing.includes(id);
    return {
      id,
      title: TITLES[id],
      severity: failed ? "critical" : "info",
      passed: !failed,
      message: failed ? `${id} failed` : `${id} fine`,
      advice: failed ? `fix ${id}` : "",
    };
  });
}

export function metrics(used: number, total = 100 * 2 ** 40): TReportMetrics {
  return {
    nodes: 4,
    drives: 32,
    drives_offline: 0,
    raw_total_bytes: total * 2,
    raw_used_bytes: used * 2,
    usable_total_bytes: total,
    usable_used_bytes: used,
    max_drive_usage_pct: (used / total) * 100,
    versions: ["2026.10.1"],
    max_clock_drift_ms: 10,
    network_errors_delta: 0,
    erasure_sets: 2,
    erasure_sets_degraded: 0,
    erasure_sets_offline: 0,
    days_to_full: null,
  };
}

export interface SeededReport {
  at: Date;
  status?: "pending" | "analysed" | "failed";
  checks?: TCheck[];
  used?: number;
  error?: string;
}

/**
 * Report rows of a cluster, as the analysis job leaves them; the newest analysed one also moves
 * the cluster's own columns (checks, usage, last report). Returns the rows' ids in order.
 */
export async function seedReports(
  t: TestContext,
  cluster: { id: string; account_id: number },
  reports: SeededReport[],
  latestReport?: THealthReport,
): Promise<number[]> {
  const rows = await t.db
    .insert(clusterReports)
    .values(
      reports.map((r) => {
        const status = r.status ?? "analysed";
        const checks = r.checks ?? checksFailing();
        const m = metrics(r.used ?? 10 * 2 ** 40);
        const done = status === "analysed";
        return {
          clusterId: cluster.id,
          accountId: cluster.account_id,
          size: 1000,
          status,
          error: r.error ?? null,
          generatedAt: status === "pending" ? null : r.at,
          receivedAt: r.at,
          analysedAt: done ? r.at : null,
          checks: done ? checks : null,
          metrics: done ? m : null,
          usableTotalBytes: done ? m.usable_total_bytes : null,
          usableUsedBytes: done ? m.usable_used_bytes : null,
          failedChecks: done ? checks.filter((c) => !c.passed).length : null,
        };
      }),
    )
    .returning({ id: clusterReports.id });
  const analysed = reports
    .map((r, i) => ({ r, id: rows[i]?.id ?? 0 }))
    .filter(({ r }) => (r.status ?? "analysed") === "analysed")
    .sort((a, b) => a.r.at.getTime() - b.r.at.getTime());
  const newest = analysed.at(-1);
  if (newest) {
    const checks = newest.r.checks ?? checksFailing();
    const failed = checks.filter((c) => !c.passed);
    const m = metrics(newest.r.used ?? 10 * 2 ** 40);
    await t.db
      .update(clusters)
      .set({
        lastReportAt: newest.r.at,
        latestReportId: newest.id,
        totalSpace: m.usable_total_bytes,
        usedSpace: m.usable_used_bytes,
        completedChecks: checks.length,
        failedChecks: failed.length,
        worstRank: failed.length > 0 ? 2 : 0,
        checks,
        latestReport: latestReport ?? null,
      })
      .where(eq(clusters.id, cluster.id));
  }
  return rows.map((r) => r.id);
}

export const daysAgo = (days: number, from = Date.now()) => new Date(from - days * 86_400_000);
