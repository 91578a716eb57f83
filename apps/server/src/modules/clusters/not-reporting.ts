/**
 * Clusters that stopped calling home. An hourly durable job flags every cluster without a report
 * (or, never having sent one, registered) for NOT_REPORTING_AFTER_HOURS, and alerts its owners and
 * engineers once; the cluster's next analysed report clears the flag (ingest.ts).
 *
 * The sweep keeps itself going (platform/jobs/recurring.ts): each run plans the next, and start-up
 * adds one when none is pending.
 */
import { NOT_REPORTING_AFTER_HOURS } from "@portico/shared/schemas/clusters";
import { and, isNull, sql } from "drizzle-orm";
import { clusters } from "../../db/schema";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { ensureRecurringJob, type RecurringJob, registerRecurringJob } from "../../platform/jobs/recurring";
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

const SWEEP: RecurringJob = { kind: NOT_REPORTING_JOB, lockKey: SWEEP_LOCK, everyMs: SWEEP_EVERY_MS };

/** Exactly one sweep pending: added at start-up when there is none. */
export const ensureSweepScheduled = (ctx: AppContext) => ensureRecurringJob(ctx, SWEEP);

export function registerNotReportingJob(ctx: AppContext) {
  registerRecurringJob(ctx.jobs, SWEEP, async (tx, _payload, afterCommit) => {
    const raised = await sweepNotReporting(tx);
    afterCommit(() => void pushAlerts(ctx.realtime, null, raised));
  });
}
