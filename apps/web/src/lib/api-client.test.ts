import { ALERTS, OFFLINE_MESSAGE, ORGANIZATION_DISABLED } from "@portico/shared/errors";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { calls, headersOf, jsonResponse, mockApi } from "../test/helpers";
import { ApiError, apiRequest, errorMessage } from "./api-client";
import { UNREACHABLE_MESSAGE } from "./http";
import { setNavigate } from "./navigation";
import { persistedStore } from "./persisted-store";
import { getSession, setSession } from "./session";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const navigate = vi.fn();
const fresh = { access_token: "new-token", expires_at: new Date(Date.now() + 15 * MIN).toISOString() };

function failure(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (error: unknown) => error as ApiError,
  );
}

beforeEach(() => {
  navigate.mockReset();
  setNavigate(navigate);
  setSession(null);
  persistedStore.remove("selectedAccountId");
  window.history.replaceState({}, "", "/files?sort=asc");
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("requests", () => {
  it("sends the bearer token, the cookie and the selected organization as aid", async () => {
    setSession({ accessToken: "abc", expiresAt: Date.now() + 10 * MIN });
    persistedStore.set("selectedAccountId", 7);
    const fetchMock = mockApi({ "GET /api/chat/user": { name: "Ada" } });
    await expect(apiRequest("/api/chat/user", { query: { page: 2 } })).resolves.toEqual({ name: "Ada" });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/chat/user?page=2&aid=7");
    expect(init?.credentials).toBe("include");
    expect(headersOf(init).Authorization).toBe("Bearer abc");
  });

  it("leaves out aid and the token when asked", async () => {
    setSession({ accessToken: "abc", expiresAt: Date.now() + 10 * MIN });
    persistedStore.set("selectedAccountId", 7);
    const fetchMock = mockApi({ "POST /api/auth/login": { ok: true } });
    await apiRequest("/api/auth/login", { method: "POST", body: { a: 1 }, auth: false, aid: false });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/auth/login");
    expect(headersOf(init).Authorization).toBeUndefined();
  });
});

describe("every failure becomes {error, offline, status, code}", () => {
  it("browser offline and no answer: the spec's offline message", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const error = await failure(apiRequest("/api/chat/user"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ error: OFFLINE_MESSAGE, offline: true });
    expect(error.status).toBeUndefined();
  });

  it("online but the server cannot be reached: not marked offline", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const error = await failure(apiRequest("/api/chat/user"));
    expect(error).toMatchObject({ error: UNREACHABLE_MESSAGE, offline: false });
  });

  it("uses the server's error body, with its code", async () => {
    mockApi({ "GET /api/chat/issue": () => jsonResponse({ error: "Boom", status: 500, code: 1010 }, 500) });
    const error = await failure(apiRequest("/api/chat/issue"));
    expect(error).toMatchObject({ error: "Boom", offline: false, status: 500, code: 1010 });
  });

  it("an answer that is not JSON still gives a message and the status", async () => {
    mockApi({
      "GET /api/x": () =>
        new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    });
    const error = await failure(apiRequest("/api/x"));
    expect(error).toMatchObject({ error: "Request failed (502: Bad Gateway)", status: 502 });
  });
});

describe("spec §8 alert codes map to the alert texts", () => {
  const down =
    (code?: number, status = 500) =>
    () =>
      jsonResponse({ error: "Database down", status, ...(code === undefined ? {} : { code }) }, status);

  it("a code alone shows its default text: 2001 is users", async () => {
    mockApi({ "GET /api/auth/account-users": down(2001) });
    const error = await failure(apiRequest("/api/auth/account-users"));
    expect(error).toMatchObject({ error: "Database down", code: 2001, status: 500 });
    expect(error.alert).toBe("Error while fetching users : Database down");
    expect(errorMessage(error)).toBe("Error while fetching users : Database down");
  });

  it("the caller names the use of a shared code: 2001 for user information", async () => {
    mockApi({ "GET /api/chat/user": down(2001) });
    const error = await failure(apiRequest("/api/chat/user", { alert: ALERTS.FETCH_USER_INFO }));
    expect(errorMessage(error)).toBe("Error while fetching user information : Database down");
  });

  it("the caller's alert applies to an answer without a code, even one that is not JSON", async () => {
    mockApi({ "GET /api/x": () => new Response("<html>Bad gateway</html>", { status: 502 }) });
    const error = await failure(apiRequest("/api/x", { alert: ALERTS.LIST_NOTICES }));
    expect(errorMessage(error)).toBe("Error while listing notices : Request failed (502)");
  });

  it.each([
    ["no code", undefined],
    ["a code outside spec §8", 1234],
  ])("%s: the server's own message, no alert", async (_label, code) => {
    mockApi({ "GET /api/x": down(code, 400) });
    const error = await failure(apiRequest("/api/x"));
    expect(error.alert).toBeUndefined();
    expect(errorMessage(error)).toBe("Database down");
  });

  it("a 503 shows no alert, whatever the caller named: the maintenance page takes over", async () => {
    mockApi({ "GET /api/x": down(2001, 503) });
    const error = await failure(apiRequest("/api/x", { alert: ALERTS.FETCH_USERS }));
    expect(error.alert).toBeUndefined();
  });

  it("offline: the offline message, no alert", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const error = await failure(apiRequest("/api/chat/user", { alert: ALERTS.FETCH_USER_INFO }));
    expect(errorMessage(error)).toBe(OFFLINE_MESSAGE);
  });
});

