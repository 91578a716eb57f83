import { describe, expect, it } from "vitest";
import { MESSAGES } from "../validation";
import {
  addDays,
  bucketFor,
  bucketStart,
  bucketStarts,
  checkDateRange,
  dateRangeError,
  defaultRange,
  latestToday,
  MAX_RANGE_DAYS,
  rangeDays,
} from "./date-range";

const rules = { today: "2026-11-24", maxDays: MAX_RANGE_DAYS, endNotInFuture: true };

describe("checkDateRange", () => {
  it("accepts a range up to today, a single day included", () => {
    expect(checkDateRange("2026-10-01", "2026-11-24", rules)).toEqual({});
    expect(checkDateRange("2026-11-24", "2026-11-24", rules)).toEqual({});
    expect(checkDateRange(undefined, undefined, rules)).toEqual({});
  });

  it("refuses a malformed or future start", () => {
    expect(checkDateRange("2026-13-01", "2026-11-24", rules)).toEqual({ from: MESSAGES.invalidStartDate });
    expect(checkDateRange("24-11-2026", undefined, rules)).toEqual({ from: MESSAGES.invalidStartDate });
    expect(checkDateRange("2026-11-25", undefined, rules)).toEqual({ from: MESSAGES.invalidStartDate });
  });

  it("refuses a malformed, reversed, future or too long end", () => {
    expect(checkDateRange("2026-11-01", "2026-02-30", rules)).toEqual({ to: MESSAGES.endDateInvalid });
    expect(checkDateRange("2026-11-10", "2026-11-09", rules)).toEqual({ to: MESSAGES.endDateBeforeStart });
    expect(checkDateRange("2026-11-10", "2026-11-25", rules)).toEqual({ to: MESSAGES.invalidEndDate });
    expect(checkDateRange("2016-11-24", "2026-11-24", rules)).toEqual({ to: MESSAGES.rangeTooLong });
    expect(checkDateRange("2024-11-24", "2026-11-24", rules)).toEqual({}); // 731 days
    expect(checkDateRange("2024-11-23", "2026-11-24", rules)).toEqual({ to: MESSAGES.rangeTooLong });
  });

  it("leaves future ends and long ranges alone unless asked", () => {
    expect(checkDateRange("2016-01-01", "2030-01-01", { today: "2026-11-24" })).toEqual({});
  });

  it("reports the start's problem first", () => {
    expect(dateRangeError(checkDateRange("x", "y", rules))).toBe(MESSAGES.invalidStartDate);
    expect(dateRangeError({})).toBeNull();
  });

  it("takes today as the newest day anywhere (UTC+14)", () => {
    expect(latestToday(Date.parse("2026-11-24T09:59:00Z"))).toBe("2026-11-24");
    expect(latestToday(Date.parse("2026-11-24T10:00:00Z"))).toBe("2026-11-25");
  });
});

describe("days and buckets", () => {
  it("counts and moves days", () => {
    expect(rangeDays({ from: "2026-11-01", to: "2026-11-30" })).toBe(30);
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(defaultRange(Date.parse("2026-11-24T12:00:00Z"))).toEqual({
      from: "2026-10-26",
      to: "2026-11-24",
    });
  });

  it("chooses days, weeks or months by length", () => {
    expect(bucketFor({ from: "2026-10-01", to: "2026-11-24" })).toBe("day");
    expect(bucketFor({ from: "2026-06-01", to: "2026-11-24" })).toBe("week");
    expect(bucketFor({ from: "2025-11-25", to: "2026-11-24" })).toBe("month");
  });

  it("starts weeks on Monday and months on the 1st", () => {
    expect(bucketStart("2026-11-24", "week")).toBe("2026-11-23");
    expect(bucketStart("2026-11-22", "week")).toBe("2026-11-16");
    expect(bucketStart("2026-11-24", "month")).toBe("2026-11-01");
    expect(bucketStarts({ from: "2026-10-15", to: "2026-12-01" }, "month")).toEqual([
      "2026-10-01",
      "2026-11-01",
      "2026-12-01",
    ]);
    expect(bucketStarts({ from: "2026-11-20", to: "2026-11-23" }, "day")).toHaveLength(4);
    expect(bucketStarts({ from: "2026-11-20", to: "2026-12-01" }, "week")).toEqual([
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
  });
});
