/**
 * The accounts and clusters reports (§7.1) on a seeded set whose figures are known: organizations
 * of each plan, status, trial and capacity flag created on both sides of bucket edges, their
 * subscriptions, clusters of each version and health (two of them analysed through call home);
 * the CSVs; bad ranges; and who may call the report routes at all.
 */
import { randomUUID } from "node:crypto";
import { addDays, latestToday } from "@portico/shared/rules/date-range";
import { MESSAGES } from "@portico/shared/validation";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, clusters, subscriptions } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { insertCluster, reportOf, sendReport } from "../clusters/reports-test-kit";

let t: TestContext;
let engineer: string;
let customer: string;
const ids: Record<string, number> = {};

const RANGE = "from=2026-01-01&to=2026-03-31";
const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

async function get(url: string, authorization = engineer) {
  const res = await t.app.inject({ method: "GET", url, headers: { authorization } });
  return { status: res.statusCode, body: res.body, json: () => res.json(), headers: res.headers };
}

/** An organization of the seeded set (its figures are set once the clusters' analysis is done). */
async function organization(key: string, company: string) {
  const org = await createAccount(t.db, company);
  ids[key] = org.id;
  return org.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const alpha = await organization("alpha", "=Alpha");
  const bravo = await organization("bravo", 'Bravo, "Ltd"');
  const charlie = await organization("charlie", "Charlie");
  const delta = await organization("delta", "Delta");
  await organization("echo", "Echo");
  await organization("foxtrot", "Foxtrot");
  const golf = await organization("golf", "Golf");
  const engineerUser = await createUser(t.db, { accountId: 1, role: "engineer" });
  engineer = (await signIn(t.app, engineerUser)).authorization;
  const owner = await createUser(t.db, { accountId: bravo, role: "owner" });
  customer = (await signIn(t.app, owner)).authorization;

  // Two clusters analysed through call home: their software version comes from the report.
  const alpha1 = await insertCluster(t.db, alpha, { name: "alpha-1", createdAt: at("2025-12-20T00:00:00Z") });
  const bravo1 = await insertCluster(t.db, bravo, { name: "bravo-1", createdAt: at("2026-02-10T00:00:00Z") });
  expect((await sendReport(t.app, alpha1.key, reportOf(alpha1, { version: "2026.10.1" }))).status).toBe(202);
  expect((await sendReport(t.app, bravo1.key, reportOf(bravo1, { faults: ["version_skew"] }))).status).toBe(
    202,
  );
  await t.app.ctx.jobs.flush();
  const now = Date.now();
  const cluster = async (
    accountId: number,
    name: string,
    values: Partial<typeof clusters.$inferInsert> & { createdAt: Date },
  ) => {
    await t.db
      .insert(clusters)
      .values({ id: randomUUID(), accountId, deploymentId: `dep-${name}`, name, ...values });
  };
  await cluster(alpha, "alpha-2", {
    createdAt: at("2026-01-05T00:00:00Z"),
    softwareVersion: "2026.10.1",
    lastReportAt: new Date(now - HOUR),
    worstRank: 2,
    totalSpace: 2000,
    usedSpace: 500,
  });
  await cluster(bravo, "bravo-2", { createdAt: at("2026-03-31T23:59:59Z") });
  await cluster(charlie, "charlie-1", {
    createdAt: at("2026-04-02T00:00:00Z"),
    softwareVersion: "2026.9.0",
    lastReportAt: new Date(now - 30 * HOUR),
    worstRank: 2,
    totalSpace: 500,
    usedSpace: 50,
  });
  await cluster(delta, "delta-1", {
    createdAt: at("2026-01-31T23:00:00Z"),
    softwareVersion: "2026.9.0",
    lastReportAt: new Date(now - HOUR),
    notReportingSince: new Date(now - HOUR),
    totalSpace: 700,
    usedSpace: 70,
  });
  await cluster(golf, "golf-1", { createdAt: at("2026-01-15T00:00:00Z"), softwareVersion: "1.0" });
  // The analysed ones: known usage and health (the report's own figures are the ingest tests' business).
  await t.db
    .update(clusters)
    .set({ totalSpace: 1000, usedSpace: 400, worstRank: 0 })
    .where(eq(clusters.id, alpha1.id));
  await t.db
    .update(clusters)
    .set({ totalSpace: 3000, usedSpace: 100, worstRank: 1 })
    .where(eq(clusters.id, bravo1.id));

  // After the analysis (which refreshes reported capacity): the organizations' own figures.
  const set = (id: number, values: Partial<typeof accounts.$inferInsert>) =>
    t.db.update(accounts).set(values).where(eq(accounts.id, id));
  await set(alpha, {
    serviceType: "ENTERPRISE",
    planStatus: "active",
    contractCapacity: 100,
    reportedCapacity: 120,
    createdAt: at("2025-12-15T00:00:00Z"),
  });
  await set(bravo, {
    serviceType: "STANDARD",
    planStatus: "past_due",
    contractCapacity: 100,
    reportedCapacity: 90,
    createdAt: at("2026-01-10T00:00:00Z"),
  });
  await set(charlie, {
    serviceType: "STANDARD",
    planStatus: "active",
    isTrial: true,
    contractCapacity: 100,
    reportedCapacity: 89,
    createdAt: at("2026-01-31T23:59:59.999Z"),
  });
  await set(delta, { reportedCapacity: 5, createdAt: at("2026-02-01T00:00:00Z") });
  await set(ids.echo ?? 0, {
    serviceType: "TRIAL",
    planStatus: "active",
    isTrial: true,
    isDisabled: true,
    contractCapacity: 10,
    reportedCapacity: null,
    createdAt: at("2026-03-31T23:59:59Z"),
  });
  await set(ids.foxtrot ?? 0, {
    serviceType: "enterprise_plus",
    planStatus: "canceled",
    contractCapacity: 0,
    reportedCapacity: 5,
    createdAt: at("2026-04-01T00:00:00Z"),
  });
  await set(golf, {
    serviceType: "ENTERPRISE",
    planStatus: "active",
    contractCapacity: 1,
    reportedCapacity: 1000,
    createdAt: at("2026-01-15T00:00:00Z"),
    purgeStartedAt: new Date(),
  });

  const [plan] = await t.db
    .execute<{ id: number; product_id: number }>(
      sql`select id, product_id from billing_plans order by id limit 1`,
    )
    .then((r) => (r as unknown as { rows: { id: number; product_id: number }[] }).rows);
  if (!plan) throw new Error("no plan in the catalogue");
  const subscription = (accountId: number, createdAt: string, endedAt: string | null) => ({
    accountId,
    provider: "STRIPE" as const,
    testMode: true,
    productId: plan.product_id,
    planId: plan.id,
    serviceType: "STANDARD",
    currency: "USD" as const,
    quantity: 10,
    minQuantity: 1,
    currentPeriodStart: at(createdAt),
    currentPeriodEnd: at("2027-01-01T00:00:00Z"),
    createdAt: at(createdAt),
    endedAt: endedAt === null ? null : at(endedAt),
  });
  await t.db
    .insert(subscriptions)
    .values([
      subscription(alpha, "2025-12-20T00:00:00Z", null),
      subscription(bravo, "2026-01-20T00:00:00Z", "2026-03-01T00:00:00Z"),
      subscription(bravo, "2026-03-01T00:00:00Z", null),
      subscription(charlie, "2026-02-28T23:59:59Z", "2026-04-01T00:00:00Z"),
      subscription(golf, "2026-01-15T00:00:00Z", null),
    ]);
});
afterAll(() => t.close());

