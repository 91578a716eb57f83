import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import {
  capacity,
  dateRange,
  documentTitle,
  email,
  MESSAGES,
  meetingLink,
  normalizeCapacityInput,
  organizationName,
  parseIsoDate,
  password,
  personName,
  startDate,
  truncateReply,
  zId,
  zIdText,
} from "./validation";

/** The message a form shows: the first issue, or null when the value is accepted. */
function firstMessage(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? "");
}

describe("email", () => {
  it.each<[unknown, string | null]>([
    ["ada@example.com", null],
    ["  Ada@Example.COM ", null],
    ["a.b+tag@mail.example.co.uk", null],
    ["", "Email address is required"],
    ["   ", "Email address is required"],
    [undefined, "Email address is required"],
    ["ada @example.com", "Spaces are not allowed in email"],
    ["ada@exa mple.com", "Spaces are not allowed in email"],
    ["ada", "Please enter a valid email address"],
    ["ada@example", "Please enter a valid email address"],
    ["ada@@example.com", "Please enter a valid email address"],
    ["ada@example..com", "Please enter a valid email address"],
    ["@example.com", "Please enter a valid email address"],
    [`${"a".repeat(243)}@example.com`, null], // exactly 255
    [`${"a".repeat(244)}@example.com`, "Email cannot be longer than 255 characters"],
  ])("%j → %s", (value, expected) => {
    expect(firstMessage(email, value)).toBe(expected);
  });

  it("trims and lower-cases", () => {
    expect(email.parse("  Ada@Example.COM ")).toBe("ada@example.com");
  });
});

describe("password", () => {
  it.each<[string, string | null]>([
    ["secret1!", null],
    ["Sup3r secret", null], // a space is a special character
    ["", "Password must contain at least 8 characters"],
    ["s3cr!t", "Password must contain at least 8 characters"], // length is named first
    ["SECRET12!", "Password must contain at least 8 characters, one lowercase letter"],
    ["secretss!", "Password must contain at least 8 characters, one number"],
    ["secret123", "Password must contain at least 8 characters, one special character"],
    ["12345678", "Password must contain at least 8 characters, one lowercase letter"], // lowercase before number
    ["abcdefgh", "Password must contain at least 8 characters, one number"], // number before special
  ])("%j → %s", (value, expected) => {
    expect(firstMessage(password, value)).toBe(expected);
  });
});

describe("organizationName", () => {
  const invalid = "Organization name is not valid";
  it.each<[string, string | null]>([
    ["ab", null],
    ["acme-storage", null],
    ["Acme2", null],
    ["9lives", null],
    [" acme ", null],
    ["a", invalid],
    ["", invalid],
    ["a".repeat(63), null],
    ["a".repeat(64), invalid],
    ["-acme", invalid],
    ["acme-", invalid],
    ["acme_storage", invalid],
    ["acme storage", invalid],
    ["acmé", invalid],
    ["acme.io", invalid],
  ])("%j → %s", (value, expected) => {
    expect(firstMessage(organizationName, value)).toBe(expected);
  });
});

describe("capacity", () => {
  it.each<[string, string]>([
    ["42", "42"],
    ["0042", "42"],
    ["4a2", "42"],
    ["12.5", "125"], // the input mask keeps digits only
    ["1234567890", "123456789"], // at most 9 characters
    ["000", ""],
    ["", ""],
  ])("input mask %j → %j", (raw, expected) => {
    expect(normalizeCapacityInput(raw)).toBe(expected);
  });

  it.each<[unknown, number | string]>([
    ["42", 42],
    ["007", 7],
    ["1234567890", 123_456_789],
    [25, 25],
    [999_999_999, 999_999_999],
    ["", "Capacity is required"],
    ["0", "Capacity is required"],
    ["abc", "Capacity is required"],
    [0, "Capacity is required"],
    [undefined, "Capacity is required"],
    [null, "Capacity is required"],
    [12.5, "Capacity must be a whole number of TiB"],
    [-5, "Capacity must be a whole number of TiB"],
    [1_000_000_000, "Capacity must be a whole number of TiB"],
    [Number.NaN, "Capacity is required"], // zod refuses NaN as a number
  ])("%j → %j", (value, expected) => {
    const result = capacity.safeParse(value);
    if (typeof expected === "number") expect(result.data).toBe(expected);
    else expect(result.error?.issues.map((i) => i.message)).toEqual([expected]);
  });
});

