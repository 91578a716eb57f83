import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_TIMEOUT_MS, ChunkTimeoutError, isChunkLoadError, lazyScreen, withTimeout } from "./lazy";

afterEach(() => {
  vi.useRealTimers();
});

describe("withTimeout", () => {
  it("is 120 s by default (spec §2.1)", () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it("passes the module through when it arrives in time", async () => {
    vi.useFakeTimers();
    const load = withTimeout(
      () => new Promise((resolve) => setTimeout(() => resolve("module"), 119_000)),
      120_000,
    );
    const result = load();
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(result).resolves.toBe("module");
  });

  it("fails with ChunkTimeoutError after 120 s", async () => {
    vi.useFakeTimers();
    const load = withTimeout(() => new Promise<never>(() => undefined), 120_000);
    const result = load();
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toBeInstanceOf(ChunkTimeoutError);
  });

  it("passes a load failure through", async () => {
    const failure = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    await expect(withTimeout(() => Promise.reject(failure))()).rejects.toBe(failure);
  });

  it("lazyScreen gives the route the module's default export", async () => {
    const Screen = () => null;
    await expect(lazyScreen(async () => ({ default: Screen }))()).resolves.toEqual({ Component: Screen });
  });
});

describe("isChunkLoadError", () => {
  it("recognises time-outs and browser chunk failures, not other errors", () => {
    expect(isChunkLoadError(new ChunkTimeoutError("slow"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("x is undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});
