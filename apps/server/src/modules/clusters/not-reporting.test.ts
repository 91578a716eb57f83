import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { alerts, clusters, jobs } from "../../db/schema";
import { castSuite } from "../conversations/test-fixtures";
import { ensureSweepScheduled, NOT_REPORTING_JOB, notReportingMessage } from "./not-reporting";
import { clusterRow, insertCluster, reportOf, sendReport } from "./reports-test-kit";

const s = castSuite();
const HOUR = 3600_000;

const pendingSweeps = () =>
  s.t.db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, NOT_REPORTING_JOB), isNull(jobs.failedAt)));
/** Makes the pending sweep due and runs it. */
async function sweep() {
  await s.t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, NOT_REPORTING_JOB));
  await s.t.app.ctx.jobs.flush();
}
const quietAlerts = (clusterId: string) =>
  s.t.db
    .select({ message: alerts.message, link: alerts.link })
    .from(alerts)
    .where(and(eq(alerts.type, "CLUSTER_NOT_REPORTING"), sql`${alerts.data}->>'cluster_id' = ${clusterId}`));

describe("the not-reporting sweep", () => {
  it("is pending exactly once from start-up on, and each run schedules the next in an hour", async () => {
    expect(await pendingSweeps()).toHaveLength(1);
    await ensureSweepScheduled(s.t.app.ctx);
    expect(await pendingSweeps()).toHaveLength(1);
    const before = Date.now();
    await sweep();
    const [next] = await pendingSweeps();
    expect(await pendingSweeps()).toHaveLength(1);
    expect(next?.runAt.getTime()).toBeGreaterThanOrEqual(before + HOUR - 1000);
  });

  it("flags a cluster silent for 25 hours once, and its next report clears the flag", async () => {
    const quiet = await insertCluster(s.t.db, s.cast.orgA.id, { name: "backup-west" });
    const fresh = await insertCluster(s.t.db, s.cast.orgA.id);
    const longAgo = new Date(Date.now() - 26 * HOUR);
    await s.t.db.update(clusters).set({ createdAt: longAgo }).where(eq(clusters.id, quiet.id));

    await sweep();
    expect((await clusterRow(s.t.db, quiet.id)).notReportingSince).not.toBeNull();
    expect((await clusterRow(s.t.db, fresh.id)).notReportingSince).toBeNull();
    const raised = await quietAlerts(quiet.id);
    // The owner of the account (the plain user hears nothing).
    expect(raised).toEqual([
      { message: notReportingMessage("backup-west"), link: `/health/${s.cast.orgA.id}/${quiet.id}` },
    ]);
    expect(notReportingMessage("backup-west")).toBe("backup-west has not reported for 25 hours");

    await sweep();
    expect(await quietAlerts(quiet.id)).toHaveLength(1);

    expect((await sendReport(s.t.app, quiet.key, reportOf(quiet))).status).toBe(202);
    await s.t.app.ctx.jobs.flush();
    expect((await clusterRow(s.t.db, quiet.id)).notReportingSince).toBeNull();
  });

  it("flags a cluster whose last report is older than 25 hours", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const old = new Date(Date.now() - 30 * HOUR);
    expect((await sendReport(s.t.app, cluster.key, reportOf(cluster, { at: old }))).status).toBe(202);
    await s.t.app.ctx.jobs.flush();
    await sweep();
    expect(await quietAlerts(cluster.id)).toHaveLength(1);
  });
});