describe("documentTitle", () => {
  it.each<[unknown, string | null]>([
    ["Health report", null],
    ["", "Document title is required."],
    ["   ", "Document title is required."],
    [undefined, "Document title is required."],
  ])("%j → %s", (value, expected) => {
    expect(firstMessage(documentTitle, value)).toBe(expected);
  });
});

describe("dates", () => {
  beforeAll(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2025-06-15T12:00:00Z"));
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it.each<[string, string | null]>([
    ["2025-06-15", "2025-06-15"],
    ["2024-02-29", "2024-02-29"],
    ["2025-02-29", null],
    ["2025-13-01", null],
    ["2025-6-1", null],
    ["15-06-2025", null],
  ])("parseIsoDate %j → %s", (value, expected) => {
    expect(parseIsoDate(value)?.toISOString().slice(0, 10) ?? null).toBe(expected);
  });

  it.each<[unknown, string | null]>([
    ["2025-06-15", null], // today
    ["2020-01-01", null],
    ["2025-06-16", "Invalid start date"], // future
    ["2025-02-30", "Invalid start date"], // not a real date
    ["2025/06/01", "Invalid start date"], // wrong format
    ["01-06-2025", "Invalid start date"],
    ["", "Invalid start date"],
    [undefined, "Invalid start date"],
  ])("startDate %j → %s", (value, expected) => {
    expect(firstMessage(startDate, value)).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ["valid range", { start_date: "2025-01-01", end_date: "2025-02-01" }, {}],
    ["end in the future is allowed", { start_date: "2025-01-01", end_date: "2026-01-01" }, {}],
    [
      "same day",
      { start_date: "2025-01-01", end_date: "2025-01-01" },
      { end_date: ["End date should be after start date."] },
    ],
    [
      "end before start",
      { start_date: "2025-01-05", end_date: "2025-01-04" },
      { end_date: ["End date should be after start date."] },
    ],
    [
      "end not a date",
      { start_date: "2025-01-01", end_date: "2025-02-30" },
      { end_date: ["End date is invalid"] },
    ],
    [
      "end in another format",
      { start_date: "2025-01-01", end_date: "01-02-2025" },
      { end_date: ["End date is invalid"] },
    ],
    ["end empty", { start_date: "2025-01-01", end_date: "" }, { end_date: ["Invalid end date"] }],
    ["end missing", { start_date: "2025-01-01" }, { end_date: ["Invalid end date"] }],
    [
      "bad start only flags the start",
      { start_date: "2025-13-01", end_date: "2025-01-01" },
      { start_date: ["Invalid start date"] },
    ],
    [
      "future start",
      { start_date: "2025-07-01", end_date: "2025-08-01" },
      { start_date: ["Invalid start date"] },
    ],
  ])("dateRange: %s", (_name, value, expected) => {
    const result = dateRange.safeParse(value);
    const byPath: Record<string, string[]> = {};
    for (const issue of result.error?.issues ?? []) {
      const path = issue.path.join(".");
      byPath[path] = [...(byPath[path] ?? []), issue.message];
    }
    expect(byPath).toEqual(expected);
  });
});

describe("meetingLink", () => {
  it.each<[string, string | null]>([
    ["https://zoom.us/j/123456789", null],
    ["https://us02web.zoom.us/j/123456789?pwd=abc", null],
    ["  https://acme.zoom.us/my/ada  ", null],
    ["HTTPS://ZOOM.US/j/1", null],
    ["http://zoom.us/j/123", MESSAGES.meetingLink],
    ["https://zoom.us", MESSAGES.meetingLink],
    ["https://zoom.us/", MESSAGES.meetingLink],
    ["https://evilzoom.us/j/1", MESSAGES.meetingLink],
    ["https://zoom.us.evil.com/j/1", MESSAGES.meetingLink],
    ["https://zoom.us@evil.com/j/1", MESSAGES.meetingLink],
    ["https://meet.google.com/abc-defg-hij", MESSAGES.meetingLink],
    ["", "Please enter a valid Zoom meeting link"],
  ])("%j → %s", (value, expected) => {
    expect(firstMessage(meetingLink, value)).toBe(expected);
  });
});

describe("truncateReply", () => {
  it.each<[string, string]>([
    ["", ""],
    ["short reply", "short reply"],
    ["x".repeat(99), "x".repeat(99)],
    ["x".repeat(100), "x".repeat(100)],
    ["x".repeat(101), `${"x".repeat(100)}…`],
    ["y".repeat(500), `${"y".repeat(100)}…`],
  ])("%#: %i characters", (text, expected) => {
    expect(truncateReply(text)).toBe(expected);
  });
});

describe("personName", () => {
  it.each<[string, unknown, string | null]>([
    ["a plain name", "Ada Lovelace", null],
    ["a name with accents", "Zoë Ñúñez", null],
    ["a script joined by a zero-width non-joiner", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", null],
    ["an emoji sequence with a zero-width joiner", "\u{1F469}\u200d\u{1F4BB}", null],
    ["empty", "", "Name is required"],
    ["spaces", "   ", "Name is required"],
    ["missing", undefined, "Name is required"],
    ["zero-width spaces only", "\u200b\u200b", "Name is required"],
    ["joiners and a BOM only", "\u200c\u200d\ufeff\u2060", "Name is required"],
    ["bidi marks and overrides only", "\u200e\u200f\u202e\u2066", "Name is required"],
    ["a soft hyphen only", "\u00ad", "Name is required"],
    ["control characters only", "\u0001\u0007\u001b\u007f\u0085", "Name is required"],
    ["zero-width and ordinary spaces around nothing", " \u200b \u00a0\u3000", "Name is required"],
    ["101 characters", "a".repeat(101), "Name cannot be longer than 100 characters"],
  ])("%s", (_label, value, message) => {
    expect(firstMessage(personName, value)).toBe(message);
  });

  it("trims what it keeps", () => {
    expect(personName.parse("  Grace Hopper \n")).toBe("Grace Hopper");
  });
});

describe("ids (PostgreSQL integer: 1 to 2^31 - 1)", () => {
  const message = "account_id must be a whole number from 1 to 2147483647";

  it.each<[unknown, number | null]>([
    [1, 1],
    [2147483647, 2147483647],
    [0, null],
    [-1, null],
    [2147483648, null],
    [1.5, null],
    [Number.NaN, null],
    ["5", null],
    [true, null],
    [null, null],
  ])("as a JSON number: %s", (value, parsed) => {
    const result = zId("account_id").safeParse(value);
    if (parsed === null) expect(result.error?.issues[0]?.message).toBe(message);
    else expect(result.data).toBe(parsed);
  });

  it.each<[string, number | null]>([
    ["1", 1],
    ["2147483647", 2147483647],
    ["0002", 2],
    ["2147483648", null],
    ["99999999999", null],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["1e3", null],
    ["0x10", null],
    [" 7", null],
    ["", null],
    ["7\u0000", null],
  ])("as text: %j", (value, parsed) => {
    const result = zIdText("account_id").safeParse(value);
    if (parsed === null) expect(result.error?.issues[0]?.message).toBe(message);
    else expect(result.data).toBe(parsed);
  });
});
