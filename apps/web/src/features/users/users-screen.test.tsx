/** /users: an owner manages the members, a plain user reads them, an engineer gets the directory first. */
import type { TAccountUser } from "@portico/shared/schemas/accounts";
import type { TDirectoryUser } from "@portico/shared/schemas/users";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import {
  bodyOf,
  calls,
  currentUrl,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import UsersScreen from "./users-screen";

const owner = { ...testCustomer, roles: ["account_owner"] };
const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true };
const engineerOnVendor = { ...engineer, accountId: 1, companyName: "Portico" };

function member(id: number, over: Partial<TAccountUser> = {}): TAccountUser {
  return {
    user_id: id,
    name: `Member ${id}`,
    email: `member${id}@acme.example`,
    role: "user",
    is_disabled: false,
    mfa_enabled: false,
    joined_at: "2026-10-01T10:00:00Z",
    ...over,
  };
}

const MEMBERS = {
  users: [
    member(2, { name: "Ada Lovelace", email: "ada@example.com", role: "owner", mfa_enabled: true }),
    member(5, { name: "Bob Builder", email: "bob@acme.example" }),
    member(6, { name: "Cy Disabled", email: "cy@acme.example", is_disabled: true }),
  ],
  invites: [{ invite_id: 31, email: "new@acme.example", role: "user", created_at: "2026-11-20T10:00:00Z" }],
};

function directoryUser(id: number, over: Partial<TDirectoryUser> = {}): TDirectoryUser {
  return {
    user_id: id,
    name: `User ${id}`,
    email: `user${id}@example.com`,
    is_engineer: false,
    is_admin: false,
    is_disabled: false,
    mfa_enabled: false,
    created_at: "2026-10-01T10:00:00Z",
    organizations: [],
    ...over,
  };
}

function setup(user: object, routes: Record<string, Handler | object> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/account-users": MEMBERS,
    ...routes,
  });
  return { ...renderScreen(<UsersScreen />, { path: "/users" }), fetchMock };
}

/** The query of the last call to `key`. */
function lastQuery(fetchMock: ReturnType<typeof mockApi>, key: string): Record<string, string> {
  const index = calls(fetchMock).lastIndexOf(key);
  return Object.fromEntries(
    new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost").searchParams,
  );
}

const membersTable = () => screen.findByRole("region", { name: "Members of Acme table" });

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));
afterEach(() => vi.restoreAllMocks());