describe("GET /api/auth/reports/accounts", () => {
  it("counts customer organizations now by plan, trial, status and capacity (the vendor's and a purged one left out)", async () => {
    const res = await get(`/api/auth/reports/accounts?${RANGE}&bucket=month`);
    expect(res.status).toBe(200);
    const report = res.json();
    expect(report.range).toEqual({ from: "2026-01-01", to: "2026-03-31", bucket: "month" });
    expect(report.totals).toEqual({ accounts: 6, enabled: 5, disabled: 1, trial: 2, subscribed: 4 });
    expect(report.by_plan).toEqual([
      { plan: "STANDARD", accounts: 2, contract_tib: 200, reported_tib: 179 },
      { plan: "ENTERPRISE", accounts: 1, contract_tib: 100, reported_tib: 120 },
      { plan: "ENTERPRISE-PLUS", accounts: 1, contract_tib: 0, reported_tib: 5 },
      { plan: "TRIAL", accounts: 1, contract_tib: 10, reported_tib: 0 },
      { plan: null, accounts: 1, contract_tib: 0, reported_tib: 5 },
    ]);
    expect(report.by_trial).toEqual({ trial: 2, not_trial: 4 });
    expect(report.by_status).toEqual([
      { status: "active", accounts: 2 },
      { status: "past_due", accounts: 1 },
      { status: "canceled", accounts: 1 },
      { status: "no_plan", accounts: 1 },
      { status: "disabled", accounts: 1 },
    ]);
    expect(report.capacity).toEqual({
      over: 1,
      near: 1,
      within: 1,
      unknown: 3,
      contract_tib: 310,
      reported_tib: 309,
      near_pct: 90,
    });
  });

  it("grows per month: new organizations, the running total from before the range, subscriptions started and ended", async () => {
    const { growth } = (await get(`/api/auth/reports/accounts?${RANGE}&bucket=month`)).json();
    expect(growth).toEqual([
      {
        period: "2026-01-01",
        new_accounts: 2,
        total_accounts: 3,
        new_subscriptions: 1,
        ended_subscriptions: 0,
      },
      {
        period: "2026-02-01",
        new_accounts: 1,
        total_accounts: 4,
        new_subscriptions: 1,
        ended_subscriptions: 0,
      },
      {
        period: "2026-03-01",
        new_accounts: 1,
        total_accounts: 5,
        new_subscriptions: 1,
        ended_subscriptions: 1,
      },
    ]);
  });

  it("puts an organization in the bucket of its UTC day or ISO week, on either side of midnight", async () => {
    const days = (await get("/api/auth/reports/accounts?from=2026-01-31&to=2026-02-01&bucket=day")).json();
    expect(
      days.growth.map((g: { period: string; new_accounts: number; total_accounts: number }) => [
        g.period,
        g.new_accounts,
        g.total_accounts,
      ]),
    ).toEqual([
      ["2026-01-31", 1, 3],
      ["2026-02-01", 1, 4],
    ]);
    const weeks = (await get("/api/auth/reports/accounts?from=2026-01-28&to=2026-02-03&bucket=week")).json();
    expect(
      weeks.growth.map((g: { period: string; new_accounts: number; total_accounts: number }) => [
        g.period,
        g.new_accounts,
        g.total_accounts,
      ]),
    ).toEqual([
      ["2026-01-26", 2, 4],
      ["2026-02-02", 0, 4],
    ]);
  });

  it("chooses the bucket by the range's length when none is asked for", async () => {
    const { range, growth } = (await get(`/api/auth/reports/accounts?${RANGE}`)).json();
    expect(range.bucket).toBe("week");
    expect(growth[0].period).toBe("2025-12-29");
    expect(growth.at(-1).period).toBe("2026-03-30");
    expect(growth).toHaveLength(14);
  });
});