describe("503 → maintenance", () => {
  it("sends the user to /maintenance", async () => {
    mockApi({ "GET /api/x": () => jsonResponse({ error: "Maintenance", status: 503 }, 503) });
    await failure(apiRequest("/api/x"));
    expect(navigate).toHaveBeenCalledWith("/maintenance", undefined);
  });

  it("not from the engineer pages under /mnt", async () => {
    window.history.replaceState({}, "", "/mnt");
    mockApi({ "GET /api/x": () => jsonResponse({ error: "Maintenance", status: 503 }, 503) });
    await failure(apiRequest("/api/x"));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("401 (spec §4)", () => {
  const unauthorized = () => jsonResponse({ error: "Unauthorized", status: 401 }, 401);

  it("token expired less than 7 days ago: renews once and retries with the new token", async () => {
    setSession({ accessToken: "old", expiresAt: Date.now() - 2 * DAY });
    const fetchMock = mockApi({
      "GET /api/chat/user": (_url, init) =>
        headersOf(init).Authorization === "Bearer new-token" ? jsonResponse({ name: "Ada" }) : unauthorized(),
      "POST /api/auth/refresh-token": fresh,
    });
    await expect(apiRequest("/api/chat/user")).resolves.toEqual({ name: "Ada" });
    expect(calls(fetchMock)).toEqual([
      "GET /api/chat/user",
      "POST /api/auth/refresh-token",
      "GET /api/chat/user",
    ]);
    expect(getSession()?.accessToken).toBe("new-token");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("several requests refused at once share one renewal", async () => {
    setSession({ accessToken: "old", expiresAt: Date.now() - MIN });
    const fetchMock = mockApi({
      "GET /api/a": (_u, init) =>
        headersOf(init).Authorization === "Bearer new-token" ? jsonResponse(1) : unauthorized(),
      "POST /api/auth/refresh-token": fresh,
    });
    await Promise.all([apiRequest("/api/a"), apiRequest("/api/a"), apiRequest("/api/a")]);
    expect(calls(fetchMock).filter((c) => c.endsWith("refresh-token"))).toHaveLength(1);
  });

  it("token expired 7 days ago or more: signs out to /?expired=true with the current page", async () => {
    setSession({ accessToken: "old", expiresAt: Date.now() - 8 * DAY });
    const fetchMock = mockApi({ "GET /api/chat/user": unauthorized });
    await failure(apiRequest("/api/chat/user"));
    expect(calls(fetchMock)).toEqual(["GET /api/chat/user"]);
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(
      `/?expired=true&redirectTo=${encodeURIComponent("/files?sort=asc")}`,
      {
        replace: true,
      },
    );
  });

  it("a member of disabled organizations only: signs out at once saying so, without renewing", async () => {
    setSession({ accessToken: "old", expiresAt: Date.now() + MIN });
    const fetchMock = mockApi({
      "GET /api/chat/user": () => jsonResponse({ error: ORGANIZATION_DISABLED, status: 401 }, 401),
    });
    await failure(apiRequest("/api/chat/user"));
    expect(calls(fetchMock)).toEqual(["GET /api/chat/user"]);
    expect(getSession()).toBeNull();
    expect(navigate.mock.calls[0]?.[0]).toMatch(/^\/\?disabled=true&redirectTo=/);
  });

  it("no session at all: /?unauthorized=true", async () => {
    mockApi({ "GET /api/chat/user": unauthorized });
    await failure(apiRequest("/api/chat/user"));
    expect(navigate.mock.calls[0]?.[0]).toMatch(/^\/\?unauthorized=true&redirectTo=/);
  });

  it("renewal refused: signs out as expired", async () => {
    setSession({ accessToken: "old", expiresAt: Date.now() - MIN });
    mockApi({
      "GET /api/chat/user": unauthorized,
      "POST /api/auth/refresh-token": () =>
        jsonResponse({ error: "Session expired, please sign in again", status: 401 }, 401),
    });
    await failure(apiRequest("/api/chat/user"));
    expect(getSession()).toBeNull();
    expect(navigate.mock.calls[0]?.[0]).toMatch(/^\/\?expired=true/);
  });

  it("still refused after a successful renewal: signs out instead of looping", async () => {
    setSession({ accessToken: "old", expiresAt: Date.now() - MIN });
    const fetchMock = mockApi({ "GET /api/chat/user": unauthorized, "POST /api/auth/refresh-token": fresh });
    await failure(apiRequest("/api/chat/user"));
    expect(calls(fetchMock)).toEqual([
      "GET /api/chat/user",
      "POST /api/auth/refresh-token",
      "GET /api/chat/user",
    ]);
    expect(navigate.mock.calls[0]?.[0]).toMatch(/^\/\?expired=true/);
  });

  it("offline during renewal: keeps the session and reports offline", async () => {
    setSession({ accessToken: "old", expiresAt: Date.now() - MIN });
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith("refresh-token")) throw new TypeError("Failed to fetch");
        return unauthorized();
      }),
    );
    const error = await failure(apiRequest("/api/chat/user"));
    expect(error.offline).toBe(true);
    expect(getSession()?.accessToken).toBe("old");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("global: false leaves the 401 to the caller", async () => {
    setSession({ accessToken: "old", expiresAt: Date.now() - MIN });
    const fetchMock = mockApi({ "POST /api/auth/logout": unauthorized });
    const error = await failure(apiRequest("/api/auth/logout", { method: "POST", global: false }));
    expect(error.status).toBe(401);
    expect(calls(fetchMock)).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
