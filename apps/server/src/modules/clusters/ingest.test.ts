import { CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import { HEALTH_REPORT_MESSAGES } from "@portico/shared/schemas/health-report";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  accountEngineers,
  accounts,
  alerts,
  clusterReports,
  files,
  jobs,
  memberships,
} from "../../db/schema";
import { createAccount, createUser, multipart, signIn } from "../../test/helper";
import { castSuite } from "../conversations/test-fixtures";
import { encodeMetadata } from "../files/files-test-kit";
import { ANALYSE_REPORT_JOB } from "./ingest";
import { clusterRow, insertCluster, reportOf, sendReport } from "./reports-test-kit";

const s = castSuite({ listen: true });
const flush = () => s.t.app.ctx.jobs.flush();
const HOUR = 3600_000;

const reportsOf = (clusterId: string) =>
  s.t.db
    .select()
    .from(clusterReports)
    .where(eq(clusterReports.clusterId, clusterId))
    .orderBy(clusterReports.id);
const clusterAlerts = (clusterId: string) =>
  s.t.db
    .select({ userId: alerts.userId, type: alerts.type, message: alerts.message, link: alerts.link })
    .from(alerts)
    .where(sql`${alerts.data}->>'cluster_id' = ${clusterId}`);
async function ownerOf(accountId: number) {
  const [owner] = await s.t.db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, "owner")));
  return owner?.id;
}

/** Sends a report with the cluster's key and runs the analysis. */
async function report(cluster: Awaited<ReturnType<typeof insertCluster>>, body: string) {
  const res = await sendReport(s.t.app, cluster.key, body);
  expect(res.status).toBe(202);
  await flush();
  return res.body.report_id as number;
}

/** A health_report file of the cluster uploaded through the files screen's multipart call. */
async function uploadFile(accountId: number, clusterId: string, data: string) {
  const form = await multipart(
    { file_type: "health_report", cluster_id: clusterId },
    { name: "file", filename: "report.json", type: "application/json", data: Buffer.from(data) },
  );
  return s.t.app.inject({
    method: "POST",
    url: `/api/accounts/${accountId}/files`,
    payload: form.payload,
    headers: { ...form.headers, authorization: s.cast.ownerA },
  });
}

describe("the analysis job", () => {
  it("marks a bad report failed with its error and still analyses the next one", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    // Uploaded another way, so never validated on the way in.
    expect(
      (await uploadFile(s.cast.orgA.id, cluster.id, '{"schema_version": 1, "nodes": [')).statusCode,
    ).toBe(201);
    await flush();
    const good = await report(cluster, reportOf(cluster));
    const [bad, analysed] = await reportsOf(cluster.id);
    expect(bad).toMatchObject({ status: "failed", generatedAt: null });
    expect(bad?.error).toMatch(new RegExp(`^${HEALTH_REPORT_MESSAGES.notJson}`));
    expect(analysed).toMatchObject({ id: good, status: "analysed" });
    expect((await clusterRow(s.t.db, cluster.id)).latestReportId).toBe(good);
    expect(await s.t.db.select().from(jobs).where(eq(jobs.kind, ANALYSE_REPORT_JOB))).toEqual([]);
  });

  it("analyses a health_report file of a cluster uploaded through the files calls", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const res = await uploadFile(s.cast.orgA.id, cluster.id, reportOf(cluster, { faults: ["version_skew"] }));
    expect(res.statusCode).toBe(201);
    await flush();
    const [row] = await reportsOf(cluster.id);
    expect(row).toMatchObject({ status: "analysed", fileUuid: res.json().uuid, failedChecks: 1 });
  });

  it("retries a report whose bytes cannot be read yet", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const read = vi.spyOn(s.t.app.ctx.storage, "read").mockRejectedValueOnce(new Error("storage down"));
    const res = await sendReport(s.t.app, cluster.key, reportOf(cluster));
    await flush();
    read.mockRestore();
    expect((await reportsOf(cluster.id))[0]?.status).toBe("pending");
    const [job] = await s.t.db.select().from(jobs).where(eq(jobs.kind, ANALYSE_REPORT_JOB));
    expect(job).toMatchObject({ attempts: 1, payload: { report_id: res.body.report_id } });
    await s.t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, ANALYSE_REPORT_JOB));
    await flush();
    expect((await reportsOf(cluster.id))[0]?.status).toBe("analysed");
  });

  it("alerts the owners and the account's engineers once when a check starts failing", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id, { name: "prod-east" });
    await s.t.db
      .insert(accountEngineers)
      .values({ accountId: s.cast.orgA.id, userId: s.cast.engineerId, role: "customer_engineer" });
    const at = Date.now() - 3 * HOUR;
    await report(cluster, reportOf(cluster, { at: new Date(at) }));
    expect(await clusterAlerts(cluster.id)).toEqual([]);

    await report(cluster, reportOf(cluster, { at: new Date(at + HOUR), faults: ["offline_drive"] }));
    const raised = await clusterAlerts(cluster.id);
    expect(raised.map((a) => a.userId).sort()).toEqual(
      [await ownerOf(s.cast.orgA.id), s.cast.engineerId].sort(),
    );
    expect(raised[0]).toMatchObject({
      type: "CLUSTER_CHECK",
      link: `/health/${s.cast.orgA.id}/${cluster.id}`,
    });
    expect(raised[0]?.message).toMatch(/^prod-east: .*Drive availability/);
    expect(raised.map((a) => a.userId)).not.toContain(s.cast.userAId);

    // Still failing: not news.
    await report(cluster, reportOf(cluster, { at: new Date(at + 2 * HOUR), faults: ["offline_drive"] }));
    expect(await clusterAlerts(cluster.id)).toHaveLength(2);
    await s.t.db.delete(accountEngineers).where(eq(accountEngineers.accountId, s.cast.orgA.id));
  });

  it("records a report arriving late without changing the cluster's latest state", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const now = Date.now();
    const newest = await report(cluster, reportOf(cluster, { at: new Date(now - HOUR) }));
    const before = await clusterRow(s.t.db, cluster.id);
    const late = await report(
      cluster,
      reportOf(cluster, { at: new Date(now - 5 * HOUR), faults: ["clock_drift"] }),
    );
    const after = await clusterRow(s.t.db, cluster.id);
    expect(after).toEqual(before);
    expect(after.latestReportId).toBe(newest);
    const lateRow = (await reportsOf(cluster.id)).find((r) => r.id === late);
    expect(lateRow).toMatchObject({ status: "analysed", failedChecks: 1 });
    expect(await clusterAlerts(cluster.id)).toEqual([]);
  });

  it("keeps the account's reported capacity: its clusters' usable totals in whole TiB", async () => {
    const org = await createAccount(s.t.db);
    const owner = await createUser(s.t.db, { accountId: org.id, role: "owner" });
    await signIn(s.t.app, owner);
    const a = await insertCluster(s.t.db, org.id);
    const b = await insertCluster(s.t.db, org.id);
    await report(a, reportOf(a, { nodes: 4, driveBytes: 10 * 2 ** 40 }));
    await report(b, reportOf(b, { nodes: 2, driveBytes: 3 * 2 ** 40 }));
    const total = (await clusterRow(s.t.db, a.id)).totalSpace + (await clusterRow(s.t.db, b.id)).totalSpace;
    const [account] = await s.t.db.select().from(accounts).where(eq(accounts.id, org.id));
    expect(account?.reportedCapacity).toBe(Math.round(total / 2 ** 40));
    expect(account?.reportedCapacity).toBeGreaterThan(0);
  });
});

