import { describe, expect, it } from "vitest";
import { isWeekendWindow } from "./weekend";

// 2025-06-07 is a Saturday.
describe("isWeekendWindow", () => {
  it.each<[string, boolean]>([
    ["2025-06-06T23:59:59.999Z", false], // Friday night
    ["2025-06-07T00:00:00.000Z", false], // Saturday, before 04:00
    ["2025-06-07T03:59:59.999Z", false],
    ["2025-06-07T04:00:00.000Z", true], // start, inclusive
    ["2025-06-07T12:00:00.000Z", true],
    ["2025-06-08T00:00:00.000Z", true], // Sunday
    ["2025-06-08T23:59:59.999Z", true],
    ["2025-06-09T00:00:00.000Z", true], // Monday, before 04:00
    ["2025-06-09T03:59:59.999Z", true],
    ["2025-06-09T04:00:00.000Z", false], // end, exclusive
    ["2025-06-10T12:00:00.000Z", false], // Tuesday
    ["2025-06-07T05:00:00+02:00", false], // 03:00 UTC on Saturday: the offset counts
    ["2025-06-09T05:00:00+02:00", true], // 03:00 UTC on Monday
    ["not a date", false],
  ])("%s → %s", (at, expected) => {
    expect(isWeekendWindow(at)).toBe(expected);
    if (!Number.isNaN(Date.parse(at))) expect(isWeekendWindow(new Date(at))).toBe(expected);
  });
});
