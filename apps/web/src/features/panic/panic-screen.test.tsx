import { PANIC_MESSAGES, PANIC_WARNINGS } from "@portico/shared/schemas/search";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
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
import { RESTRICTED_MESSAGE } from "../subscription/restriction";
import PanicScreen from "./panic-screen";

const customer = testCustomer;

/** Only the part of the created issue the screen reads. */
const created = { conversation: { issue: { issue_number: 42 } } };

function renderPanic(allowed: Handler | object, panic: Handler | object = created) {
  const fetchMock = mockApi({
    "GET /api/chat/user": customer,
    "GET /api/chat/ispanicallowed": allowed,
    "POST /api/chat/panic": panic,
  });
  const view = renderScreen(<PanicScreen />, {
    path: "/panic",
    routes: [{ path: "/issues/:n", element: <h1>Issue</h1> }],
  });
  return { ...view, fetchMock };
}

async function fillForm(user: ReturnType<typeof renderPanic>["user"]) {
  await user.type(await screen.findByLabelText("Title"), "Production cluster east-1 is offline");
  await user.type(screen.getByLabelText("Message"), "Every node went down at 09:00.");
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("/panic", () => {
  it("explains a refusal and offers a normal issue instead", async () => {
    const { user } = renderPanic({ allowed: false, reason: PANIC_MESSAGES.notAllowedPlan });
    expect(await screen.findByText(PANIC_MESSAGES.notAllowedPlan)).toBeInTheDocument();
    expect(screen.queryByLabelText("Title")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New issue" }));
    expect(await screen.findByRole("dialog", { name: "New issue" })).toBeInTheDocument();
  });

  it("shows the §8 warnings, and refuses an empty form before any confirmation", async () => {
    const { user, fetchMock } = renderPanic({ allowed: true, reason: null });
    const warnings = await screen.findByRole("region", { name: "Before you raise a panic" });
    for (const warning of PANIC_WARNINGS) expect(within(warnings).getByText(warning)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Raise panic" }));
    expect(await screen.findByText("Title is required")).toBeInTheDocument();
    expect(screen.getByText("Message cannot be empty")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/chat/panic");
  });

  it("raises nothing when the confirmation is cancelled", async () => {
    const { user, fetchMock } = renderPanic({ allowed: true, reason: null });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Raise panic" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Raise a panic?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls(fetchMock)).not.toContain("POST /api/chat/panic");
  });

  it("raises the panic after the confirmation and opens its issue", async () => {
    const { user, fetchMock, router } = renderPanic({ allowed: true, reason: null });
    await fillForm(user);
    // Enter in the title works like the button.
    await user.type(screen.getByLabelText("Title"), "{Enter}");
    const dialog = await screen.findByRole("alertdialog", { name: "Raise a panic?" });
    await user.click(within(dialog).getByRole("button", { name: "Raise panic" }));
    await waitFor(() => expect(currentUrl(router)).toBe("/issues/42"));
    const index = calls(fetchMock).indexOf("POST /api/chat/panic");
    expect(bodyOf(fetchMock, index)).toEqual({
      panic_title: "Production cluster east-1 is offline",
      panic_message: "Every node went down at 09:00.",
    });
    expect(
      await screen.findByText("Panic raised as issue #42. Every engineer has been alerted."),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal under the form (a second panic too soon)", async () => {
    const { user, router } = renderPanic({ allowed: true, reason: null }, () =>
      jsonResponse({ error: PANIC_MESSAGES.tooSoon, status: 429, code: 1002 }, 429),
    );
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Raise panic" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Raise a panic?" });
    await user.click(within(dialog).getByRole("button", { name: "Raise panic" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Error while creating issue : ${PANIC_MESSAGES.tooSoon}`,
    );
    expect(currentUrl(router)).toBe("/panic");
    // What was typed stays, to try again later.
    expect(screen.getByLabelText("Title")).toHaveValue("Production cluster east-1 is offline");
  });

  it("asks again when the check fails and Retry is pressed", async () => {
    let fail = true;
    const { user } = renderPanic(() =>
      fail
        ? jsonResponse({ error: "Service unavailable", status: 500 }, 500)
        : jsonResponse({ allowed: true, reason: null }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Service unavailable");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByLabelText("Title")).toBeInTheDocument();
  });
});

describe("/panic for a cancelled organization (§6)", () => {
  const accountType = { type: "SUBSCRIBED", serviceType: "STANDARD", status: "canceled", hasSupport: true };

  it("members see Raise panic disabled with the reason, and the server is not asked", async () => {
    const fetchMock = mockApi({ "GET /api/chat/user": { ...customer, accountType } });
    renderScreen(<PanicScreen />, { path: "/panic" });
    const button = await screen.findByRole("button", { name: "Raise panic" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(RESTRICTED_MESSAGE);
    expect(screen.getByRole("link", { name: "Go to Subscription" })).toHaveAttribute("href", "/subscription");
    expect(screen.queryByLabelText("Title")).toBeNull();
    expect(calls(fetchMock)).not.toContain("GET /api/chat/ispanicallowed");
  });

  it("engineers acting for it still get the form", async () => {
    mockApi({
      "GET /api/chat/user": { ...customer, isEngineer: true, accountType },
      "GET /api/chat/ispanicallowed": { allowed: true, reason: null },
    });
    renderScreen(<PanicScreen />, { path: "/panic" });
    expect(await screen.findByLabelText("Title")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Raise panic" })).toBeEnabled();
    expect(screen.queryByText(RESTRICTED_MESSAGE)).toBeNull();
  });
});
