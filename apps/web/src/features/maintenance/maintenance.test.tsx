import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import { calls, currentUrl, mockApi, renderScreen } from "../../test/helpers";
import MaintenanceScreen from "./maintenance-screen";
import MntScreen from "./mnt-screen";

const engineer = { userId: 1, name: "Grace", email: "grace@vendor.example", accountId: 1, isEngineer: true };

beforeEach(() => setSession(null));

describe("maintenance screen", () => {
  it("shows the message, polls every 30 s and returns to / when maintenance is over", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = "MAINTENANCE";
    const fetchMock = mockApi({
      "GET /api/maintenance/status": () =>
        new Response(JSON.stringify({ status, message: "Upgrading storage", until: null })),
    });
    const { router } = renderScreen(<MaintenanceScreen />, { path: "/maintenance" });
    expect(
      screen.getByRole("heading", { level: 1, name: "Portico is under maintenance" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Upgrading storage")).toBeInTheDocument();
    expect(calls(fetchMock)).toHaveLength(1);

    status = "OK";
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(currentUrl(router)).toBe("/"));
    expect(calls(fetchMock)).toHaveLength(2);
    vi.useRealTimers();
  });
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
      "GET /api/maintenance/status": { status: "OK", message: null, until: null },
    });
    const { user } = renderScreen(<MntScreen />, { path: "/mnt" });
    await user.type(screen.getByLabelText("Email"), "grace@vendor.example");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(/Maintenance is off/)).toBeInTheDocument();
    expect(calls(fetchMock)[0]).toBe("POST /api/auth/maintenance-login");
  });

  it("an engineer enables maintenance with a duration and a message", async () => {
    setSession({ accessToken: "t", expiresAt: Date.now() + 600_000 });
    let on = false;
    const fetchMock = mockApi({
      "GET /api/chat/user": engineer,
      "GET /api/maintenance/status": () =>
        new Response(
          JSON.stringify({
            status: on ? "MAINTENANCE" : "OK",
            message: on ? "Back soon" : null,
            until: null,
          }),
        ),
      "POST /api/maintenance/enable": () => {
        on = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderScreen(<MntScreen />, { path: "/mnt" });
    const duration = await screen.findByLabelText("Duration (minutes)");
    await user.clear(duration);
    await user.type(duration, "0");
    await user.click(screen.getByRole("button", { name: "Enable maintenance" }));
    expect(await screen.findByText("Enter a whole number of minutes from 1 to 10080")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/maintenance/enable");

    await user.clear(duration);
    await user.type(duration, "30");
    await user.type(screen.getByLabelText("Message for users"), "Back soon");
    await user.click(screen.getByRole("button", { name: "Enable maintenance" }));
    expect(await screen.findByText("Maintenance is on.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("POST /api/maintenance/enable");
    expect(JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body))).toEqual({
      duration: 30,
      message: "Back soon",
    });
    expect(screen.getByRole("button", { name: "Disable maintenance" })).toBeInTheDocument();
  });

  it("customers are told the page is for engineers", async () => {
    setSession({ accessToken: "t", expiresAt: Date.now() + 600_000 });
    mockApi({ "GET /api/chat/user": { ...engineer, isEngineer: false } });
    renderScreen(<MntScreen />, { path: "/mnt" });
    expect(await screen.findByText("Only Portico engineers can manage maintenance.")).toBeInTheDocument();
  });
});
