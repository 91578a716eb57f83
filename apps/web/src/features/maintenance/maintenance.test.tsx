import type { TServerFrame } from "@portico/shared/schemas/conversations";
import type { TMaintenanceDetails, TMaintenanceWindow } from "@portico/shared/schemas/operations";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rememberMaintenanceReturn, takeMaintenanceReturn } from "../../lib/navigation";
import { setSession } from "../../lib/session";
import { calls, currentUrl, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import MaintenanceLive from "./maintenance-live";
import MaintenanceScreen from "./maintenance-screen";
import MntScreen from "./mnt-screen";

const live = vi.hoisted(() => ({
  handlers: new Map<string, { onFrame: (frame: TServerFrame) => void; onResync?: () => void }>(),
  closeListeners: new Set<(code: number) => void>(),
  state: "connected" as string,
}));

vi.mock("../conversations/realtime/chat", () => ({
  useChannel: (name: string | null, handlers: { onFrame: (frame: TServerFrame) => void }) => {
    if (name) live.handlers.set(name, handlers);
  },
  useConnectionState: () => ({ state: live.state, hasConnected: true }),
  getChatClient: () => ({
    onClosed: (listener: (code: number) => void) => {
      live.closeListeners.add(listener);
      return () => live.closeListeners.delete(listener);
    },
  }),
}));

const engineer = { userId: 1, name: "Grace", email: "grace@vendor.example", accountId: 1, isEngineer: true };
const signedIn = () => setSession({ accessToken: "t", expiresAt: Date.now() + 600_000 });

const OK = { status: "OK", message: null, until: null };
const ON = { status: "MAINTENANCE", message: "Upgrading storage", until: "2099-01-01T12:00:00Z" };

function broadcast(frame: TServerFrame) {
  act(() => live.handlers.get("broadcast")?.onFrame(frame));
}

beforeEach(() => {
  setSession(null);
  sessionStorage.clear();
  live.handlers.clear();
  live.closeListeners.clear();
  live.state = "connected";
});
afterEach(() => vi.useRealTimers());

describe("maintenance screen", () => {
  it("shows the message, checks every 5 s and returns to where the user was when it is over", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    rememberMaintenanceReturn("/issues/12?tab=files");
    let status: object = ON;
    const fetchMock = mockApi({ "GET /api/maintenance/status": () => jsonResponse(status) });
    const { router } = renderScreen(<MaintenanceScreen />, { path: "/maintenance" });
    expect(
      screen.getByRole("heading", { level: 1, name: "Portico is under maintenance" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Upgrading storage")).toBeInTheDocument();
    expect(
      screen.getByText(
        "This page checks again every 5 seconds and takes you back to where you were when the portal is back.",
      ),
    ).toBeInTheDocument();
    expect(calls(fetchMock)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls(fetchMock)).toHaveLength(2);
    expect(currentUrl(router)).toBe("/maintenance");

    status = OK;
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(currentUrl(router)).toBe("/issues/12?tab=files"));
  });

  it("returns to the start page when it does not know where the user was", async () => {
    mockApi({ "GET /api/maintenance/status": OK });
    const { router } = renderScreen(<MaintenanceScreen />, { path: "/maintenance" });
    await waitFor(() => expect(currentUrl(router)).toBe("/"));
  });

  it("offers engineers the way to /mnt, and no sign-out to someone signed out", async () => {
    mockApi({ "GET /api/maintenance/status": ON });
    renderScreen(<MaintenanceScreen />, { path: "/maintenance" });
    expect(await screen.findByText("Upgrading storage")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Engineers: manage maintenance" })).toHaveAttribute(
      "href",
      "/mnt",
    );
    expect(screen.queryByRole("button", { name: "Sign out" })).not.toBeInTheDocument();
  });

  it("lets a signed-in user sign out and stay on the maintenance page", async () => {
    signedIn();
    const fetchMock = mockApi({
      "GET /api/maintenance/status": ON,
      "POST /api/auth/logout": () => new Response(null, { status: 204 }),
    });
    const { user, router } = renderScreen(<MaintenanceScreen />, { path: "/maintenance" });
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(calls(fetchMock)).toContain("POST /api/auth/logout"));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Sign out" })).not.toBeInTheDocument());
    expect(currentUrl(router)).toBe("/maintenance");
  });
});

describe("an open browser while maintenance starts", () => {
  const routes = [{ path: "/maintenance", element: <MaintenanceScreen /> }];

  it("a customer's goes to /maintenance on the broadcast frame and comes back by itself when it ends", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: object = OK;
    mockApi({ "GET /api/maintenance/status": () => jsonResponse(status) });
    const { router } = renderScreen(<MaintenanceLive isEngineer={false} />, {
      path: "/profile",
      url: "/profile?tab=security",
      routes,
    });
    await waitFor(() => expect(live.handlers.has("broadcast")).toBe(true));
    status = ON;
    broadcast({ type: "maintenance", channel: "broadcast", status: ON as never });
    await waitFor(() => expect(currentUrl(router)).toBe("/maintenance"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Portico is under maintenance" }),
    ).toBeInTheDocument();

    status = OK;
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(currentUrl(router)).toBe("/profile?tab=security"));
  });

  it("a customer's goes to /maintenance when the chat socket is closed with 4503", async () => {
    let status: object = OK;
    mockApi({ "GET /api/maintenance/status": () => jsonResponse(status) });
    const { router } = renderScreen(<MaintenanceLive isEngineer={false} />, { path: "/files", routes });
    await waitFor(() => expect(live.closeListeners.size).toBe(1));
    act(() => {
      for (const listener of live.closeListeners) listener(1006);
    });
    expect(currentUrl(router)).toBe("/files");
    status = ON;
    act(() => {
      for (const listener of live.closeListeners) listener(4503);
    });
    await waitFor(() => expect(currentUrl(router)).toBe("/maintenance"));
    expect(await screen.findByText("Upgrading storage")).toBeInTheDocument();
    expect(sessionStorage.getItem("portico.maintenanceReturn")).toBe("/files");
  });

  it("while the socket is down, a customer's checks the status every 30 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    live.state = "disconnected";
    let status: object = OK;
    const fetchMock = mockApi({ "GET /api/maintenance/status": () => jsonResponse(status) });
    const { router } = renderScreen(<MaintenanceLive isEngineer={false} />, { path: "/issues", routes });
    await waitFor(() => expect(calls(fetchMock)).toHaveLength(1));
    status = ON;
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(currentUrl(router)).toBe("/maintenance"));
  });

  it("an engineer's stays and shows a banner leading to /mnt, gone when maintenance ends", async () => {
    mockApi({ "GET /api/maintenance/status": OK });
    const { router } = renderScreen(<MaintenanceLive isEngineer />, { path: "/customers", routes });
    await waitFor(() => expect(live.handlers.has("broadcast")).toBe(true));
    broadcast({ type: "maintenance", channel: "broadcast", status: ON as never });
    const banner = await screen.findByRole("region", { name: "Maintenance" });
    expect(within(banner).getByText("Maintenance is on")).toBeInTheDocument();
    expect(within(banner).getByRole("link", { name: "Manage maintenance" })).toHaveAttribute("href", "/mnt");
    expect(currentUrl(router)).toBe("/customers");
    act(() => {
      for (const listener of live.closeListeners) listener(4503);
    });
    expect(currentUrl(router)).toBe("/customers");

    broadcast({ type: "maintenance", channel: "broadcast", status: OK as never });
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Maintenance" })).not.toBeInTheDocument(),
    );
  });
});

