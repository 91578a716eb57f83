/** "Send feedback" in the user menu: the five labelled ratings, the checks, the call, the thanks and focus. */
import { FEEDBACK_MESSAGES } from "@portico/shared/schemas/feedback";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen, testCustomer } from "../../test/helpers";
import { UserMenu } from "../shell/user-menu";

const SEND = "POST /api/auth/feedback";

function setup(answer: object | (() => Response) = { id: 1 }) {
  const fetchMock = mockApi({
    [SEND]: typeof answer === "function" ? answer : () => jsonResponse(answer, 201),
  });
  const view = renderScreen(<UserMenu user={testCustomer} pictureVersion={0} />, {
    path: "/files",
  });
  return { ...view, fetchMock };
}

async function openDialog(user: ReturnType<typeof setup>["user"]) {
  await user.click(screen.getByRole("button", { name: "User menu" }));
  await user.click(await screen.findByRole("menuitem", { name: "Send feedback" }));
  return screen.findByRole("dialog", { name: "Send feedback" });
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.set("selectedAccountId", 3);
});
afterEach(() => {
  persistedStore.remove("selectedAccountId");
  vi.restoreAllMocks();
});

describe("Send feedback", () => {
  it("offers five labelled ratings and sends the choice, the words and the page as the selected organization", async () => {
    const { user, fetchMock } = setup();
    const dialog = await openDialog(user);
    const group = within(dialog).getByRole("radiogroup", { name: "Rating" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["1", "2", "3", "4", "5"]);
    for (const name of ["Very poor", "Poor", "Fair", "Good", "Excellent"])
      expect(within(group).getByRole("radio", { name })).toBeInTheDocument();

    await user.click(within(group).getByRole("radio", { name: "Good" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Your feedback" }), "  Uploads are fast  ");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));

    expect(await screen.findByText(FEEDBACK_MESSAGES.thanks)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const index = calls(fetchMock).indexOf(SEND);
    expect(bodyOf(fetchMock, index)).toEqual({ rating: 4, text: "Uploads are fast", page: "/files" });
    expect(
      new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost").searchParams.get("aid"),
    ).toBe("3");
    // Focus goes back to the menu's button.
    await waitFor(() => expect(screen.getByRole("button", { name: "User menu" })).toHaveFocus());
  });

  it("asks for a rating and words before sending anything", async () => {
    const { user, fetchMock } = setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByRole("radiogroup", { name: "Rating" })).toHaveAccessibleDescription(
      FEEDBACK_MESSAGES.ratingRequired,
    );
    expect(within(dialog).getByRole("textbox", { name: "Your feedback" })).toHaveAccessibleDescription(
      expect.stringContaining(FEEDBACK_MESSAGES.textRequired),
    );
    await user.type(within(dialog).getByRole("textbox", { name: "Your feedback" }), "   ");
    await user.click(within(dialog).getByRole("radio", { name: "Excellent" }));
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByRole("textbox", { name: "Your feedback" })).toHaveAccessibleDescription(
      expect.stringContaining(FEEDBACK_MESSAGES.textRequired),
    );
    expect(calls(fetchMock)).not.toContain(SEND);
  });

  it("shows the server's refusal (too many) and keeps what was typed", async () => {
    const { user } = setup(() =>
      jsonResponse({ error: "Too many attempts, please try again later", status: 429 }, 429),
    );
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole("radio", { name: "Poor" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Your feedback" }), "Slow search");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Too many attempts, please try again later",
    );
    expect(within(dialog).getByRole("textbox", { name: "Your feedback" })).toHaveValue("Slow search");
  });

  it("closes with Escape without sending", async () => {
    const { user, fetchMock } = setup();
    await openDialog(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls(fetchMock)).not.toContain(SEND);
  });
});
