import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen, testCustomer } from "../../test/helpers";
import { clusterKeys } from "./api";
import HealthScreen from "./health-screen";
import { clusterRow, failing, overview } from "./test/fixtures";

const owner = { ...testCustomer, roles: ["account_owner"] };
const TIB = 1024 ** 4;

const critical = clusterRow({
  id: "c-west",
  name: "west-2",
  description: "",
  no_of_failed_checks: 2,
  worst_check: failing("critical", "Drives offline"),
  summary: { storage: { total_space: 10 * TIB, used_space: 9.5 * TIB } },
});
const warning = clusterRow({
  id: "c-north",
  name: "north-3",
  no_of_failed_checks: 1,
  worst_check: failing("warning", "Clock drift"),
  last_report_at: "2026-01-01T00:00:00Z",
  not_reporting: true,
});
const fresh = clusterRow({
  id: "c-new",
  name: "lab",
  last_report_at: null,
  no_of_completed_checks: 0,
  summary: { storage: { total_space: 0, used_space: 0 } },
});
const healthy = clusterRow();

const HEALTH = "GET /api/health";

function setup(user: object = owner, routes: Record<string, object> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    [HEALTH]: overview([critical, warning, fresh, healthy]),
    ...routes,
  });
  return { ...renderScreen(<HealthScreen />, { path: "/health" }), fetchMock };
}

const rowOf = async (name: string) =>
  (await screen.findByRole("link", { name })).closest("tr") as HTMLElement;

beforeEach(() => {
  persistedStore.remove("selectedAccountId");
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
});

