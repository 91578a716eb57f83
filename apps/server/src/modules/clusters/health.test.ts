import { randomUUID } from "node:crypto";
import { CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import type { THealthReport } from "@portico/shared/schemas/health-report";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, clusters } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { ACCOUNT_NOT_FOUND } from "../accounts/accounts.policy";
import type { Frame } from "../conversations/chat-test-client";
import { type Cast, castSuite } from "../conversations/test-fixtures";
import { checksFailing, daysAgo, inject, registered, seedReports } from "./clusters-test-kit";

const suite = castSuite();
let t: TestContext;
let cast: Cast;
beforeAll(() => {
  ({ t, cast } = suite);
});

const get = (authorization: string | undefined, url: string) => inject(t.app, authorization, "GET", url);
const health = (c: { id: string; account_id: number }, query: string) =>
  `/api/health?accId=${c.account_id}&clusterId=${c.id}&${query}`;

/** Two nodes of two drives, one drive offline, one erasure set over all four. */
const REPORT: THealthReport = {
  schema_version: 1,
  deployment_id: "explorer-test",
  generated_at: "2026-11-20T10:00:00.000Z",
  nodes: ["n1", "n2"].map((id, i) => ({
    id,
    version: "2026.10.1",
    uptime_seconds: 1000,
    clock: "2026-11-20T10:00:00.000Z",
    network: { rx_errors: 0, tx_errors: 0 },
    drives: [
      { path: "/mnt/d1", state: i === 1 ? "offline" : "ok", total_bytes: 1000, used_bytes: 100 },
      { path: "/mnt/d2", state: "ok", total_bytes: 1000, used_bytes: 200 },
    ],
  })),
  erasure_sets: [
    {
      pool: 0,
      set: 0,
      health: "degraded",
      data_drives: 2,
      parity_drives: 2,
      drives: ["n1:/mnt/d1", "n1:/mnt/d2", "n2:/mnt/d1", "n2:/mnt/d2"],
    },
  ],
};

describe("the /health overview", () => {
  it("lists every cluster of the account worst first (worst check, then not reporting, then name) with the fleet summary", async () => {
    const account = await createAccount(t.db);
    const owner = await createUser(t.db, { accountId: account.id, role: "owner" });
    const { authorization } = await signIn(t.app, owner);
    const warn = await registered(t.app, authorization, account.id, "Warning");
    const fine = await registered(t.app, authorization, account.id, "A fine one");
    const silent = await registered(t.app, authorization, account.id, "Silent");
    const critical = await registered(t.app, authorization, account.id, "Zulu critical");
    const fresh = await registered(t.app, authorization, account.id, "B new");
    await seedReports(t, fine, [{ at: daysAgo(0.1) }]);
    await seedReports(t, critical, [{ at: daysAgo(0.1), checks: checksFailing("drives_offline") }]);
    await seedReports(t, warn, [{ at: daysAgo(0.1) }]);
    await t.db
      .update(clusters)
      .set({ worstRank: 1, failedChecks: 1, checks: checksFailing("version_skew") })
      .where(eq(clusters.id, warn.id));
    await seedReports(t, silent, [{ at: daysAgo(3) }]);
    await t.db
      .update(clusters)
      .set({ notReportingSince: daysAgo(1) })
      .where(eq(clusters.id, silent.id));
    await t.db.update(accounts).set({ reportedCapacity: 400 }).where(eq(accounts.id, account.id));

    const res = await get(authorization, "/api/health");
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: Frame) => c.name)).toEqual([
      "Zulu critical",
      "Warning",
      "Silent",
      "A fine one",
      "B new",
    ]);
    expect(res.body.items[0]).toMatchObject({ worst_check: { id: "drives_offline", severity: "critical" } });
    expect(res.body.items[2]).toMatchObject({ not_reporting: true });
    expect(res.body.summary).toEqual({
      clusters: 5,
      total_space: 4 * 100 * 2 ** 40,
      used_space: 4 * 10 * 2 ** 40,
      failing: 2,
      not_reporting: 1,
      reported_capacity: 400,
    });
    expect(fresh.id).toBeTruthy();
    // An engineer names the account with accId or aid; the same list.
    for (const q of [`accId=${account.id}`, `aid=${account.id}`]) {
      const byEngineer = await get(cast.engineer, `/api/health?${q}`);
      expect(byEngineer.body.items.map((c: Frame) => c.id)).toEqual(res.body.items.map((c: Frame) => c.id));
    }
  });

  it("reads the caller's own organization without a query; another account is not found (accId) or refused (aid)", async () => {
    const mine = await registered(t.app, cast.ownerA, cast.orgA.id, "Own org");
    const own = await get(cast.userA, "/api/health");
    expect(own.body.items.map((c: Frame) => c.id)).toContain(mine.id);
    expect(await get(cast.ownerB, `/api/health?accId=${cast.orgA.id}`)).toMatchObject({
      status: 404,
      body: { error: ACCOUNT_NOT_FOUND },
    });
    expect((await get(cast.ownerB, `/api/health?aid=${cast.orgA.id}`)).status).toBe(403);
    expect((await get(cast.ownerB, "/api/health")).body.items.map((c: Frame) => c.id)).not.toContain(mine.id);
    expect((await get(cast.ownerA, "/api/health?accId=abc")).status).toBe(400);
  });
});