describe("GET /api/auth/reports/accounts/capacity", () => {
  it("lists the fullest first: over, near, within, then unknown by company", async () => {
    const page = (await get("/api/auth/reports/accounts/capacity")).json();
    expect(page).toMatchObject({ total: 6, page: 1, page_size: 25 });
    expect(
      page.items.map((r: { company: string; flag: string; usage_pct: number | null }) => [
        r.company,
        r.flag,
        r.usage_pct,
      ]),
    ).toEqual([
      ["=Alpha", "over", 120],
      ['Bravo, "Ltd"', "near", 90],
      ["Charlie", "within", 89],
      ["Delta", "unknown", null],
      ["Echo", "unknown", null],
      ["Foxtrot", "unknown", null],
    ]);
    expect(page.items[0]).toEqual({
      account_id: ids.alpha,
      company: "=Alpha",
      plan: "ENTERPRISE",
      is_trial: false,
      status: "active",
      contract_tib: 100,
      reported_tib: 120,
      usage_pct: 120,
      flag: "over",
      created_at: "2025-12-15T00:00:00.000Z",
    });
  });

  it("filters by flag and company, and pages", async () => {
    const unknown = (await get("/api/auth/reports/accounts/capacity?flag=unknown&page=2&page_size=2")).json();
    expect(unknown).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(unknown.items.map((r: { company: string }) => r.company)).toEqual(["Foxtrot"]);
    const named = (await get("/api/auth/reports/accounts/capacity?q=HA")).json();
    expect(named.items.map((r: { company: string }) => r.company)).toEqual(["=Alpha", "Charlie"]);
    const wildcard = (await get("/api/auth/reports/accounts/capacity?q=%25")).json();
    expect(wildcard).toMatchObject({ total: 0, items: [] });
  });
});

