import type { DetailedError, HttpResponse } from "tus-js-client";
import { beforeEach, describe, expect, it } from "vitest";
import { getSession, setSession } from "../../../lib/session";
import { calls, jsonResponse, mockApi } from "../../../test/helpers";
import { uploadErrorMessage, uploadToken } from "./tus-engine";

function refusal(status: number, body: string): DetailedError {
  const response = {
    getStatus: () => status,
    getBody: () => body,
    getHeader: () => undefined,
  } as unknown as HttpResponse;
  return Object.assign(new Error("tus: unexpected response"), {
    originalRequest: null,
    originalResponse: response,
    causingError: null,
  }) as unknown as DetailedError;
}

describe("uploadErrorMessage", () => {
  it.each([
    [
      refusal(
        413,
        JSON.stringify({
          error: "Error while uploading file : The account's storage quota is full",
          status: 413,
          code: 1005,
        }),
      ),
      "Error while uploading file : The account's storage quota is full",
    ],
    [
      refusal(400, JSON.stringify({ error: "Document title is required.", status: 400, code: 1009 })),
      "Error while uploading file : Document title is required.",
    ],
    [refusal(460, "Checksum mismatch"), "Error while uploading file : Checksum mismatch"],
    [refusal(502, ""), "Error while uploading file : Request failed (502)"],
    [
      new Error("tus: failed to upload chunk"),
      "Error while uploading file : Could not reach the server, please try again",
    ],
  ])("%#: %s", (error, text) => {
    expect(uploadErrorMessage(error)).toBe(text);
  });
});

describe("uploadToken", () => {
  const renewed = { access_token: "new", expires_at: new Date(Date.now() + 900_000).toISOString() };
  let fetchMock: ReturnType<typeof mockApi>;
  beforeEach(() => {
    fetchMock = mockApi({ "POST /api/auth/refresh-token": () => jsonResponse(renewed) });
  });

  it("sends the current token while it has time left", async () => {
    setSession({ accessToken: "current", expiresAt: Date.now() + 600_000 });
    expect(await uploadToken(null)).toBe("current");
    expect(calls(fetchMock)).toEqual([]);
  });

  it("renews a token about to run out before the next chunk (long uploads outlive it)", async () => {
    setSession({ accessToken: "old", expiresAt: Date.now() + 60_000 });
    expect(await uploadToken(null)).toBe("new");
    expect(getSession()?.accessToken).toBe("new");
  });

  it("renews after a 401 refused the token, even with time left", async () => {
    setSession({ accessToken: "revoked", expiresAt: Date.now() + 600_000 });
    expect(await uploadToken("revoked")).toBe("new");
    expect(calls(fetchMock)).toEqual(["POST /api/auth/refresh-token"]);
  });
});
