/** /reports: the three sections' figures, their text alternatives, CSVs, capacity table, empty, error, range and customers. */
import type {
  TAccountsReport,
  TCapacityPage,
  TCapacityRow,
  TClustersReport,
  TIssuesReport,
} from "@portico/shared/schemas/reports";
import { MESSAGES } from "@portico/shared/validation";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import {
  calls,
  currentUrl,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import { ENGINEERS_ONLY } from "../placeholders/placeholder-screen";
import ReportsScreen from "./reports-screen";

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true, accountId: 1 };
const RANGE = { from: "2026-11-01", to: "2026-11-03", bucket: "day" as const };
const URL_RANGE = `/reports?from=${RANGE.from}&to=${RANGE.to}`;
const ACCOUNTS = "GET /api/auth/reports/accounts";
const CAPACITY = "GET /api/auth/reports/accounts/capacity";
const CLUSTERS = "GET /api/auth/reports/clusters";
const ISSUES = "GET /api/chat/reports";

const accounts: TAccountsReport = {
  range: RANGE,
  totals: { accounts: 1234, enabled: 1200, disabled: 34, trial: 56, subscribed: 900 },
  by_plan: [
    { plan: "STANDARD", accounts: 700, contract_tib: 7000, reported_tib: 3500.5 },
    { plan: "ENTERPRISE-PLUS", accounts: 200, contract_tib: 80000, reported_tib: 20000 },
    { plan: null, accounts: 334, contract_tib: 0, reported_tib: 0 },
  ],
  by_trial: { trial: 56, not_trial: 1178 },
  by_status: [
    { status: "active", accounts: 850 },
    { status: "past_due", accounts: 50 },
    { status: "canceled", accounts: 10 },
    { status: "no_plan", accounts: 290 },
    { status: "disabled", accounts: 34 },
  ],
  capacity: {
    over: 3,
    near: 7,
    within: 800,
    unknown: 424,
    contract_tib: 87000,
    reported_tib: 23500.5,
    near_pct: 90,
  },
  growth: [
    {
      period: "2026-11-01",
      new_accounts: 2,
      total_accounts: 1230,
      new_subscriptions: 1,
      ended_subscriptions: 0,
    },
    {
      period: "2026-11-02",
      new_accounts: 0,
      total_accounts: 1230,
      new_subscriptions: 0,
      ended_subscriptions: 1,
    },
    {
      period: "2026-11-03",
      new_accounts: 4,
      total_accounts: 1234,
      new_subscriptions: 2,
      ended_subscriptions: 0,
    },
  ],
};

const clusters: TClustersReport = {
  range: RANGE,
  totals: { clusters: 42, accounts: 30, total_bytes: 2 * 1024 ** 5, used_bytes: 1024 ** 5 },
  by_version: [
    { version: "7.2.1", clusters: 30, accounts: 25 },
    { version: "mixed", clusters: 2, accounts: 2 },
    { version: null, clusters: 10, accounts: 8 },
  ],
  by_health: [
    { health: "healthy", clusters: 28 },
    { health: "warning", clusters: 2 },
    { health: "critical", clusters: 1 },
    { health: "not_reporting", clusters: 1 },
    { health: "no_report", clusters: 10 },
  ],
  registered: [
    { period: "2026-11-01", new_clusters: 1, total_clusters: 40 },
    { period: "2026-11-02", new_clusters: 0, total_clusters: 40 },
    { period: "2026-11-03", new_clusters: 2, total_clusters: 42 },
  ],
};

const issues: TIssuesReport = {
  range: RANGE,
  totals: {
    opened: 17,
    panics: 2,
    first_responses: 15,
    answered: 12,
    breaches: 3,
    within_sla_pct: 86.7,
    median_first_response_minutes: 95,
  },
  series: [
    { period: "2026-11-01", opened: 9, panics: 1, first_responses: 8, answered: 6, breaches: 2 },
    { period: "2026-11-02", opened: 0, panics: 0, first_responses: 0, answered: 0, breaches: 0 },
    { period: "2026-11-03", opened: 8, panics: 1, first_responses: 7, answered: 6, breaches: 1 },
  ],
};

function capacityRow(id: number, over: Partial<TCapacityRow> = {}): TCapacityRow {
  return {
    account_id: id,
    company: `Org ${id}`,
    plan: "STANDARD",
    is_trial: false,
    status: "active",
    contract_tib: 10,
    reported_tib: 12,
    usage_pct: 120,
    flag: "over",
    created_at: "2025-01-01T00:00:00Z",
    ...over,
  };
}

