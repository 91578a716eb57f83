import { CATEGORY_DESCRIPTION_MAX_LENGTH, ISSUE_WORK_MESSAGES } from "@portico/shared/schemas/issue-work";
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../../lib/session";
import { bodyOf, calls, type Handler, jsonResponse, mockApi, renderScreen } from "../../../test/helpers";
import { CategoryCatalogueDialog } from "./category-catalogue-dialog";

const catalogue = {
  items: [
    {
      id: 2,
      name: "Networking",
      description: "Links, switches, MTU",
      level: 1,
      issue_count: 1,
      expert_count: 2,
    },
    { id: 3, name: "Erasure coding", description: "", level: 4, issue_count: 0, expert_count: 0 },
  ],
};

function setup(extra: Record<string, Handler | object> = {}) {
  const fetchMock = mockApi({ "GET /api/issue-categories": catalogue, ...extra });
  const view = renderScreen(<CategoryCatalogueDialog />);
  return { ...view, fetchMock };
}

async function open(user: ReturnType<typeof renderScreen>["user"]) {
  await user.click(screen.getByRole("button", { name: "Categories" }));
  const dialog = await screen.findByRole("dialog", { name: "Categories" });
  await within(dialog).findByRole("list", { name: "Categories" });
  return dialog;
}

beforeEach(() => setSession({ accessToken: "t", expiresAt: Date.now() + 600_000 }));

describe("category catalogue", () => {
  it("lists categories with their level, description and use", async () => {
    const { user } = setup();
    const dialog = await open(user);
    const [first] = within(within(dialog).getByRole("list", { name: "Categories" })).getAllByRole("listitem");
    expect(first).toHaveTextContent("NetworkingLevel 1Links, switches, MTU1 issue");
  });

  it("creates a category with a name, description and level", async () => {
    const { user, fetchMock } = setup({
      "POST /api/issue-categories": (_url, init) =>
        jsonResponse({ id: 8, ...JSON.parse(String(init.body)) }, 201),
    });
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText("Category name"), "Replication");
    await user.type(within(dialog).getByLabelText("Description"), "Async and sync replicas");
    await user.click(within(dialog).getByRole("combobox", { name: "Level" }));
    await user.click(await screen.findByRole("option", { name: "Level 5 (deepest expertise)" }));
    await user.click(within(dialog).getByRole("button", { name: "Add category" }));
    expect(await screen.findByText("Category “Replication” created.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("POST /api/issue-categories");
    expect(bodyOf(fetchMock, index)).toEqual({
      name: "Replication",
      description: "Async and sync replicas",
      level: 5,
    });
  });

  it("refuses a missing name and a long description with the contract's messages", async () => {
    const { user, fetchMock } = setup();
    const dialog = await open(user);
    // Pasted in one go: typing 501 characters is slow.
    fireEvent.change(within(dialog).getByLabelText("Description"), {
      target: { value: "d".repeat(CATEGORY_DESCRIPTION_MAX_LENGTH + 1) },
    });
    await user.click(within(dialog).getByRole("button", { name: "Add category" }));
    expect(await within(dialog).findByText(ISSUE_WORK_MESSAGES.categoryNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(ISSUE_WORK_MESSAGES.categoryDescriptionTooLong)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/issue-categories");
  });

  it("edits a category's level", async () => {
    const { user, fetchMock } = setup({
      "PUT /api/issue-categories/3": (_url, init) =>
        jsonResponse({ id: 3, ...JSON.parse(String(init.body)) }),
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("button", { name: "Edit category Erasure coding" }));
    expect(within(dialog).getByRole("combobox", { name: "Level" })).toHaveTextContent("Level 4");
    await user.click(within(dialog).getByRole("combobox", { name: "Level" }));
    await user.click(await screen.findByRole("option", { name: "Level 2" }));
    await user.click(within(dialog).getByRole("button", { name: "Save category" }));
    expect(await screen.findByText("Category “Erasure coding” saved.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("PUT /api/issue-categories/3");
    expect(bodyOf(fetchMock, index)).toEqual({ name: "Erasure coding", description: "", level: 2 });
  });

  it("asks before deleting a category in use and says the experts lose it too", async () => {
    let query = "";
    const { user } = setup({
      "DELETE /api/issue-categories/2": (url) => {
        query = url.search;
        return new Response(null, { status: 204 });
      },
    });
    const dialog = await open(user);
    await user.click(within(dialog).getByRole("button", { name: "Delete category Networking" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete category “Networking”?" });
    expect(confirm).toHaveTextContent(
      "This category is on 1 issue. Delete it anyway? It is the expertise of 2 engineers, which is cleared too.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Delete category" }));
    expect(await screen.findByText("Category “Networking” deleted.")).toBeInTheDocument();
    expect(query).toBe("?force=true");
  });
});
