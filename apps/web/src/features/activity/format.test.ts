import { describe, expect, it } from "vitest";
import { formatDay, formatDuration, formatHoursMinutes, formatShortDay, ofText, slaLabel } from "./format";
import { day } from "./test-fixtures";
import { timelineSummary } from "./timeline-summary";

describe("activity words", () => {
  it.each([
    [null, "—"],
    [0, "0 min"],
    [30, "30 min"],
    [65, "1 h 5 min"],
    [120, "2 h"],
    [1500, "1 d 1 h"],
    [1441, "1 d 1 min"],
    [64.6, "1 h 5 min"],
  ])("duration %s → %s", (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it("time logged as hours:minutes", () => {
    expect(formatHoursMinutes(0)).toBe("0:00");
    expect(formatHoursMinutes(605)).toBe("10:05");
    expect(formatHoursMinutes(6000)).toBe("100:00");
  });

  it("SLAs, days and shares", () => {
    expect(slaLabel({ sla_hours: 4, sla_coverage: "24x7" })).toBe("4 h · 24x7");
    expect(slaLabel({ sla_hours: 24, sla_coverage: "business-hours" })).toBe("24 h · business hours");
    expect(formatDay("2026-11-18")).toBe("Wed 18 Nov 2026");
    expect(formatShortDay("2026-11-01")).toBe("1 Nov");
    expect(ofText(1234, 5678)).toBe("1,234 of 5,678");
  });

  it("the chart's summary counts, names the busiest day and the weekend shading", () => {
    expect(
      timelineSummary([day("2026-11-18", { messages_sent: 1, first_responses: 1, issues_answered: 1 })]),
    ).toBe(
      "1 day: 1 message, 1 first response and 1 issue answered. The busiest day was Wed 18 Nov 2026 with 1 message.",
    );
    expect(timelineSummary([day("2026-11-21"), day("2026-11-22")])).toBe(
      "2 days: 0 messages, 0 first responses and 0 issues answered. Weekend days are shaded.",
    );
  });
});
