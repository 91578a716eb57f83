import type { TServerFrame } from "@portico/shared/schemas/conversations";
import { act, renderHook, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bodyOf, calls, currentUrl, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import { AlertsBell, useSettledAnnouncement } from "./bell";
import { makeAlert, makeList, makeSummary } from "./test-data";

const channel = vi.hoisted(() => ({
  handlers: new Map<string, { onFrame: (frame: TServerFrame) => void; onResync?: () => void }>(),
}));
vi.mock("../conversations/realtime/chat", () => ({
  useChannel: (name: string, handlers: { onFrame: (frame: TServerFrame) => void; onResync?: () => void }) => {
    channel.handlers.set(name, handlers);
  },
}));

const mention = makeAlert();
const reply = makeAlert({
  alert_id: 40,
  type: "ISSUE_REPLY",
  message: "Erin Engineer replied on #12 Printer on fire",
  link: "/issues/12?msgIndex=3",
  read_at: "2026-01-01T09:30:00Z",
});

function renderBell(routes: Record<string, object> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/alerts/summary": makeSummary(3),
    "GET /api/chat/alerts": makeList([mention, reply]),
    "PUT /api/chat/alert/41": { ...mention, read_at: "2026-01-01T11:00:00Z" },
    "POST /api/chat/alerts/read-all": { unread: 0 },
    ...routes,
  });
  const view = renderScreen(<AlertsBell userId={2} />, {
    routes: [
      { path: "/issues/:issueNumber", element: <p>Issue screen</p> },
      { path: "/alerts", element: <p>Alerts screen</p> },
    ],
  });
  return { ...view, fetchMock };
}

async function frame(body: TServerFrame) {
  await waitFor(() => expect(channel.handlers.has("user:2")).toBe(true));
  act(() => channel.handlers.get("user:2")?.onFrame(body));
}