describe("a cluster's health", () => {
  it("checks: the latest report's checks failed first with its metrics; before any report, none", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Checks");
    const before = await get(cast.userA, health(c, "reqType=checks"));
    expect(before.body).toMatchObject({ report_id: null, generated_at: null, checks: [], metrics: null });
    const at = daysAgo(0.2);
    const [, latest] = await seedReports(t, c, [
      { at: daysAgo(1), checks: checksFailing("drive_usage") },
      { at, checks: checksFailing("clock_drift", "version_skew"), used: 42 * 2 ** 40 },
    ]);
    const res = await get(cast.userA, health(c, "reqType=checks"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cluster: { id: c.id, no_of_failed_checks: 2 },
      report_id: latest,
      generated_at: at.toISOString(),
      metrics: { usable_used_bytes: 42 * 2 ** 40 },
    });
    expect(res.body.checks.map((k: Frame) => [k.id, k.passed])).toEqual([
      ["version_skew", false],
      ["clock_drift", false],
      ["drives_offline", true],
      ["drive_usage", true],
      ["erasure_sets", true],
      ["network_errors", true],
      ["capacity_forecast", true],
    ]);
    // No reqType is checks; /api/health/checks answers the same.
    expect((await get(cast.userA, `/api/health?accId=${c.account_id}&clusterId=${c.id}`)).body).toEqual(
      res.body,
    );
    expect(
      (await get(cast.userA, `/api/health/checks?accId=${c.account_id}&clusterId=${c.id}`)).body,
    ).toEqual(res.body);
    expect((await get(cast.userA, `/api/health/checks?clusterId=${c.id}`)).body).toEqual(res.body);
  });

  it("history: failing checks and transitions, newest first, with what each check was the report before", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "History");
    const [r1, r2, r3, , r5] = await seedReports(t, c, [
      { at: daysAgo(4), checks: checksFailing("drive_usage") },
      { at: daysAgo(3), checks: checksFailing() },
      { at: daysAgo(2), checks: checksFailing("clock_drift") },
      { at: daysAgo(1.5), status: "failed", error: "Not JSON" },
      { at: daysAgo(1), checks: checksFailing("clock_drift") },
    ]);
    const res = await get(cast.userA, health(c, "reqType=history"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, has_more: false });
    expect(
      res.body.items.map((i: Frame) => [i.report_id, i.check.id, i.check.passed, i.previously_passed]),
    ).toEqual([
      [r5, "clock_drift", false, false],
      [r3, "clock_drift", false, true],
      [r2, "drive_usage", true, false],
      [r1, "drive_usage", false, null],
    ]);
  });

  it("history pages by 50", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Long history");
    const now = Date.now();
    await seedReports(
      t,
      c,
      Array.from({ length: 60 }, (_, i) => ({
        at: new Date(now - (60 - i) * 3_600_000),
        checks: checksFailing("drive_usage"),
      })),
    );
    const first = await get(cast.userA, health(c, "reqType=history"));
    expect(first.body.items).toHaveLength(50);
    expect(first.body.has_more).toBe(true);
    const second = await get(cast.userA, health(c, "reqType=history&page=2"));
    expect(second.body).toMatchObject({ page: 2, has_more: false });
    expect(second.body.items).toHaveLength(10);
    expect(second.body.items.at(-1).previously_passed).toBeNull();
  });

  it("trends: the analysed reports within `days` of the newest, oldest first, and the fitted line while usage rises", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Trends");
    const newest = Date.now() - 3_600_000;
    const TiB = 2 ** 40;
    await seedReports(t, c, [
      { at: daysAgo(40, newest), used: 10 * TiB },
      { at: daysAgo(20, newest), used: 30 * TiB, checks: checksFailing("drive_usage") },
      { at: daysAgo(10, newest), used: 40 * TiB },
      { at: daysAgo(5, newest), status: "failed", error: "bad" },
      { at: daysAgo(2, newest), status: "pending" },
      { at: daysAgo(0, newest), used: 50 * TiB },
    ]);
    const res = await get(cast.userA, health(c, "reqType=trends&days=30"));
    expect(res.status).toBe(200);
    expect(res.body.points.map((p: Frame) => [p.t, p.usable_used_bytes, p.failed_checks])).toEqual([
      [daysAgo(20, newest).toISOString(), 30 * TiB, 1],
      [daysAgo(10, newest).toISOString(), 40 * TiB, 0],
      [daysAgo(0, newest).toISOString(), 50 * TiB, 0],
    ]);
    expect(res.body.points[0]).toMatchObject({
      usable_total_bytes: 100 * TiB,
      drives_offline: 0,
      network_errors_delta: 0,
      max_drive_usage_pct: 30,
    });
    const forecast = res.body.forecast;
    expect(forecast.from).toBe(daysAgo(40, newest).toISOString());
    expect(forecast.slope_bytes_per_day).toBeGreaterThan(0.9 * TiB);
    expect(Date.parse(forecast.full_at)).toBeGreaterThan(newest);
    const week = await get(cast.userA, health(c, "reqType=trends&days=7"));
    expect(week.body.points).toHaveLength(1);
    const bad = await get(cast.userA, health(c, "reqType=trends&days=366"));
    expect(bad).toMatchObject({ status: 400, body: { error: "days must be a whole number from 1 to 365" } });
  });

  it("trends: no forecast while usage is flat; none at all before the first report", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Flat");
    expect((await get(cast.userA, health(c, "reqType=trends"))).body).toEqual({ points: [], forecast: null });
    await seedReports(
      t,
      c,
      [3, 2, 1, 0].map((d) => ({ at: daysAgo(d + 0.1), used: 5 * 2 ** 40 })),
    );
    const res = await get(cast.userA, health(c, "reqType=trends"));
    expect(res.body.points).toHaveLength(4);
    expect(res.body.forecast).toBeNull();
  });

  it("reports: the call-home log of every status, newest first, 25 per page", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Log");
    const now = Date.now();
    const ids = await seedReports(
      t,
      c,
      Array.from({ length: 27 }, (_, i) => ({
        at: new Date(now - (30 - i) * 3_600_000),
        ...(i === 26
          ? { status: "failed" as const, error: "Not a health report: Unexpected end of JSON input" }
          : {}),
        ...(i === 25 ? { status: "pending" as const } : {}),
      })),
    );
    const res = await get(cast.userA, health(c, "reqType=reports"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, has_more: true });
    expect(res.body.items).toHaveLength(25);
    expect(res.body.items[0]).toMatchObject({
      report_id: ids[26],
      status: "failed",
      error: "Not a health report: Unexpected end of JSON input",
      failed_checks: null,
      size: 1000,
      file_uuid: null,
    });
    expect(res.body.items[1]).toMatchObject({ report_id: ids[25], status: "pending", generated_at: null });
    expect(res.body.items[2]).toMatchObject({ report_id: ids[24], status: "analysed", failed_checks: 0 });
    const second = await get(cast.userA, health(c, "reqType=reports&page=2"));
    expect(second.body).toMatchObject({ page: 2, has_more: false });
    expect(second.body.items.map((r: Frame) => r.report_id)).toEqual([ids[1], ids[0]]);
  });

  it("explorer: the latest report as a tree; 404 before any report", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Explorer");
    expect(await get(cast.userA, health(c, "reqType=explorer"))).toMatchObject({
      status: 404,
      body: { error: CLUSTER_MESSAGES.noReport },
    });
    const at = new Date(REPORT.generated_at);
    await seedReports(t, c, [{ at }], REPORT);
    const res = await get(cast.userA, health(c, "reqType=explorer"));
    expect(res.status).toBe(200);
    expect(res.body.generated_at).toBe(at.toISOString());
    const root = res.body.root;
    expect(root).toMatchObject({ kind: "cluster", total_bytes: 4000, used_bytes: 600 });
    expect(root.children.map((g: Frame) => g.kind)).toEqual(["nodes", "sets"]);
    const nodes = root.children[0].children;
    expect(nodes.map((n: Frame) => [n.label, n.children.length])).toEqual([
      ["n1", 2],
      ["n2", 2],
    ]);
    expect(nodes[1].children[0]).toMatchObject({ kind: "drive", state: "offline" });
  });

  it("answers 404 for an unknown cluster or one of another account named under one's own", async () => {
    const theirs = await registered(t.app, cast.ownerB, cast.orgB.id, "Theirs");
    for (const reqType of ["checks", "history", "trends", "explorer", "reports"]) {
      const url = `/api/health?accId=${cast.orgA.id}&clusterId=${theirs.id}&reqType=${reqType}`;
      expect(await get(cast.ownerA, url), reqType).toMatchObject({
        status: 404,
        body: { error: CLUSTER_MESSAGES.clusterNotFound },
      });
    }
    expect((await get(cast.ownerA, `/api/health/checks?clusterId=${randomUUID()}`)).status).toBe(404);
    expect((await get(cast.ownerA, `/api/health?clusterId=${theirs.id}&reqType=nope`)).status).toBe(400);
  });
});

