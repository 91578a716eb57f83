/**
 * The SLA clock of an issue (issue 18): how long the vendor has to send its first response, by the
 * account's SLA hours and coverage (the plan's planSlaHours and planSlaCoverage).
 *
 * - "24x7": the clock always runs.
 * - "business-hours": the clock stops during the weekend window of spec §9 (Saturday 04:00 UTC to
 *   Monday 04:00 UTC), the only non-working time the product knows whatever the customer's zone;
 *   weekend cover is for 24x7 plans.
 *
 * The clock starts when a customer opens the issue and stops at the first response: an engineer's
 * first message, or an engineer marking it answered, whichever comes first. The deadline is fixed
 * when the issue is opened (a later plan change does not move it). The server stores it as
 * `issues.sla_due_at`; the migration that added it computes the same deadline in SQL.
 */
import { isWeekendWindow, WEEKEND_WINDOW } from "./weekend";

/** SLA_COVERAGES of schemas/billing, named here so the rule pulls no schema into a bundle. */
export type SlaCoverage = "business-hours" | "24x7";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEKEND_MS = 2 * DAY_MS;

/** The start of the weekend window holding `t`, or of the last one before it (Saturday 04:00 UTC). */
function weekendStartAtOrBefore(t: number): number {
  const date = new Date(t);
  const sinceSaturday = (date.getUTCDay() - WEEKEND_WINDOW.startDay + 7) % 7;
  let start = Date.UTC(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate() - sinceSaturday,
    WEEKEND_WINDOW.startHour,
  );
  if (start > t) start -= 7 * DAY_MS;
  return start;
}

/** When the SLA's first response is due for an issue opened at `openedAt`. */
export function slaDueAt(openedAt: Date, hours: number, coverage: SlaCoverage): Date {
  const opened = openedAt.getTime();
  let left = hours * HOUR_MS;
  if (coverage === "24x7") return new Date(opened + left);
  let t = opened;
  for (;;) {
    const thisWeekend = weekendStartAtOrBefore(t);
    if (t < thisWeekend + WEEKEND_MS) t = thisWeekend + WEEKEND_MS; // inside the window: wait for Monday
    const nextWeekend = thisWeekend + 7 * DAY_MS;
    if (t + left <= nextWeekend) return new Date(t + left);
    left -= nextWeekend - t;
    t = nextWeekend;
  }
}

export const SLA_STATES = ["waiting", "paused", "overdue", "met", "missed"] as const;
export type SlaState = (typeof SLA_STATES)[number];

export interface SlaTerms {
  hours: number;
  coverage: SlaCoverage;
  /** ISO instant the first response is due. */
  due_at: string;
  /** ISO instant of the first response, or null while the customer waits. */
  first_response_at: string | null;
}

export interface SlaClock {
  state: SlaState;
  /** Until the deadline (negative once past); null once responded. */
  remainingMs: number | null;
  /** From opening to the first response; null while waiting. */
  respondedInMs: number | null;
}

/**
 * Where an issue's clock stands at `now`: waiting (running), paused (business hours, inside the
 * weekend window), overdue (no response and past due: a breach), met or missed (responded in time
 * or late).
 */
export function slaClock(sla: SlaTerms, openedAt: string, now: Date = new Date()): SlaClock {
  const due = Date.parse(sla.due_at);
  if (sla.first_response_at !== null) {
    const responded = Date.parse(sla.first_response_at);
    return {
      state: responded <= due ? "met" : "missed",
      remainingMs: null,
      respondedInMs: responded - Date.parse(openedAt),
    };
  }
  const remainingMs = due - now.getTime();
  if (remainingMs < 0) return { state: "overdue", remainingMs, respondedInMs: null };
  const paused = sla.coverage === "business-hours" && isWeekendWindow(now);
  return { state: paused ? "paused" : "waiting", remainingMs, respondedInMs: null };
}

/** Whether a response at `respondedAt` (or none yet, judged at `now`) breaches the SLA. */
export function isSlaBreach(dueAt: Date, respondedAt: Date | null, now: Date = new Date()): boolean {
  return (respondedAt ?? now).getTime() > dueAt.getTime();
}
