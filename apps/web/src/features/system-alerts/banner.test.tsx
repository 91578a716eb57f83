/** The system alerts banner: live alerts by level, live updates on the broadcast channel, timing, dismissing. */
import type { TServerFrame } from "@portico/shared/schemas/conversations";
import type { TLiveSystemAlert } from "@portico/shared/schemas/system-alerts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import { calls, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import { SystemAlertsBanner } from "./banner";

const channel = vi.hoisted(() => ({
  handlers: new Map<string, { onFrame: (frame: TServerFrame) => void; onResync?: () => void }>(),
}));
vi.mock("../conversations/realtime/chat", () => ({
  useChannel: (name: string, handlers: { onFrame: (frame: TServerFrame) => void; onResync?: () => void }) => {
    channel.handlers.set(name, handlers);
  },
}));

const LIVE = "GET /api/auth/system-alert";
const MINUTE = 60_000;

function alert(id: number, over: Partial<TLiveSystemAlert> = {}): TLiveSystemAlert {
  return {
    id,
    level: "info",
    message: `Alert ${id}`,
    starts_at: new Date(Date.now() - MINUTE).toISOString(),
    ends_at: null,
    ...over,
  };
}

/** The server's answer, read each time it is asked. */
function setup(items: () => TLiveSystemAlert[]) {
  const fetchMock = mockApi({
    [LIVE]: () => jsonResponse({ items: items(), now: new Date().toISOString() }),
  });
  return { ...renderScreen(<SystemAlertsBanner />), fetchMock };
}

const frame = () =>
  channel.handlers.get("broadcast")?.onFrame({ type: "system-alerts", channel: "broadcast" });

beforeEach(() => {
  channel.handlers.clear();
  sessionStorage.clear();
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("system alerts banner", () => {
  it("shows live alerts: info and warning as status, critical as an alert; scheduled ones wait", async () => {
    setup(() => [
      alert(1, { message: "Slow uploads" }),
      alert(2, { level: "warning", message: "Planned work tonight" }),
      alert(3, { level: "critical", message: "Sign-in is down" }),
      alert(4, { message: "Not yet", starts_at: new Date(Date.now() + 60 * MINUTE).toISOString() }),
    ]);
    const region = await screen.findByRole("region", { name: "System alerts" });
    expect(within(region).getByRole("alert")).toHaveTextContent("Critical: Sign-in is down");
    const statuses = within(region).getAllByRole("status");
    expect(statuses.map((s) => s.textContent)).toEqual([
      "Info: Slow uploads",
      "Warning: Planned work tonight",
    ]);
    expect(screen.queryByText("Not yet")).not.toBeInTheDocument();
  });

  it("shows an end when it has one", async () => {
    const end = new Date(Date.now() + 90 * MINUTE);
    setup(() => [alert(1, { message: "Maintenance", ends_at: end.toISOString() })]);
    expect(await screen.findByRole("status")).toHaveTextContent(/^Info: Maintenance\s*Until /);
  });

  it("shows nothing when there is none", async () => {
    const { fetchMock } = setup(() => []);
    await waitFor(() => expect(calls(fetchMock)).toContain(LIVE));
    expect(screen.queryByRole("region", { name: "System alerts" })).not.toBeInTheDocument();
  });

  it("appears without a reload when one is posted (broadcast frame), and goes when cleared", async () => {
    let items: TLiveSystemAlert[] = [];
    const { fetchMock } = setup(() => items);
    await waitFor(() => expect(calls(fetchMock)).toEqual([LIVE]));
    items = [alert(7, { level: "critical", message: "Database failover in progress" })];
    act(() => frame());
    expect(await screen.findByRole("alert")).toHaveTextContent("Database failover in progress");
    items = [];
    act(() => frame());
    await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
    // Other broadcast frames (maintenance) do not read them again.
    const before = calls(fetchMock).length;
    act(() =>
      channel.handlers.get("broadcast")?.onFrame({
        type: "maintenance",
        channel: "broadcast",
        status: { maintenance: false },
      } as unknown as TServerFrame),
    );
    expect(calls(fetchMock)).toHaveLength(before);
  });

  it("reads them again after the connection comes back (resync)", async () => {
    let items: TLiveSystemAlert[] = [];
    const { fetchMock } = setup(() => items);
    await waitFor(() => expect(calls(fetchMock)).toEqual([LIVE]));
    items = [alert(8, { message: "Back online" })];
    act(() => channel.handlers.get("broadcast")?.onResync?.());
    expect(await screen.findByRole("status")).toHaveTextContent("Back online");
  });

  it("shows a scheduled alert at its start and hides it at its end, on the server's clock", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
    const start = Date.now() + 10 * MINUTE;
    const { fetchMock } = setup(() => [
      alert(5, {
        level: "warning",
        message: "Upgrade window",
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 30 * MINUTE).toISOString(),
      }),
    ]);
    await waitFor(() => expect(calls(fetchMock)).toEqual([LIVE]));
    await act(async () => {
      vi.advanceTimersByTime(9 * MINUTE);
    });
    expect(screen.queryByText("Upgrade window")).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(MINUTE + 1000);
    });
    expect(await screen.findByRole("status")).toHaveTextContent("Upgrade window");
    await act(async () => {
      vi.advanceTimersByTime(30 * MINUTE);
    });
    await waitFor(() => expect(screen.queryByText("Upgrade window")).not.toBeInTheDocument());
  });

  it("goes by the server's clock when this browser's is behind", async () => {
    const serverNow = Date.now() + 10 * MINUTE;
    mockApi({
      [LIVE]: {
        items: [
          alert(6, {
            message: "Started on the server",
            starts_at: new Date(serverNow - MINUTE).toISOString(),
          }),
        ],
        now: new Date(serverNow).toISOString(),
      },
    });
    renderScreen(<SystemAlertsBanner />);
    expect(await screen.findByRole("status")).toHaveTextContent("Started on the server");
  });

  it("lets info and warning be dismissed for the session; a critical one stays", async () => {
    const items = [
      alert(1, { message: "Slow uploads" }),
      alert(2, { level: "critical", message: "Sign-in is down" }),
    ];
    const { user, unmount } = setup(() => items);
    const info = await screen.findByRole("status");
    expect(within(screen.getByRole("alert")).queryByRole("button")).not.toBeInTheDocument();
    await user.click(within(info).getByRole("button", { name: "Dismiss alert" }));
    expect(screen.queryByText("Slow uploads")).not.toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Sign-in is down");
    unmount();

    // Still dismissed on the next screen of this session; an edited alert shows again.
    setup(() => items);
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.queryByText("Slow uploads")).not.toBeInTheDocument();
    items[0] = { ...items[0], message: "Uploads are back to normal" } as TLiveSystemAlert;
    act(() => frame());
    expect(await screen.findByRole("status")).toHaveTextContent("Uploads are back to normal");
  });
});
