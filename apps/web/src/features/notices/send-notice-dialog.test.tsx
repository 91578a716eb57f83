/**
 * The send dialog: each audience with the request it makes, the live count, the confirmation
 * before everyone, the shared schema's messages (the browser's check and the server's 400),
 * other failures, and opening from an organization's page with it chosen.
 */
import { NOTICE_MESSAGES } from "@portico/shared/schemas/notices";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../lib/session";
import { bodyOf, calls, type Handler, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import { SendNoticeDialog } from "./send-notice-dialog";
import { directoryUser, makeNotice, organization } from "./test-data";

function Harness({ account }: { account?: { account_id: number; company: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <SendNoticeDialog open={open} onOpenChange={setOpen} account={account} />
    </>
  );
}

const preview = (recipients: number, emailed: number) => ({ recipients, emailed });

function setup(
  routes: Record<string, Handler | object> = {},
  account?: { account_id: number; company: string },
) {
  const fetchMock = mockApi({
    "POST /api/auth/notices/preview": preview(1234, 1100),
    "POST /api/auth/notices": () =>
      jsonResponse(makeNotice(7, { status: "sending", recipient_count: 0 }), 202),
    "GET /api/auth/organizations": (url: URL) => {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const all = [organization(2, "Acme"), organization(4, "Globex"), organization(5, "Initech")];
      const items = all.filter((o) => o.company.toLowerCase().includes(q));
      return jsonResponse({ items, total: items.length });
    },
    "GET /api/auth/users": (url: URL) => {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const all = [
        directoryUser(5, "Ada Lovelace", "ada@acme.example"),
        directoryUser(6, "Bob Smith", "bob@globex.example"),
      ];
      const items = all.filter((u) => `${u.name} ${u.email}`.toLowerCase().includes(q));
      return jsonResponse({ items, total: items.length, page: 1, page_size: 20 });
    },
    ...routes,
  });
  const view = renderScreen(<Harness {...(account ? { account } : {})} />);
  return { ...view, fetchMock };
}

async function open(user: ReturnType<typeof setup>["user"]) {
  await user.click(screen.getByRole("button", { name: "Open" }));
  return screen.findByRole("dialog", { name: "Send notification" });
}

async function write(user: ReturnType<typeof setup>["user"], title: string, message: string) {
  await user.type(screen.getByRole("textbox", { name: "Title" }), title);
  await user.type(screen.getByRole("textbox", { name: "Message" }), message);
}

const previewBodies = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === "POST" && String(input).includes("/notices/preview"))
    .map(([, init]) => JSON.parse(String(init?.body)));

/**
 * Picks `option` in the picker labelled `label` as a user would (the test helpers' chooseOption),
 * waiting longer for the server's matches: a busy jsdom is slow to render them.
 */
async function pick(user: ReturnType<typeof setup>["user"], label: string, option: string, search: string) {
  await user.click(await screen.findByRole("combobox", { name: label }));
  await user.click(await screen.findByRole("combobox", { name: /^Search/ }));
  await user.paste(search);
  await user.click(await screen.findByRole("option", { name: option }, { timeout: 5_000 }));
}

const sendIndex = (fetchMock: ReturnType<typeof mockApi>) =>
  calls(fetchMock).indexOf("POST /api/auth/notices");

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));

