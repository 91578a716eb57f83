import { describe, expect, it } from "vitest";
import { describeEntry, nextSpeed, percentOf } from "./progress";

describe("nextSpeed", () => {
  it("needs two samples half a second apart, then smooths", () => {
    const first = nextSpeed(null, 0, 0);
    expect(first.speed).toBeNull();
    expect(nextSpeed(first, 1_000, 100)).toBe(first);
    const second = nextSpeed(first, 1_000_000, 1_000);
    expect(second.speed).toBe(1_000_000);
    const third = nextSpeed(second, 1_500_000, 2_000);
    expect(third.speed).toBeCloseTo(1_000_000 * 0.7 + 500_000 * 0.3);
  });

  it("starts measuring again when a retry goes back to the server's offset", () => {
    const before = { at: 1_000, bytes: 5_000, speed: 2_000 };
    expect(nextSpeed(before, 4_000, 1_200)).toEqual({ at: 1_200, bytes: 4_000, speed: 2_000 });
  });
});

describe("percentOf", () => {
  it.each([
    [0, 100, 0],
    [1, 3, 33],
    [999, 1000, 99],
    [9_999_999, 10_000_000, 99],
    [1000, 1000, 100],
    [5, 0, 0],
  ])("%d of %d is %d%%", (bytes, total, percent) => {
    expect(percentOf(bytes, total)).toBe(percent);
  });
});

describe("describeEntry", () => {
  const base = { percent: 42, speed: null, size: 3 * 1024 * 1024, error: null };
  it.each([
    [{ ...base, status: "uploading" as const }, "Uploading · 42%"],
    [{ ...base, status: "uploading" as const, speed: 999 }, "Uploading · 42% · 999 B/s"],
    [{ ...base, status: "uploading" as const, speed: 12_346 }, "Uploading · 42% · 12.35 kB/s"],
    [{ ...base, status: "uploading" as const, speed: 2_500_000 }, "Uploading · 42% · 2.5 MB/s"],
    [{ ...base, status: "uploading" as const, speed: 1.25e9 }, "Uploading · 42% · 10 Gb/s"],
    [{ ...base, status: "completed" as const, percent: 100 }, "Completed · 3 MiB"],
    [{ ...base, status: "cancelled" as const }, "Cancelled at 42%"],
    [{ ...base, status: "interrupted" as const }, "Interrupted at 42%: choose the same file to resume"],
    [
      { ...base, status: "failed" as const, error: "Error while uploading file : too big" },
      "Error while uploading file : too big",
    ],
  ])("%o reads %s", (entry, text) => {
    expect(describeEntry(entry)).toBe(text);
  });
});
