/** /customers/:id: the header, the disabled banner, the overview, URL-addressable tabs, follow, not found, customers, and each tab's empty/error states. */
import {
  AUDIT_ACTIONS,
  CUSTOMER_MESSAGES,
  type TAuditEntry,
  type TCustomerDetail,
} from "@portico/shared/schemas/customers";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
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
import CustomerScreen from "./customer-screen";
import { AUDIT_ACTION_LABELS, auditDetailLines } from "./customer-tabs/audit-text";

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true, accountId: 1 };

function account(over: Partial<TCustomerDetail> = {}): TCustomerDetail {
  return {
    account_id: 2,
    company: "Acme",
    is_trial: false,
    is_disabled: false,
    account_type: { type: "SUBSCRIBED", serviceType: "ENTERPRISE", status: "active", hasSupport: true },
    users: 2,
    created_at: "2026-01-10T10:00:00Z",
    contract_capacity: 100,
    reported_capacity: 120,
    sla_hours: 4,
    subscription_provider: "STRIPE",
    currency_code: "EUR",
    last_message_at: "2026-11-20T08:00:00Z",
    abilities: { rename: true, invite: true, manageUsers: true },
    notes_link: "https://notes.example.com/acme",
    version: 3,
    subscription: {
      plan: "ENTERPRISE",
      status: "active",
      started_at: "2026-01-10T10:00:00Z",
      current_period_start: "2026-11-10T00:00:00Z",
      current_period_end: "2027-11-10T00:00:00Z",
      cancel_at: null,
      ended_at: null,
      auto_renew: true,
    },
    subscribed_products: [
      {
        product_id: 5,
        name: "Portico Enterprise",
        plan: "ENTERPRISE",
        quantity: 100,
        minQuantity: 50,
        quantityUpdatedAt: "2026-06-01T10:00:00Z",
        planVersion: 2,
        planSlaHours: 4,
        planSlaCoverage: "24x7",
      },
    ],
    eng_acc_roles: [
      { role: "account_manager", user_id: 9, name: "Eve Engineer", email: "eve@portico.example" },
    ],
    use_cases: [{ id: 1, name: "Backup target" }],
    following: false,
    console: {
      editDetails: true,
      disable: true,
      enable: false,
      delete: false,
      deleteReason: "It still has 2 users",
      setAdmin: false,
      logTime: true,
    },
    ...over,
  };
}

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 50 });

function entry(id: number, over: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id,
    action: "account.details_updated",
    actor_id: 9,
    actor_name: "Eve Engineer",
    target_user_id: null,
    target_name: null,
    details: { has_support: { from: false, to: true } },
    ip: "203.0.113.7",
    created_at: "2026-11-20T09:30:00Z",
    ...over,
  };
}

function setup(
  routes: Record<string, Handler | object> = {},
  { url = "/customers/2", user = engineer as object } = {},
) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/accountsinfo/2": account(),
    "GET /api/auth/account-users": {
      users: [
        {
          user_id: 2,
          name: "Ada Lovelace",
          email: "ada@example.com",
          role: "owner",
          is_disabled: false,
          mfa_enabled: true,
          joined_at: "2026-01-10T10:00:00Z",
        },
        {
          user_id: 3,
          name: "Bob Smith",
          email: "bob@example.com",
          role: "user",
          is_disabled: true,
          mfa_enabled: false,
          joined_at: "2026-02-10T10:00:00Z",
        },
      ],
      invites: [
        { invite_id: 1, email: "carol@example.com", role: "user", created_at: "2026-11-01T10:00:00Z" },
      ],
    },
    ...routes,
  });
  return { ...renderScreen(<CustomerScreen />, { path: "/customers/:id", url }), fetchMock };
}

const urlOf = (fetchMock: ReturnType<typeof mockApi>, call: string) => {
  const index = calls(fetchMock).lastIndexOf(call);
  return new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost");
};

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});
afterEach(() => vi.restoreAllMocks());