describe("GET /api/auth/reports/accounts/export", () => {
  it("downloads every customer organization as CSV named for the range, formulas defused", async () => {
    const res = await get(`/api/auth/reports/accounts/export?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="accounts-report-2026-01-01-to-2026-03-31.csv"',
    );
    expect(res.body.split("\r\n")).toEqual([
      "account_id,company,plan,trial,status,contract_tib,reported_tib,usage_pct,flag,created_at",
      `${ids.alpha},'=Alpha,ENTERPRISE,no,active,100,120,120,over,2025-12-15T00:00:00.000Z`,
      `${ids.bravo},"Bravo, ""Ltd""",STANDARD,no,past_due,100,90,90,near,2026-01-10T00:00:00.000Z`,
      `${ids.charlie},Charlie,STANDARD,yes,active,100,89,89,within,2026-01-31T23:59:59.999Z`,
      `${ids.delta},Delta,,no,no_plan,,5,,unknown,2026-02-01T00:00:00.000Z`,
      `${ids.echo},Echo,TRIAL,yes,disabled,10,,,unknown,2026-03-31T23:59:59.000Z`,
      `${ids.foxtrot},Foxtrot,ENTERPRISE-PLUS,no,canceled,0,5,,unknown,2026-04-01T00:00:00.000Z`,
      "",
    ]);
  });
});