const capacityPage = (items: TCapacityRow[], total = items.length): TCapacityPage => ({
  items,
  total,
  page: 1,
  page_size: 25,
});

function setup(routes: Record<string, Handler | object> = {}, { user = engineer, url = URL_RANGE } = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    [ACCOUNTS]: accounts,
    [CAPACITY]: capacityPage([
      capacityRow(5),
      capacityRow(6, { flag: "near", reported_tib: 9.5, usage_pct: 95 }),
    ]),
    [CLUSTERS]: clusters,
    [ISSUES]: issues,
    ...routes,
  });
  return { ...renderScreen(<ReportsScreen />, { path: "/reports", url }), fetchMock };
}

/** The query of the last request to `key`. */
function lastQuery(fetchMock: ReturnType<typeof mockApi>, key: string): Record<string, string> {
  const index = calls(fetchMock).lastIndexOf(key);
  return Object.fromEntries(
    new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost").searchParams,
  );
}

const section = (name: string) => screen.findByRole("region", { name });
/** The first figure named `name` in `within` (the cards come first). */
const stat = (list: HTMLElement, name: string) =>
  within(list).getAllByText(name, { selector: "dt" })[0]?.nextElementSibling?.textContent;

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  Object.assign(URL, { createObjectURL: vi.fn(() => "blob:report"), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

describe("/reports", () => {
  it("tells a customer it is for engineers and asks for no report", async () => {
    const { fetchMock } = setup({}, { user: testCustomer });
    expect(await screen.findByText(ENGINEERS_ONLY)).toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call.includes("/reports"))).toEqual([]);
  });

  it("asks each report for the address's range and shows the organizations' figures", async () => {
    const { fetchMock } = setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Reports" })).toBeInTheDocument();
    const orgs = await section("Organizations");
    await within(orgs).findByRole("table", { name: "Organizations by plan" });
    const totals = orgs;
    expect(stat(totals, "Organizations")).toBe("1,234");
    expect(stat(totals, "Disabled")).toBe("34");
    expect(stat(totals, "On trial")).toBe("56");
    for (const key of [ACCOUNTS, CLUSTERS, ISSUES]) {
      expect(lastQuery(fetchMock, key)).toEqual({ from: RANGE.from, to: RANGE.to });
    }
    expect(screen.getByRole("textbox", { name: "From" })).toHaveValue("01-11-2026");

    // Each chart's figures as a table (read by screen readers; shown on request).
    const byPlan = within(orgs).getByRole("table", { name: "Organizations by plan" });
    const standard = within(byPlan).getByRole("row", { name: /Standard/ });
    expect(standard).toHaveTextContent("700");
    expect(standard).toHaveTextContent("3,500.5 TiB");
    expect(within(byPlan).getByRole("row", { name: /No plan/ })).toHaveTextContent("334");
    const growth = within(orgs).getByRole("table", { name: "Organizations over time" });
    expect(within(growth).getByRole("row", { name: /3 Nov 2026/ })).toHaveTextContent("1,2344");
    expect(within(orgs).getByText("Past due").nextElementSibling).toHaveTextContent("50");
    expect(within(orgs).getByText("Not on trial").nextElementSibling).toHaveTextContent("1,178");
    const flags = within(orgs).getByRole("list", { name: "Organizations by capacity flag" });
    expect(flags).toHaveTextContent("Over contract: 3");
    expect(flags).toHaveTextContent("Near contract: 7");
    expect(flags).toHaveTextContent("Unknown: 424");
  });

  it("shows a chart's figures as a visible table on request", async () => {
    const { user } = setup();
    const orgs = await section("Organizations");
    const toggle = await within(orgs).findByRole("button", { name: "Show as table: Organizations by plan" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    expect(
      within(orgs).getByRole("button", { name: "Show as chart: Organizations by plan" }),
    ).toHaveAttribute("aria-pressed", "true");
    expect(within(orgs).getByRole("table", { name: "Organizations by plan" }).parentElement).not.toHaveClass(
      "sr-only",
    );
  });

  it("shows clusters by version and health, and issues with SLA figures", async () => {
    setup();
    const clustersSection = await section("Clusters");
    const versions = await within(clustersSection).findByRole("table", { name: "Clusters by version" });
    expect(within(versions).getByRole("row", { name: /7\.2\.1/ })).toHaveTextContent("3025");
    expect(within(versions).getByRole("row", { name: /Mixed versions/ })).toBeInTheDocument();
    expect(within(versions).getByRole("row", { name: /No report yet/ })).toHaveTextContent("108");
    const health = within(clustersSection).getByRole("table", { name: "Clusters by health" });
    expect(within(health).getByRole("row", { name: /Not reporting/ })).toHaveTextContent("1");
    expect(stat(clustersSection, "Capacity used")).toBe("1 PiB of 2 PiB");

    const issuesSection = await section("Issues");
    await within(issuesSection).findByRole("table", { name: "Issues over time" });
    const totals = issuesSection;
    expect(stat(totals, "Opened")).toBe("17");
    expect(stat(totals, "SLA breaches")).toBe("3");
    expect(stat(totals, "Within SLA")).toBe("86.7 %");
    expect(stat(totals, "Median first response")).toBe("1 h 35 min");
    const overTime = within(issuesSection).getByRole("table", { name: "Issues over time" });
    expect(within(overTime).getByRole("row", { name: /1 Nov 2026/ })).toHaveTextContent("91862");
  });

  it("pages and narrows the capacity table by flag and name, flags in words", async () => {
    const { user, fetchMock } = setup({
      [CAPACITY]: (url) =>
        jsonResponse(
          capacityPage(
            [capacityRow(Number(url.searchParams.get("page")) * 100)],
            url.searchParams.get("flag") === "near" ? 1 : 60,
          ),
        ),
    });
    const orgs = await section("Organizations");
    const table = await within(orgs).findByRole("table", { name: "Capacity by organization" });
    await within(table).findByRole("link", { name: "Org 100" });
    expect(within(table).getByRole("link", { name: "Org 100" })).toHaveAttribute("href", "/customers/100");
    expect(within(table).getByText("Over contract")).toBeInTheDocument();
    expect(within(table).getByText("120 %")).toBeInTheDocument();
    const pager = within(orgs).getByRole("navigation", { name: "Pages" });
    expect(within(pager).getByText("Page 1 of 3")).toBeInTheDocument();
    await user.click(within(pager).getByRole("button", { name: "Next" }));
    await within(table).findByRole("link", { name: "Org 200" });
    expect(lastQuery(fetchMock, CAPACITY)).toMatchObject({ page: "2", flag: "all" });

    await user.click(within(orgs).getByRole("combobox", { name: "Flag" }));
    await user.click(await screen.findByRole("option", { name: "Near contract" }));
    await waitFor(() => expect(lastQuery(fetchMock, CAPACITY)).toMatchObject({ flag: "near", page: "1" }));
    await user.type(within(orgs).getByRole("searchbox", { name: "Organization" }), "acme");
    await waitFor(() => expect(lastQuery(fetchMock, CAPACITY)).toMatchObject({ q: "acme", flag: "near" }));
  });

  it("says when no organization matches the capacity filters, and clears them", async () => {
    const { user, fetchMock } = setup({
      [CAPACITY]: (url) => jsonResponse(capacityPage(url.searchParams.get("q") ? [] : [capacityRow(5)])),
    });
    const orgs = await section("Organizations");
    await within(orgs).findByRole("link", { name: "Org 5" });
    await user.type(within(orgs).getByRole("searchbox", { name: "Organization" }), "zzz");
    expect(await within(orgs).findByText("No organization matches these filters")).toBeInTheDocument();
    await user.click(within(orgs).getByRole("button", { name: "Clear filters" }));
    expect(await within(orgs).findByRole("link", { name: "Org 5" })).toBeInTheDocument();
    expect(lastQuery(fetchMock, CAPACITY)).toEqual({ flag: "all", page: "1", page_size: "25" });
  });

  it("downloads each section's CSV for the range, and says so", async () => {
    const csv = (name: string) => () =>
      new Response("period,opened\n", {
        headers: { "Content-Type": "text/csv", "Content-Disposition": `attachment; filename="${name}"` },
      });
    const { user, fetchMock } = setup({
      "GET /api/auth/reports/accounts/export": csv("accounts-report-2026-11-01-to-2026-11-03.csv"),
      "GET /api/auth/reports/clusters/export": csv("clusters-report-2026-11-03.csv"),
      "GET /api/chat/reports/export": csv("issues-report-2026-11-01-to-2026-11-03.csv"),
    });
    for (const [name, key, file] of [
      [
        "Organizations",
        "GET /api/auth/reports/accounts/export",
        "accounts-report-2026-11-01-to-2026-11-03.csv",
      ],
      ["Clusters", "GET /api/auth/reports/clusters/export", "clusters-report-2026-11-03.csv"],
      ["Issues", "GET /api/chat/reports/export", "issues-report-2026-11-01-to-2026-11-03.csv"],
    ] as const) {
      const region = await section(name);
      await user.click(within(region).getByRole("button", { name: `Download CSV of ${name.toLowerCase()}` }));
      expect(await screen.findByText(`${file} has been downloaded.`)).toBeInTheDocument();
      expect(lastQuery(fetchMock, key)).toEqual({ from: RANGE.from, to: RANGE.to });
    }
    expect(URL.createObjectURL).toHaveBeenCalledTimes(3);
  });

  it("says when a download fails, beside the section and in a toast", async () => {
    const { user } = setup({
      "GET /api/chat/reports/export": () => jsonResponse({ error: "Database down", status: 500 }, 500),
    });
    const region = await section("Issues");
    await user.click(within(region).getByRole("button", { name: "Download CSV of issues" }));
    expect(await within(region).findByText("The download failed: Database down")).toBeInTheDocument();
    expect(await screen.findAllByText("The download failed: Database down")).toHaveLength(2);
  });

  it("shows empty states with a next step, not errors, for an empty database", async () => {
    const zero = { ...issues.totals, opened: 0, panics: 0, first_responses: 0, answered: 0, breaches: 0 };
    const { user, router } = setup({
      [ACCOUNTS]: {
        ...accounts,
        totals: { accounts: 0, enabled: 0, disabled: 0, trial: 0, subscribed: 0 },
        by_plan: [],
        growth: accounts.growth.map((g) => ({ ...g, new_accounts: 0, total_accounts: 0 })),
      },
      [CLUSTERS]: {
        ...clusters,
        totals: { clusters: 0, accounts: 0, total_bytes: 0, used_bytes: 0 },
        by_version: [],
      },
      [ISSUES]: { ...issues, totals: { ...zero, within_sla_pct: null, median_first_response_minutes: null } },
    });
    expect(await screen.findByText("No customer organizations yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Customers" })).toHaveAttribute("href", "/customers");
    expect(screen.getByText("No clusters registered yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Health" })).toHaveAttribute("href", "/health");
    expect(screen.getByText("No issues in this range")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show the last 12 months" }));
    expect(currentUrl(router)).toBe("/reports?from=2025-11-04&to=2026-11-03");
  });

  it("shows a failed report with Retry, which loads it again", async () => {
    let fail = true;
    const { user } = setup({
      [CLUSTERS]: () =>
        fail ? jsonResponse({ error: "Database down", status: 500 }, 500) : jsonResponse(clusters),
    });
    const region = await section("Clusters");
    expect(await within(region).findByText("Database down")).toBeInTheDocument();
    // The other sections are not held up by it.
    expect(
      await within(await section("Issues")).findByRole("table", { name: "Issues over time" }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(region).getByRole("button", { name: "Retry" }));
    expect(await within(region).findByRole("table", { name: "Clusters by version" })).toBeInTheDocument();
  });

  it("picks a range and keeps it in the address; a bad one is told on the field without asking", async () => {
    const { user, router, fetchMock } = setup();
    await section("Organizations");
    await user.click(screen.getByRole("button", { name: "Last 7 days" }));
    await waitFor(() =>
      expect(currentUrl(router)).toMatch(/^\/reports\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/),
    );
    await waitFor(() => expect(lastQuery(fetchMock, ISSUES).from).not.toBe(RANGE.from));

    const asked = calls(fetchMock).filter((call) => call === ISSUES).length;
    const to = screen.getByRole("textbox", { name: "To" });
    await user.clear(to);
    await user.type(to, "01-01-2000{Enter}");
    expect(to).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.endDateBeforeStart));
    expect(calls(fetchMock).filter((call) => call === ISSUES)).toHaveLength(asked);
  });

  it("a linked range of ten years is refused on the field, and nothing is asked", async () => {
    const { fetchMock } = setup({}, { url: "/reports?from=2016-01-01&to=2026-01-01" });
    expect(await screen.findByText("Correct the dates to see the reports.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "To" })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.rangeTooLong),
    );
    expect(calls(fetchMock).filter((call) => call.includes("/reports"))).toEqual([]);
  });

  it("shows the server's refusal of the range on its field", async () => {
    setup({ [ISSUES]: () => jsonResponse({ error: MESSAGES.invalidEndDate, status: 400 }, 400) });
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "To" })).toHaveAccessibleDescription(
        expect.stringContaining(MESSAGES.invalidEndDate),
      ),
    );
    expect(screen.getByText("Correct the dates to see the reports.")).toBeInTheDocument();
  });
});
