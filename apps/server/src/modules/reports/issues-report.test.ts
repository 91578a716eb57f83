/**
 * Issues over time (§7.2 reports) on issues opened, answered and reopened through the API whose
 * opening, deadline, first response and resolution are then set by SQL to known instants, so the
 * expected figures are known: per month and per day on either side of midnight, the share in time,
 * the median, the CSV. First, an empty database: every report answers zeros, never an error.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, issues } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { call, openIssue, post } from "../conversations/test-fixtures";

let t: TestContext;
let engineer: string;

const RANGE = "from=2026-01-01&to=2026-03-31&bucket=month";
const at = (iso: string | null) => (iso === null ? null : new Date(iso));

async function get(url: string) {
  const res = await t.app.inject({ method: "GET", url, headers: { authorization: engineer } });
  return { status: res.statusCode, body: res.body, json: () => res.json(), headers: res.headers };
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { accountId: 1, role: "engineer", name: "Erin Engineer" });
  engineer = (await signIn(t.app, user)).authorization;
});
afterAll(() => t.close());

describe("an empty database", () => {
  it("answers every report with zeros, empty lists and every bucket, and CSVs with their header", async () => {
    const range = "from=2026-01-01&to=2026-01-03";
    const issuesReport = (await get(`/api/chat/reports?${range}`)).json();
    expect(issuesReport).toEqual({
      range: { from: "2026-01-01", to: "2026-01-03", bucket: "day" },
      totals: {
        opened: 0,
        panics: 0,
        first_responses: 0,
        answered: 0,
        breaches: 0,
        within_sla_pct: null,
        median_first_response_minutes: null,
      },
      series: ["2026-01-01", "2026-01-02", "2026-01-03"].map((period) => ({
        period,
        opened: 0,
        panics: 0,
        first_responses: 0,
        answered: 0,
        breaches: 0,
      })),
    });
    const accountsReport = (await get(`/api/auth/reports/accounts?${range}`)).json();
    expect(accountsReport).toMatchObject({
      totals: { accounts: 0, enabled: 0, disabled: 0, trial: 0, subscribed: 0 },
      by_plan: [],
      by_trial: { trial: 0, not_trial: 0 },
      capacity: { over: 0, near: 0, within: 0, unknown: 0, contract_tib: 0, reported_tib: 0, near_pct: 90 },
    });
    expect(accountsReport.by_status.every((s: { accounts: number }) => s.accounts === 0)).toBe(true);
    expect(accountsReport.growth.map((g: { total_accounts: number }) => g.total_accounts)).toEqual([0, 0, 0]);
    const clustersReport = (await get(`/api/auth/reports/clusters?${range}`)).json();
    expect(clustersReport).toMatchObject({
      totals: { clusters: 0, accounts: 0, total_bytes: 0, used_bytes: 0 },
      by_version: [],
    });
    expect(clustersReport.by_health).toHaveLength(5);
    expect((await get("/api/auth/reports/accounts/capacity")).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      page_size: 25,
    });
    expect((await get(`/api/auth/reports/accounts/export?${range}`)).body).toBe(
      "account_id,company,plan,trial,status,contract_tib,reported_tib,usage_pct,flag,created_at\r\n",
    );
    expect((await get(`/api/auth/reports/clusters/export?${range}`)).body).toBe(
      "cluster_id,name,account_id,company,version,health,total_bytes,used_bytes,last_report_at,registered_at\r\n",
    );
  });
});

interface Shape {
  created: string;
  due: string | null;
  firstResponse: string | null;
  resolved: string | null;
  panic?: boolean;
}

describe("GET /api/chat/reports on a known set", () => {
  let ownerX: string;
  let xray: number;

  /** Puts an issue opened through the API at known instants. */
  const shape = (issueNumber: number, s: Shape) =>
    t.db
      .update(issues)
      .set({
        createdAt: new Date(s.created),
        slaDueAt: at(s.due),
        firstResponseAt: at(s.firstResponse),
        resolvedAt: at(s.resolved),
        issueType: s.panic ? "panic" : null,
      })
      .where(eq(issues.issueNumber, issueNumber));

  beforeAll(async () => {
    xray = (await createAccount(t.db, "Xray")).id;
    const yankee = (await createAccount(t.db, "Yankee")).id;
    const owner = await createUser(t.db, { accountId: xray, role: "owner" });
    ownerX = (await signIn(t.app, owner)).authorization;
    const ownerY = (await signIn(t.app, await createUser(t.db, { accountId: yankee, role: "owner" })))
      .authorization;

    const open = () => openIssue(t.app, ownerX, xray);
    const answer = async (n: number, answered = true) =>
      expect((await call(t.app, engineer, "POST", `/api/chat/issue/${n}/answer`, { answered })).status).toBe(
        200,
      );

    // Answered in time; late (deadline just after midnight); a panic answered in time; still
    // waiting past its deadline; without an SLA, opened before the range; waiting, deadline after
    // the range; answered then reopened.
    const i1 = await open();
    await post(t.app, engineer, i1, "Looking");
    await answer(i1);
    const i2 = await open();
    await post(t.app, engineer, i2, "Late, sorry");
    const i3 = await open();
    await answer(i3);
    const i4 = await open();
    const i5 = await open();
    await answer(i5);
    const i6 = await open();
    const i7 = await open();
    await answer(i7);
    await answer(i7, false);
    await shape(i1, {
      created: "2026-01-05T10:00:00Z",
      due: "2026-01-05T14:00:00Z",
      firstResponse: "2026-01-05T10:30:00Z",
      resolved: "2026-01-06T10:00:00Z",
    });
    await shape(i2, {
      created: "2026-01-31T22:00:00Z",
      due: "2026-02-01T02:00:00Z",
      firstResponse: "2026-02-01T03:00:00Z",
      resolved: null,
    });
    await shape(i3, {
      created: "2026-02-10T00:00:00Z",
      due: "2026-02-10T04:00:00Z",
      firstResponse: "2026-02-10T01:00:00Z",
      resolved: "2026-03-01T00:00:00Z",
      panic: true,
    });
    await shape(i4, {
      created: "2026-03-20T00:00:00Z",
      due: "2026-03-21T00:00:00Z",
      firstResponse: null,
      resolved: null,
    });
    await shape(i5, {
      created: "2025-12-31T23:59:59Z",
      due: null,
      firstResponse: "2026-01-01T00:59:59Z",
      resolved: "2026-01-02T00:00:00Z",
    });
    await shape(i6, {
      created: "2026-03-31T23:00:00Z",
      due: "2026-04-01T03:00:00Z",
      firstResponse: null,
      resolved: null,
    });
    await shape(i7, {
      created: "2026-02-15T00:00:00Z",
      due: null,
      firstResponse: "2026-02-15T00:10:00Z",
      resolved: null,
    });
    // An organization being purged is out of the reports, whatever its issues.
    const gone = await openIssue(t.app, ownerY, yankee);
    await shape(gone, {
      created: "2026-01-10T00:00:00Z",
      due: "2026-01-10T01:00:00Z",
      firstResponse: "2026-01-11T00:00:00Z",
      resolved: "2026-01-12T00:00:00Z",
      panic: true,
    });
    await t.db.update(accounts).set({ purgeStartedAt: new Date() }).where(eq(accounts.id, yankee));
  });

  it("counts per month what was opened, first answered, marked answered and missed, with the SLA share and median", async () => {
    const res = await get(`/api/chat/reports?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      range: { from: "2026-01-01", to: "2026-03-31", bucket: "month" },
      totals: {
        opened: 6,
        panics: 1,
        first_responses: 5,
        answered: 3,
        breaches: 2,
        // Of three SLA first responses in the range, two in time; minutes 10, 30, 60, 60, 300.
        within_sla_pct: 66.7,
        median_first_response_minutes: 60,
      },
      series: [
        { period: "2026-01-01", opened: 2, panics: 0, first_responses: 2, answered: 2, breaches: 0 },
        { period: "2026-02-01", opened: 2, panics: 1, first_responses: 3, answered: 0, breaches: 1 },
        { period: "2026-03-01", opened: 2, panics: 0, first_responses: 0, answered: 1, breaches: 1 },
      ],
    });
  });

  it("interpolates the median of an even count and rounds it", async () => {
    const { totals } = (await get("/api/chat/reports?from=2026-01-01&to=2026-01-31")).json();
    expect(totals).toMatchObject({
      first_responses: 2,
      within_sla_pct: 100,
      median_first_response_minutes: 45,
    });
  });

  it("puts each instant in its UTC day on either side of midnight", async () => {
    const { series } = (await get("/api/chat/reports?from=2026-01-31&to=2026-02-01&bucket=day")).json();
    expect(series).toEqual([
      { period: "2026-01-31", opened: 1, panics: 0, first_responses: 0, answered: 0, breaches: 0 },
      { period: "2026-02-01", opened: 0, panics: 0, first_responses: 1, answered: 0, breaches: 1 },
    ]);
  });

  it("downloads one row per period as CSV named for the range", async () => {
    const res = await get(`/api/chat/reports/export?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="issues-report-2026-01-01-to-2026-03-31.csv"',
    );
    expect(res.body).toBe(
      [
        "period,opened,panics,first_responses,answered,breaches",
        "2026-01-01,2,0,2,2,0",
        "2026-02-01,2,1,3,0,1",
        "2026-03-01,2,0,0,1,1",
        "",
      ].join("\r\n"),
    );
  });

  it("counts today's issue as the API leaves it: opened under a 4-hour SLA, answered by an engineer's message in time", async () => {
    await t.db.update(accounts).set({ slaHours: 4, slaCoverage: "24x7" }).where(eq(accounts.id, xray));
    const n = await openIssue(t.app, ownerX, xray);
    await post(t.app, engineer, n, "On it");
    expect(
      (await call(t.app, engineer, "POST", `/api/chat/issue/${n}/answer`, { answered: true })).status,
    ).toBe(200);
    const { totals } = (await get("/api/chat/reports")).json();
    expect(totals).toEqual({
      opened: 1,
      panics: 0,
      first_responses: 1,
      answered: 1,
      breaches: 0,
      within_sla_pct: 100,
      median_first_response_minutes: 0,
    });
  });
});
