/** The cluster page: checks, no report yet, the explorer's gate, tree and search, reports, issue prefill, key rotation, not found. */
import type { TCheck, TCluster, TExplorerItem, TReportMetrics } from "@portico/shared/schemas/clusters";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import {
  bodyOf,
  calls,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import type { THealthReportLog } from "./api";
import ClusterScreen, { FAST_POLL_MS, SLOW_POLL_MS } from "./cluster-screen";

const TIB = 2 ** 40;
const when = "2026-11-20T03:00:00Z";

function cluster(over: Partial<TCluster> = {}): TCluster {
  return {
    id: "c-1",
    account_id: 3,
    name: "Lab A",
    description: "Rack 4, building B",
    deployment_id: "dep-lab-a",
    created_at: when,
    updated_at: when,
    summary: { storage: { total_space: 100 * TIB, used_space: 52 * TIB } },
    no_of_completed_checks: 7,
    no_of_failed_checks: 2,
    last_report_at: when,
    not_reporting: false,
    worst_check: null,
    call_home_key_hint: "portico_ck_…a1b2",
    ...over,
  };
}

const check = (id: TCheck["id"], over: Partial<TCheck> = {}): TCheck => ({
  id,
  title: id,
  severity: "info",
  passed: true,
  message: `${id} is fine`,
  advice: "",
  ...over,
});

const CHECKS: TCheck[] = [
  check("drives_offline", {
    title: "Drives offline",
    severity: "critical",
    passed: false,
    message: "2 of 16 drives are offline",
    advice: "Replace the drives on node-2",
  }),
  check("clock_drift", {
    title: "Clock drift",
    severity: "warning",
    passed: false,
    message: "Clocks differ by 4 s",
    advice: "Run NTP on every node",
  }),
  check("drive_usage", { title: "Drive usage", message: "All drives below 80%" }),
  check("version_skew", { title: "Version skew", message: "One version" }),
];

const METRICS: TReportMetrics = {
  nodes: 4,
  drives: 16,
  drives_offline: 2,
  raw_total_bytes: 200 * TIB,
  raw_used_bytes: 104 * TIB,
  usable_total_bytes: 100 * TIB,
  usable_used_bytes: 52 * TIB,
  max_drive_usage_pct: 70,
  versions: ["1.0"],
  max_clock_drift_ms: 4000,
  network_errors_delta: 0,
  erasure_sets: 2,
  erasure_sets_degraded: 1,
  erasure_sets_offline: 0,
  days_to_full: 95,
};

const checksAnswer = (c = cluster(), checks = CHECKS, metrics: TReportMetrics | null = METRICS) => ({
  cluster: c,
  report_id: metrics ? 9 : null,
  generated_at: metrics ? when : null,
  checks,
  metrics,
});

const reportLog = (items: Partial<THealthReportLog["items"][number]>[] = []): THealthReportLog => ({
  items: items.map((r, i) => ({
    report_id: 100 - i,
    file_uuid: null,
    generated_at: when,
    received_at: when,
    status: "analysed",
    error: null,
    failed_checks: 2,
    size: 2048,
    ...r,
  })),
  page: 1,
  has_more: false,
});

const drive = (key: string, label: string, state = "ok"): TExplorerItem => ({
  key,
  kind: "drive",
  label,
  state,
  total_bytes: 8 * TIB,
  used_bytes: 4 * TIB,
  detail: "",
  children: [],
});

const TREE: TExplorerItem = {
  key: "cluster",
  kind: "cluster",
  label: "Lab A",
  state: "degraded",
  total_bytes: 100 * TIB,
  used_bytes: 52 * TIB,
  detail: "",
  children: [
    {
      key: "nodes",
      kind: "nodes",
      label: "Nodes",
      state: "offline",
      total_bytes: 0,
      used_bytes: 0,
      detail: "",
      children: [
        {
          key: "node:host-1",
          kind: "node",
          label: "host-1",
          state: "ok",
          total_bytes: 16 * TIB,
          used_bytes: 8 * TIB,
          detail: "v1.0, up 3 days",
          children: [drive("drive:host-1:/d1", "/mnt/d1"), drive("drive:host-1:/d2", "/mnt/d2")],
        },
        {
          key: "node:host-2",
          kind: "node",
          label: "host-2",
          state: "offline",
          total_bytes: 16 * TIB,
          used_bytes: 8 * TIB,
          detail: "v1.0",
          children: [drive("drive:host-2:/d1", "/mnt/sick", "offline")],
        },
      ],
    },
    {
      key: "sets",
      kind: "sets",
      label: "Erasure sets",
      state: "degraded",
      total_bytes: 0,
      used_bytes: 0,
      detail: "",
      children: [],
    },
  ],
};

const engineer = { ...testCustomer, userId: 9, name: "Grace", accountId: 1, isEngineer: true };
const owner = { ...testCustomer, roles: ["account_owner"] };

function renderCluster(
  routes: Record<string, Handler | object> = {},
  { user = testCustomer as object, env = "production", url = "/health/3/c-1" } = {},
) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/deploy_env": { env, sentry_dsn: null },
    "GET /api/accounts/3/clusters/c-1": cluster(),
    "GET /api/health": (u: URL) => {
      const reqType = u.searchParams.get("reqType");
      if (reqType === "checks") return jsonResponse(checksAnswer());
      if (reqType === "reports") return jsonResponse(reportLog([{}]));
      if (reqType === "explorer") return jsonResponse({ generated_at: when, root: TREE });
      if (reqType === "history") return jsonResponse({ items: [], page: 1, has_more: false });
      return jsonResponse({ points: [], forecast: null });
    },
    ...routes,
  });
  const view = renderScreen(<ClusterScreen />, {
    path: "/health/:accountId/:clusterId",
    url,
    routes: [
      { path: "/health", element: <p>Health overview</p> },
      { path: "/issues/:n", element: <p>Issue screen</p> },
    ],
  });
  return { ...view, fetchMock };
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("/health/:accountId/:clusterId", () => {
  it("shows the cluster, capacity with days to full, failing checks first with their advice and the passed ones folded", async () => {
    const { user } = renderCluster();
    expect(await screen.findByRole("heading", { level: 1, name: "Lab A" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Health" })).toHaveAttribute("href", "/health");
    expect(screen.getByText("dep-lab-a")).toBeInTheDocument();
    expect(screen.getByText("Rack 4, building B")).toBeInTheDocument();
    expect(await screen.findByText("52% used")).toBeInTheDocument();
    expect(screen.getByText("Full in about 95 days")).toBeInTheDocument();

    const failing = within(screen.getByRole("list", { name: "Failing checks" })).getAllByTestId("check");
    expect(failing).toHaveLength(2);
    expect(failing[0]).toHaveTextContent(/^CriticalDrives offline/);
    expect(failing[1]).toHaveTextContent(/^WarningClock drift/);
    expect(within(failing[0] as HTMLElement).getByText("Critical")).toBeInTheDocument();
    expect(within(failing[0] as HTMLElement).getByText("Replace the drives on node-2")).toBeInTheDocument();
    expect(within(failing[1] as HTMLElement).getByText("Warning")).toBeInTheDocument();

    const passed = screen.getByRole("button", { name: "2 checks pass" });
    expect(passed).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Drive usage")).not.toBeVisible();
    await user.click(passed);
    expect(passed).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Drive usage")).toBeVisible();
  });

  it("before the first report: says so, shows how to send one, and keeps only Reports and Files", async () => {
    const none = cluster({ last_report_at: null, summary: { storage: { total_space: 0, used_space: 0 } } });
    renderCluster({
      "GET /api/accounts/3/clusters/c-1": none,
      "GET /api/health": (u: URL) =>
        u.searchParams.get("reqType") === "checks"
          ? jsonResponse(checksAnswer(none, [], null))
          : jsonResponse(reportLog([])),
    });
    expect(await screen.findByText("This cluster has not sent a health report yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "health report schema" })).toHaveAttribute(
      "href",
      "/api/health/report-schema.json",
    );
    expect(screen.getByText(/--data-binary @\/path\/report.json/)).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Reports", "Files"]);
  });

  it("hides the explorer from a customer outside the rollout and shows it to an engineer", async () => {
    const first = renderCluster();
    await screen.findByRole("tab", { name: "Trends" });
    await waitFor(() =>
      expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
        "Trends",
        "Check history",
        "Reports",
        "Files",
      ]),
    );
    first.unmount();

    renderCluster({}, { user: engineer });
    expect(await screen.findByRole("tab", { name: "Explorer" })).toBeInTheDocument();
  });

  it("explorer: a keyboard tree that opens and closes, and a search keeping matches and their ancestors", async () => {
    const { user } = renderCluster({}, { user: engineer, url: "/health/3/c-1?tab=explorer" });
    const tree = await screen.findByRole("tree", { name: "Cluster layout" });
    const item = (name: RegExp) => within(tree).getByRole("treeitem", { name });
    // The cluster and its two groups start open; nodes are closed, so drives are not rendered.
    expect(item(/^Nodes,/)).toHaveAttribute("aria-expanded", "true");
    expect(item(/^host-1,/)).toHaveAttribute("aria-expanded", "false");
    expect(within(tree).queryByRole("treeitem", { name: /^\/mnt\/d1/ })).toBeNull();

    const root = item(/^Lab A,/);
    expect(root).toHaveAttribute("tabindex", "0");
    root.focus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(item(/^host-1,/)).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(item(/^host-1,/)).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{ArrowRight}");
    expect(item(/^\/mnt\/d1,/)).toHaveFocus();
    expect(item(/^\/mnt\/d1,/)).toHaveAttribute("aria-level", "4");
    await user.keyboard("{ArrowLeft}");
    expect(item(/^host-1,/)).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(item(/^host-1,/)).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("{End}");
    expect(item(/^Erasure sets,/)).toHaveFocus();
    await user.keyboard("{Home}");
    expect(root).toHaveFocus();

    await user.type(screen.getByRole("searchbox", { name: /Search nodes/ }), "sick");
    await waitFor(() =>
      expect(
        within(tree)
          .getAllByRole("treeitem")
          .map((t) => t.getAttribute("aria-label")),
      ).toEqual([
        "Lab A, cluster, degraded",
        "Nodes, nodes, offline",
        "host-2, node, offline",
        "/mnt/sick, drive, offline",
      ]),
    );
    await user.clear(screen.getByRole("searchbox", { name: /Search nodes/ }));
    await user.type(screen.getByRole("searchbox", { name: /Search nodes/ }), "nothing-like-it");
    expect(await screen.findByText("Nothing matches “nothing-like-it”.")).toBeInTheDocument();
  });

  it("trends: charts load on demand with their titles and summaries; the period selector asks for that many days", async () => {
    const days: string[] = [];
    const { user } = renderCluster({
      "GET /api/health": (u: URL) => {
        const reqType = u.searchParams.get("reqType");
        if (reqType === "checks") return jsonResponse(checksAnswer());
        if (reqType === "reports") return jsonResponse(reportLog([{}]));
        days.push(u.searchParams.get("days") ?? "");
        return jsonResponse({
          points: [
            {
              report_id: 1,
              t: "2026-10-21T03:00:00Z",
              usable_total_bytes: 100 * TIB,
              usable_used_bytes: 40 * TIB,
              drives_offline: 0,
              network_errors_delta: 0,
              failed_checks: 0,
              max_drive_usage_pct: 40,
            },
            {
              report_id: 2,
              t: "2026-11-20T03:00:00Z",
              usable_total_bytes: 100 * TIB,
              usable_used_bytes: 52 * TIB,
              drives_offline: 2,
              network_errors_delta: 3,
              failed_checks: 2,
              max_drive_usage_pct: 52,
            },
          ],
          forecast: null,
        });
      },
    });
    // The charts' chunk (recharts) is imported on first use, which takes a while in jsdom.
    const capacity = await screen.findByRole("figure", { name: "Usable capacity" }, { timeout: 10_000 });
    expect(capacity).toHaveAccessibleDescription(
      "Used grew from 40 TiB to 52 TiB in 30 days of 100 TiB usable; usage is not growing.",
    );
    expect(screen.getByRole("figure", { name: "Network errors per report" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "90 days" }));
    await waitFor(() => expect(days).toEqual(["30", "90"]));
  });

  it("reports tab: each report's status, and the reason a report failed", async () => {
    const { user } = renderCluster({
      "GET /api/health": (u: URL) => {
        const reqType = u.searchParams.get("reqType");
        if (reqType === "checks") return jsonResponse(checksAnswer());
        if (reqType === "trends") return jsonResponse({ points: [], forecast: null });
        return jsonResponse(
          reportLog([
            { status: "pending", failed_checks: null },
            {
              status: "failed",
              error: "Report does not match the health report schema: nodes",
              failed_checks: null,
            },
            { status: "analysed" },
          ]),
        );
      },
    });
    await user.click(await screen.findByRole("tab", { name: "Reports" }));
    const rows = await screen.findAllByTestId("report");
    expect(rows.map((r) => within(r).getAllByText(/^(Pending|Failed|Analysed)$/)[0]?.textContent)).toEqual([
      "Pending",
      "Failed",
      "Analysed",
    ]);
    expect(
      within(rows[1] as HTMLElement).getByText(/does not match the health report schema/),
    ).toBeInTheDocument();
  });

  it("opens an issue about the cluster with its failing checks and advice filled in, linked to the cluster", async () => {
    const { user, fetchMock } = renderCluster({
      "POST /api/chat/issue": { conversation: { issue: { issue_number: 77 } } },
    });
    await screen.findByText("Drives offline");
    await user.click(screen.getByRole("button", { name: "Open an issue about this" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Lab A: 2 failing health checks");
    const message = (within(dialog).getByLabelText("Message") as HTMLTextAreaElement).value;
    expect(message).toContain("deployment `dep-lab-a`");
    expect(message).toContain("- **Drives offline** (Critical): 2 of 16 drives are offline");
    expect(message).toContain("  Advice: Replace the drives on node-2");
    expect(message).toContain("- **Clock drift** (Warning): Clocks differ by 4 s");
    expect(message).not.toContain("Drive usage");
    await user.click(within(dialog).getByRole("button", { name: "Open issue" }));
    expect(await screen.findByText("Issue screen")).toBeInTheDocument();
    const post = calls(fetchMock).indexOf("POST /api/chat/issue");
    expect(bodyOf(fetchMock, post)).toMatchObject({
      title: "Lab A: 2 failing health checks",
      accountId: 3,
      clusterId: "c-1",
    });
  });

  it("rotates the call-home key after a warning and shows the new key once; plain members cannot", async () => {
    const first = renderCluster();
    await screen.findByText("Drives offline");
    expect(screen.queryByRole("button", { name: "Rotate call-home key" })).toBeNull();
    first.unmount();

    const { user, fetchMock } = renderCluster(
      {
        "POST /api/accounts/3/clusters/c-1/call-home-key": {
          call_home_key: "portico_ck_newkey123",
          cluster: cluster({ call_home_key_hint: "portico_ck_…y123" }),
        },
      },
      { user: owner },
    );
    await user.click(await screen.findByRole("button", { name: "Rotate call-home key" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText(/The current key stops working at once/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Rotate key" }));
    const shown = await screen.findByRole("dialog", { name: "New call-home key" });
    expect(within(shown).getAllByText(/portico_ck_newkey123/).length).toBeGreaterThan(0);
    expect(calls(fetchMock)).toContain("POST /api/accounts/3/clusters/c-1/call-home-key");
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("files tab: the cluster's files, and Upload diagnostics with this cluster filled in", async () => {
    const { user } = renderCluster({ "GET /api/accounts/3/clusters/c-1/recentFiles": { items: [] } });
    await user.click(await screen.findByRole("tab", { name: "Files" }));
    expect(await screen.findByText("No files for this cluster yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Upload diagnostics" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload file" });
    expect(within(dialog).getByLabelText("Cluster ID")).toHaveValue("c-1");
  });

  it("asks again every 5 s while the newest report is pending, and every minute once it is analysed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: "pending" | "analysed" = "pending";
      let asked = 0;
      renderCluster({
        "GET /api/health": (u: URL) => {
          const reqType = u.searchParams.get("reqType");
          if (reqType === "checks") {
            asked += 1;
            return jsonResponse(checksAnswer());
          }
          if (reqType === "reports") return jsonResponse(reportLog([{ status }]));
          return jsonResponse({ points: [], forecast: null });
        },
      });
      await screen.findByText("Drives offline");
      expect(await screen.findByText("Analysing a new report…")).toBeInTheDocument();
      const first = asked;
      await vi.advanceTimersByTimeAsync(FAST_POLL_MS + 100);
      await waitFor(() => expect(asked).toBeGreaterThan(first));
      status = "analysed";
      // One more fast round may already be scheduled, and the analysed report refreshes the page once.
      await vi.advanceTimersByTimeAsync(2 * FAST_POLL_MS + 100);
      const settled = asked;
      await vi.advanceTimersByTimeAsync(3 * FAST_POLL_MS);
      expect(asked).toBe(settled);
      await vi.advanceTimersByTimeAsync(SLOW_POLL_MS);
      await waitFor(() => expect(asked).toBeGreaterThan(settled));
    } finally {
      vi.useRealTimers();
    }
  });

  it("an unknown cluster (404) says Cluster not found with the way back to Health", async () => {
    renderCluster({
      "GET /api/accounts/3/clusters/c-1": () =>
        jsonResponse({ error: "Cluster not found", status: 404 }, 404),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Cluster not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Health" })).toHaveAttribute("href", "/health");
  });

  it("a failure to load shows the error with Retry", async () => {
    let fail = true;
    const { user } = renderCluster({
      "GET /api/accounts/3/clusters/c-1": () =>
        fail ? jsonResponse({ error: "Server unavailable", status: 500 }, 500) : jsonResponse(cluster()),
    });
    expect(await screen.findByText("Server unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Lab A" })).toBeInTheDocument();
  });
});
