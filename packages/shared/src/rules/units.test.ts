import { describe, expect, it } from "vitest";
import {
  type CapacityUnit,
  capacityForDisplay,
  defaultCapacityCap,
  formatBytes,
  formatSpeed,
  normalizeCapacity,
} from "./units";

describe("formatBytes", () => {
  it.each<[number, string]>([
    [0, "0 B"],
    [1, "1 B"],
    [1023, "1023 B"],
    [1023.6, "1 KiB"],
    [1024, "1 KiB"],
    [1536, "1.5 KiB"],
    [1024 * 1.234, "1.23 KiB"],
    [1024 * 1.235 + 1, "1.24 KiB"],
    [1024 ** 2 - 1, "1 MiB"],
    [1024 ** 2, "1 MiB"],
    [5 * 1024 ** 3, "5 GiB"],
    [2.25 * 1024 ** 4, "2.25 TiB"],
    [1024 ** 5, "1 PiB"],
    [1024 ** 6, "1 EiB"],
    [1024 ** 7, "1 ZiB"],
    [1024 ** 8, "1 YiB"],
    [2048 * 1024 ** 8, "2048 YiB"],
    [-1536, "-1.5 KiB"],
    [Number.NaN, "—"],
    [Number.POSITIVE_INFINITY, "—"],
  ])("%d → %s", (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});

describe("formatSpeed", () => {
  it.each<[number, string]>([
    [0, "0 B/s"],
    [999, "999 B/s"],
    [999.6, "1 kB/s"],
    [1000, "1 kB/s"],
    [1024, "1.02 kB/s"],
    [12_346, "12.35 kB/s"],
    [999_999, "1 MB/s"],
    [2_500_000, "2.5 MB/s"],
    [999_000_000, "999 MB/s"],
    [999_999_999, "8 Gb/s"],
    [1e9, "8 Gb/s"],
    [1.25e9, "10 Gb/s"],
    [Number.NaN, "—"],
  ])("%d B/s → %s", (speed, expected) => {
    expect(formatSpeed(speed)).toBe(expected);
  });
});

describe("normalizeCapacity", () => {
  it.each<[number, CapacityUnit, number]>([
    [0, "TiB", 0],
    [25, "TiB", 25],
    [1, "PiB", 1024],
    [3, "PiB", 3072],
    [999_999_999, "TiB", 999_999_999],
    [999_999_999, "PiB", 1_023_999_998_976],
  ])("%d %s → %d TiB", (value, unit, tib) => {
    expect(normalizeCapacity(value, unit)).toBe(tib);
  });

  it.each<[number]>([[-1], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY]])("rejects %d", (value) => {
    expect(() => normalizeCapacity(value, "TiB")).toThrow(RangeError);
  });

  it.each<[number, { value: number; unit: CapacityUnit }]>([
    [0, { value: 0, unit: "TiB" }],
    [25, { value: 25, unit: "TiB" }],
    [1024, { value: 1, unit: "PiB" }],
    [1536, { value: 1536, unit: "TiB" }],
    [3072, { value: 3, unit: "PiB" }],
  ])("shows %d TiB as %o", (tib, shown) => {
    expect(capacityForDisplay(tib)).toEqual(shown);
  });
});

describe("defaultCapacityCap", () => {
  it.each<[string | null, number]>([
    ["ENTERPRISE", 400],
    ["ENTERPRISE-LITE", 400],
    ["ENTERPRISE-PLUS", 400],
    ["enterprise-plus", 400],
    ["STANDARD", 25],
    ["TRIAL", 25],
    ["CUSTOM", 25],
    [null, 25],
  ])("%s → %i", (serviceType, cap) => {
    expect(defaultCapacityCap(serviceType)).toBe(cap);
  });
});