describe("/customers/:id", () => {
  it("names the organization with its state, breadcrumbs back to Customers and the account's fields", async () => {
    setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Acme" })).toBeInTheDocument();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Customers" })).toHaveAttribute("href", "/customers");
    const header = screen.getByRole("banner");
    expect(within(header).getByText("ENTERPRISE")).toBeInTheDocument();
    expect(within(header).getByText("Stripe · EUR")).toBeInTheDocument();
    expect(within(header).queryByText("Disabled")).not.toBeInTheDocument();

    const notes = screen.getByRole("link", { name: /notes\.example\.com/ });
    expect(notes).toHaveAttribute("href", "https://notes.example.com/acme");
    expect(notes).toHaveAttribute("target", "_blank");
    expect(notes).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByText("Over contract")).toBeInTheDocument();
    expect(screen.getByText("120 TiB")).toBeInTheDocument();
    expect(screen.getByText("Backup target")).toBeInTheDocument();
    expect(screen.getByText("4 hours")).toBeInTheDocument();
    expect(screen.getByText("Automatically")).toBeInTheDocument();
    const products = screen.getByRole("region", { name: "Subscribed products table" });
    expect(within(products).getByText("ENTERPRISE (version 2)")).toBeInTheDocument();
    expect(within(products).getByText("100 TiB (minimum 50 TiB)")).toBeInTheDocument();
    expect(within(products).getByText("4 hours, 24×7")).toBeInTheDocument();
    const engineers = screen.getByRole("heading", { name: "Assigned engineers" }).closest("div.rounded-lg");
    expect(within(engineers as HTMLElement).getByText("Eve Engineer")).toBeInTheDocument();
    expect(within(engineers as HTMLElement).getAllByText("Nobody")).toHaveLength(2);

    const users = await screen.findByRole("region", { name: "Users table" });
    expect(within(users).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(users).getByText("Owner")).toBeInTheDocument();
    expect(within(users).getByText("Disabled")).toBeInTheDocument();
    expect(screen.getByText("carol@example.com")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Users (2)" })).toBeInTheDocument();
  });

  it("a user's row menu opens that user's actions: a disabled user is enabled, a user made owner", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole("button", { name: "Actions for Bob Smith" }));
    expect(screen.getByRole("menuitem", { name: "Make owner" })).toBeInTheDocument();
    await user.click(screen.getByRole("menuitem", { name: "Enable user" }));
    expect(await screen.findByRole("dialog", { name: "Enable user" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Actions for Ada Lovelace" }));
    expect(screen.getByRole("menuitem", { name: "Remove owner role" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Disable user" })).toBeInTheDocument();
    // Her sign-in code is on: only turning it off is offered (Bob's is off: only turning it on).
    expect(screen.getByRole("menuitem", { name: "Disable MFA" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Enable MFA" })).not.toBeInTheDocument();
  });

  it("revokes a pending invitation after a confirmation, saying so", async () => {
    const { user, fetchMock } = setup({
      "DELETE /api/auth/invites/1": () => new Response(null, { status: 204 }),
    });
    await user.click(
      await screen.findByRole("button", { name: "Revoke the invitation to carol@example.com" }),
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke this invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke invitation" }));
    expect(await screen.findByText("The invitation to carol@example.com was revoked.")).toBeInTheDocument();
    expect(urlOf(fetchMock, "DELETE /api/auth/invites/1").searchParams.get("aid")).toBe("2");
  });

  it("asks for the users of this organization, whatever organization is selected", async () => {
    persistedStore.set("selectedAccountId", 7);
    const { fetchMock } = setup();
    await screen.findByRole("region", { name: "Users table" });
    expect(urlOf(fetchMock, "GET /api/auth/account-users").searchParams.get("aid")).toBe("2");
    expect(urlOf(fetchMock, "GET /api/auth/accountsinfo/2").searchParams.get("aid")).toBeNull();
  });

  it("shows a disabled organization's banner and badges, and a trial", async () => {
    setup({ "GET /api/auth/accountsinfo/2": account({ is_disabled: true, is_trial: true }) });
    expect(await screen.findByText(`${CUSTOMER_MESSAGES.accountDisabled}.`)).toBeInTheDocument();
    const header = screen.getByRole("banner");
    expect(within(header).getByText("Disabled")).toBeInTheDocument();
    expect(within(header).getByText("Trial")).toBeInTheDocument();
  });

  it("says an unknown organization is not found, with the way back to the list", async () => {
    setup(
      {
        "GET /api/auth/accountsinfo/99": () => jsonResponse({ error: "Account not found", status: 404 }, 404),
      },
      {
        url: "/customers/99",
      },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Customer not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Customers" })).toHaveAttribute("href", "/customers");
  });

  it("treats an address that is not an id as not found, without asking the server", async () => {
    const { fetchMock } = setup({}, { url: "/customers/abc" });
    expect(await screen.findByRole("heading", { name: "Customer not found" })).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("GET /api/auth/accountsinfo/abc");
  });

  it("shows customers the engineers-only page and never asks for the account", async () => {
    const { fetchMock } = setup({}, { user: testCustomer });
    expect(await screen.findByText(ENGINEERS_ONLY)).toBeInTheDocument();
    expect(calls(fetchMock).some((call) => call.includes("accountsinfo"))).toBe(false);
  });

  it("shows a failed load with Retry, which loads it again", async () => {
    let fail = true;
    const { user } = setup({
      "GET /api/auth/accountsinfo/2": () =>
        fail ? jsonResponse({ error: "Database unavailable", status: 500 }, 500) : jsonResponse(account()),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Acme" })).toBeInTheDocument();
  });

  it("follows and unfollows, saying so", async () => {
    let following = false;
    const { user, fetchMock } = setup({
      "POST /api/auth/accounts/2/follow": () => {
        following = true;
        return jsonResponse({ following });
      },
      "DELETE /api/auth/accounts/2/follow": () => {
        following = false;
        return jsonResponse({ following });
      },
      "GET /api/auth/accountsinfo/2": () => jsonResponse(account({ following })),
    });
    await user.click(await screen.findByRole("button", { name: "Follow" }));
    expect(await screen.findByText("You follow Acme.")).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Unfollow" }));
    expect(await screen.findByText("You no longer follow Acme.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Follow" })).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(
      expect.arrayContaining(["POST /api/auth/accounts/2/follow", "DELETE /api/auth/accounts/2/follow"]),
    );
  });

  it("opens the tab the address names, and a chosen tab goes into the address (arrow keys move between tabs)", async () => {
    const { user, router } = setup(
      {
        "GET /api/auth/accounts/2/time-logs": { ...page([]), total_minutes: 0 },
        "GET /api/auth/accounts/2/history": page([entry(1)]),
      },
      { url: "/customers/2?tab=time-log" },
    );
    expect(await screen.findByRole("tab", { name: "Time log", selected: true })).toBeInTheDocument();
    expect(await screen.findByText("No time logged yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Log time" }));
    expect(await screen.findByRole("dialog", { name: "Log time" })).toBeInTheDocument();
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("tab", { name: "History" }));
    expect(currentUrl(router)).toBe("/customers/2?tab=history");
    expect(await screen.findByText("Organization details changed")).toBeInTheDocument();

    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Alerts" })).toHaveFocus();
  });

  it("falls back to the overview for an unknown tab", async () => {
    setup({}, { url: "/customers/2?tab=nonsense" });
    expect(await screen.findByRole("tab", { name: "Overview", selected: true })).toBeInTheDocument();
  });

  it("History: each action in words with who, to whom, details, address and time", async () => {
    const { fetchMock } = setup(
      {
        "GET /api/auth/accounts/2/history": page([
          entry(2, {
            action: "user.made_owner",
            target_user_id: 3,
            target_name: "Bob Smith",
            details: {},
          }),
          entry(1, { action: "account.renamed", details: { from: "Acme Ltd", to: "Acme" }, ip: null }),
        ]),
      },
      { url: "/customers/2?tab=history" },
    );
    const table = await screen.findByRole("region", { name: "History table" });
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1] as HTMLElement).getByText("User made owner")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Eve Engineer")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Bob Smith")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("203.0.113.7")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText("Organization renamed")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText("Acme Ltd → Acme")).toBeInTheDocument();
    expect((rows[2] as HTMLElement).querySelector("time")).toHaveAttribute(
      "datetime",
      "2026-11-20T09:30:00Z",
    );
    expect(urlOf(fetchMock, "GET /api/auth/accounts/2/history").searchParams.get("page")).toBe("1");
  });

  it("History: a failure shows Retry, which asks again", async () => {
    let fail = true;
    const { user } = setup(
      {
        "GET /api/auth/accounts/2/history": () =>
          fail ? jsonResponse({ error: "Timed out", status: 500 }, 500) : jsonResponse(page([])),
      },
      { url: "/customers/2?tab=history" },
    );
    expect(await screen.findByText("Timed out")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Nothing recorded yet")).toBeInTheDocument();
  });

  it("Time log: entries with the engineer, time, issue link and the total; one's own entry can be deleted", async () => {
    const log = (id: number, userId: number, name: string, minutes: number, note: string) => ({
      id,
      account_id: 2,
      company: "Acme",
      user_id: userId,
      user_name: name,
      work_date: "2026-11-19",
      minutes,
      note,
      issue_number: id === 1 ? 42 : null,
      created_at: "2026-11-19T17:00:00Z",
    });
    let logs = [log(1, 9, "Eve Engineer", 95, "Upgrade call"), log(2, 10, "Sam Support", 30, "Review")];
    const { user, fetchMock } = setup(
      {
        "GET /api/auth/accounts/2/time-logs": () =>
          jsonResponse({ ...page(logs), total_minutes: logs.reduce((sum, l) => sum + l.minutes, 0) }),
        "DELETE /api/auth/accounts/2/time-logs/1": () => {
          logs = logs.filter((l) => l.id !== 1);
          return new Response(null, { status: 204 });
        },
      },
      { url: "/customers/2?tab=time-log" },
    );
    const table = await screen.findByRole("region", { name: "Time log table" });
    expect(within(table).getByText("Upgrade call")).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "#42" })).toHaveAttribute("href", "/issues/42");
    expect(screen.getByText(/Total:/)).toHaveTextContent("Total: 2 h 5 min in 2 entries");

    // Only the viewer's own entry (Eve's) has a delete button.
    const [, own, other] = within(table).getAllByRole("row") as HTMLElement[];
    expect(within(other as HTMLElement).queryByRole("button")).not.toBeInTheDocument();
    await user.click(within(own as HTMLElement).getByRole("button", { name: /Delete the entry/ }));
    await user.click(await screen.findByRole("button", { name: "Delete entry" }));
    expect(await screen.findByText("The time log entry was deleted.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Total:/)).toHaveTextContent("Total: 30 min in 1 entry"));
    expect(calls(fetchMock)).toContain("DELETE /api/auth/accounts/2/time-logs/1");
  });

  it("Alerts: one row per alert with how many read it; none gives a next step", async () => {
    setup(
      {
        "GET /api/auth/accounts/2/alerts": page([
          {
            alert_id: 5,
            type: "PANIC",
            message: "Panic on issue #42",
            link: "/issues/42",
            created_at: "2026-11-20T10:00:00Z",
            recipients: 4,
            read: 1,
          },
        ]),
      },
      { url: "/customers/2?tab=alerts" },
    );
    const table = await screen.findByRole("region", { name: "Alerts table" });
    expect(within(table).getByText("Panic issues")).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "Panic on issue #42" })).toHaveAttribute(
      "href",
      "/issues/42",
    );
    expect(within(table).getByText("1 of 4")).toBeInTheDocument();
  });

  it("Issues: this organization's issues (aid), linking to each; none offers to open one", async () => {
    persistedStore.set("selectedAccountId", 7);
    const { fetchMock } = setup(
      {
        "GET /api/chat/issue": {
          items: [],
          total: 0,
          total_capped: false,
          page: 1,
          page_size: 25,
          filter: "all",
          sort: "DESC",
        },
      },
      { url: "/customers/2?tab=issues" },
    );
    expect(await screen.findByText("No issues yet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open an issue for them" })).toBeInTheDocument();
    expect(urlOf(fetchMock, "GET /api/chat/issue").searchParams.get("aid")).toBe("2");
  });

  it("Files, Licences, Subscription events and Clusters read this organization's own lists", async () => {
    const { user, fetchMock } = setup({
      "GET /api/accounts/2/files": {
        items: [],
        total: 0,
        page: 1,
        page_size: 100,
        used_bytes: 0,
        quota_bytes: 1,
      },
      "GET /api/auth/licences": { items: [] },
      "GET /api/auth/subscription/events": { items: [], total: 0, page: 1, page_size: 20 },
      "GET /api/health": {
        items: [],
        summary: {
          clusters: 0,
          total_space: 0,
          used_space: 0,
          failing: 0,
          not_reporting: 0,
          reported_capacity: null,
        },
      },
    });
    await user.click(await screen.findByRole("tab", { name: "Files" }));
    expect(await screen.findByText("No files yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upload a file for them" })).toHaveAttribute("href", "/files");
    await user.click(screen.getByRole("tab", { name: "Licences" }));
    expect(await screen.findByText("No licence issued yet")).toBeInTheDocument();
    expect(urlOf(fetchMock, "GET /api/auth/licences").searchParams.get("aid")).toBe("2");
    await user.click(screen.getByRole("tab", { name: "Subscription events" }));
    expect(await screen.findByText("No subscription events yet")).toBeInTheDocument();
    expect(urlOf(fetchMock, "GET /api/auth/subscription/events").searchParams.get("aid")).toBe("2");
    await user.click(screen.getByRole("tab", { name: "Clusters" }));
    expect(await screen.findByText("No clusters yet")).toBeInTheDocument();
    expect(urlOf(fetchMock, "GET /api/health").searchParams.get("accId")).toBe("2");

    // The next step acts as this organization: it is selected before going to the register screen.
    await user.click(screen.getByRole("link", { name: "Register a cluster for them" }));
    await waitFor(() => expect(persistedStore.get("selectedAccountId")).toBe(2));
  });
});

describe("audit words", () => {
  it("names every audit action in words", () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABELS[action]).toMatch(/^[A-Z][a-z]/);
  });

  it("reads details as lines: changes, values, lists and a rename", () => {
    expect(auditDetailLines({ has_support: { from: false, to: true }, email: "a@b.c" })).toEqual([
      "Has support: no → yes",
      "Email: a@b.c",
    ]);
    expect(auditDetailLines({ added: ["Backup"], removed: [] })).toEqual(["Added: Backup", "Removed: none"]);
    expect(auditDetailLines({ from: "Old", to: "New" })).toEqual(["Old → New"]);
    expect(auditDetailLines({})).toEqual([]);
  });
});
