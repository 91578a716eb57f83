/**
 * Clusters that stopped calling home. An hourly durable job flags every cluster without a report
 * (or, never having sent one, registered) for NOT_REPORTING_AFTER_HOURS, and alerts its owners and
 * engineers once; the cluster's next analysed report clears the flag (ingest.ts).
 *
 * The sweep keeps itself going: each run enqueues the next in its own transaction, and start-up
 * adds one when none is pending (a new database, or one that gave up after its retries), under an
 * advisory lock so instances starting together add one between them.
 */
import { NOT_REPORTING_AFTER_HOURS } from "@portico/shared/schemas/clusters";
import { and, eq, isNull, sql } from "drizzle-orm";
import { clusters, jobs } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { pushAlerts, type RaisedAlert, raiseAlerts } from "../alerts/alerts.service";
import { clusterAlertRecipients, clusterLink } from "./ingest";

export const NOT_REPORTING_JOB = "clusters.not-reporting-sweep";
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Any fixed key: the start-up check of the sweep's pending row. */
const SWEEP_LOCK = 720_012;

export const notReportingMessage = (name: string) =>
  `${name} has not reported for ${NOT_REPORTING_AFTER_HOURS} hours`;

/** Flags the clusters gone quiet and alerts for each; returns the alerts to push after commit. */
export async function sweepNotReporting(tx: Executor): Promise<RaisedAlert[]> {
  const quiet = await tx
    .update(clusters)
    .set({ notReportingSince: sql`now()` })
    .where(
      and(
        isNull(clusters.notReportingSince),
        sql`coalesce(${clusters.lastReportAt}, ${clusters.createdAt}) < now() - make_interval(hours => ${NOT_REPORTING_AFTER_HOURS})`,
      ),
    )
    .returning({ id: clusters.id, accountId: clusters.accountId, name: clusters.name });
  const raised: RaisedAlert[] = [];
  for (const cluster of quiet) {
    raised.push(
      ...(await raiseAlerts(tx, {
        type: "CLUSTER_NOT_REPORTING",
        userIds: clusterAlertRecipients(cluster.accountId),
        message: notReportingMessage(cluster.name),
        link: clusterLink(cluster),
        accountId: cluster.accountId,
        data: { cluster_id: cluster.id },
      })),
    );
  }
  return raised;
}

/** Exactly one sweep pending: added at start-up when there is none. */
export async function ensureSweepScheduled(ctx: AppContext) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, NOT_REPORTING_JOB), isNull(jobs.failedAt)))
      .limit(1);
    if (!pending) await ctx.jobs.enqueue(tx, NOT_REPORTING_JOB, {}, new Date(Date.now() + SWEEP_EVERY_MS));
  });
}

export function registerNotReportingJob(ctx: AppContext) {
  ctx.jobs.register(NOT_REPORTING_JOB, async (tx, _payload, afterCommit) => {
    const raised = await sweepNotReporting(tx);
    await ctx.jobs.enqueue(tx, NOT_REPORTING_JOB, {}, new Date(Date.now() + SWEEP_EVERY_MS));
    afterCommit(() => void pushAlerts(ctx.realtime, null, raised));
  });
}
