/** /users-without-membership: the list, search, attaching a user to an organization, empty, error, customers. */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import {
  bodyOf,
  calls,
  chooseOption,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import { CHOOSE_ORGANIZATION } from "../customers/account-actions/member-fields";
import { ENGINEERS_ONLY } from "../placeholders/placeholder-screen";
import type { TUserWithoutMembership } from "./users-api";
import UsersWithoutMembershipScreen from "./users-without-membership-screen";

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true, accountId: 1 };
const LIST = "GET /api/auth/accounts/users-without-membership";

const loner = (id: number, name: string): TUserWithoutMembership => ({
  user_id: id,
  name,
  email: `${name.split(" ")[0]?.toLowerCase()}@mail.example`,
  created_at: "2026-11-01T10:00:00Z",
});

const page = (items: TUserWithoutMembership[]) => ({ items, total: items.length, page: 1, page_size: 50 });

const summary = (id: number, company: string, over: object = {}) => ({
  account_id: id,
  company,
  is_trial: false,
  is_disabled: false,
  account_type: { type: null, serviceType: null, status: null, hasSupport: false },
  users: 1,
  created_at: "2026-01-01T00:00:00Z",
  ...over,
});

function setup(
  list: Handler | object,
  routes: Record<string, Handler | object> = {},
  user: object = engineer,
) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    [LIST]: list,
    "GET /api/auth/organizations": {
      items: [
        summary(1, "Portico"),
        summary(3, "Acme"),
        summary(4, "Globex"),
        summary(5, "Closed", { is_disabled: true }),
      ],
      total: 4,
    },
    ...routes,
  });
  return {
    ...renderScreen(<UsersWithoutMembershipScreen />, { path: "/users-without-membership" }),
    fetchMock,
  };
}

function lastQuery(fetchMock: ReturnType<typeof mockApi>, key: string): Record<string, string> {
  const index = calls(fetchMock).lastIndexOf(key);
  return Object.fromEntries(
    new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost").searchParams,
  );
}

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));
afterEach(() => vi.restoreAllMocks());

describe("/users-without-membership", () => {
  it("lists the users who belong to no organization, searched by e-mail on the server", async () => {
    const { user, fetchMock } = setup((url: URL) =>
      jsonResponse(
        page(
          url.searchParams.get("q") ? [loner(7, "Lou Loner")] : [loner(7, "Lou Loner"), loner(8, "Sam Solo")],
        ),
      ),
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Users without membership" }),
    ).toBeInTheDocument();
    const table = await screen.findByRole("region", { name: "Users table" });
    expect(within(table).getByRole("row", { name: /Sam Solo/ })).toHaveTextContent("sam@mail.example");
    expect(screen.getByText("2 users belong to no organization")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search" }), "lou");
    await waitFor(() =>
      expect(within(table).queryByRole("row", { name: /Sam Solo/ })).not.toBeInTheDocument(),
    );
    expect(lastQuery(fetchMock, LIST)).toMatchObject({ q: "lou", page: "1" });
  });

  it("attaches a user to an organization chosen by search: toast, the row leaves the list", async () => {
    let attached = false;
    const { user, fetchMock } = setup(
      () =>
        jsonResponse(page(attached ? [loner(8, "Sam Solo")] : [loner(7, "Lou Loner"), loner(8, "Sam Solo")])),
      {
        "POST /api/auth/set-team": () => {
          attached = true;
          return jsonResponse({ account_id: 4, company: "Globex", role: "owner" });
        },
      },
    );
    const table = await screen.findByRole("region", { name: "Users table" });
    await user.click(within(table).getByRole("button", { name: "Attach Lou Loner to an organization" }));
    const dialog = await screen.findByRole("dialog", { name: "Attach to organization" });
    expect(within(dialog).getByText(/Lou Loner \(lou@mail.example\)/)).toBeInTheDocument();

    // Nothing chosen yet: said beside the field, nothing sent.
    await user.click(within(dialog).getByRole("button", { name: "Attach" }));
    expect(within(dialog).getByRole("combobox", { name: "Organization" })).toHaveAccessibleDescription(
      CHOOSE_ORGANIZATION,
    );
    expect(calls(fetchMock)).not.toContain("POST /api/auth/set-team");

    await chooseOption(user, "Organization", "Globex", "Glo");
    expect(screen.queryByRole("option", { name: "Portico" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("combobox", { name: "Role" }));
    await user.click(await screen.findByRole("option", { name: "Owner" }));
    await user.click(within(dialog).getByRole("button", { name: "Attach" }));

    expect(await screen.findByText("Lou Loner was added to Globex as an owner.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("POST /api/auth/set-team");
    expect(bodyOf(fetchMock, index)).toEqual({ user_id: 7, account_id: 4, role: "owner" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(table).queryByRole("row", { name: /Lou Loner/ })).not.toBeInTheDocument();
    expect(within(table).getByRole("row", { name: /Sam Solo/ })).toBeInTheDocument();
    // Its button is gone: focus goes to the search.
    await waitFor(() => expect(screen.getByRole("searchbox", { name: "Search" })).toHaveFocus());
  });

  it("a refused attach says why and keeps the dialog open", async () => {
    const { user } = setup(page([loner(7, "Lou Loner")]), {
      "POST /api/auth/set-team": () =>
        jsonResponse({ error: "This organization is disabled", status: 409 }, 409),
    });
    const table = await screen.findByRole("region", { name: "Users table" });
    await user.click(within(table).getByRole("button", { name: "Attach Lou Loner to an organization" }));
    const dialog = await screen.findByRole("dialog", { name: "Attach to organization" });
    await chooseOption(user, "Organization", "Acme");
    await user.click(within(dialog).getByRole("button", { name: "Attach" }));
    expect(await within(dialog).findByText("This organization is disabled")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Attach to organization" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(within(table).getByRole("row", { name: /Lou Loner/ })).toBeInTheDocument();
  });

  it("says when everyone belongs to an organization", async () => {
    setup(page([]));
    expect(await screen.findByText("Everyone belongs to an organization")).toBeInTheDocument();
  });

  it("shows the error with Retry", async () => {
    let fail = true;
    const { user } = setup(() =>
      fail
        ? jsonResponse({ error: "Error while fetching users", status: 500 }, 500)
        : jsonResponse(page([loner(7, "Lou Loner")])),
    );
    expect(await screen.findByText("Error while fetching users")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Users table" })).toBeInTheDocument();
  });

  it("is for engineers: a customer gets the engineers-only page and nothing is asked", async () => {
    const { fetchMock } = setup(page([]), {}, testCustomer);
    expect(await screen.findByText(ENGINEERS_ONLY)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(LIST);
  });
});