describe("health screen", () => {
  it("lists the clusters worst first with their worst check, counts, capacity and last report", async () => {
    const { fetchMock, queryClient } = setup();
    expect(screen.getByRole("heading", { level: 1, name: "Health" })).toBeInTheDocument();
    const west = await rowOf("west-2");
    const rows = within(screen.getByRole("table", { name: "Clusters" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual([
      "west-2",
      "north-3",
      "lab",
      "east-1",
    ]);
    expect(within(west).getByRole("link", { name: "west-2" })).toHaveAttribute("href", "/health/3/c-west");
    expect(within(west).getByText("Critical")).toBeInTheDocument();
    expect(within(west).getByText("Drives offline").parentElement).toHaveAttribute(
      "title",
      "Drives offline now",
    );
    expect(within(west).getByText("2 of 9")).toBeInTheDocument();
    expect(within(west).getByText("9.5 TiB of 10 TiB")).toBeInTheDocument();

    const north = await rowOf("north-3");
    expect(within(north).getByText("Warning")).toBeInTheDocument();
    expect(within(north).getByText("Clock drift")).toBeInTheDocument();
    expect(within(north).getByText("Not reporting")).toBeInTheDocument();
    const time = within(north).getByText((_, el) => el?.tagName === "TIME");
    expect(time).toHaveAttribute("dateTime", "2026-01-01T00:00:00Z");
    expect(time.getAttribute("title")).toMatch(/2026|2025/);

    const lab = await rowOf("lab");
    expect(within(lab).getByText("No report yet")).toBeInTheDocument();
    expect(within(lab).getByText("Never")).toBeInTheDocument();
    expect(within(await rowOf("east-1")).getByText("All checks pass")).toBeInTheDocument();
    expect(within(await rowOf("east-1")).getByText("2 hours ago")).toBeInTheDocument();

    const summary = screen.getByLabelText("Fleet summary");
    expect(within(summary).getByText("Clusters").nextSibling).toHaveTextContent("4");
    expect(within(summary).getByText("Failing").nextSibling).toHaveTextContent("2");
    expect(within(summary).getByText("Not reporting").nextSibling).toHaveTextContent("1");
    expect(within(summary).getByText("Capacity used").nextSibling).toHaveTextContent(
      "12.5 TiBof 18 TiB · 69%",
    );
    expect(calls(fetchMock)).toContain(HEALTH);
    expect(
      String(fetchMock.mock.calls.find(([url]) => String(url).startsWith("/api/health"))?.[0]),
    ).toContain("accId=3");
    // Reports analysed meanwhile appear without a reload.
    const query = queryClient.getQueryCache().find({ queryKey: clusterKeys.overview(3) });
    expect(query?.observers[0]?.options.refetchInterval).toBe(60_000);
  });

  it("shows an empty state whose next step registers a cluster", async () => {
    setup(owner, { [HEALTH]: overview([]) });
    expect(await screen.findByText("No clusters yet")).toBeInTheDocument();
    const links = screen.getAllByRole("link", { name: "Register cluster" });
    for (const link of links) expect(link).toHaveAttribute("href", "/cluster/register");
    expect(links).toHaveLength(2);
  });

  it("tells a plain member who registers clusters, and offers no actions", async () => {
    setup(testCustomer, { [HEALTH]: overview([]) });
    expect(await screen.findByText("No clusters yet")).toBeInTheDocument();
    expect(
      screen.getByText(/An owner of your organization or an engineer registers clusters/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Register cluster" })).not.toBeInTheDocument();
  });

  it("shows a plain member the clusters without rename or delete", async () => {
    setup(testCustomer);
    const west = await rowOf("west-2");
    expect(within(west).queryByRole("button", { name: "Edit west-2" })).not.toBeInTheDocument();
    expect(within(west).queryByRole("button", { name: "Delete west-2" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Register cluster" })).not.toBeInTheDocument();
  });

  it("shows a failed load with Retry", async () => {
    let fail = true;
    setup(owner, {
      [HEALTH]: () =>
        fail
          ? jsonResponse({ error: "Database unavailable", status: 500 }, 500)
          : jsonResponse(overview([healthy])),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    fail = false;
    screen.getByRole("button", { name: "Retry" }).click();
    expect(await rowOf("east-1")).toBeInTheDocument();
  });

  it("renames a cluster: the shared schema's message first, then the PUT and a toast", async () => {
    const { user, fetchMock } = setup(owner, {
      "PUT /api/accounts/3/clusters/c-east": clusterRow({ name: "east-prod" }),
    });
    await user.click(within(await rowOf("east-1")).getByRole("button", { name: "Edit east-1" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit cluster" });
    const name = within(dialog).getByLabelText("Name");
    await user.clear(name);
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText("Cluster name is required")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("PUT /api/accounts/3/clusters/c-east");

    await user.type(name, "east-prod");
    await user.clear(within(dialog).getByLabelText("Description"));
    await user.type(within(dialog).getByLabelText("Description"), "Moved to Frankfurt");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Cluster east-prod has been saved.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const index = calls(fetchMock).indexOf("PUT /api/accounts/3/clusters/c-east");
    expect(bodyOf(fetchMock, index)).toEqual({ name: "east-prod", description: "Moved to Frankfurt" });
  });

  it("keeps the rename dialog open with the server's refusal", async () => {
    const { user } = setup(owner, {
      "PUT /api/accounts/3/clusters/c-east": () =>
        jsonResponse(
          { error: "Only an owner of the organization or an engineer can do this", status: 403 },
          403,
        ),
    });
    await user.click(within(await rowOf("east-1")).getByRole("button", { name: "Edit east-1" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit cluster" });
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Only an owner of the organization or an engineer can do this",
    );
  });

  it("deletes a cluster after a confirmation naming it", async () => {
    const { user, fetchMock } = setup(owner, {
      "POST /api/accounts/3/delete-clusters": { deleted: 1 },
    });
    await user.click(within(await rowOf("west-2")).getByRole("button", { name: "Delete west-2" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this cluster?" });
    expect(confirm).toHaveTextContent(
      "Delete cluster west-2? Its health history is deleted; files and issues about it stay.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Delete cluster" }));
    expect(await screen.findByText("Cluster west-2 has been deleted.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("POST /api/accounts/3/delete-clusters");
    expect(bodyOf(fetchMock, index)).toEqual({ account_id: 3, cluster_ids: ["c-west"] });
    // The overview is asked again after the delete.
    await waitFor(() => expect(calls(fetchMock).filter((c) => c === HEALTH).length).toBeGreaterThan(1));
  });

  it("shows a refused delete as a toast and keeps the confirmation open", async () => {
    const { user } = setup(owner, {
      "POST /api/accounts/3/delete-clusters": () =>
        jsonResponse({ error: "Cluster not found", status: 404 }, 404),
    });
    await user.click(within(await rowOf("west-2")).getByRole("button", { name: "Delete west-2" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this cluster?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete cluster" }));
    expect(await screen.findByText("Cluster not found")).toBeInTheDocument();
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  });

  it("lets an engineer act on the organization chosen in the switcher", async () => {
    persistedStore.set("selectedAccountId", 9);
    const engineer = { ...testCustomer, isEngineer: true, accountId: 9, companyName: "Globex" };
    const { fetchMock } = setup(engineer, {
      [HEALTH]: overview([clusterRow({ account_id: 9, id: "g-1", name: "globex-1" })]),
    });
    const row = await rowOf("globex-1");
    expect(within(row).getByRole("button", { name: "Delete globex-1" })).toBeInTheDocument();
    expect(screen.getByText("Globex")).toBeInTheDocument();
    const url = String(fetchMock.mock.calls.find(([u]) => String(u).startsWith("/api/health"))?.[0]);
    expect(url).toContain("accId=9");
  });

  it("shows cards on a phone, with the same figures and actions", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(max-width: 639px)",
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    setup();
    const card = await screen.findByRole("listitem", { name: "west-2" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "west-2" })).toHaveAttribute("href", "/health/3/c-west");
    expect(within(card).getByText("Critical")).toBeInTheDocument();
    expect(within(card).getByText("2 of 9")).toBeInTheDocument();
    expect(within(card).getByText("9.5 TiB of 10 TiB")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Delete west-2" })).toBeInTheDocument();
    const names = within(screen.getByRole("list", { name: "Clusters" }))
      .getAllByRole("listitem")
      .map((item) => item.getAttribute("aria-label"));
    expect(names).toEqual(["west-2", "north-3", "lab", "east-1"]);
    vi.unstubAllGlobals();
  });
});