describe("explorer gating (spec §6)", () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestApp({ DEPLOY_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9" });
  });
  afterAll(() => prod.close());

  it("in production: a customer account other than 1 gets 403, engineers and the vendor's own members 200; in development every member", async () => {
    const account = await createAccount(prod.db);
    const login = async (opts: Parameters<typeof createUser>[1]) =>
      (await signIn(prod.app, await createUser(prod.db, opts))).authorization;
    const customer = await login({ accountId: account.id, role: "owner" });
    const engineer = await login({ accountId: 1, role: "engineer" });
    const vendorUser = await login({ accountId: 1, role: "user" });
    const c = await registered(prod.app, customer, account.id, "Gated");
    await seedReports(prod, c, [{ at: new Date(REPORT.generated_at) }], REPORT);
    const url = health(c, "reqType=explorer");
    expect(await inject(prod.app, customer, "GET", url)).toMatchObject({
      status: 403,
      body: { error: CLUSTER_MESSAGES.explorerNotAvailable },
    });
    expect((await inject(prod.app, customer, "GET", health(c, "reqType=checks"))).status).toBe(200);
    expect((await inject(prod.app, engineer, "GET", url)).status).toBe(200);
    const own = await registered(prod.app, engineer, 1, "Vendor's own");
    await seedReports(prod, own, [{ at: new Date(REPORT.generated_at) }], REPORT);
    expect((await inject(prod.app, vendorUser, "GET", health(own, "reqType=explorer"))).status).toBe(200);

    const dev = await registered(t.app, cast.ownerA, cast.orgA.id, "Dev explorer");
    await seedReports(t, dev, [{ at: new Date(REPORT.generated_at) }], REPORT);
    expect((await get(cast.userA, health(dev, "reqType=explorer"))).status).toBe(200);
  });
});

