import type { TConversationEventItem, TServerFrame } from "@portico/shared/schemas/conversations";
import { act, screen, waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUrl, renderScreen } from "../../test/helpers";
import { desktopNotificationState as notificationState } from "../alerts/desktop-notifications";
import { isArrivingPanic, PANIC_ARRIVAL_WINDOW_MS } from "./alerts";
import PanicWatcher, { PanicAlertSettings } from "./panic-alerts";

// The queue channel, fed by the test instead of a WebSocket.
const channel = vi.hoisted(() => ({ handlers: new Map<string, (frame: TServerFrame) => void>() }));
vi.mock("../conversations/realtime/chat", () => ({
  useChannel: (name: string, handlers: { onFrame: (frame: TServerFrame) => void }) => {
    channel.handlers.set(name, handlers.onFrame);
  },
}));

const NOW = Date.parse("2026-02-07T10:00:00Z");

function item(
  over: {
    issueType?: string | null;
    status?: TConversationEventItem["issueStatus"];
    last?: number;
    age?: number;
    n?: number;
  } = {},
): TConversationEventItem {
  const created = new Date(NOW - (over.age ?? 5_000)).toISOString();
  return {
    channelId: `c${over.n ?? 9}`,
    issue: {
      issue_number: over.n ?? 9,
      title: "Cluster east-1 offline",
      account_id: 3,
      company: "Acme",
      channel_id: `c${over.n ?? 9}`,
      cluster_id: null,
      issue_type: over.issueType === undefined ? "panic" : over.issueType,
      is_weekend_priority: false,
      category_id: null,
      issue_answer_state: { state: false, user_type: "customer", timestamp: null, is_archived: false },
      last_message_index: over.last ?? 1,
      created_at: created,
      updated_at: created,
      sla: null,
    },
    issueStatus: over.status ?? "waiting",
    issueType: over.issueType === undefined ? "panic" : over.issueType,
    lastUpdatedAt: created,
    planRank: 1,
    lastMessage: null,
  };
}

/** A fake Notification with a permission the test sets; records what was shown. */
function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    });
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options });
    }
    close() {}
  }
  vi.stubGlobal("Notification", FakeNotification);
  return { shown, FakeNotification };
}

/** A fake AudioContext counting the beeps started. */
function stubAudio() {
  const started: number[] = [];
  const node = () => ({
    connect: (next: unknown) => next,
    gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
  });
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    resume = async () => undefined;
    close = async () => undefined;
    createGain = node;
    createOscillator = () => ({
      ...node(),
      type: "",
      frequency: { value: 0 },
      start: (at: number) => started.push(at),
      stop() {},
    });
  }
  vi.stubGlobal("AudioContext", FakeAudioContext);
  return started;
}

const push = (frameItem: TConversationEventItem) =>
  act(() => channel.handlers.get("queue")?.({ type: "issue", channel: "queue", item: frameItem }));

beforeAll(() => {
  // Sonner captures the pointer on its toasts; jsdom lacks it.
  Element.prototype.setPointerCapture ??= () => undefined;
});

beforeEach(() => {
  channel.handlers.clear();
  vi.spyOn(Date, "now").mockReturnValue(NOW);
});

describe("which pushed items are a panic arriving", () => {
  it.each([
    ["a new panic (first message)", true, item()],
    ["a panic a minute old with a second message", true, item({ last: 2, age: 60_000 })],
    ["a panic updated long after it was raised", false, item({ last: 5, age: PANIC_ARRIVAL_WINDOW_MS + 1 })],
    ["a normal issue", false, item({ issueType: null })],
    ["an answered panic", false, item({ status: "answered" })],
    ["an archived panic", false, item({ status: "archived" })],
  ])("%s → %s", (_name, expected, pushed) => {
    expect(isArrivingPanic(pushed, NOW)).toBe(expected);
  });
});

describe("notification state (spec §4)", () => {
  it.each([
    ["granted", "enabled"],
    ["denied", "disabled"],
    ["default", "unknown"],
  ] as const)("%s → %s", (permission, state) => {
    stubNotifications(permission);
    expect(notificationState()).toBe(state);
  });
});

describe("panic watcher", () => {
  it("plays the sound, notifies where allowed and shows a toast once per panic; opening goes to it", async () => {
    const { shown } = stubNotifications("granted");
    const beeps = stubAudio();
    const { user, router } = renderScreen(<PanicWatcher />, {
      routes: [{ path: "/issues/:n", element: <h1>Issue</h1> }],
    });
    await waitFor(() => expect(channel.handlers.has("queue")).toBe(true));

    push(item({ n: 31 }));
    expect(beeps.length).toBeGreaterThan(0);
    expect(shown).toEqual([
      {
        title: "Panic: Acme",
        options: expect.objectContaining({ body: "#31 Cluster east-1 offline", tag: "panic-31" }),
      },
    ]);
    expect(await screen.findByText("Panic from Acme")).toBeInTheDocument();

    // The same issue changing again (a reply, say) is not a second alarm; normal issues are none.
    const beepsAfterFirst = beeps.length;
    push(item({ n: 31, last: 2 }));
    push(item({ n: 32, issueType: null }));
    expect(beeps.length).toBe(beepsAfterFirst);
    expect(shown).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Open" }));
    await waitFor(() => expect(currentUrl(router)).toBe("/issues/31"));
  });

  it("without permission: sound and toast, no system notification", async () => {
    const { shown } = stubNotifications("default");
    const beeps = stubAudio();
    renderScreen(<PanicWatcher />);
    await waitFor(() => expect(channel.handlers.has("queue")).toBe(true));
    push(item({ n: 33 }));
    expect(beeps.length).toBeGreaterThan(0);
    expect(shown).toEqual([]);
    expect(await screen.findByText("Panic from Acme")).toBeInTheDocument();
  });
});

describe("panic alert settings", () => {
  it("asks for permission only when the button is pressed, and shows the new state", async () => {
    const { FakeNotification } = stubNotifications("default", "granted");
    const { user } = renderScreen(<PanicAlertSettings />);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Panic alerts" }));
    expect(screen.getByRole("status")).toHaveTextContent("Notifications are not set up yet.");
    await user.click(screen.getByRole("button", { name: "Turn on notifications" }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Notifications are on/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn on notifications" })).not.toBeInTheDocument();
  });

  it("blocked notifications say where to allow them, with no button that cannot work", async () => {
    stubNotifications("denied");
    const { user } = renderScreen(<PanicAlertSettings />);
    await user.click(screen.getByRole("button", { name: "Panic alerts" }));
    expect(screen.getByText(/blocked for this site/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn on notifications" })).not.toBeInTheDocument();
  });
});