beforeEach(() => {
  channel.handlers.clear();
  Element.prototype.setPointerCapture ??= () => undefined;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the bell", () => {
  it("shows the unread count of the summary and follows the viewer's channel live", async () => {
    // The server's count, as the frames tell it.
    let unread = 3;
    renderBell({ "GET /api/chat/alerts/summary": () => jsonResponse(makeSummary(unread)) });
    expect(await screen.findByRole("button", { name: "Alerts, 3 unread" })).toBeInTheDocument();
    unread = 4;
    await frame({ type: "alert", channel: "user:2", alert: makeAlert({ alert_id: 42 }), unread: 4 });
    expect(await screen.findByRole("button", { name: "Alerts, 4 unread" })).toBeInTheDocument();
    // Read in another tab: the count follows, none left is no count at all.
    unread = 0;
    await frame({ type: "alerts-read", channel: "user:2", unread: 0 });
    expect(await screen.findByRole("button", { name: "Alerts" })).toBeInTheDocument();
  });

  it("lists the newest alerts; opening one marks it read and goes to its link", async () => {
    const { user, router, fetchMock } = renderBell();
    await user.click(await screen.findByRole("button", { name: "Alerts, 3 unread" }));
    const list = await screen.findByRole("list", { name: "Newest alerts" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining("mentioned you"), expect.stringContaining("replied on")]);
    const newest = calls(fetchMock).indexOf("GET /api/chat/alerts");
    expect(new URL(String(fetchMock.mock.calls[newest]?.[0]), "http://x").searchParams.get("page_size")).toBe(
      "6",
    );

    await user.click(within(list).getByRole("link", { name: /mentioned you/ }));
    expect(currentUrl(router)).toBe("/issues/12?msgIndex=4");
    await waitFor(() => expect(calls(fetchMock)).toContain("PUT /api/chat/alert/41"));
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("PUT /api/chat/alert/41"))).toEqual({ read: true });
  });

  it("opening an alert already read sends nothing", async () => {
    const { user, router, fetchMock } = renderBell();
    await user.click(await screen.findByRole("button", { name: "Alerts, 3 unread" }));
    await user.click(await screen.findByRole("link", { name: /replied on/ }));
    expect(currentUrl(router)).toBe("/issues/12?msgIndex=3");
    expect(calls(fetchMock).filter((c) => c.startsWith("PUT"))).toEqual([]);
  });

  it("marks all as read with a confirmation, and See all goes to /alerts", async () => {
    const { user, router, fetchMock } = renderBell();
    await user.click(await screen.findByRole("button", { name: "Alerts, 3 unread" }));
    await user.click(await screen.findByRole("button", { name: "Mark all as read" }));
    expect(await screen.findByText("All alerts are marked as read.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain("POST /api/chat/alerts/read-all");
    await user.click(screen.getByRole("link", { name: "See all" }));
    expect(currentUrl(router)).toBe("/alerts");
  });

  it("a failed mark-all says so in the §8 words", async () => {
    const { user } = renderBell({
      "POST /api/chat/alerts/read-all": () =>
        jsonResponse({ error: "Database busy", status: 500, code: 99999 }, 500),
    });
    await user.click(await screen.findByRole("button", { name: "Alerts, 3 unread" }));
    await user.click(await screen.findByRole("button", { name: "Mark all as read" }));
    expect(await screen.findByText("An Error occurred : Database busy")).toBeInTheDocument();
  });

  it("with nothing unread, Mark all as read is disabled and an empty list says what comes here", async () => {
    const { user } = renderBell({
      "GET /api/chat/alerts/summary": makeSummary(0),
      "GET /api/chat/alerts": makeList([]),
    });
    await user.click(await screen.findByRole("button", { name: "Alerts" }));
    expect(await screen.findByText(/No alerts yet/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
  });

  it("the newest list failing shows the §8 text and Retry", async () => {
    let fail = true;
    const { user } = renderBell({
      "GET /api/chat/alerts": () =>
        fail
          ? jsonResponse({ error: "Timed out", status: 500, code: 99999 }, 500)
          : jsonResponse(makeList([mention])),
    });
    await user.click(await screen.findByRole("button", { name: "Alerts, 3 unread" }));
    expect(
      await screen.findByText("An Error occurred : Timed out", {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: /mentioned you/ })).toBeInTheDocument();
  });

  it("a hidden tab shows a new alert on the desktop; clicking it opens the link", async () => {
    const shown: { title: string; onclick: (() => void) | null }[] = [];
    class FakeNotification {
      static permission = "granted";
      onclick: (() => void) | null = null;
      close = vi.fn();
      constructor(title: string) {
        shown.push(this as unknown as { title: string; onclick: null });
        Object.assign(this, { title });
      }
    }
    vi.stubGlobal("Notification", FakeNotification);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    vi.spyOn(window, "focus").mockImplementation(() => undefined);
    const { router, fetchMock } = renderBell();
    await screen.findByRole("button", { name: "Alerts, 3 unread" });
    await frame({ type: "alert", channel: "user:2", alert: mention, unread: 4 });
    expect(shown).toHaveLength(1);
    act(() => shown[0]?.onclick?.());
    expect(currentUrl(router)).toBe("/issues/12?msgIndex=4");
    await waitFor(() => expect(calls(fetchMock)).toContain("PUT /api/chat/alert/41"));
  });

  it("a visible tab shows no desktop notification", async () => {
    const created = vi.fn();
    vi.stubGlobal(
      "Notification",
      class {
        static permission = "granted";
        constructor() {
          created();
        }
      },
    );
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
    renderBell();
    await screen.findByRole("button", { name: "Alerts, 3 unread" });
    await frame({ type: "alert", channel: "user:2", alert: mention, unread: 4 });
    expect(created).not.toHaveBeenCalled();
  });

  it("reads the summary again after a reconnect (frames may have been missed)", async () => {
    const { fetchMock } = renderBell();
    await screen.findByRole("button", { name: "Alerts, 3 unread" });
    await waitFor(() => expect(channel.handlers.has("user:2")).toBe(true));
    const before = calls(fetchMock).filter((c) => c === "GET /api/chat/alerts/summary").length;
    act(() => channel.handlers.get("user:2")?.onResync?.());
    await waitFor(() =>
      expect(calls(fetchMock).filter((c) => c === "GET /api/chat/alerts/summary").length).toBe(before + 1),
    );
  });
});

describe("the count for screen readers", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("says nothing for the first count, then the count once it has held for 2 s", () => {
    const { result, rerender } = renderHook(({ count }) => useSettledAnnouncement(count), {
      initialProps: { count: undefined as number | undefined },
    });
    rerender({ count: 3 });
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe("");
    // A burst of frames: one announcement, of the last count.
    rerender({ count: 4 });
    act(() => vi.advanceTimersByTime(500));
    rerender({ count: 5 });
    act(() => vi.advanceTimersByTime(1_999));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("5 unread alerts");
  });

  it("a count that comes back to what was last said is not said again", () => {
    const { result, rerender } = renderHook(({ count }) => useSettledAnnouncement(count), {
      initialProps: { count: 2 },
    });
    rerender({ count: 3 });
    act(() => vi.advanceTimersByTime(500));
    rerender({ count: 2 });
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe("");
    rerender({ count: 0 });
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current).toBe("No unread alerts");
  });
});