describe("files and issues naming a cluster", () => {
  /** A whole tus upload (create, one PATCH) of a health_report naming the cluster. */
  async function tusUpload(clusterId: string, data: Buffer) {
    const tus = { "tus-resumable": "1.0.0", authorization: s.cast.ownerA };
    const metadata = {
      filename: "report.json",
      account_id: String(s.cast.orgA.id),
      file_type: "health_report",
      cluster_id: clusterId,
    };
    const create = await fetch(`${s.base}/api/uploads`, {
      method: "POST",
      headers: { ...tus, "upload-length": String(data.length), "upload-metadata": encodeMetadata(metadata) },
    });
    if (create.status !== 201) return create;
    return fetch(`${s.base}${create.headers.get("location")}`, {
      method: "PATCH",
      headers: { ...tus, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: data,
    });
  }

  it("queues a tus upload of a cluster's report, and refuses one naming another's cluster", async () => {
    const mine = await insertCluster(s.t.db, s.cast.orgA.id);
    const theirs = await insertCluster(s.t.db, s.cast.orgB.id);
    expect((await tusUpload(mine.id, Buffer.from(reportOf(mine)))).status).toBe(204);
    await flush();
    expect(await reportsOf(mine.id)).toMatchObject([{ status: "analysed", failedChecks: 0 }]);

    const refused = await tusUpload(theirs.id, Buffer.from(reportOf(theirs)));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: CLUSTER_MESSAGES.clusterNotFound, status: 400 });
    expect(await reportsOf(theirs.id)).toEqual([]);
  });

  it("refuses a cluster that is not one of the account's, storing nothing", async () => {
    const mine = await insertCluster(s.t.db, s.cast.orgA.id);
    const theirs = await insertCluster(s.t.db, s.cast.orgB.id);
    const refused = { error: CLUSTER_MESSAGES.clusterNotFound, status: 400 };
    const count = async () =>
      (
        await s.t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(files)
          .where(eq(files.accountId, s.cast.orgA.id))
      )[0]?.n;
    const before = await count();
    for (const id of ["made-up", theirs.id]) {
      const upload = await uploadFile(s.cast.orgA.id, id, "{}");
      expect({ status: upload.statusCode, body: upload.json() }).toMatchObject({
        status: 400,
        body: refused,
      });
      const issue = await s.call(s.cast.ownerA, "POST", "/api/chat/issue", {
        title: "Pool degraded",
        accountId: s.cast.orgA.id,
        message: "Disk 3 failed",
        clusterId: id,
      });
      expect({ status: issue.status, body: issue.body }).toMatchObject({ status: 400, body: refused });
    }
    expect(await count()).toBe(before);
    const ok = await s.call(s.cast.ownerA, "POST", "/api/chat/issue", {
      title: "Pool degraded",
      accountId: s.cast.orgA.id,
      message: "Disk 3 failed",
      clusterId: mine.id,
    });
    expect(ok.status).toBe(201);
  });
});
