import type { DetailedError, HttpResponse } from "tus-js-client";
import { describe, expect, it } from "vitest";
import { uploadErrorMessage } from "./tus-engine";

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
