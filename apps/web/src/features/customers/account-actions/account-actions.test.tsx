/** The Actions menu of the customer page and its dialogs: each call, its feedback, its errors, focus and Escape. */
import type { TAccountUser } from "@portico/shared/schemas/accounts";
import { CUSTOMER_MESSAGES, type TCustomerDetail } from "@portico/shared/schemas/customers";
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../../lib/persisted-store";
import { setSession } from "../../../lib/session";
import {
  bodyOf,
  calls,
  chooseOption,
  currentUrl,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
} from "../../../test/helpers";
import { customerDetailQuery } from "../account-api";
import { AccountActions, MfaDialog } from ".";

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
    reported_capacity: 20,
    sla_hours: 4,
    subscription_provider: null,
    currency_code: null,
    last_message_at: null,
    abilities: { rename: true, invite: true, manageUsers: true },
    notes_link: null,
    version: 3,
    subscription: null,
    subscribed_products: [],
    eng_acc_roles: [],
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

const ada: TAccountUser = {
  user_id: 5,
  name: "Ada Lovelace",
  email: "ada@example.com",
  role: "owner",
  is_disabled: false,
  mfa_enabled: true,
  joined_at: "2026-01-10T10:00:00Z",
};
const bob: TAccountUser = { ...ada, user_id: 6, name: "Bob Smith", email: "bob@example.com", role: "user" };

/** The page as the customer page has it: the account read from the server, the actions in its header. */
function Page() {
  const detail = useQuery(customerDetailQuery(2));
  if (!detail.data) return <p>Loading</p>;
  return (
    <>
      <h1>{`${detail.data.company} (version ${detail.data.version})`}</h1>
      <AccountActions account={detail.data} />
    </>
  );
}

function setup(routes: Record<string, Handler | object> = {}, detail = account()) {
  const fetchMock = mockApi({
    "GET /api/auth/accountsinfo/2": detail,
    "GET /api/auth/account-users": { users: [ada, bob], invites: [] },
    ...routes,
  });
  const view = renderScreen(<Page />, {
    path: "/customers/:id",
    url: "/customers/2",
    routes: [
      { path: "/files", element: <p>Files screen</p> },
      { path: "/customers", element: <p>Customers list</p> },
    ],
  });
  return { ...view, fetchMock };
}

async function openAction(user: ReturnType<typeof setup>["user"], name: string) {
  await user.click(await screen.findByRole("button", { name: "Actions" }));
  await user.click(await screen.findByRole("menuitem", { name }));
  return screen.findByRole("dialog");
}

const lastCall = (fetchMock: ReturnType<typeof mockApi>, call: string) => {
  const index = calls(fetchMock).lastIndexOf(call);
  return { index, url: new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost") };
};

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});
afterEach(() => vi.restoreAllMocks());

