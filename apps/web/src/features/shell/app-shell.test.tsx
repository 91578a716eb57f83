import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setNavigate } from "../../lib/navigation";
import { persistedStore } from "../../lib/persisted-store";
import { getSession, setSession } from "../../lib/session";
import {
  calls,
  chooseOption,
  currentUrl,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import AppShell from "./app-shell";

const customer = testCustomer;
const engineer = { ...customer, name: "Grace Hopper", accountId: 1, companyName: "Vendor", isEngineer: true };
const ENGINEER_LINKS = [
  "Customers",
  "Time log",
  "Notifications",
  "Reports",
  "Engineer activity",
  "Purged accounts",
  "Feedback",
  "Users without membership",
  "Plans",
  "Sales requests",
];

function renderShell(user: object, extra: Record<string, object> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/teams": [],
    "GET /api/auth/deploy_env": { env: "development", sentry_dsn: null },
    ...extra,
  });
  const view = renderScreen(<AppShell />, {
    url: "/issues",
    children: [{ path: "issues", element: <h1>Issues</h1> }],
  });
  setNavigate((to, options) => void view.router.navigate(to, options));
  return { ...view, fetchMock };
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
  persistedStore.remove("sidebarMini");
  persistedStore.remove("theme");
});

describe("app shell", () => {
  it("customers see the product screens but not the engineer ones", async () => {
    renderShell(customer);
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    for (const name of ["Issues", "Health", "License", "Users", "Files", "Todos", "Profile"]) {
      expect(within(nav).getByRole("link", { name })).toBeInTheDocument();
    }
    for (const name of ENGINEER_LINKS)
      expect(within(nav).queryByRole("link", { name })).not.toBeInTheDocument();
  });

  it("todos follow the feature gate: hidden from a customer in production, with the viewer's count otherwise", async () => {
    const { fetchMock } = renderShell(customer, {
      "GET /api/auth/deploy_env": { env: "production", sentry_dsn: null },
      "GET /api/chat/todos/summary": { open: 5, overdue: 1, due_today: 0, mine: 3 },
    });
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Meetings" })).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock)).toContain("GET /api/auth/deploy_env"));
    await act(() => new Promise((done) => setTimeout(done, 50)));
    expect(within(nav).queryByRole("link", { name: "Todos" })).not.toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("GET /api/chat/todos/summary");
  });

  it("shows the viewer's open todos beside Todos", async () => {
    renderShell(customer, {
      "GET /api/chat/todos/summary": { open: 5, overdue: 1, due_today: 0, mine: 3 },
    });
    const link = await screen.findByRole("link", { name: "Todos" });
    await waitFor(() => expect(link).toHaveAccessibleDescription("3 open, yours"));
    expect(within(link).getByText("3")).toBeInTheDocument();
  });

  it("engineers also see Customers, Time log, Engineer activity, Purged accounts and Users without membership", async () => {
    renderShell(engineer);
    expect(await screen.findByText("Grace Hopper")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    for (const name of ENGINEER_LINKS) expect(within(nav).getByRole("link", { name })).toBeInTheDocument();
  });

  it("sends a user without an organization to /create-account", async () => {
    const { router } = renderShell({ ...customer, accountId: null, companyName: null });
    await waitFor(() => expect(currentUrl(router)).toBe("/create-account"));
  });

  it("collapses the sidebar and remembers it", async () => {
    const { user } = renderShell(customer);
    await user.click(await screen.findByRole("button", { name: "Collapse sidebar" }));
    expect(screen.getByRole("button", { name: "Expand sidebar" })).toBeInTheDocument();
    expect(persistedStore.get("sidebarMini")).toBe(true);
    // Links keep their names in the mini sidebar.
    expect(
      within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Issues" }),
    ).toBeInTheDocument();
  });

  it("opens the mobile menu and closes it with Escape", async () => {
    const { user } = renderShell(customer);
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("switches organization when the user has several, and sends it as aid", async () => {
    const teams = [
      { account_id: 3, company: "Acme", role: "owner" },
      { account_id: 9, company: "Globex", role: "user" },
    ];
    const { user, fetchMock } = renderShell(customer, { "GET /api/auth/teams": teams });
    const switcher = await screen.findByRole("combobox", { name: "Organization" });
    await waitFor(() => expect(switcher).toHaveTextContent("Acme"));
    await chooseOption(user, "Organization", "Globex");
    expect(persistedStore.get("selectedAccountId")).toBe(9);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/chat/user?aid=9")).toBe(true),
    );
  });

  it("lets engineers search every organization by name", async () => {
    const globex = {
      account_id: 9,
      company: "Globex",
      is_trial: false,
      is_disabled: false,
      account_type: { type: null, serviceType: null, status: null, hasSupport: true },
      users: 3,
      created_at: "2025-01-01T00:00:00Z",
    };
    const { user, fetchMock } = renderShell(engineer, {
      "GET /api/auth/organizations": (url: URL) =>
        jsonResponse({ items: url.searchParams.get("q") === "glo" ? [globex] : [], total: 1 }),
    });
    await chooseOption(user, "Organization", "Globex", "glo");
    expect(persistedStore.get("selectedAccountId")).toBe(9);
    const searched = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((u) => u.includes("organizations"));
    expect(searched).toContainEqual(expect.stringContaining("q=glo"));
  });

  it("signs out from the user menu", async () => {
    const { user, router, fetchMock } = renderShell(customer, {
      "POST /api/auth/logout": () => new Response(null, { status: 204 }),
    });
    await screen.findByText("Ada Lovelace");
    await user.click(screen.getByRole("button", { name: "User menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    await waitFor(() => expect(currentUrl(router)).toBe("/"));
    expect(calls(fetchMock)).toContain("POST /api/auth/logout");
    expect(getSession()).toBeNull();
  });

  it("switches to the dark theme from the user menu by keyboard, and remembers it", async () => {
    const { user } = renderShell(customer);
    await screen.findByText("Ada Lovelace");
    screen.getByRole("button", { name: "User menu" }).focus();
    await user.keyboard("{Enter}");
    const theme = await screen.findByRole("menuitem", { name: /Theme/ });
    theme.focus();
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(screen.getByRole("menuitemradio", { name: "System" })).toHaveFocus());
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(localStorage.getItem("portico.theme")).toBe('"dark"');
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
  });

  it("shows the spec's message when the user cannot be loaded", async () => {
    renderShell(customer, {
      "GET /api/chat/user": () => jsonResponse({ error: "Database down", status: 500 }, 500),
    });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
      "Error while fetching user information : Database down",
    );
  });

  it("goes to sign-in when another tab signs out", async () => {
    const { router } = renderShell(customer);
    await screen.findByText("Ada Lovelace");
    act(() => {
      localStorage.removeItem("portico.session");
      window.dispatchEvent(new StorageEvent("storage", { key: "portico.session" }));
    });
    await waitFor(() => expect(currentUrl(router)).toBe("/?redirectTo=%2Fissues"));
  });

  it("has the alerts bell in the top bar and the terms banner while revised terms are unread", async () => {
    const tnc = {
      alert_id: 9,
      type: "TNC_UPDATE",
      category: "account",
      message: "Please review the revised Terms and Conditions.",
      link: "/terms-and-conditions/standard/2026-12-01",
      issue_number: null,
      created_at: "2026-11-20T08:00:00Z",
      read_at: null,
    };
    renderShell(customer, {
      "GET /api/chat/alerts/summary": { unread: 2, by_category: { issues: 1, planning: 0, account: 1 }, tnc },
    });
    const header = await screen.findByRole("banner");
    expect(await within(header).findByRole("button", { name: "Alerts, 2 unread" })).toBeInTheDocument();
    const banner = screen.getByRole("region", { name: "Revised terms" });
    expect(banner).toHaveTextContent("Please review the revised Terms and Conditions.");
    expect(within(banner).getByRole("button", { name: "OK" })).toBeInTheDocument();
  });

  it("shows the subscription banners of the organization acted on under the top bar", async () => {
    renderShell(customer, {
      "GET /api/auth/subscription": {
        account_id: 3,
        company: "Acme",
        account_type: "SUBSCRIBED",
        has_support: true,
        subscription: null,
        payment_failed: true,
      },
    });
    const banner = await screen.findByRole("region", { name: "Payment problem" });
    expect(banner).toHaveTextContent(
      "A recent charge failed to go through. Please update your payment method.",
    );
    expect(screen.getByRole("heading", { level: 1, name: "Issues" })).toBeInTheDocument();
  });
});