describe("tenancy", () => {
  it("answers 401 without a token on every health route; the report's JSON Schema is public", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Tenancy");
    for (const url of [
      "/api/health",
      `/api/health?accId=${cast.orgA.id}`,
      ...["checks", "history", "trends", "explorer", "reports"].map((r) => health(c, `reqType=${r}`)),
      `/api/health/checks?accId=${cast.orgA.id}&clusterId=${c.id}`,
    ]) {
      expect(await get(undefined, url), url).toMatchObject({
        status: 401,
        body: { error: "Authentication required" },
      });
    }
    const schema = await t.app.inject({ method: "GET", url: "/api/health/report-schema.json" });
    expect(schema.statusCode).toBe(200);
    expect(schema.headers["content-type"]).toContain("application/schema+json");
    expect(schema.json()).toMatchObject({ title: "Portico cluster health report", type: "object" });
  });

  it("hides account A's cluster health from account B's owner on every route (404)", async () => {
    const c = await registered(t.app, cast.ownerA, cast.orgA.id, "Hidden");
    await seedReports(t, c, [{ at: new Date(REPORT.generated_at) }], REPORT);
    for (const url of [
      `/api/health?accId=${cast.orgA.id}`,
      ...["checks", "history", "trends", "explorer", "reports"].map((r) => health(c, `reqType=${r}`)),
      `/api/health/checks?accId=${cast.orgA.id}&clusterId=${c.id}`,
    ]) {
      expect(await get(cast.ownerB, url), url).toMatchObject({
        status: 404,
        body: { error: ACCOUNT_NOT_FOUND },
      });
    }
    // Without accId, B reads B's own account, where A's cluster does not exist.
    expect(await get(cast.ownerB, `/api/health/checks?clusterId=${c.id}`)).toMatchObject({
      status: 404,
      body: { error: CLUSTER_MESSAGES.clusterNotFound },
    });
    for (const reqType of ["checks", "history", "trends", "explorer", "reports"]) {
      expect((await get(cast.engineer, health(c, `reqType=${reqType}`))).status, reqType).toBe(200);
    }
  });
});

describe("the API document", () => {
  it("describes the health and cluster routes", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/health/checks", "/api/cluster/register"]),
    );
  });
});
