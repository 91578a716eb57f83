import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen, testCustomer } from "../../test/helpers";
import AppShell from "../shell/app-shell";
import { IN_THE_MENU } from "./tour-steps";

// Counts loads of driver.js: the shell must not pull it in until a tour starts.
const loads = vi.hoisted(() => ({ driver: 0 }));
vi.mock("driver.js", async (importOriginal) => {
  loads.driver += 1;
  return importOriginal();
});

const newCustomer = { ...testCustomer, tourPending: true };
const engineer = { ...testCustomer, accountId: 1, companyName: "Vendor", isEngineer: true };
const TOUR = "PUT /api/chat/user/tour";

function renderShell(user: object, extra: Record<string, unknown> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/teams": [],
    "GET /api/auth/deploy_env": { env: "development", sentry_dsn: null },
    [TOUR]: () => new Response(null, { status: 204 }),
    ...extra,
  });
  const view = renderScreen(<AppShell />, {
    url: "/issues",
    children: [{ path: "issues", element: <h1>Issues</h1> }],
  });
  return { ...view, fetchMock };
}

const tourCalls = (fetchMock: ReturnType<typeof mockApi>) => calls(fetchMock).filter((c) => c === TOUR);
// The first start loads driver.js, which takes a while on a busy machine.
const step = () => screen.findByRole("dialog", {}, { timeout: 5_000 });

// A tour outlives the React tree (driver.js draws on <body>): end one a failed test left open.
afterEach(() => {
  if (document.querySelector(".driver-popover"))
    window.dispatchEvent(new KeyboardEvent("keyup", { key: "Escape" }));
});