describe("SendNoticeDialog", { timeout: 20_000 }, () => {
  it("sends to everyone after a confirmation that says how many, then says so and gives focus back", async () => {
    const { user, fetchMock } = setup();
    const dialog = await open(user);
    expect(within(dialog).getByRole("radio", { name: "Everyone" })).toBeChecked();
    expect(within(dialog).getByRole("switch", { name: "Also send by e-mail" })).toBeChecked();
    expect(await within(dialog).findByText("Goes to 1,234 users; 1,100 also by e-mail")).toBeInTheDocument();
    expect(previewBodies(fetchMock)[0]).toEqual({ audience: "everyone", account_ids: [], user_ids: [] });

    await write(user, "Planned upgrade", "Saturday 10:00 UTC.");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Send to everyone?" });
    expect(confirm).toHaveTextContent("Every user of Portico gets this notification: 1,234 users.");
    expect(sendIndex(fetchMock)).toBe(-1);

    await user.click(within(confirm).getByRole("button", { name: "Send to everyone" }));
    expect(await screen.findByText("Sending to 1,234 users…")).toBeInTheDocument();
    expect(bodyOf(fetchMock, sendIndex(fetchMock))).toEqual({
      title: "Planned upgrade",
      body: "Saturday 10:00 UTC.",
      send_email: true,
      audience: "everyone",
      account_ids: [],
      user_ids: [],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Open" })).toHaveFocus());
  });

  it("Cancel in the confirmation sends nothing and goes back to the form", async () => {
    const { user, fetchMock } = setup();
    const dialog = await open(user);
    await write(user, "Hello", "World");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(screen.getByRole("dialog", { name: "Send notification" })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Send" })).toHaveFocus());
    expect(sendIndex(fetchMock)).toBe(-1);
  });

  it("checks the title, the message and the recipients with the shared messages before asking the server", async () => {
    const { user, fetchMock } = setup();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("radio", { name: "Organizations" }));
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveAccessibleDescription(
      expect.stringContaining(NOTICE_MESSAGES.titleRequired),
    );
    expect(within(dialog).getByText(NOTICE_MESSAGES.bodyRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole("combobox", { name: "Organizations" })).toHaveAccessibleDescription(
      NOTICE_MESSAGES.noRecipients,
    );

    await user.click(within(dialog).getByRole("textbox", { name: "Title" }));
    await user.paste("x".repeat(201));
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByText(NOTICE_MESSAGES.titleTooLong)).toBeInTheDocument();
    expect(within(dialog).getByText(NOTICE_MESSAGES.bodyRequired)).toBeInTheDocument();
    expect(sendIndex(fetchMock)).toBe(-1);
    // Nobody chosen: nothing to count.
    expect(previewBodies(fetchMock).some((b) => b.audience === "accounts")).toBe(false);
  });

  it("sends to chosen organizations: search, add, remove, no e-mail; no confirmation", async () => {
    const { user, fetchMock } = setup({
      "POST /api/auth/notices/preview": (_url: URL, init: RequestInit) => {
        const { account_ids } = JSON.parse(String(init.body)) as { account_ids: number[] };
        return jsonResponse(preview(account_ids.length * 3, account_ids.length * 2));
      },
      "POST /api/auth/notices": () =>
        jsonResponse(makeNotice(8, { status: "sent", audience: "accounts", recipient_count: 3 }), 202),
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("radio", { name: "Organizations" }));
    await pick(user, "Organizations", "Globex", "glo");
    await pick(user, "Organizations", "Initech", "ini");
    const chosen = within(dialog).getByRole("list", { name: "Chosen organizations" });
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Globex", "Initech"]);
    expect(await within(dialog).findByText("Goes to 6 users; 4 also by e-mail")).toBeInTheDocument();

    await user.click(within(chosen).getByRole("button", { name: "Remove Initech" }));
    expect(await within(dialog).findByText("Goes to 3 users; 2 also by e-mail")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("switch", { name: "Also send by e-mail" }));
    expect(within(dialog).getByText("Goes to 3 users; none by e-mail")).toBeInTheDocument();

    await write(user, "Your cluster", "Firmware 4.2 is out.");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Notification sent to 3 users")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(bodyOf(fetchMock, sendIndex(fetchMock))).toEqual({
      title: "Your cluster",
      body: "Firmware 4.2 is out.",
      send_email: false,
      audience: "accounts",
      account_ids: [4],
      user_ids: [],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("sends to chosen users found in the directory (enabled ones, by name or e-mail)", async () => {
    const { user, fetchMock } = setup();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("radio", { name: "Users" }));
    await pick(user, "Users", "Bob Smith (bob@globex.example)", "globex");
    const search = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .filter((url) => url.pathname === "/api/auth/users")
      .at(-1);
    expect(search?.searchParams.get("q")).toBe("globex");
    expect(search?.searchParams.get("status")).toBe("enabled");
    expect(
      within(within(dialog).getByRole("list", { name: "Chosen users" })).getByText(
        "Bob Smith (bob@globex.example)",
      ),
    ).toBeInTheDocument();

    await write(user, "Your ticket", "We called you back.");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(sendIndex(fetchMock)).toBeGreaterThan(-1));
    expect(bodyOf(fetchMock, sendIndex(fetchMock))).toMatchObject({
      audience: "users",
      user_ids: [6],
      account_ids: [],
    });
    expect(await screen.findByText("Sending to 1,234 users…")).toBeInTheDocument();
  });

  it("says when the chosen ones have nobody to reach, and puts the server's 400 beside its field", async () => {
    const { user } = setup({
      "POST /api/auth/notices/preview": preview(0, 0),
      "POST /api/auth/notices": () =>
        jsonResponse({ error: NOTICE_MESSAGES.nobodyToReach, status: 400, code: 4002 }, 400),
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("radio", { name: "Users" }));
    await pick(user, "Users", "Ada Lovelace (ada@acme.example)", "ada");
    expect(await within(dialog).findByText(NOTICE_MESSAGES.nobodyToReach)).toBeInTheDocument();
    await write(user, "Hello", "World");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("combobox", { name: "Users" })).toHaveAccessibleDescription(
        NOTICE_MESSAGES.nobodyToReach,
      ),
    );
    expect(screen.getByRole("dialog", { name: "Send notification" })).toBeInTheDocument();
  });

  it("a count the server refuses says why; one that fails says it could not count", async () => {
    let refuse = true;
    const { user } = setup({
      "POST /api/auth/notices/preview": () =>
        refuse
          ? jsonResponse({ error: NOTICE_MESSAGES.tooManyUsers, status: 400, code: 4002 }, 400)
          : jsonResponse({ error: "Database busy", status: 500, code: 4002 }, 500),
    });
    const dialog = await open(user);
    expect(await within(dialog).findByText(NOTICE_MESSAGES.tooManyUsers)).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole("radio", { name: "Users" }));
    await pick(user, "Users", "Ada Lovelace (ada@acme.example)", "ada");
    expect(
      await within(dialog).findByText(
        "The recipients could not be counted: An Error occurred : Database busy",
      ),
    ).toBeInTheDocument();
  });

  it("any other failure is shown in the dialog, which stays open to try again", async () => {
    let fail = true;
    const { user, fetchMock } = setup({
      "POST /api/auth/notices": () =>
        fail
          ? jsonResponse({ error: "Database busy", status: 500, code: 4002 }, 500)
          : jsonResponse(makeNotice(9, { status: "sending" }), 202),
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("radio", { name: "Users" }));
    await pick(user, "Users", "Ada Lovelace (ada@acme.example)", "ada");
    await write(user, "Hello", "World");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("An Error occurred : Database busy");
    fail = false;
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls(fetchMock).filter((c) => c === "POST /api/auth/notices")).toHaveLength(2);
  });

  it("opened from an organization's page, that organization is chosen", async () => {
    const { user, fetchMock } = setup({}, { account_id: 2, company: "Acme" });
    const dialog = await open(user);
    expect(within(dialog).getByRole("radio", { name: "Organizations" })).toBeChecked();
    const chosen = within(dialog).getByRole("list", { name: "Chosen organizations" });
    expect(within(chosen).getByText("Acme")).toBeInTheDocument();
    await waitFor(() =>
      expect(previewBodies(fetchMock)).toContainEqual({
        audience: "accounts",
        account_ids: [2],
        user_ids: [],
      }),
    );
    await write(user, "Renewal", "Your subscription renews next month.");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(sendIndex(fetchMock)).toBeGreaterThan(-1));
    expect(bodyOf(fetchMock, sendIndex(fetchMock))).toMatchObject({ audience: "accounts", account_ids: [2] });
  });

  it("Escape closes it without sending", async () => {
    const { user, fetchMock } = setup();
    await open(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sendIndex(fetchMock)).toBe(-1);
    await waitFor(() => expect(screen.getByRole("button", { name: "Open" })).toHaveFocus());
  });
});
