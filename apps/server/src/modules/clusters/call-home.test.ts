import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { CALL_HOME_KEY_PREFIX, CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import { HEALTH_REPORT_MESSAGES } from "@portico/shared/schemas/health-report";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clusterReports, clusters, files } from "../../db/schema";
import { issueSecret } from "../../platform/auth/secrets";
import { castSuite } from "../conversations/test-fixtures";
import { clusterRow, insertCluster, reportOf, sendReport } from "./reports-test-kit";

const s = castSuite();

const reportsOf = (clusterId: string) =>
  s.t.db.select().from(clusterReports).where(eq(clusterReports.clusterId, clusterId));
const countFiles = async (accountId: number) =>
  (
    await s.t.db.select({ n: sql<number>`count(*)::int` }).from(files).where(eq(files.accountId, accountId))
  )[0]?.n;

describe("a cluster calling home with its key", () => {
  it("stores the report as a health_report file, answers 202, and the job analyses it", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const res = await sendReport(s.t.app, cluster.key, reportOf(cluster));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ cluster_id: cluster.id, status: "pending" });

    const [file] = await s.t.db.select().from(files).where(eq(files.uuid, res.body.file_uuid));
    expect(file).toMatchObject({
      accountId: s.cast.orgA.id,
      fileType: "health_report",
      clusterId: cluster.id,
      complete: true,
      uploadedBy: null,
    });

    await s.t.app.ctx.jobs.flush();
    const [report] = await reportsOf(cluster.id);
    expect(report).toMatchObject({ id: res.body.report_id, status: "analysed", failedChecks: 0 });
    const row = await clusterRow(s.t.db, cluster.id);
    expect(row.latestReportId).toBe(res.body.report_id);
    expect(row.completedChecks).toBe(7);
    expect(row.totalSpace).toBeGreaterThan(0);
  });

  it("takes a report from a signed-in member for a cluster of the account", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    for (const who of [s.cast.ownerA, s.cast.userA]) {
      const res = await sendReport(s.t.app, who, reportOf(cluster), {
        query: `?aid=${s.cast.orgA.id}&cluster_id=${cluster.id}`,
      });
      expect(res.status).toBe(202);
    }
    const engineer = await sendReport(s.t.app, s.cast.engineer, reportOf(cluster), {
      query: `?aid=${s.cast.orgA.id}&cluster_id=${cluster.id}`,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(engineer.status).toBe(202);
    expect(await reportsOf(cluster.id)).toHaveLength(3);
  });

  it("refuses an unknown key and a rotated one, and a missing token before the body", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const refused = { error: CLUSTER_MESSAGES.callHomeKey, status: 401 };
    const made = `Bearer portico_ck_${randomBytes(32).toString("base64url")}`;
    expect(await sendReport(s.t.app, made, reportOf(cluster))).toEqual({ status: 401, body: refused });

    const next = issueSecret(CALL_HOME_KEY_PREFIX);
    await s.t.db.update(clusters).set({ callHomeKeyHash: next.hash }).where(eq(clusters.id, cluster.id));
    expect(await sendReport(s.t.app, cluster.key, reportOf(cluster))).toEqual({ status: 401, body: refused });
    expect((await sendReport(s.t.app, `Bearer ${next.secret}`, reportOf(cluster))).status).toBe(202);

    const anonymous = await sendReport(s.t.app, undefined, "{".repeat(3 * 1024 * 1024));
    expect(anonymous).toEqual({ status: 401, body: { error: "Authentication required", status: 401 } });
  });

  it("answers what is wrong with a report, and stores nothing", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const other = await insertCluster(s.t.db, s.cast.orgA.id);
    const good = JSON.parse(reportOf(cluster));
    const send = async (body: string) => {
      const res = await sendReport(s.t.app, cluster.key, body);
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await send("")).toBe(HEALTH_REPORT_MESSAGES.empty);
    expect(await send("{not json")).toMatch(new RegExp(`^${HEALTH_REPORT_MESSAGES.notJson}`));
    expect(await send(reportOf(cluster).slice(0, 200))).toMatch(
      new RegExp(`^${HEALTH_REPORT_MESSAGES.notJson}`),
    );
    const badState = structuredClone(good);
    badState.nodes[1].drives[2].state = "melted";
    const schema = await send(JSON.stringify(badState));
    expect(schema).toContain(HEALTH_REPORT_MESSAGES.invalid);
    expect(schema).toContain("nodes.1.drives.2.state");
    expect(await send(reportOf(other))).toBe(HEALTH_REPORT_MESSAGES.otherCluster);
    expect(await send(reportOf(cluster, { at: new Date(Date.now() + 2 * 3600_000) }))).toBe(
      HEALTH_REPORT_MESSAGES.inFuture,
    );
    expect(await reportsOf(cluster.id)).toEqual([]);
  });

  it("refuses a body over the limit by its Content-Length, with our message and nothing stored", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const before = await countFiles(s.cast.orgA.id);
    const res = await sendReport(s.t.app, cluster.key, reportOf(cluster), {
      headers: { "content-length": String(200 * 1024 * 1024) },
    });
    expect(res).toEqual({ status: 413, body: { error: HEALTH_REPORT_MESSAGES.tooLarge, status: 413 } });
    expect(await countFiles(s.cast.orgA.id)).toBe(before);
    expect(await reportsOf(cluster.id)).toEqual([]);
  });

  it("stops a streamed body without a length at the limit, with the same message", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const mib = Buffer.alloc(1024 * 1024, 0x20);
    async function* chunks() {
      for (let i = 0; i < 65; i++) yield mib;
    }
    const res = await s.t.app.inject({
      method: "POST",
      url: "/api/health/report",
      payload: Readable.from(chunks()),
      headers: { "content-type": "application/json", authorization: cluster.key },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 413,
      body: { error: HEALTH_REPORT_MESSAGES.tooLarge, status: 413 },
    });
    expect(await reportsOf(cluster.id)).toEqual([]);
  });

  it("is in the API document", async () => {
    const doc = (await s.t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.paths["/api/health/report"]?.post?.responses?.["202"]).toBeDefined();
  });

  it("accepts a report whose node clocks run far ahead, and flags them critical", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const report = JSON.parse(reportOf(cluster));
    report.nodes[0].clock = "2999-01-01T00:00:00Z";
    const res = await sendReport(s.t.app, cluster.key, JSON.stringify(report));
    expect(res.status).toBe(202);
    await s.t.app.ctx.jobs.flush();
    const row = await clusterRow(s.t.db, cluster.id);
    expect(row.checks.find((c) => c.id === "clock_drift")).toMatchObject({
      passed: false,
      severity: "critical",
    });
  });

  it("accepts and analyses a report of 10,000 nodes", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const res = await sendReport(
      s.t.app,
      cluster.key,
      reportOf(cluster, { nodes: 10_000, drivesPerNode: 1 }),
    );
    expect(res.status).toBe(202);
    await s.t.app.ctx.jobs.flush();
    const [report] = await reportsOf(cluster.id);
    expect(report?.status).toBe("analysed");
    expect(report?.metrics?.nodes).toBe(10_000);
  }, 60_000);

  it("keeps every account to its own clusters", async () => {
    const cluster = await insertCluster(s.t.db, s.cast.orgA.id);
    const body = reportOf(cluster);
    const asB = await sendReport(s.t.app, s.cast.ownerB, body, { query: `?cluster_id=${cluster.id}` });
    expect(asB).toEqual({ status: 404, body: { error: CLUSTER_MESSAGES.clusterNotFound, status: 404 } });
    const intoA = await sendReport(s.t.app, s.cast.ownerB, body, {
      query: `?aid=${s.cast.orgA.id}&cluster_id=${cluster.id}`,
    });
    expect([403, 404]).toContain(intoA.status);
    const bCluster = await insertCluster(s.t.db, s.cast.orgB.id);
    const crossKey = await sendReport(s.t.app, bCluster.key, body);
    expect(crossKey.body.error).toBe(HEALTH_REPORT_MESSAGES.otherCluster);
    expect(await reportsOf(cluster.id)).toEqual([]);
    expect(
      await s.t.db
        .select()
        .from(files)
        .where(and(eq(files.accountId, s.cast.orgB.id), eq(files.fileType, "health_report"))),
    ).toEqual([]);
  });
});