beforeEach(() => {
  // Without animation driver.js draws each step at once rather than half-way through a 400 ms
  // transition, so nothing here waits on a clock.
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query === "(prefers-reduced-motion: reduce)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("the welcome tour", { timeout: 30_000 }, () => {
  it("is offered to a new customer without loading the tour library, which comes when it starts", async () => {
    const { user } = renderShell(newCustomer);
    const offer = await screen.findByRole("region", { name: "Welcome tour" });
    expect(within(offer).getByRole("heading", { name: "Welcome to Portico" })).toBeInTheDocument();
    expect(offer).toHaveTextContent("Take a one-minute tour of issues, panic, clusters, files and licences.");
    // Not a dialog and not focused: the page stays as it was.
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(offer).not.toContainElement(document.activeElement as HTMLElement);
    expect(loads.driver).toBe(0);

    await user.click(within(offer).getByRole("button", { name: "Start the tour" }));
    expect(await step()).toBeInTheDocument();
    expect(loads.driver).toBe(1);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("is not offered to a customer who took or dismissed it, nor to engineers", async () => {
    renderShell(testCustomer);
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Welcome tour" })).not.toBeInTheDocument();
  });

  it("is never offered to an engineer, and their menu has no tour", async () => {
    const { user } = renderShell({ ...engineer, tourPending: true });
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Welcome tour" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "User menu" }));
    expect(await screen.findByRole("menuitem", { name: "Sign out" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Take the tour" })).not.toBeInTheDocument();
  });

  it("Not now saves the choice once and the offer goes away", async () => {
    const { user, fetchMock } = renderShell(newCustomer);
    const offer = await screen.findByRole("region", { name: "Welcome tour" });
    await user.click(within(offer).getByRole("button", { name: "Not now" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Welcome tour" })).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByText("You can take the tour any time from your user menu."),
    ).toBeInTheDocument();
    expect(tourCalls(fetchMock)).toEqual([TOUR]);
    const index = calls(fetchMock).indexOf(TOUR);
    expect(bodyOf(fetchMock, index)).toEqual({ completed: true });
  });

  it("keeps the offer with the reason when Not now cannot be saved", async () => {
    const { user } = renderShell(newCustomer, {
      [TOUR]: () => jsonResponse({ error: "Something went wrong", status: 500 }, 500),
    });
    const offer = await screen.findByRole("region", { name: "Welcome tour" });
    await user.click(within(offer).getByRole("button", { name: "Not now" }));
    expect(await within(offer).findByRole("alert")).toHaveTextContent("Something went wrong");
    expect(screen.getByRole("region", { name: "Welcome tour" })).toBeInTheDocument();
  });

  it("walks through issues, panic, clusters, files and licences with Next and Back, saving once", async () => {
    const { user, fetchMock } = renderShell(newCustomer);
    const offer = await screen.findByRole("region", { name: "Welcome tour" });
    await user.click(within(offer).getByRole("button", { name: "Start the tour" }));

    const titles: string[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const dialog = await step();
      await waitFor(() => expect(dialog).toHaveTextContent(`Step ${n} of 5`));
      titles.push(dialog.querySelector("#driver-popover-title")?.textContent ?? "");
      // Named by its title, described by its text, with focus inside on the way forward.
      expect(dialog).toHaveAccessibleName(titles[n - 1]);
      expect(dialog).toHaveAccessibleDescription(expect.stringContaining(" "));
      const forward = within(dialog).getByRole("button", { name: n === 5 ? "Done" : "Next" });
      await waitFor(() => expect(forward).toHaveFocus());
      expect(within(dialog).getByRole("button", { name: "Close the tour" })).toBeInTheDocument();
      if (n === 1) expect(within(dialog).queryByRole("button", { name: "Back" })).toBeNull();
      if (n === 2) {
        await user.click(within(dialog).getByRole("button", { name: "Back" }));
        await waitFor(() => expect(screen.getByRole("dialog")).toHaveTextContent("Step 1 of 5"));
        await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Next" }));
        await waitFor(() => expect(screen.getByRole("dialog")).toHaveTextContent("Step 2 of 5"));
      }
      await user.click(
        within(screen.getByRole("dialog")).getByRole("button", { name: n === 5 ? "Done" : "Next" }),
      );
    }
    expect(titles).toEqual(["Issues", "Panic", "Health", "Files", "License"]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The offer's button is gone: focus goes to the page's content.
    expect(screen.getByRole("main")).toHaveFocus();
    expect(tourCalls(fetchMock)).toEqual([TOUR]);
    expect(screen.queryByRole("region", { name: "Welcome tour" })).not.toBeInTheDocument();
  });

  it("starts again from the user menu; Escape ends it and focus returns to the menu's button", async () => {
    const { user, fetchMock } = renderShell(testCustomer);
    await user.click(await screen.findByRole("button", { name: "User menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Take the tour" }));
    const dialog = await step();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Next" })).toHaveFocus());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "User menu" })).toHaveFocus();
    // Already taken: nothing to save.
    expect(tourCalls(fetchMock)).toEqual([]);
  });

  it("the close button ends it, and a customer who ignored the offer is then not offered it again", async () => {
    const { user, fetchMock } = renderShell(newCustomer);
    expect(await screen.findByRole("region", { name: "Welcome tour" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "User menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Take the tour" }));
    const dialog = await step();
    expect(screen.queryByRole("region", { name: "Welcome tour" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close the tour" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(tourCalls(fetchMock)).toEqual([TOUR]));
    expect(screen.queryByRole("region", { name: "Welcome tour" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "User menu" })).toHaveFocus();
  });

  it("a click outside the step ends it rather than being swallowed", async () => {
    const { user, fetchMock } = renderShell(newCustomer);
    const offer = await screen.findByRole("region", { name: "Welcome tour" });
    await user.click(within(offer).getByRole("button", { name: "Start the tour" }));
    expect(await step()).toBeInTheDocument();
    const overlay = await waitFor(() => {
      const found = document.querySelector(".driver-overlay");
      expect(found).not.toBeNull();
      return found as SVGElement;
    });
    expect(overlay).toHaveAttribute("aria-hidden", "true");
    await user.click(overlay.querySelector("path") as SVGPathElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("main")).toHaveFocus();
    expect(tourCalls(fetchMock)).toEqual([TOUR]);
  });

  it("points at the sidebar's links, and centres a step whose link is in the closed phone menu", async () => {
    const { user } = renderShell(testCustomer);
    expect(await screen.findByText("Ada Lovelace")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    const issues = within(nav).getByRole("link", { name: "Issues" });
    expect(issues).toHaveAttribute("data-tour", "issues");
    for (const [name, stop] of [
      ["Panic", "panic"],
      ["Health", "clusters"],
      ["Files", "files"],
      ["License", "licences"],
    ]) {
      expect(within(nav).getByRole("link", { name })).toHaveAttribute("data-tour", stop);
    }
    // jsdom lays nothing out: only the Issues link counts as on screen here.
    vi.spyOn(issues, "getClientRects").mockReturnValue([
      new DOMRect(0, 0, 200, 36),
    ] as unknown as DOMRectList);

    await user.click(screen.getByRole("button", { name: "User menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Take the tour" }));
    const first = await step();
    expect(first).not.toHaveTextContent(IN_THE_MENU);
    expect(issues).toHaveAttribute("aria-controls", first.id);
    await user.click(within(first).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByRole("dialog")).toHaveTextContent("Step 2 of 5"));
    expect(screen.getByRole("dialog")).toHaveTextContent(IN_THE_MENU);
    // Nothing of the tour poses as a landmark or a popup to assistive technology.
    expect(screen.getAllByRole("banner")).toHaveLength(1);
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.getElementById("driver-dummy-element")).not.toHaveAttribute("aria-expanded"),
    );
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
