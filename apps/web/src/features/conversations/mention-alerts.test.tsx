import type { TServerFrame } from "@portico/shared/schemas/conversations";
import { act, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { currentUrl, renderScreen } from "../../test/helpers";
import MentionAlerts from "./mention-alerts";

const channel = vi.hoisted(() => ({ handlers: new Map<string, (frame: TServerFrame) => void>() }));
vi.mock("./realtime/chat", () => ({
  useChannel: (name: string, handlers: { onFrame: (frame: TServerFrame) => void }) => {
    channel.handlers.set(name, handlers.onFrame);
  },
}));

const mention = {
  id: 31,
  issue_number: 12,
  title: "Printer on fire",
  account_id: 3,
  by: { user_id: 7, name: "Erin Engineer" },
  message_index: 4,
  created_at: "2026-01-01T10:00:00Z",
};

beforeEach(() => {
  channel.handlers.clear();
  // The toast (sonner) captures the pointer on press; jsdom lacks it.
  Element.prototype.setPointerCapture ??= () => undefined;
});

describe("mention alerts", () => {
  it("listens on the viewer's own channel and toasts a mention; Open goes to the message", async () => {
    const { user, router } = renderScreen(<MentionAlerts userId={2} />, {
      routes: [{ path: "/issues/:issueNumber", element: <p>Issue screen</p> }],
    });
    expect([...channel.handlers.keys()]).toEqual(["user:2"]);
    act(() => channel.handlers.get("user:2")?.({ type: "mention", channel: "user:2", mention }));
    expect(await screen.findByText("Erin Engineer mentioned you in #12 Printer on fire")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(currentUrl(router)).toBe("/issues/12?msgIndex=4");
  });

  it("a mention without a message opens the issue", async () => {
    const { user, router } = renderScreen(<MentionAlerts userId={2} />, {
      routes: [{ path: "/issues/:issueNumber", element: <p>Issue screen</p> }],
    });
    act(() =>
      channel.handlers.get("user:2")?.({
        type: "mention",
        channel: "user:2",
        mention: { ...mention, message_index: null },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Open" }));
    expect(currentUrl(router)).toBe("/issues/12");
  });
});
