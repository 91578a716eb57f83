/** Purge account: what would go, refusals, the typed confirmation, the call, and where it leads. */
import { PURGE_COUNT_LABELS, PURGE_MESSAGES, type TPurgeInfo } from "@portico/shared/schemas/purge";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
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
} from "../../test/helpers";
import { PurgeAccountDialog } from "./purge-dialog";

const INFO = "GET /api/auth/accounts/2/purge-info";
const START = "POST /api/auth/accounts/2/purge";

function info(over: Partial<TPurgeInfo> = {}): TPurgeInfo {
  return {
    account_id: 2,
    company: "Acme",
    allowed: true,
    reason: null,
    contents: {
      users: 3,
      memberships: 4,
      issues: 12,
      messages: 340,
      files: 7,
      file_bytes: 5 * 1024 * 1024,
      licences: 0,
    },
    ...over,
  };
}

const record = {
  id: 9,
  account_id: 2,
  company: "Acme",
  reason: null,
  requested_by: { user_id: 1, name: "Eve Engineer" },
  requested_at: "2026-11-24T12:00:00Z",
  status: "running",
  stage: "files",
  counts: {},
  last_error: null,
  finished_at: null,
};

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open purge
      </button>
      <PurgeAccountDialog account={{ account_id: 2, company: "Acme" }} open={open} onOpenChange={setOpen} />
    </>
  );
}

function setup(routes: Record<string, Handler | object>) {
  const fetchMock = mockApi(routes);
  const view = renderScreen(<Opener />, {
    path: "/customers/:id",
    url: "/customers/2",
    routes: [{ path: "/purgeview", element: <p>Purged accounts screen</p> }],
  });
  return { ...view, fetchMock };
}

async function open(user: ReturnType<typeof setup>["user"]) {
  await user.click(screen.getByRole("button", { name: "Open purge" }));
  return screen.findByRole("dialog", { name: "Purge Acme?" });
}

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));
afterEach(() => vi.restoreAllMocks());

describe("Purge account", () => {
  it("lists what will be removed, asks for the name, purges and goes to /purgeview", async () => {
    const { user, fetchMock, router } = setup({
      [INFO]: info(),
      [START]: () => jsonResponse(record, 202),
    });
    const dialog = await open(user);
    const contents = await within(dialog).findByRole("region", { name: "What will be removed" });
    expect(within(contents).getByText(PURGE_COUNT_LABELS.users).nextSibling).toHaveTextContent("3");
    expect(within(contents).getByText(PURGE_COUNT_LABELS.messages).nextSibling).toHaveTextContent("340");
    expect(within(contents).getByText(PURGE_COUNT_LABELS.file_bytes).nextSibling).toHaveTextContent("5 MiB");
    // Kinds with nothing to remove are left out.
    expect(within(contents).queryByText(PURGE_COUNT_LABELS.licences)).not.toBeInTheDocument();

    // A wrong name is refused here, before asking the server.
    const name = within(dialog).getByRole("textbox", { name: "Organization name" });
    await user.type(name, "acme");
    await user.click(within(dialog).getByRole("button", { name: "Purge organization" }));
    expect(name).toHaveAccessibleDescription(expect.stringContaining(PURGE_MESSAGES.confirmMismatch));
    expect(calls(fetchMock)).not.toContain(START);

    await user.clear(name);
    await user.type(name, " Acme ");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason (optional)" }), "Contract ended");
    await user.click(within(dialog).getByRole("button", { name: "Purge organization" }));
    expect(await screen.findByText("Acme is being purged.")).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe("/purgeview"));
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf(START))).toEqual({
      company: "Acme",
      reason: "Contract ended",
    });
  });

  it("shows why a purge is refused and offers no way to start it", async () => {
    const { user, fetchMock } = setup({
      [INFO]: info({ allowed: false, reason: PURGE_MESSAGES.activeSubscription }),
    });
    const dialog = await open(user);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(PURGE_MESSAGES.activeSubscription);
    expect(within(dialog).getByRole("button", { name: "Purge organization" })).toBeDisabled();
    expect(within(dialog).getByRole("textbox", { name: "Organization name" })).toBeDisabled();
    expect(calls(fetchMock)).not.toContain(START);
  });

  it("shows the server's refusal in its words and stays open", async () => {
    const { user } = setup({
      [INFO]: info(),
      [START]: () => jsonResponse({ error: PURGE_MESSAGES.alreadyPurging, status: 409 }, 409),
    });
    const dialog = await open(user);
    await user.type(await within(dialog).findByRole("textbox", { name: "Organization name" }), "Acme");
    await user.click(within(dialog).getByRole("button", { name: "Purge organization" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(PURGE_MESSAGES.alreadyPurging);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("says when what would be removed cannot be read, and Retry reads it again", async () => {
    let fail = true;
    const { user } = setup({
      [INFO]: () =>
        fail ? jsonResponse({ error: "Database down", status: 500 }, 500) : jsonResponse(info()),
    });
    const dialog = await open(user);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Database down");
    fail = false;
    await user.click(within(dialog).getByRole("button", { name: "Retry" }));
    expect(await within(dialog).findByRole("region", { name: "What will be removed" })).toBeInTheDocument();
  });

  it("closes with Escape and returns focus to what opened it", async () => {
    const { user } = setup({ [INFO]: info() });
    await open(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Open purge" })).toHaveFocus();
  });
});