describe("AccountActions", () => {
  it("lists the actions, and says honestly which are not offered yet and why delete is refused", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole("button", { name: "Actions" }));
    const menu = await screen.findByRole("menu");
    for (const name of [
      "Edit org name",
      "Edit org details",
      "Edit notes link",
      "Disable org",
      "Invite user",
      "Disable user",
      "Enable user",
      "Remove user",
      "Make owner",
      "Set team",
      "Enable MFA",
      "Disable MFA",
      "Log time",
      "Account management info",
      "Manage use cases",
      "Subscription events",
      "Alerts",
      "Upload file",
      "Trial license",
      "Upgrade subscription",
      "End subscription",
      "Re-activate subscription",
      "Send notification",
      "Purge account",
    ])
      expect(within(menu).getByRole("menuitem", { name })).toBeEnabled();
    expect(within(menu).queryByRole("menuitem", { name: "Make admin" })).not.toBeInTheDocument();
    expect(within(menu).queryByRole("menuitem", { name: "Enable org" })).not.toBeInTheDocument();
    for (const [name, hint] of [[/^Delete organization/, "It still has 2 users"]] as const) {
      const unavailable = within(menu).getByRole("menuitem", { name });
      expect(unavailable).toHaveAttribute("aria-disabled", "true");
      expect(unavailable).toHaveTextContent(hint);
    }
    // The reasons stay reachable by keyboard (a disabled item would be skipped); choosing one does nothing.
    const refused = within(menu).getByRole("menuitem", { name: /^Delete organization/ });
    refused.focus();
    expect(refused).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("menu")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("offers nothing to a customer (every console ability false)", async () => {
    const none = {
      editDetails: false,
      disable: false,
      enable: false,
      delete: false,
      deleteReason: null,
      setAdmin: false,
      logTime: false,
    };
    setup({}, account({ console: none }));
    await screen.findByRole("heading", { name: /Acme/ });
    expect(screen.queryByRole("button", { name: "Actions" })).not.toBeInTheDocument();
  });

  it("shows a concurrent edit's 409 in the contract's words, and Reload shows the other engineer's version", async () => {
    let version = 3;
    const { user, fetchMock } = setup({
      "GET /api/auth/accountsinfo/2": () => jsonResponse(account({ version, is_trial: version === 4 })),
      "POST /api/auth/accounts/2": () => {
        version = 4;
        return jsonResponse({ error: CUSTOMER_MESSAGES.stale, status: 409 }, 409);
      },
    });
    const dialog = await openAction(user, "Edit org details");
    expect(within(dialog).getByRole("heading", { name: "Edit organization details" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("checkbox", { name: "Trial organization" }));
    await user.click(within(dialog).getByRole("button", { name: "Save details" }));
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.stale)).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "POST /api/auth/accounts/2").index)).toEqual({
      is_trial: true,
      version: 3,
    });

    await user.click(within(dialog).getByRole("button", { name: "Reload" }));
    // The page behind the dialog (hidden from assistive technology meanwhile) shows the new version.
    expect(await screen.findByText("Acme (version 4)")).toBeInTheDocument();
    const fresh = await screen.findByRole("dialog");
    await waitFor(() => expect(within(fresh).queryByText(CUSTOMER_MESSAGES.stale)).not.toBeInTheDocument());
    expect(within(fresh).getByRole("checkbox", { name: "Trial organization" })).toBeChecked();
  });

  it("refuses an http: notes link beside the field, and saves an https one with the version", async () => {
    // As on the server, a save moves the version on: the page reads the account again meanwhile.
    let version = 3;
    const { user, fetchMock } = setup({
      "GET /api/auth/accountsinfo/2": () => jsonResponse(account({ version })),
      "POST /api/auth/accounts/2": () => {
        version += 1;
        return jsonResponse(account({ version }));
      },
    });
    const dialog = await openAction(user, "Edit notes link");
    const field = within(dialog).getByRole("textbox", { name: "Notes link" });
    await user.type(field, "http://notes.example.com");
    await user.click(within(dialog).getByRole("button", { name: "Save link" }));
    expect(field).toHaveAccessibleDescription(CUSTOMER_MESSAGES.notesLinkHttps);
    await user.clear(field);
    await user.type(field, "javascript:alert(1)");
    await user.click(within(dialog).getByRole("button", { name: "Save link" }));
    expect(field).toHaveAccessibleDescription(CUSTOMER_MESSAGES.notesLinkHttps);
    expect(calls(fetchMock)).not.toContain("POST /api/auth/accounts/2");

    await user.clear(field);
    await user.type(field, "https://notes.example.com/acme");
    await user.click(within(dialog).getByRole("button", { name: "Save link" }));
    expect(await screen.findByText("The notes link was saved.")).toBeInTheDocument();
    expect(await screen.findByText("Acme (version 4)")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "POST /api/auth/accounts/2").index)).toEqual({
      notes_link: "https://notes.example.com/acme",
      version: 3,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("disables the organization after a confirmation that says members are signed out; focus returns to Actions", async () => {
    const { user, fetchMock } = setup({ "POST /api/auth/account/2": account({ is_disabled: true }) });
    await user.click(await screen.findByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Disable org" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Disable Acme?" });
    expect(confirm).toHaveTextContent(/members are signed out/);
    await user.click(within(confirm).getByRole("button", { name: "Disable organization" }));
    expect(await screen.findByText("Acme is disabled.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "POST /api/auth/account/2").index)).toEqual({
      disable: true,
    });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Actions" })).toHaveFocus());
  });

  it("enables a disabled organization again (no Disable org offered)", async () => {
    const abilities = { ...account().console, disable: false, enable: true };
    const { user, fetchMock } = setup(
      { "POST /api/auth/account/2": account() },
      account({ is_disabled: true, console: abilities }),
    );
    await user.click(await screen.findByRole("button", { name: "Actions" }));
    expect(screen.queryByRole("menuitem", { name: "Disable org" })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("menuitem", { name: "Enable org" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Enable Acme?" });
    await user.click(within(confirm).getByRole("button", { name: "Enable organization" }));
    expect(await screen.findByText("Acme is enabled again.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "POST /api/auth/account/2").index)).toEqual({
      disable: false,
    });
  });

  it("offers make admin on the vendor's own organization to an admin, and sends set-admin", async () => {
    const admin = { ...account().console, setAdmin: true };
    const { user, fetchMock } = setup(
      { "POST /api/auth/set-admin": { user_id: 6, admin: true } },
      account({ account_id: 1, company: "Portico", console: admin }),
    );
    await user.click(await screen.findByRole("button", { name: "Actions" }));
    expect(screen.queryByRole("menuitem", { name: "Make owner" })).not.toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Set team" })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("menuitem", { name: "Make admin" }));
    const dialog = await screen.findByRole("dialog", { name: "Make admin" });
    await chooseOption(user, "User", "Bob Smith (bob@example.com)", "Bob");
    await user.click(within(dialog).getByRole("button", { name: "Make admin" }));
    expect(await screen.findByText("Bob Smith is now an admin.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "POST /api/auth/set-admin").index)).toEqual({
      user_id: 6,
      admin: true,
    });
  });

  it("closes a dialog with Escape, calling nothing, and gives focus back to Actions", async () => {
    const { user, fetchMock } = setup();
    await openAction(user, "Invite user");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Actions" })).toHaveFocus());
    expect(calls(fetchMock).filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  it("invites a user by e-mail to this organization, showing progress on the button", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, fetchMock } = setup({
      "POST /api/auth/signup/init": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const dialog = await openAction(user, "Invite user");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(within(dialog).getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription(
      "Email address is required",
    );
    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "carol@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Send invitation" })).toHaveAttribute(
        "aria-busy",
        "true",
      ),
    );
    answer(jsonResponse({ message: "1 invitation(s) sent", invited: ["carol@example.com"] }));
    expect(await screen.findByText("Invitation sent to carol@example.com.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "POST /api/auth/signup/init").index)).toEqual({
      users: [{ email: "carol@example.com", role: "user" }],
      account_id: 2,
    });
  });

  it("removes the user chosen, and shows the server's refusal in its words", async () => {
    const { user, fetchMock } = setup({
      "DELETE /api/auth/users": () => jsonResponse({ error: CUSTOMER_MESSAGES.lastOwner, status: 409 }, 409),
    });
    const dialog = await openAction(user, "Remove user");
    await user.click(within(dialog).getByRole("button", { name: "Remove user" }));
    expect(await within(dialog).findByText("Choose a user", { selector: "p" })).toBeInTheDocument();
    await chooseOption(user, "User", "Ada Lovelace (ada@example.com)", "Ada");
    await user.click(within(dialog).getByRole("button", { name: "Remove user" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(CUSTOMER_MESSAGES.lastOwner);
    const { url } = lastCall(fetchMock, "DELETE /api/auth/users");
    expect(url.searchParams.get("aid")).toBe("2");
    expect(url.searchParams.get("user_ids")).toBe("5");
  });

  it("makes a user owner: only those who are not owners yet can be chosen", async () => {
    const { user, fetchMock } = setup({
      "POST /api/auth/set-account-owner": { account_id: 2, user_id: 6, role: "owner" },
    });
    const dialog = await openAction(user, "Make owner");
    await user.click(await within(dialog).findByRole("combobox", { name: "User" }));
    expect(await screen.findByRole("option", { name: "Bob Smith (bob@example.com)" })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("option", { name: "Bob Smith (bob@example.com)" }));
    await user.click(within(dialog).getByRole("button", { name: "Make owner" }));
    expect(await screen.findByText("Bob Smith is now an owner of Acme.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "POST /api/auth/set-account-owner").index)).toEqual({
      account_id: 2,
      user_id: 6,
      owner: true,
    });
  });

  it("moves a user to another organization with set-team", async () => {
    const { user, fetchMock } = setup({
      "GET /api/auth/organizations": {
        items: [
          account({ account_id: 7, company: "Globex" }),
          account({ account_id: 1, company: "Portico" }),
        ],
        total: 2,
      },
      "POST /api/auth/set-team": { account_id: 7, company: "Globex", role: "user" },
    });
    const dialog = await openAction(user, "Set team");
    await chooseOption(user, "User", "Bob Smith (bob@example.com)", "Bob");
    await user.click(within(dialog).getByRole("button", { name: "Set team" }));
    expect(await within(dialog).findByText("Choose an organization", { selector: "p" })).toBeInTheDocument();
    await chooseOption(user, "Organization", "Globex", "Glo");
    await user.click(within(dialog).getByRole("button", { name: "Set team" }));
    expect(await screen.findByText("Bob Smith moved from Acme to Globex.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "POST /api/auth/set-team").index)).toEqual({
      user_id: 6,
      account_id: 7,
      role: "user",
      from_account_id: 2,
    });
  });

  it("logs time: refuses −5 and 10,000 minutes with the contract's message, then sends the day as yyyy-mm-dd", async () => {
    const { user, fetchMock } = setup({ "POST /api/auth/accounts/2/time-logs": { id: 1 } });
    const dialog = await openAction(user, "Log time");
    const minutes = within(dialog).getByRole("textbox", { name: "Minutes" });
    await user.type(minutes, "-5");
    await user.click(within(dialog).getByRole("button", { name: "Log time" }));
    expect(minutes).toHaveAccessibleDescription(expect.stringContaining(CUSTOMER_MESSAGES.timeLogMinutes));
    await user.clear(minutes);
    await user.type(minutes, "10000");
    await user.click(within(dialog).getByRole("button", { name: "Log time" }));
    expect(minutes).toHaveAccessibleDescription(expect.stringContaining(CUSTOMER_MESSAGES.timeLogMinutes));
    expect(calls(fetchMock)).not.toContain("POST /api/auth/accounts/2/time-logs");

    const day = within(dialog).getByRole("textbox", { name: "Day" });
    await user.clear(day);
    await user.type(day, "02-11-2026{Enter}");
    await user.clear(minutes);
    await user.type(minutes, "90");
    await user.type(within(dialog).getByRole("textbox", { name: "Note" }), "Upgrade call");
    await user.type(within(dialog).getByRole("textbox", { name: "Issue number (optional)" }), "12");
    await user.click(within(dialog).getByRole("button", { name: "Log time" }));
    expect(await screen.findByText("90 minutes logged on Acme.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "POST /api/auth/accounts/2/time-logs").index)).toEqual({
      work_date: "2026-11-02",
      minutes: 90,
      note: "Upgrade call",
      issue_number: 12,
    });
  });

  it("sets the engineers' roles", async () => {
    const { user, fetchMock } = setup({
      "GET /api/chat/engineers": [
        {
          user_id: 9,
          name: "Eve Engineer",
          is_available: true,
          is_contributor: false,
          is_on_call: false,
          online: true,
        },
      ],
      "PUT /api/auth/accounts/2/engineers": { roles: [] },
    });
    const dialog = await openAction(user, "Account management info");
    await chooseOption(user, "Field architect", "Eve Engineer", "Eve");
    await user.click(within(dialog).getByRole("button", { name: "Save roles" }));
    expect(await screen.findByText("The engineers of Acme were saved.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "PUT /api/auth/accounts/2/engineers").index)).toEqual({
      account_manager: null,
      field_architect: 9,
      customer_engineer: null,
    });
  });

  it("chooses use cases, creating a new one on the spot", async () => {
    const list = [{ id: 1, name: "Backup target", description: "", accounts: 1 }];
    const { user, fetchMock } = setup({
      "GET /api/auth/use-cases": () => jsonResponse(list),
      "POST /api/auth/use-cases": () => {
        list.push({ id: 4, name: "Archive", description: "", accounts: 0 });
        return jsonResponse(list[1], 201);
      },
      "PUT /api/auth/accounts/2/use-cases": [],
    });
    const dialog = await openAction(user, "Manage use cases");
    expect(await within(dialog).findByRole("checkbox", { name: "Backup target" })).toBeChecked();
    await user.type(within(dialog).getByRole("textbox", { name: "New use case" }), "Archive");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByRole("checkbox", { name: "Archive" })).toBeChecked();
    await user.click(within(dialog).getByRole("checkbox", { name: "Backup target" }));
    await user.click(within(dialog).getByRole("button", { name: "Save use cases" }));
    expect(await screen.findByText("The use cases of Acme were saved.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, lastCall(fetchMock, "PUT /api/auth/accounts/2/use-cases").index)).toEqual({
      use_case_ids: [4],
    });
  });

  it("opens another screen's flow with this organization selected", async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Upload file" }));
    expect(await screen.findByText("Files screen")).toBeInTheDocument();
    expect(currentUrl(router)).toBe("/files");
    expect(persistedStore.get("selectedAccountId")).toBe(2);
  });

  it("sends a notification to this organization's members, without acting as it", async () => {
    const { user, fetchMock } = setup({
      "POST /api/auth/notices/preview": { recipients: 2, emailed: 1 },
      "POST /api/auth/notices": () =>
        jsonResponse(
          {
            id: 4,
            title: "Maintenance tonight",
            body: "From 22:00 UTC.",
            audience: "accounts",
            accounts: [{ account_id: 2, company: "Acme" }],
            users: [],
            send_email: true,
            sent_by: { user_id: 9, name: "Eve Engineer" },
            status: "sending",
            recipient_count: 0,
            emailed_count: 0,
            read_count: 0,
            created_at: "2026-11-20T09:30:00Z",
            finished_at: null,
          },
          202,
        ),
    });
    const dialog = await openAction(user, "Send notification");
    expect(dialog).toHaveAccessibleName("Send notification");
    expect(within(dialog).getByRole("radio", { name: "Organizations" })).toBeChecked();
    expect(
      within(within(dialog).getByRole("list", { name: "Chosen organizations" })).getByText("Acme"),
    ).toBeVisible();
    expect(await within(dialog).findByText("Goes to 2 users; 1 also by e-mail")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Maintenance tonight");
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "From 22:00 UTC.");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Sending to 2 users…")).toBeInTheDocument();
    const sent = lastCall(fetchMock, "POST /api/auth/notices");
    expect(bodyOf(fetchMock, sent.index)).toMatchObject({
      audience: "accounts",
      account_ids: [2],
      user_ids: [],
    });
    expect(sent.url.searchParams.get("aid")).toBeNull();
    await waitFor(() => expect(screen.getByRole("button", { name: "Actions" })).toHaveFocus());
  });

  it("deletes an empty organization and goes back to the list", async () => {
    const empty = { ...account().console, delete: true, deleteReason: null };
    const { user, router, fetchMock } = setup(
      { "DELETE /api/auth/accounts/2": () => new Response(null, { status: 204 }) },
      account({ users: 0, console: empty }),
    );
    await user.click(await screen.findByRole("button", { name: "Actions" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete organization" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Acme?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete organization" }));
    expect(await screen.findByText("Customers list")).toBeInTheDocument();
    expect(currentUrl(router)).toBe("/customers");
    expect(calls(fetchMock)).toContain("DELETE /api/auth/accounts/2");
    expect(await screen.findByText("Acme was deleted.")).toBeInTheDocument();
  });
});

describe("user dialogs opened from a users table's row", () => {
  function Row() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Ada's actions
        </button>
        <MfaDialog
          account={{ account_id: 2, company: "Acme" }}
          user={ada}
          enable={false}
          open={open}
          onOpenChange={setOpen}
        />
      </>
    );
  }

  it("acts on that user without asking who, and says they are told by e-mail", async () => {
    const fetchMock = mockApi({
      "POST /api/auth/users/5/mfa": { user_id: 5, is_disabled: false, mfa_enabled: false },
    });
    const { user } = renderScreen(<Row />);
    await user.click(screen.getByRole("button", { name: "Ada's actions" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable MFA" });
    expect(dialog).toHaveTextContent("User: Ada Lovelace (ada@example.com)");
    expect(dialog).toHaveTextContent("They are told by e-mail.");
    expect(within(dialog).queryByRole("combobox")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Disable MFA" }));
    expect(await screen.findByText("MFA is off for Ada Lovelace; they were e-mailed.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, 0)).toEqual({ enable_mfa: false });
    await waitFor(() => expect(screen.getByRole("button", { name: "Ada's actions" })).toHaveFocus());
  });
});
