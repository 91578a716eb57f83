import type { SlaTerms } from "@portico/shared/rules/sla";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SlaClock, slaDuration, slaText } from "./sla-clock";

const UTC_GB = { locale: "en-GB", timeZone: "UTC" };
const OPENED = "2026-11-24T10:00:00.000Z";
const FOUR_HOURS: SlaTerms = {
  hours: 4,
  coverage: "24x7",
  due_at: "2026-11-24T14:00:00.000Z",
  first_response_at: null,
};
// Opened Friday 20:00 UTC: 8 business hours before the weekend window, 16 after it from Monday 04:00.
const BUSINESS_DAY: SlaTerms = {
  hours: 24,
  coverage: "business-hours",
  due_at: "2026-11-23T20:00:00.000Z",
  first_response_at: null,
};
const at = (iso: string) => new Date(iso);

describe("slaText", () => {
  it("counts down to the deadline while the customer waits", () => {
    expect(slaText(FOUR_HOURS, OPENED, "engineer", at("2026-11-24T11:45:00Z"), UTC_GB)).toEqual({
      state: "waiting",
      variant: "info",
      text: "Response due in 2 h 15 min",
    });
  });

  it("tells a customer calmly when we aim to respond", () => {
    expect(slaText(FOUR_HOURS, OPENED, "customer", at("2026-11-24T11:45:00Z"), UTC_GB).text).toBe(
      "We aim to respond by 14:00",
    );
  });

  it("pauses a business-hours clock in the weekend window, naming the day it is due", () => {
    const saturday = at("2026-11-21T12:00:00Z");
    expect(slaText(BUSINESS_DAY, "2026-11-20T20:00:00Z", "engineer", saturday, UTC_GB)).toEqual({
      state: "paused",
      variant: "neutral",
      text: "Paused for the weekend · due Mon 20:00",
    });
    expect(slaText(BUSINESS_DAY, "2026-11-20T20:00:00Z", "customer", saturday, UTC_GB).text).toBe(
      "We aim to respond by Mon 20:00",
    );
  });

  it("a 24x7 clock runs through the weekend", () => {
    const sla = { ...FOUR_HOURS, due_at: "2026-11-21T14:00:00.000Z" };
    expect(slaText(sla, "2026-11-21T10:00:00Z", "engineer", at("2026-11-21T12:00:00Z"), UTC_GB).text).toBe(
      "Response due in 2 h",
    );
  });

  it("says how late a waiting issue is, in danger for engineers and calmly for customers", () => {
    const late = at("2026-11-24T14:35:00Z");
    expect(slaText(FOUR_HOURS, OPENED, "engineer", late, UTC_GB)).toEqual({
      state: "overdue",
      variant: "danger",
      text: "Overdue by 35 min",
    });
    expect(slaText(FOUR_HOURS, OPENED, "customer", late, UTC_GB)).toEqual({
      state: "overdue",
      variant: "warning",
      text: "An engineer will respond as soon as possible",
    });
  });

  it("says how fast the first response came when it met the SLA", () => {
    const met = { ...FOUR_HOURS, first_response_at: "2026-11-24T10:25:00.000Z" };
    expect(slaText(met, OPENED, "engineer", at("2026-11-24T18:00:00Z"), UTC_GB)).toEqual({
      state: "met",
      variant: "success",
      text: "First response in 25 min (within the 4-hour SLA)",
    });
  });

  it("says how late the first response was when it missed the SLA", () => {
    const missed = { ...FOUR_HOURS, first_response_at: "2026-11-24T15:10:00.000Z" };
    expect(slaText(missed, OPENED, "customer", at("2026-11-24T18:00:00Z"), UTC_GB)).toEqual({
      state: "missed",
      variant: "warning",
      text: "First response 1 h 10 min late",
    });
  });

  it("names a deadline more than a week away by its date", () => {
    const sla = { ...FOUR_HOURS, hours: 240, due_at: "2026-12-04T10:00:00.000Z" };
    expect(slaText(sla, OPENED, "customer", at("2026-11-24T11:00:00Z"), UTC_GB).text).toBe(
      "We aim to respond by 4 Dec, 10:00",
    );
  });
});

describe("slaDuration", () => {
  it("reads in hours and minutes, days past two days", () => {
    expect(slaDuration(35 * 60_000, "up")).toBe("35 min");
    expect(slaDuration(120 * 60_000, "up")).toBe("2 h");
    expect(slaDuration(30_000, "up")).toBe("1 min");
    expect(slaDuration(30_000, "down")).toBe("under a minute");
    expect(slaDuration(50 * 3_600_000, "down")).toBe("2 d 2 h");
  });
});

describe("SlaClock", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("ticks each minute, without announcing it", () => {
    vi.useFakeTimers({ now: at("2026-11-24T13:58:00Z") });
    render(
      <SlaClock
        issue={{ sla: FOUR_HOURS, created_at: OPENED }}
        status="open"
        audience="engineer"
        place="list"
      />,
    );
    const badge = screen.getByText("Response due in 2 min");
    expect(badge.closest("[aria-live]")).toBeNull();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("Response due in 1 min")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(120_000));
    expect(screen.getByText("Overdue by 1 min")).toHaveAttribute("data-sla-state", "overdue");
  });

  it("runs one timer for every running clock on the page, none for the others", () => {
    vi.useFakeTimers({ now: at("2026-11-24T11:00:00Z") });
    const met = { sla: { ...FOUR_HOURS, first_response_at: "2026-11-24T10:25:00.000Z" }, created_at: OPENED };
    const { rerender, unmount } = render(
      <>
        <SlaClock issue={{ sla: null, created_at: OPENED }} status="open" audience="engineer" place="list" />
        <SlaClock issue={met} status="open" audience="engineer" place="header" />
      </>,
    );
    expect(vi.getTimerCount()).toBe(0);
    const waiting = { sla: FOUR_HOURS, created_at: OPENED };
    rerender(
      <>
        <SlaClock issue={waiting} status="open" audience="engineer" place="list" />
        <SlaClock issue={waiting} status="open" audience="customer" place="header" />
      </>,
    );
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shows nothing in the list once responded, and the outcome in the header", () => {
    vi.useFakeTimers({ now: at("2026-11-24T18:00:00Z") });
    const issue = {
      sla: { ...FOUR_HOURS, first_response_at: "2026-11-24T10:25:00.000Z" },
      created_at: OPENED,
    };
    const { container, rerender } = render(
      <SlaClock issue={issue} status="answered" audience="engineer" place="list" />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<SlaClock issue={issue} status="answered" audience="engineer" place="header" />);
    expect(screen.getByText("First response in 25 min (within the 4-hour SLA)")).toBeInTheDocument();
  });

  it("shows nothing without an SLA, or for an answered issue with no response on record", () => {
    const { container, rerender } = render(
      <SlaClock issue={{ sla: null, created_at: OPENED }} status="open" audience="engineer" place="header" />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(
      <SlaClock
        issue={{ sla: FOUR_HOURS, created_at: OPENED }}
        status="archived"
        audience="engineer"
        place="header"
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