describe("GET /api/auth/reports/clusters", () => {
  it("counts clusters by version (set from the analysed report) and health, and their registration per month", async () => {
    const res = await get(`/api/auth/reports/clusters?${RANGE}&bucket=month`);
    expect(res.status).toBe(200);
    const report = res.json();
    expect(report.totals).toEqual({ clusters: 6, accounts: 4, total_bytes: 7200, used_bytes: 1120 });
    expect(report.by_version).toEqual([
      { version: "2026.10.1", clusters: 2, accounts: 1 },
      { version: "2026.9.0", clusters: 2, accounts: 2 },
      { version: "mixed", clusters: 1, accounts: 1 },
      { version: null, clusters: 1, accounts: 1 },
    ]);
    expect(report.by_health).toEqual([
      { health: "healthy", clusters: 1 },
      { health: "warning", clusters: 1 },
      { health: "critical", clusters: 1 },
      { health: "not_reporting", clusters: 2 },
      { health: "no_report", clusters: 1 },
    ]);
    expect(report.registered).toEqual([
      { period: "2026-01-01", new_clusters: 2, total_clusters: 3 },
      { period: "2026-02-01", new_clusters: 1, total_clusters: 4 },
      { period: "2026-03-01", new_clusters: 1, total_clusters: 5 },
    ]);
  });

  it("downloads every customer cluster as CSV, by organization then name", async () => {
    const res = await get(`/api/auth/reports/clusters/export?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="clusters-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe(
      "cluster_id,name,account_id,company,version,health,total_bytes,used_bytes,last_report_at,registered_at",
    );
    expect(
      lines.slice(1, -1).map((line) => line.split(",").slice(1, 2).concat(line.split(",").slice(-5, -3))),
    ).toEqual([
      ["alpha-1", "healthy", "1000"],
      ["alpha-2", "critical", "2000"],
      ["bravo-1", "warning", "3000"],
      ["bravo-2", "no_report", "0"],
      ["charlie-1", "not_reporting", "500"],
      ["delta-1", "not_reporting", "700"],
    ]);
    const bravo2 = lines.find((line) => line.includes(",bravo-2,"));
    expect(bravo2).toMatch(
      new RegExp(
        `^[0-9a-f-]{36},bravo-2,${ids.bravo},"Bravo, ""Ltd""",,no_report,0,0,,2026-03-31T23:59:59.000Z$`,
      ),
    );
    expect(lines.at(-1)).toBe("");
  });
});

const ROUTES = [
  "/api/auth/reports/accounts",
  "/api/auth/reports/accounts/capacity",
  "/api/auth/reports/accounts/export",
  "/api/auth/reports/clusters",
  "/api/auth/reports/clusters/export",
  "/api/chat/reports",
  "/api/chat/reports/export",
];

describe("ranges", () => {
  const today = latestToday();
  const cases: [string, string][] = [
    ["from=2026-03-01&to=2026-02-01", MESSAGES.endDateBeforeStart],
    [`from=${addDays(today, -3)}&to=${addDays(today, 1)}`, MESSAGES.invalidEndDate],
    [`from=${addDays(today, 2)}&to=${addDays(today, 3)}`, MESSAGES.invalidStartDate],
    ["from=2016-01-01&to=2025-12-31", MESSAGES.rangeTooLong],
    ["from=2026-13-01&to=2026-12-31", MESSAGES.invalidStartDate],
    ["from=2026-01-01&to=someday", MESSAGES.endDateInvalid],
  ];
  it.each(cases)("refuses %s with the §5 message on every range route", async (query, message) => {
    for (const route of ROUTES.filter((r) => !r.endsWith("/capacity"))) {
      const res = await get(`${route}?${query}`);
      expect({ route, status: res.status, body: res.json() }).toEqual({
        route,
        status: 400,
        body: expect.objectContaining({ error: message, status: 400 }),
      });
    }
  });

  it("takes the last 30 days without a range, and a range of exactly two years", async () => {
    const fallback = (await get("/api/auth/reports/clusters")).json();
    expect(fallback.range).toMatchObject({ to: new Date().toISOString().slice(0, 10), bucket: "day" });
    expect(fallback.registered).toHaveLength(30);
    const twoYears = await get("/api/chat/reports?from=2024-01-01&to=2025-12-31");
    expect(twoYears.status).toBe(200);
    expect(twoYears.json().range.bucket).toBe("month");
  });
});

describe("who may read reports", () => {
  it("answers a customer 403 on every route, even with a bad range, and 401 without a token", async () => {
    for (const route of ROUTES) {
      for (const url of [route, `${route}?from=nope`]) {
        const refused = await get(url, customer);
        expect({ url, status: refused.status, body: refused.json() }).toEqual({
          url,
          status: 403,
          body: { error: "Only vendor engineers can do this", status: 403 },
        });
      }
      const anonymous = await t.app.inject({ method: "GET", url: route });
      expect({ route, status: anonymous.statusCode }).toEqual({ route, status: 401 });
    }
  });

  it("are described in the API document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const route of ROUTES) expect(doc.paths[route]?.get).toBeDefined();
  });
});
