import { ISSUE_WORK_MESSAGES, TAG_NAME_MAX_LENGTH } from "@portico/shared/schemas/issue-work";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../../lib/session";
import { bodyOf, calls, type Handler, jsonResponse, mockApi, renderScreen } from "../../../test/helpers";
import { TagCatalogueDialog } from "./tag-catalogue-dialog";

const catalogue = {
  items: [
    { id: 4, name: "replication", color: "#ef4444", issue_count: 3 },
    { id: 5, name: "billing", color: "#3b82f6", issue_count: 0 },
  ],
};

function setup(extra: Record<string, Handler | object> = {}) {
  const fetchMock = mockApi({ "GET /api/chat/issue-tags": catalogue, ...extra });
  const view = renderScreen(<TagCatalogueDialog />);
  return { ...view, fetchMock };
}

async function open(user: ReturnType<typeof renderScreen>["user"]) {
  await user.click(screen.getByRole("button", { name: "Tags" }));
  const dialog = await screen.findByRole("dialog", { name: "Tags" });
  await within(dialog).findByRole("list", { name: "Tags" });
  return dialog;
}

/** The index in the mock's calls of the first call "METHOD /path". */
const callIndex = (fetchMock: ReturnType<typeof mockApi>, call: string) => calls(fetchMock).indexOf(call);

beforeEach(() => setSession({ accessToken: "t", expiresAt: Date.now() + 600_000 }));

describe("tag catalogue", () => {
  it("lists the tags with how many issues carry each", async () => {
    const { user } = setup();
    const dialog = await open(user);
    const rows = within(within(dialog).getByRole("list", { name: "Tags" })).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual(["replication3 issues", "billing0 issues"]);
  });

  it("creates a tag with the colour chosen among the swatches", async () => {
    const { user, fetchMock } = setup({
      "POST /api/chat/issue-tags": (_url, init) =>
        jsonResponse({ id: 9, ...JSON.parse(String(init.body)) }, 201),
    });
    const dialog = await open(user);
    const swatches = within(dialog).getByRole("radiogroup", { name: "Colour" });
    expect(within(swatches).getByRole("radio", { name: "Slate" })).toBeChecked();
    await user.type(within(dialog).getByLabelText("Tag name"), "  data loss ");
    await user.click(within(swatches).getByRole("radio", { name: "Red" }));
    expect(within(swatches).getByRole("radio", { name: "Red" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    expect(await screen.findByText("Tag “data loss” created.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, callIndex(fetchMock, "POST /api/chat/issue-tags"))).toEqual({
      name: "data loss",
      color: "#ef4444",
    });
    // Ready for the next one.
    expect(within(dialog).getByLabelText("Tag name")).toHaveValue("");
  });

  it("refuses an empty or too long name with the contract's messages, before sending", async () => {
    const { user, fetchMock } = setup();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    expect(await within(dialog).findByText(ISSUE_WORK_MESSAGES.tagNameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Tag name"), "x".repeat(TAG_NAME_MAX_LENGTH + 1));
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    expect(await within(dialog).findByText(ISSUE_WORK_MESSAGES.tagNameTooLong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Tag name")).toHaveAccessibleDescription(
      ISSUE_WORK_MESSAGES.tagNameTooLong,
    );
    expect(calls(fetchMock)).not.toContain("POST /api/chat/issue-tags");
  });

  it("shows a name taken in another case under the name", async () => {
    const { user } = setup({
      "POST /api/chat/issue-tags": () =>
        jsonResponse({ error: ISSUE_WORK_MESSAGES.tagExists, status: 409 }, 409),
    });
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText("Tag name"), "Billing");
    await user.click(within(dialog).getByRole("button", { name: "Add tag" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Tag name")).toHaveAccessibleDescription(
        ISSUE_WORK_MESSAGES.tagExists,
      ),
    );
  });

  it("renames and recolours a tag", async () => {
    const { user, fetchMock } = setup({
      "PUT /api/chat/issue-tags/5": (_url, init) => jsonResponse({ id: 5, ...JSON.parse(String(init.body)) }),
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("button", { name: "Edit tag billing" }));
    expect(within(dialog).getByRole("heading", { name: "Edit tag “billing”" })).toBeInTheDocument();
    const name = within(dialog).getByLabelText("Tag name");
    expect(name).toHaveValue("billing");
    expect(name).toHaveFocus();
    expect(within(dialog).getByRole("radio", { name: "Blue" })).toBeChecked();
    await user.clear(name);
    await user.type(name, "invoices");
    await user.click(within(dialog).getByRole("radio", { name: "Green" }));
    await user.click(within(dialog).getByRole("button", { name: "Save tag" }));
    expect(await screen.findByText("Tag “invoices” saved.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, callIndex(fetchMock, "PUT /api/chat/issue-tags/5"))).toEqual({
      name: "invoices",
      color: "#22c55e",
    });
    expect(within(dialog).getByRole("heading", { name: "New tag" })).toBeInTheDocument();
  });

  it("asks before deleting a tag issues carry, then deletes it with force", async () => {
    let query = "";
    const { user, fetchMock } = setup({
      "DELETE /api/chat/issue-tags/4": (url) => {
        query = url.search;
        return new Response(null, { status: 204 });
      },
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("button", { name: "Delete tag replication" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete tag “replication”?" });
    expect(confirm).toHaveTextContent("This tag is on 3 issues. Delete it anyway?");
    expect(calls(fetchMock)).not.toContain("DELETE /api/chat/issue-tags/4");
    await user.click(within(confirm).getByRole("button", { name: "Delete tag" }));
    expect(await screen.findByText("Tag “replication” deleted.")).toBeInTheDocument();
    expect(query).toBe("?force=true");
  });

  it("deletes an unused tag without force; a failure stays in the dialog", async () => {
    let query = "";
    const { user } = setup({
      "DELETE /api/chat/issue-tags/5": (url) => {
        query = url.search;
        return jsonResponse({ error: ISSUE_WORK_MESSAGES.tagInUse(1), status: 409 }, 409);
      },
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("button", { name: "Delete tag billing" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("No issue has this tag.");
    await user.click(within(confirm).getByRole("button", { name: "Delete tag" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ISSUE_WORK_MESSAGES.tagInUse(1));
    expect(query).toBe("");
  });

  it("shows a failed load with Retry", async () => {
    const { user } = setup({
      "GET /api/chat/issue-tags": () => jsonResponse({ error: "Database unavailable", status: 500 }, 500),
    });
    await user.click(screen.getByRole("button", { name: "Tags" }));
    const dialog = await screen.findByRole("dialog", { name: "Tags" });
    expect(await within(dialog).findByText("Database unavailable")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
