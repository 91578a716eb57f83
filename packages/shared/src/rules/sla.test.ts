import { describe, expect, it } from "vitest";
import { isSlaBreach, slaClock, slaDueAt } from "./sla";

const at = (iso: string) => new Date(iso);
const due = (opened: string, hours: number, coverage: "business-hours" | "24x7") =>
  slaDueAt(at(opened), hours, coverage).toISOString();

describe("slaDueAt", () => {
  it("adds the hours straight through on 24x7 plans, weekends included", () => {
    expect(due("2026-11-20T20:00:00.000Z", 4, "24x7")).toBe("2026-11-21T00:00:00.000Z");
    expect(due("2026-11-21T10:00:00.000Z", 1, "24x7")).toBe("2026-11-21T11:00:00.000Z");
  });

  it("runs business hours like 24x7 from Monday 04:00 to Saturday 04:00 UTC", () => {
    // Wednesday 09:00 + 24 h: Thursday 09:00.
    expect(due("2026-11-18T09:00:00.000Z", 24, "business-hours")).toBe("2026-11-19T09:00:00.000Z");
    // Friday 20:00 + 8 h reaches Saturday 04:00 exactly: still before the window.
    expect(due("2026-11-20T20:00:00.000Z", 8, "business-hours")).toBe("2026-11-21T04:00:00.000Z");
  });

  it("stops the business-hours clock over the weekend window", () => {
    // Friday 20:00 + 24 h: 8 h to Saturday 04:00, the other 16 h from Monday 04:00.
    expect(due("2026-11-20T20:00:00.000Z", 24, "business-hours")).toBe("2026-11-23T20:00:00.000Z");
    // Opened on Sunday: the clock starts on Monday 04:00.
    expect(due("2026-11-22T15:00:00.000Z", 8, "business-hours")).toBe("2026-11-23T12:00:00.000Z");
    // Opened on Monday 03:59, still inside the window.
    expect(due("2026-11-23T03:59:00.000Z", 1, "business-hours")).toBe("2026-11-23T05:00:00.000Z");
    // Opened Saturday 03:00: one hour runs, the other 47 from Monday.
    expect(due("2026-11-21T03:00:00.000Z", 48, "business-hours")).toBe("2026-11-25T03:00:00.000Z");
  });

  it("crosses several weekends for long SLAs", () => {
    // 120 h per working week (Monday 04:00 to Saturday 04:00): 240 h end the second one.
    expect(due("2026-11-23T04:00:00.000Z", 240, "business-hours")).toBe("2026-12-05T04:00:00.000Z");
    expect(due("2026-11-23T04:00:00.000Z", 120, "business-hours")).toBe("2026-11-28T04:00:00.000Z");
    expect(due("2026-11-23T04:00:00.000Z", 121, "business-hours")).toBe("2026-11-30T05:00:00.000Z");
  });
});

describe("slaClock", () => {
  const terms = (first: string | null, coverage: "business-hours" | "24x7" = "24x7") => ({
    hours: 4,
    coverage,
    due_at: "2026-11-18T13:00:00.000Z",
    first_response_at: first,
  });
  const opened = "2026-11-18T09:00:00.000Z";

  it("counts down while the customer waits, then reads overdue", () => {
    expect(slaClock(terms(null), opened, at("2026-11-18T12:00:00.000Z"))).toEqual({
      state: "waiting",
      remainingMs: 3_600_000,
      respondedInMs: null,
    });
    expect(slaClock(terms(null), opened, at("2026-11-18T13:30:00.000Z"))).toMatchObject({
      state: "overdue",
      remainingMs: -1_800_000,
    });
  });

  it("tells met from missed once answered", () => {
    expect(slaClock(terms("2026-11-18T09:25:00.000Z"), opened)).toEqual({
      state: "met",
      remainingMs: null,
      respondedInMs: 25 * 60_000,
    });
    expect(slaClock(terms("2026-11-18T13:00:01.000Z"), opened).state).toBe("missed");
  });

  it("reads paused for business hours inside the weekend window", () => {
    const weekend = { ...terms(null, "business-hours"), due_at: "2026-11-23T20:00:00.000Z" };
    expect(slaClock(weekend, "2026-11-20T20:00:00.000Z", at("2026-11-22T10:00:00.000Z")).state).toBe(
      "paused",
    );
    expect(slaClock(weekend, "2026-11-20T20:00:00.000Z", at("2026-11-23T10:00:00.000Z")).state).toBe(
      "waiting",
    );
  });

  it("judges a breach by the response, or by now while none came", () => {
    const dueAt = at("2026-11-18T13:00:00.000Z");
    expect(isSlaBreach(dueAt, at("2026-11-18T13:00:00.000Z"))).toBe(false);
    expect(isSlaBreach(dueAt, at("2026-11-18T13:00:00.001Z"))).toBe(true);
    expect(isSlaBreach(dueAt, null, at("2026-11-18T12:00:00.000Z"))).toBe(false);
    expect(isSlaBreach(dueAt, null, at("2026-11-18T14:00:00.000Z"))).toBe(true);
  });
});
