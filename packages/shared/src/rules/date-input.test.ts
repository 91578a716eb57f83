import { describe, expect, it } from "vitest";
import { MESSAGES } from "../validation";
import { dateInputError, formatDisplayDate, parseDisplayDate } from "./date-input";

describe("parseDisplayDate", () => {
  it.each<[string, string | null]>([
    ["31-12-2025", "2025-12-31"],
    ["01-01-2000", "2000-01-01"],
    [" 15-06-2025 ", "2025-06-15"],
    ["1-2-2025", "2025-02-01"],
    ["29-02-2024", "2024-02-29"], // leap year
    ["15/06/2025", "2025-06-15"],
    ["15.06.2025", "2025-06-15"],
    ["29-02-2025", null], // not a leap year
    ["31-04-2025", null],
    ["32-01-2025", null],
    ["00-01-2025", null],
    ["15-13-2025", null],
    ["15-06/2025", null], // mixed separators
    ["2025-06-15", null], // ISO is not the display format
    ["15-06-25", null],
    ["hello", null],
    ["", null],
  ])("%j → %s", (input, expected) => {
    expect(parseDisplayDate(input)).toBe(expected);
  });
});

describe("formatDisplayDate", () => {
  it.each<[string | Date, string | null]>([
    ["2025-12-31", "31-12-2025"],
    ["2024-02-29", "29-02-2024"],
    ["2025-06-15T23:30:00Z", "15-06-2025"],
    ["2025-06-16T01:30:00+02:00", "15-06-2025"], // its UTC day
    [new Date("2025-01-02T00:00:00Z"), "02-01-2025"],
    [new Date(Number.NaN), null],
    ["2025-02-30", null],
    ["31-12-2025", null],
    ["June 5, 2025", null],
    ["", null],
  ])("%j → %s", (value, expected) => {
    expect(formatDisplayDate(value)).toBe(expected);
  });

  it("round-trips with parseDisplayDate", () => {
    expect(parseDisplayDate(formatDisplayDate("2025-03-09") ?? "")).toBe("2025-03-09");
  });
});

describe("dateInputError", () => {
  it.each<[string, string | null]>([
    ["31-12-2025", null],
    ["", null],
    ["31-02-2025", "Date input not valid."],
    ["tomorrow", MESSAGES.dateInput],
  ])("%j → %s", (input, expected) => {
    expect(dateInputError(input)).toBe(expected);
  });
});
