/** /customers: the engineers' customer list — rows, server-side filters, sort and paging, export, new organization. */
import type { TCustomerRow } from "@portico/shared/schemas/customers";
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
import CustomersScreen from "./customers-screen";

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", accountId: 1, isEngineer: true };
const LIST = "GET /api/auth/accountsinfo";

function row(id: number, over: Partial<TCustomerRow> = {}): TCustomerRow {
  return {
    account_id: id,
    company: `Company ${String(id).padStart(5, "0")}`,
    is_trial: false,
    is_disabled: false,
    account_type: { type: "SUBSCRIBED", serviceType: "STANDARD", status: "active", hasSupport: true },
    users: 3,
    created_at: "2026-03-02T09:30:00Z",
    contract_capacity: 100,
    reported_capacity: 40,
    sla_hours: 24,
    subscription_provider: "STRIPE",
    currency_code: "USD",
    last_message_at: null,
    engineers: [],
    following: false,
    ...over,
  };
}

const page = (items: TCustomerRow[], total = items.length, pageNumber = 1) => ({
  items,
  total,
  page: pageNumber,
  page_size: 200,
});

function setup(list: Handler | object, more: Record<string, Handler | object> = {}, user: object = engineer) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/chat/engineers": [
      { user_id: 9, name: "Eve Engineer", is_available: true, is_contributor: false, is_on_call: false },
      { user_id: 11, name: "Grace Hopper", is_available: true, is_contributor: false, is_on_call: false },
    ],
    [LIST]: list,
    ...more,
  });
  const view = renderScreen(<CustomersScreen />, {
    path: "/customers",
    routes: [{ path: "/customers/:id", element: <p>Customer page</p> }],
  });
  return { ...view, fetchMock };
}

/** The table once rows (or the empty state) have arrived; before that it is the loading skeleton's. */
async function loadedTable(): Promise<HTMLElement> {
  await screen.findByText(/customers? match/);
  return screen.getByRole("table", { name: "Customers" });
}

/** The query of the last list request, without paging. */
function lastListQuery(fetchMock: ReturnType<typeof mockApi>): Record<string, string> {
  const index = calls(fetchMock).lastIndexOf(LIST);
  const url = new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost");
  return Object.fromEntries(url.searchParams);
}

const DEFAULT_QUERY = { status: "active", sort: "company", order: "ASC", page: "1", page_size: "200" };

/** jsdom has no layout: the table's scrolling body is as tall as its style says, so rows come into view. */
const layoutHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight");
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return Number.parseFloat(this.style.height) || 0;
    },
  });
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("customerFilter");
  Object.assign(URL, { createObjectURL: vi.fn(() => "blob:customers"), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (layoutHeight) Object.defineProperty(HTMLElement.prototype, "clientHeight", layoutHeight);
});