const windowOf = (over: Partial<TMaintenanceWindow>): TMaintenanceWindow => ({
  id: 1,
  message: "Back soon",
  started_by: "Grace",
  started_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  planned_end: new Date(Date.now() + 25 * 60_000 + 20_000).toISOString(),
  ended_at: null,
  ended_by: null,
  ...over,
});

describe("engineer maintenance page /mnt", () => {
  it("signs in with maintenance-login", async () => {
    const fetchMock = mockApi({
      "POST /api/auth/maintenance-login": {
        mfa_required: false,
        access_token: "t",
        expires_at: "2099-01-01T00:00:00Z",
      },
      "GET /api/chat/user": engineer,
      "GET /api/maintenance/details": { status: "OK", current: null, history: [] },
    });
    const { user } = renderScreen(<MntScreen />, { path: "/mnt" });
    await user.type(screen.getByLabelText("Email"), "grace@vendor.example");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(/Maintenance is off/)).toBeInTheDocument();
    expect(calls(fetchMock)[0]).toBe("POST /api/auth/maintenance-login");
    expect(screen.getByText("No maintenance yet")).toBeInTheDocument();
  });

  it("an engineer enables maintenance with a preset and a message, then sees who and until when", async () => {
    signedIn();
    let details: TMaintenanceDetails = { status: "OK", current: null, history: [] };
    const fetchMock = mockApi({
      "GET /api/chat/user": engineer,
      "GET /api/maintenance/details": () => jsonResponse(details),
      "GET /api/maintenance/status": OK,
      "POST /api/maintenance/enable": () => {
        const current = windowOf({});
        details = { status: "MAINTENANCE", current, history: [current] };
        return jsonResponse({ status: "MAINTENANCE", message: "Back soon", until: current.planned_end });
      },
    });
    const { user } = renderScreen(<MntScreen />, { path: "/mnt" });
    const duration = await screen.findByLabelText("Duration (minutes)");
    await user.clear(duration);
    await user.type(duration, "0");
    await user.click(screen.getByRole("button", { name: "Enable maintenance" }));
    expect(
      await screen.findByText("Duration must be a whole number of minutes from 1 to 10080 (one week)"),
    ).toBeInTheDocument();
    await user.clear(duration);
    await user.type(duration, "10081");
    await user.click(screen.getByRole("button", { name: "Enable maintenance" }));
    expect(
      await screen.findByText("Duration must be a whole number of minutes from 1 to 10080 (one week)"),
    ).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/maintenance/enable");

    await user.click(screen.getByRole("button", { name: "15 min" }));
    expect(duration).toHaveValue(15);
    expect(screen.getByRole("button", { name: "15 min" })).toHaveAttribute("aria-pressed", "true");
    await user.type(screen.getByLabelText("Message for users"), "Back soon");
    await user.click(screen.getByRole("button", { name: "Enable maintenance" }));
    expect(await screen.findByText("Maintenance is on.")).toBeInTheDocument();
    expect(
      await screen.findByText("Maintenance is on: customers now see the maintenance page."),
    ).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("POST /api/maintenance/enable");
    expect(JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body))).toEqual({
      duration: 15,
      message: "Back soon",
    });
    const status = screen.getByRole("status", { name: "" });
    expect(within(status).getByText("Grace")).toBeInTheDocument();
    expect(within(status).getByText(/\(in 25 minutes\)$/)).toBeInTheDocument();
    const disable = screen.getByRole("button", { name: "Disable maintenance" });
    await waitFor(() => expect(disable).toHaveFocus());
  });

  it("turns it off and lists the history with how each window ended", async () => {
    signedIn();
    const current = windowOf({ id: 3, message: "Now" });
    const history = [
      current,
      windowOf({ id: 2, message: "Disk swap", ended_at: "2026-11-20T10:00:00Z", ended_by: "Linus" }),
      windowOf({ id: 1, message: "Kernel", ended_at: "2026-11-19T10:00:00Z", ended_by: null }),
    ];
    let details: TMaintenanceDetails = { status: "MAINTENANCE", current, history };
    mockApi({
      "GET /api/chat/user": engineer,
      "GET /api/maintenance/details": () => jsonResponse(details),
      "GET /api/maintenance/status": ON,
      "POST /api/maintenance/disable": () => {
        details = {
          status: "OK",
          current: null,
          history: [
            { ...current, ended_at: new Date().toISOString(), ended_by: "Grace" },
            ...history.slice(1),
          ],
        };
        return jsonResponse(OK);
      },
    });
    const { user } = renderScreen(<MntScreen />, { path: "/mnt" });
    const table = await screen.findByRole("table", { name: "Maintenance history" });
    expect(within(table).getByText("Disk swap")).toBeInTheDocument();
    expect(within(table).getByText(/^Turned off by Linus, /)).toBeInTheDocument();
    expect(within(table).getByText(/^Ended by itself, /)).toBeInTheDocument();
    expect(within(table).getByText("On now")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Disable maintenance" }));
    expect(await screen.findByText("Maintenance is off: the portal is open again.")).toBeInTheDocument();
    expect(screen.getByText("Maintenance is off: the portal is open to everyone.")).toBeInTheDocument();
    expect(within(table).getByText(/^Turned off by Grace, /)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Duration (minutes)")).toHaveFocus());
  });

  it("follows another engineer's change from the broadcast channel", async () => {
    signedIn();
    let details: TMaintenanceDetails = { status: "OK", current: null, history: [] };
    mockApi({
      "GET /api/chat/user": engineer,
      "GET /api/maintenance/details": () => jsonResponse(details),
      "GET /api/maintenance/status": OK,
    });
    renderScreen(<MntScreen />, { path: "/mnt" });
    expect(await screen.findByText(/Maintenance is off/)).toBeInTheDocument();
    const current = windowOf({ started_by: "Linus" });
    details = { status: "MAINTENANCE", current, history: [current] };
    broadcast({ type: "maintenance", channel: "broadcast", status: ON as never });
    expect(await screen.findByText("Maintenance is on.")).toBeInTheDocument();
    expect(within(screen.getByRole("status", { name: "" })).getByText("Linus")).toBeInTheDocument();
  });

  it("shows a failed load with Retry", async () => {
    signedIn();
    let fail = true;
    mockApi({
      "GET /api/chat/user": engineer,
      "GET /api/maintenance/details": () =>
        fail
          ? jsonResponse({ error: "Database unavailable", status: 500 }, 500)
          : jsonResponse({ status: "OK", current: null, history: [] }),
    });
    const { user } = renderScreen(<MntScreen />, { path: "/mnt" });
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText(/Maintenance is off/)).toBeInTheDocument();
  });

  it("customers are told the page is for engineers", async () => {
    signedIn();
    mockApi({ "GET /api/chat/user": { ...engineer, isEngineer: false } });
    renderScreen(<MntScreen />, { path: "/mnt" });
    expect(await screen.findByText("Only Portico engineers can manage maintenance.")).toBeInTheDocument();
  });
});

describe("the path to return to after maintenance", () => {
  it("is a path of this app, read once; the maintenance pages and other sites are never remembered", () => {
    rememberMaintenanceReturn("/issues/4?tab=files");
    expect(takeMaintenanceReturn()).toBe("/issues/4?tab=files");
    expect(takeMaintenanceReturn()).toBe("/");
    for (const path of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/mnt",
      "/maintenance",
    ]) {
      rememberMaintenanceReturn(path);
      expect(takeMaintenanceReturn()).toBe("/");
    }
  });
});