describe("/users as an owner", () => {
  it("lists the members with role, MFA and status, and the pending invitations", async () => {
    const { fetchMock } = setup(owner);
    expect(await screen.findByRole("heading", { level: 1, name: "Users" })).toBeInTheDocument();
    const table = await membersTable();
    const ada = within(table).getByRole("row", { name: /Ada Lovelace/ });
    expect(within(ada).getByText("Owner")).toBeInTheDocument();
    expect(within(ada).getByText("MFA on")).toBeInTheDocument();
    expect(within(ada).getByText("Active")).toBeInTheDocument();
    // Not offered to remove themselves, nor to make an owner an owner.
    expect(within(ada).queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(ada).queryByRole("button", { name: /Make/ })).not.toBeInTheDocument();
    const cy = within(table).getByRole("row", { name: /Cy Disabled/ });
    expect(within(cy).getByText("Disabled")).toBeInTheDocument();
    expect(within(cy).getByText("MFA off")).toBeInTheDocument();

    const invitations = screen.getByRole("region", { name: "Pending invitations" });
    expect(within(invitations).getByText("new@acme.example")).toBeInTheDocument();
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    expect(lastQuery(fetchMock, "GET /api/auth/account-users")).toEqual({ aid: "3" });
  });

  it("makes a member owner after a confirmation", async () => {
    const { user, fetchMock } = setup(owner, {
      "POST /api/auth/set-account-owner": { account_id: 3, user_id: 5, role: "owner" },
    });
    const table = await membersTable();
    await user.click(within(table).getByRole("button", { name: "Make Bob Builder an owner" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Make Bob Builder an owner?" });
    await user.click(within(dialog).getByRole("button", { name: "Make owner" }));
    expect(await screen.findByText("Bob Builder is now an owner of Acme.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("POST /api/auth/set-account-owner");
    expect(bodyOf(fetchMock, index)).toEqual({ account_id: 3, user_id: 5, owner: true });
    // The members are read again.
    await waitFor(() =>
      expect(calls(fetchMock).filter((c) => c === "GET /api/auth/account-users").length).toBe(2),
    );
  });

  it("removes a member (DELETE users?aid=&user_ids=) and says so; a refusal keeps the dialog open", async () => {
    let refuse = true;
    const { user, fetchMock } = setup(owner, {
      "DELETE /api/auth/users": () =>
        refuse
          ? jsonResponse({ error: "An organization needs an owner", status: 409 }, 409)
          : new Response(null, { status: 204 }),
    });
    const table = await membersTable();
    const removeBob = within(table).getByRole("button", { name: "Remove Bob Builder" });
    await user.click(removeBob);
    let dialog = await screen.findByRole("alertdialog", { name: "Remove Bob Builder?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove user" }));
    expect(await screen.findByText("An organization needs an owner")).toBeInTheDocument();
    expect(screen.getByRole("alertdialog", { name: "Remove Bob Builder?" })).toBeInTheDocument();

    refuse = false;
    dialog = screen.getByRole("alertdialog", { name: "Remove Bob Builder?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove user" }));
    expect(await screen.findByText("Bob Builder was removed from Acme.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(lastQuery(fetchMock, "DELETE /api/auth/users")).toEqual({ aid: "3", user_ids: "5" });
    await waitFor(() => expect(removeBob).toHaveFocus());
  });

  it("resends and revokes an invitation", async () => {
    const { user, fetchMock } = setup(owner, {
      "POST /api/auth/invites/31/resend": {
        invite_id: 31,
        email: "new@acme.example",
        role: "user",
        created_at: "2026-11-24T10:00:00Z",
      },
      "DELETE /api/auth/invites/31": () => new Response(null, { status: 204 }),
    });
    const invitations = await screen.findByRole("region", { name: "Pending invitations" });
    await user.click(
      within(invitations).getByRole("button", { name: "Resend the invitation to new@acme.example" }),
    );
    expect(await screen.findByText("Invitation sent again to new@acme.example.")).toBeInTheDocument();
    expect(lastQuery(fetchMock, "POST /api/auth/invites/31/resend")).toEqual({ aid: "3" });

    await user.click(
      within(invitations).getByRole("button", { name: "Revoke the invitation to new@acme.example" }),
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke this invitation?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke invitation" }));
    expect(await screen.findByText("The invitation to new@acme.example was revoked.")).toBeInTheDocument();
    expect(lastQuery(fetchMock, "DELETE /api/auth/invites/31")).toEqual({ aid: "3" });
  });

  it("a failed resend says why", async () => {
    const { user } = setup(owner, {
      "POST /api/auth/invites/31/resend": () =>
        jsonResponse({ error: "Too many attempts, please try again later", status: 429 }, 429),
    });
    const invitations = await screen.findByRole("region", { name: "Pending invitations" });
    await user.click(
      within(invitations).getByRole("button", { name: "Resend the invitation to new@acme.example" }),
    );
    expect(await screen.findByText("Too many attempts, please try again later")).toBeInTheDocument();
  });

  it("invites a user with the console's invite dialog, focus back on the button", async () => {
    const { user, fetchMock } = setup(owner, {
      "POST /api/auth/signup/init": { message: "1 invitation(s) sent", invited: ["zed@acme.example"] },
    });
    await membersTable();
    const invite = screen.getByRole("button", { name: "Invite user" });
    await user.click(invite);
    const dialog = await screen.findByRole("dialog", { name: "Invite user" });
    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "zed@acme.example");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to zed@acme.example.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("POST /api/auth/signup/init");
    expect(bodyOf(fetchMock, index)).toEqual({
      users: [{ email: "zed@acme.example", role: "user" }],
      account_id: 3,
    });
    await waitFor(() => expect(invite).toHaveFocus());
  });

  it("shows an error with Retry when the members cannot be read", async () => {
    let fail = true;
    const { user } = setup(owner, {
      "GET /api/auth/account-users": () =>
        fail ? jsonResponse({ error: "Database unavailable", status: 500 }, 500) : jsonResponse(MEMBERS),
    });
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await membersTable()).toBeInTheDocument();
  });
});

describe("/users as a plain user", () => {
  it("reads the member list without actions or invitations", async () => {
    setup(testCustomer);
    const table = await membersTable();
    expect(within(table).getByRole("row", { name: /Bob Builder/ })).toBeInTheDocument();
    expect(within(table).queryByRole("columnheader", { name: "Actions" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Invite user" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Pending invitations" })).not.toBeInTheDocument();
    expect(screen.getByText("Only an owner of Acme can invite or remove users.")).toBeInTheDocument();
  });

  it("without an organization, leads to adding one", async () => {
    setup({ ...testCustomer, accountId: null, companyName: null });
    expect(await screen.findByText("No organization yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add an organization" })).toHaveAttribute(
      "href",
      "/add-organization",
    );
  });
});

describe("/users as an engineer", () => {
  const page = (items: TDirectoryUser[], over: object = {}) => ({
    items,
    total: items.length,
    page: 1,
    page_size: 50,
    ...over,
  });

  it("opens on All users: organizations as links, kind badges, search and filters asked of the server", async () => {
    const { user, fetchMock } = setup(engineer, {
      "GET /api/auth/users": page([
        directoryUser(1, { name: "Ann Admin", is_engineer: true, is_admin: true }),
        directoryUser(2, {
          name: "Carol Customer",
          mfa_enabled: true,
          organizations: [
            { account_id: 3, company: "Acme", role: "owner" },
            { account_id: 4, company: "Globex", role: "user" },
          ],
        }),
        directoryUser(3, { name: "Lou Loner", is_disabled: true }),
      ]),
    });
    expect(await screen.findByRole("tab", { name: "All users", selected: true })).toBeInTheDocument();
    const table = await screen.findByRole("region", { name: "All users table" });
    expect(
      within(within(table).getByRole("row", { name: /Ann Admin/ })).getByText("Admin"),
    ).toBeInTheDocument();
    const carol = within(table).getByRole("row", { name: /Carol Customer/ });
    expect(within(carol).getByRole("link", { name: "Acme" })).toHaveAttribute("href", "/customers/3");
    expect(within(carol).getByRole("link", { name: "Globex" })).toHaveAttribute("href", "/customers/4");
    expect(within(carol).getByText("(owner)")).toBeInTheDocument();
    expect(within(carol).getByText("MFA on")).toBeInTheDocument();
    const lou = within(table).getByRole("row", { name: /Lou Loner/ });
    expect(within(lou).getByText("None")).toBeInTheDocument();
    expect(within(lou).getByText("Disabled")).toBeInTheDocument();
    expect(screen.getByText("Showing 3 of 3 users")).toBeInTheDocument();
    expect(lastQuery(fetchMock, "GET /api/auth/users")).toEqual({
      page: "1",
      page_size: "50",
      kind: "all",
      status: "all",
    });

    await user.type(screen.getByRole("searchbox", { name: "Search" }), "carol");
    await user.click(screen.getByRole("combobox", { name: "Kind" }));
    await user.click(await screen.findByRole("option", { name: "Customers" }));
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Enabled" }));
    await waitFor(() =>
      expect(lastQuery(fetchMock, "GET /api/auth/users")).toEqual({
        page: "1",
        page_size: "50",
        q: "carol",
        kind: "customers",
        status: "enabled",
      }),
    );
  });

  it("loads more until every user is shown", async () => {
    const { user } = setup(engineer, {
      "GET /api/auth/users": (url: URL) => {
        const n = Number(url.searchParams.get("page"));
        return jsonResponse(
          page([directoryUser(n * 100, { name: `User page ${n}` })], { page: n, page_size: 1, total: 2 }),
        );
      },
    });
    expect(await screen.findByText("Showing 1 of 2 users")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Showing 2 of 2 users")).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /User page 2/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("says when nobody matches and resets the filters", async () => {
    const { user, fetchMock } = setup(engineer, {
      "GET /api/auth/users": (url: URL) =>
        jsonResponse(page(url.searchParams.get("q") ? [] : [directoryUser(1)])),
    });
    await screen.findByRole("region", { name: "All users table" });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "nobody");
    expect(await screen.findByText("No users match")).toBeInTheDocument();
    await user.click(screen.getAllByRole("button", { name: "Reset filters" })[0] as HTMLElement);
    expect(await screen.findByRole("region", { name: "All users table" })).toBeInTheDocument();
    expect(lastQuery(fetchMock, "GET /api/auth/users").q).toBeUndefined();
  });

  it("manages the selected organization's members on the second tab, kept in the address", async () => {
    const { user, router } = setup(engineer, { "GET /api/auth/users": page([]) });
    await user.click(await screen.findByRole("tab", { name: "Members of Acme" }));
    expect(currentUrl(router)).toBe("/users?tab=members");
    const table = await membersTable();
    expect(within(table).getByRole("button", { name: "Remove Bob Builder" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Invite user" })).toBeInTheDocument();
  });

  it("acting as the vendor's organization, the members tab leads to Customers", async () => {
    const { user, fetchMock } = setup(engineerOnVendor, { "GET /api/auth/users": page([]) });
    await user.click(await screen.findByRole("tab", { name: "Organization members" }));
    expect(await screen.findByText("Choose an organization")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Customers" })).toHaveAttribute("href", "/customers");
    expect(calls(fetchMock)).not.toContain("GET /api/auth/account-users");
  });
});
