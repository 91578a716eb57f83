import { ORGANIZATION_DISABLED } from "@portico/shared/errors";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { calls, jsonResponse, mockApi } from "../test/helpers";
import { setNavigate } from "./navigation";
import { getSession, setSession } from "./session";
import { checkRenewal, startRenewalTimer } from "./session-renewal";

const MIN = 60_000;
const navigate = vi.fn();
const answer = () => ({ access_token: "renewed", expires_at: new Date(Date.now() + 15 * MIN).toISOString() });

beforeEach(() => {
  navigate.mockReset();
  setNavigate(navigate);
  setSession(null);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("renewal check", () => {
  it("does nothing while the token has 6 minutes or more left", async () => {
    setSession({ accessToken: "t", expiresAt: Date.now() + 7 * MIN });
    const fetchMock = mockApi({ "POST /api/auth/refresh-token": () => jsonResponse(answer()) });
    await checkRenewal();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("renews under 6 minutes and stores the new token", async () => {
    setSession({ accessToken: "t", expiresAt: Date.now() + 5 * MIN });
    const fetchMock = mockApi({ "POST /api/auth/refresh-token": () => jsonResponse(answer()) });
    await checkRenewal();
    expect(calls(fetchMock)).toEqual(["POST /api/auth/refresh-token"]);
    expect(getSession()?.accessToken).toBe("renewed");
    expect(JSON.parse(localStorage.getItem("portico.session") ?? "{}").accessToken).toBe("renewed");
  });

  it("a refused renewal ends the session and asks to sign in again", async () => {
    window.history.replaceState({}, "", "/health");
    setSession({ accessToken: "t", expiresAt: Date.now() + MIN });
    mockApi({
      "POST /api/auth/refresh-token": () => jsonResponse({ error: "Session expired", status: 401 }, 401),
    });
    await checkRenewal();
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/?expired=true&redirectTo=%2Fhealth", { replace: true });
  });

  it("a renewal refused because the organization is disabled says so on the sign-in screen", async () => {
    window.history.replaceState({}, "", "/health");
    setSession({ accessToken: "t", expiresAt: Date.now() + MIN });
    mockApi({
      "POST /api/auth/refresh-token": () => jsonResponse({ error: ORGANIZATION_DISABLED, status: 403 }, 403),
    });
    await checkRenewal();
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/?disabled=true&redirectTo=%2Fhealth", { replace: true });
  });

  it("a server error keeps the session for the next check", async () => {
    setSession({ accessToken: "t", expiresAt: Date.now() + MIN });
    mockApi({ "POST /api/auth/refresh-token": () => jsonResponse({ error: "Down", status: 500 }, 500) });
    await checkRenewal();
    expect(getSession()?.accessToken).toBe("t");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("runs every 60 s: a 15-minute token is renewed at the 10th minute", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    setSession({ accessToken: "t", expiresAt: Date.now() + 15 * MIN });
    const fetchMock = mockApi({ "POST /api/auth/refresh-token": () => jsonResponse(answer()) });
    const stop = startRenewalTimer();
    await vi.advanceTimersByTimeAsync(9 * MIN);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MIN);
    expect(calls(fetchMock)).toEqual(["POST /api/auth/refresh-token"]);
    expect(getSession()?.accessToken).toBe("renewed");
    stop();
  });
});
