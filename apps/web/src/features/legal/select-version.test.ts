import { describe, expect, it } from "vitest";
import { PRIVACY_POLICY, TERMS } from "./documents";
import { selectVersion } from "./select-version";

const versions = [
  { effectiveDate: "2024-01-15", id: "v1" },
  { effectiveDate: "2025-06-01", id: "v2" },
];
const today = "2026-02-10";

const picked = (date: string | undefined, list = versions) => {
  const choice = selectVersion(list, date, today);
  return choice.kind === "found" ? choice.version.id : choice.kind;
};

describe("selectVersion", () => {
  it("without a date: the version in force today", () => {
    expect(picked(undefined)).toBe("v2");
  });

  it("on the day a version takes effect, that version", () => {
    expect(picked("2024-01-15")).toBe("v1");
    expect(picked("2025-06-01")).toBe("v2");
  });

  it("between versions, the earlier one", () => {
    expect(picked("2025-05-31")).toBe("v1");
    expect(picked("2024-12-25")).toBe("v1");
  });

  it("before the first version: none", () => {
    expect(picked("2024-01-14")).toBe("none");
    expect(picked("1999-01-01")).toBe("none");
  });

  it("does not depend on the order of the list", () => {
    expect(picked("2025-07-01", [...versions].reverse())).toBe("v2");
  });

  it("a version dated after today is not yet current", () => {
    const withFuture = [...versions, { effectiveDate: "2027-01-01", id: "v3" }];
    expect(picked(undefined, withFuture)).toBe("v2");
    expect(picked("2027-03-01", withFuture)).toBe("v3");
  });

  it.each(["2025-02-30", "2025-6-1", "yesterday"])("%s is not a valid date", (date) => {
    expect(picked(date)).toBe("invalid-date");
  });
});

describe("documents", () => {
  it("each document has at least two dated versions, oldest first", () => {
    for (const document of [PRIVACY_POLICY, TERMS.standard, TERMS.enterprise, TERMS.trial]) {
      const dates = document.versions.map((v) => v.effectiveDate);
      expect(dates.length).toBeGreaterThanOrEqual(2);
      expect([...dates].sort()).toEqual(dates);
    }
  });
});
