import { describe, expect, it } from "vitest";
import { daysUntilExpiry, expiryText } from "./expiry";

const now = "2025-06-15T12:00:00Z";

describe("expiryText", () => {
  it.each<[string, string | null]>([
    ["2025-07-15T00:00:00Z", "Expires in 30 days"],
    ["2025-06-17T00:00:00Z", "Expires in 2 days"],
    ["2025-06-16T00:00:00Z", "Expires in 1 days"],
    ["2025-06-16T23:59:59Z", "Expires in 1 days"],
    ["2025-06-15T23:59:59Z", "Expired today. Will be deleted soon."],
    ["2025-06-15T00:00:00Z", "Expired today. Will be deleted soon."],
    ["2025-06-14T23:59:59Z", "Expired 1 days ago. Will be deleted soon."],
    ["2025-06-05T08:00:00Z", "Expired 10 days ago. Will be deleted soon."],
    ["2025-06-16T01:00:00+02:00", "Expired today. Will be deleted soon."], // 23:00 UTC on the 15th
    ["garbage", null],
  ])("%s → %s", (expiresAt, expected) => {
    expect(expiryText(expiresAt, now)).toBe(expected);
  });

  it("accepts dates and epoch ms", () => {
    expect(expiryText(new Date("2025-06-20T00:00:00Z"), Date.parse(now))).toBe("Expires in 5 days");
    expect(expiryText("2025-06-20", "nonsense")).toBeNull();
  });
});

describe("daysUntilExpiry", () => {
  it.each<[string, string, number]>([
    ["2025-01-01T00:00:00Z", "2024-12-31T23:59:59Z", 1],
    ["2024-12-31T23:59:59Z", "2025-01-01T00:00:00Z", -1],
    ["2024-03-01T00:00:00Z", "2024-02-28T00:00:00Z", 2], // leap year
  ])("(%s, %s) → %i", (expiresAt, at, days) => {
    expect(daysUntilExpiry(expiresAt, at)).toBe(days);
  });
});