describe("/customers", () => {
  it("tells a customer it is for engineers and asks for no list", async () => {
    const { fetchMock } = setup(page([]), {}, testCustomer);
    expect(await screen.findByText("For vendor engineers")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(LIST);
  });

  it("lists customers in a named table: company links to its page, plan and status, trial, users, capacity against the contract, engineers", async () => {
    const { fetchMock, user, router } = setup(
      page([
        row(1, {
          company: "Acme",
          is_trial: true,
          account_type: {
            type: "SUBSCRIBED",
            serviceType: "ENTERPRISE",
            status: "past_due",
            hasSupport: true,
          },
          reported_capacity: 120,
          engineers: [
            { role: "account_manager", user_id: 9, name: "Eve Engineer", email: "eve@vendor.example" },
          ],
        }),
        row(2, { company: "Globex", is_disabled: true, reported_capacity: 95 }),
        row(3, { company: "Initech", contract_capacity: null, reported_capacity: null }),
      ]),
    );
    const table = await loadedTable();
    const acme = await within(table).findByRole("row", { name: /Acme/ });
    for (const text of ["ENTERPRISE", "Past due", "Trial", "100 TiB", "Over contract", "Eve Engineer"])
      expect(within(acme).getByText(text)).toBeInTheDocument();
    expect(within(acme).getByText(/Account manager/)).toBeInTheDocument();
    const globex = within(table).getByRole("row", { name: /Globex/ });
    expect(within(globex).getByText("Disabled")).toBeInTheDocument();
    expect(within(globex).getByText("Near contract")).toBeInTheDocument();
    const initech = within(table).getByRole("row", { name: /Initech/ });
    expect(within(initech).queryByText(/contract$/)).toBeNull();
    expect(screen.getByText("3 customers match")).toBeInTheDocument();
    expect(table).toHaveAttribute("aria-rowcount", "4");
    // The default filter of spec §9: all, active, no plans, not trial; sorted by company.
    expect(lastListQuery(fetchMock)).toEqual(DEFAULT_QUERY);

    await user.click(within(acme).getByRole("link", { name: "Acme" }));
    await screen.findByText("Customer page");
    expect(currentUrl(router)).toBe("/customers/1");
  });

  it("filters on the server and remembers the filter in the browser", async () => {
    const { fetchMock, user } = setup(page([row(1)]));
    await loadedTable();

    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Disabled" }));
    await user.click(screen.getByRole("checkbox", { name: "Trial only" }));
    await user.click(screen.getByRole("button", { name: "Plans: All plans" }));
    await user.click(await screen.findByRole("menuitemcheckbox", { name: "ENTERPRISE" }));
    await user.click(await screen.findByRole("menuitemcheckbox", { name: "TRIAL" }));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("combobox", { name: "Assigned" }));
    await user.click(await screen.findByRole("option", { name: "Field architect" }));

    await waitFor(() =>
      expect(lastListQuery(fetchMock)).toEqual({
        ...DEFAULT_QUERY,
        status: "disabled",
        trial: "true",
        plans: "ENTERPRISE,TRIAL",
        // No engineer chosen: "Me", which the server takes as the viewer.
        quick_filter: "field_architect",
      }),
    );
    expect(screen.getByRole("combobox", { name: "Engineer" })).toHaveTextContent("Me");
    expect(JSON.parse(localStorage.getItem("portico.customerFilter") ?? "null")).toEqual({
      quickFilter: "field_architect",
      userId: null,
      userName: null,
      status: "disabled",
      plans: ["ENTERPRISE", "TRIAL"],
      trial: true,
    });
  });

  it("narrows to another engineer's accounts and to followed ones; Reset filters returns to the default", async () => {
    const { fetchMock, user } = setup(page([row(1)]));
    await loadedTable();
    await user.click(screen.getByRole("combobox", { name: "Assigned" }));
    await user.click(await screen.findByRole("option", { name: "Account manager" }));
    await user.click(await screen.findByRole("combobox", { name: "Engineer" }));
    await user.click(await screen.findByRole("option", { name: "Grace Hopper" }));
    await waitFor(() =>
      expect(lastListQuery(fetchMock)).toMatchObject({ quick_filter: "account_manager", engineer_id: "11" }),
    );

    await user.click(screen.getByRole("checkbox", { name: "Following" }));
    await waitFor(() => expect(lastListQuery(fetchMock)).toMatchObject({ following: "true" }));

    await user.click(screen.getByRole("button", { name: "Reset filters" }));
    await waitFor(() => expect(lastListQuery(fetchMock)).toEqual(DEFAULT_QUERY));
    expect(JSON.parse(localStorage.getItem("portico.customerFilter") ?? "null")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset filters" })).toBeNull();
  });

  it("starts from the remembered filter", async () => {
    persistedStore.set("customerFilter", {
      quickFilter: "account_manager",
      userId: 11,
      userName: "Grace Hopper",
      status: "active",
      plans: ["STANDARD"],
      trial: false,
    });
    const { fetchMock } = setup(page([row(1)]));
    await loadedTable();
    expect(lastListQuery(fetchMock)).toEqual({
      ...DEFAULT_QUERY,
      quick_filter: "account_manager",
      engineer_id: "11",
      plans: "STANDARD",
    });
    expect(screen.getByRole("combobox", { name: "Engineer" })).toHaveTextContent("Grace Hopper");
  });

  it("a remembered status 'all' of an earlier release reads as the default filter", async () => {
    localStorage.setItem(
      "portico.customerFilter",
      JSON.stringify({
        quickFilter: "all",
        userId: null,
        userName: null,
        status: "all",
        plans: [],
        trial: true,
      }),
    );
    const { fetchMock } = setup(page([row(1)]));
    await loadedTable();
    expect(lastListQuery(fetchMock)).toEqual(DEFAULT_QUERY);
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveTextContent("Active");
  });

  it("searches once the user stops typing", async () => {
    const { fetchMock, user } = setup(page([row(1)]));
    await loadedTable();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "acme");
    await waitFor(() => expect(lastListQuery(fetchMock)).toMatchObject({ q: "acme" }));
    const searches = fetchMock.mock.calls.filter(([url]) => String(url).includes("q="));
    expect(searches).toHaveLength(1);
  });

  it("sorts on the server from the column headers", async () => {
    const { fetchMock, user } = setup(page([row(1)]));
    const table = await loadedTable();
    const company = within(table).getByRole("columnheader", { name: /Company/ });
    expect(company).toHaveAttribute("aria-sort", "ascending");
    const users = within(table).getByRole("columnheader", { name: /Users/ });
    await user.click(within(users).getByRole("button"));
    await waitFor(() => expect(lastListQuery(fetchMock)).toMatchObject({ sort: "users", order: "DESC" }));
    expect(users).toHaveAttribute("aria-sort", "descending");
    const plan = within(table).getByRole("columnheader", { name: /Plan/ });
    await user.click(within(plan).getByRole("button"));
    await waitFor(() => expect(lastListQuery(fetchMock)).toMatchObject({ sort: "plan", order: "ASC" }));
  });

  it("loads the next page as the user reaches the end of the loaded rows, and counts every match", async () => {
    const { fetchMock } = setup((url: URL) => {
      const n = Number(url.searchParams.get("page"));
      // Pages of two (the server's choice here), so the end of the loaded rows is in view at once.
      return jsonResponse(page([row(n * 10 + 1), row(n * 10 + 2)], 6, n));
    });
    expect(await screen.findByText("6 customers match")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Customers" });
    expect(table).toHaveAttribute("aria-rowcount", "7");
    expect(await within(table).findByRole("row", { name: /Company 00032/ })).toBeInTheDocument();
    const pages = fetchMock.mock.calls
      .filter(([url]) => String(url).startsWith("/api/auth/accountsinfo?"))
      .map(([url]) => new URL(String(url), "http://localhost").searchParams.get("page"));
    // Every row loaded: no fourth page asked for.
    expect(pages).toEqual(["1", "2", "3"]);
  });

  it("tells screen readers the whole count while only the first page is loaded", async () => {
    setup(page([row(1), row(2)], 20000));
    expect(await screen.findByText("20,000 customers match")).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Customers" })).toHaveAttribute("aria-rowcount", "20001");
  });

  it("shows the empty state with Reset filters when nothing matches", async () => {
    const { user, fetchMock } = setup((url: URL) =>
      jsonResponse(page(url.searchParams.get("trial") ? [] : [row(1)])),
    );
    await loadedTable();
    await user.click(screen.getByRole("checkbox", { name: "Trial only" }));
    expect(await screen.findByText("No customers match these filters")).toBeInTheDocument();
    const buttons = screen.getAllByRole("button", { name: "Reset filters" });
    await user.click(buttons.at(-1) as HTMLElement);
    await waitFor(() => expect(lastListQuery(fetchMock)).toEqual(DEFAULT_QUERY));
    expect(await screen.findByRole("row", { name: /Company 00001/ })).toBeInTheDocument();
  });

  it("shows a failure with Retry", async () => {
    let fail = true;
    const { user } = setup(() =>
      fail ? jsonResponse({ error: "Database unavailable", status: 500 }, 500) : jsonResponse(page([row(1)])),
    );
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("row", { name: /Company 00001/ })).toBeInTheDocument();
  });

  it("exports the filtered list as CSV", async () => {
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const { fetchMock, user } = setup(page([row(1)]), {
      "GET /api/auth/accountsinfo/export": () =>
        new Response("account_id,company\n1,'=cmd\n", {
          headers: {
            "Content-Type": "text/csv",
            "Content-Disposition": 'attachment; filename="customers-2026-11-24.csv"',
          },
        }),
    });
    await loadedTable();
    await user.click(screen.getByRole("checkbox", { name: "Trial only" }));
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("customers-2026-11-24.csv has been downloaded.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("GET /api/auth/accountsinfo/export");
    const url = new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: "active",
      trial: "true",
      sort: "company",
      order: "ASC",
    });
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toContain("'=cmd");
  });

  it("says so when the export is refused", async () => {
    const { user } = setup(page([row(1)]), {
      "GET /api/auth/accountsinfo/export": () => jsonResponse({ error: "Only engineers", status: 403 }, 403),
    });
    await loadedTable();
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("The export failed: Only engineers")).toBeInTheDocument();
  });

  it("creates an organization and opens its page", async () => {
    const { fetchMock, user, router } = setup(page([row(1)]), {
      "POST /api/auth/validate-organization-name": { valid: true },
      "POST /api/auth/accounts": () =>
        jsonResponse({ account_id: 42, company: "umbrella", role: "owner" }, 201),
    });
    await user.click(await screen.findByRole("button", { name: "New organization" }));
    const dialog = await screen.findByRole("dialog", { name: "New organization" });
    await user.type(within(dialog).getByLabelText("Organization name"), "umbrella");
    expect(await within(dialog).findByText("This name is available.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Create organization" }));
    await screen.findByText("Customer page");
    expect(currentUrl(router)).toBe("/customers/42");
    expect(await screen.findByText("Organization umbrella created.")).toBeInTheDocument();
    const create = calls(fetchMock).indexOf("POST /api/auth/accounts");
    expect(JSON.parse(String(fetchMock.mock.calls[create]?.[1]?.body))).toEqual({ company: "umbrella" });
  });

  it("shows a taken name beside the field and stays open", async () => {
    const taken = () => jsonResponse({ error: "Organization name is already taken", status: 409 }, 409);
    const { user } = setup(page([row(1)]), {
      "POST /api/auth/validate-organization-name": { valid: true },
      "POST /api/auth/accounts": taken,
    });
    await user.click(await screen.findByRole("button", { name: "New organization" }));
    const dialog = await screen.findByRole("dialog", { name: "New organization" });
    await user.type(within(dialog).getByLabelText("Organization name"), "acme");
    await user.click(within(dialog).getByRole("button", { name: "Create organization" }));
    expect(await within(dialog).findByText("Organization name is already taken")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
