import { describe, expect, it, vi } from "vitest";
import { mockApi } from "../test/helpers";
import { shouldDropEvent, shouldStartErrorReporting } from "./error-filter";
import { REPORTER_OPTIONS, startErrorReporting } from "./error-reporting";

describe("shouldStartErrorReporting", () => {
  it.each([
    ["production", "https://k@o.ingest.example/1", true],
    ["staging", "https://k@o.ingest.example/1", true],
    ["development", "https://k@o.ingest.example/1", false],
    ["production", null, false],
    ["production", "  ", false],
    ["staging", undefined, false],
    [undefined, "https://k@o.ingest.example/1", false],
  ])("env %s with dsn %s → %s", (env, dsn, expected) => {
    expect(shouldStartErrorReporting(env, dsn)).toBe(expected);
  });
});

describe("shouldDropEvent", () => {
  const exception = (type: string, value: string) => ({ exception: { values: [{ type, value }] } });

  it.each([
    [
      "Chrome chunk failure",
      exception(
        "TypeError",
        "Failed to fetch dynamically imported module: https://p.example/assets/issues-1.js",
      ),
    ],
    ["Safari chunk failure", exception("TypeError", "Importing a module script failed.")],
    ["Firefox chunk failure", exception("TypeError", "error loading dynamically imported module")],
    ["ChunkLoadError", exception("ChunkLoadError", "Loading chunk 42 failed.")],
    ["ResizeObserver (Chrome)", { message: "ResizeObserver loop completed with undelivered notifications." }],
    ["ResizeObserver (older)", exception("Error", "ResizeObserver loop limit exceeded")],
  ])("drops %s", (_label, event) => {
    expect(shouldDropEvent(event)).toBe(true);
  });

  it.each([
    ["a real TypeError", exception("TypeError", "Cannot read properties of undefined (reading 'id')")],
    ["a failed API call", exception("ApiError", "Failed to fetch")],
    ["a message event", { message: "Something else happened" }],
    ["an empty event", {}],
  ])("keeps %s", (_label, event) => {
    expect(shouldDropEvent(event)).toBe(false);
  });
});

describe("startErrorReporting", () => {
  it("uses the spec's reporter defaults", () => {
    expect(REPORTER_OPTIONS).toEqual({ maxBreadcrumbs: 100, bufferSize: 64, rateLimitBackoffMs: 60_000 });
  });

  it("stays off in development without loading the SDK", async () => {
    mockApi({
      "GET /api/auth/deploy_env": { env: "development", sentry_dsn: "https://k@o.ingest.example/1" },
    });
    await expect(startErrorReporting()).resolves.toBe(false);
  });

  it("logs with console.error when the environment cannot be read", async () => {
    mockApi({});
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(startErrorReporting()).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("deployment environment"), expect.anything());
  });
});
