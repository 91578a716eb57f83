/**
 * The SLA clock of an issue (issue 18): how long until the vendor's first response is due under
 * the organization's SLA, from the shared `slaClock` rule. Engineers see the countdown; customers
 * see, calmly, when we aim to respond. Every clock on the page re-renders from one minute tick.
 * The text says it all (not colour alone), and nothing announces the ticking (no aria-live).
 */
import type { IssueStatus } from "@portico/shared/rules/issue-status";
import { type SlaState, type SlaTerms, slaClock } from "@portico/shared/rules/sla";
import type { LucideIcon } from "lucide-react";
import CircleCheck from "lucide-react/icons/circle-check";
import Clock from "lucide-react/icons/clock";
import ClockAlert from "lucide-react/icons/clock-alert";
import Pause from "lucide-react/icons/pause";
import { useSyncExternalStore } from "react";
import { Badge, type BadgeProps } from "../../components/ui/badge";

const MINUTE_MS = 60_000;

/* ----------------------------------------------------------------- the tick */

// One timer for every clock on the page, running only while some clock is shown.
const listeners = new Set<() => void>();
let minuteNow = Date.now();
let timer: ReturnType<typeof setTimeout> | undefined;

function scheduleTick() {
  // On the minute, so every clock turns over together.
  timer = setTimeout(
    () => {
      minuteNow = Date.now();
      for (const listener of listeners) listener();
      scheduleTick();
    },
    MINUTE_MS - (Date.now() % MINUTE_MS),
  );
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) scheduleTick();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      timer = undefined;
    }
  };
}

function snapshot() {
  // Idle, nothing ticks: a first clock must not start from a time long gone (or a clock set back).
  if (listeners.size === 0 && Math.abs(Date.now() - minuteNow) >= MINUTE_MS) minuteNow = Date.now();
  return minuteNow;
}

/** The time now, updated each minute (one shared timer). */
export function useMinuteNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/* ---------------------------------------------------------------- the words */

/**
 * 135 min → "2 h 15 min", 35 → "35 min", 120 → "2 h", 3,000 → "2 d 2 h". Time left rounds up (never
 * "0 min" while some is left), time passed rounds down, like a clock.
 */
export function slaDuration(ms: number, round: "up" | "down"): string {
  const minutes = round === "up" ? Math.ceil(ms / MINUTE_MS) : Math.floor(ms / MINUTE_MS);
  if (minutes < 1) return "under a minute";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours >= 48) {
    const days = Math.floor(hours / 24);
    return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
  }
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export interface WhenFormat {
  /** Tests pin these; the browser's own by default. */
  locale?: string | undefined;
  timeZone?: string | undefined;
}

/** A deadline: "14:30" today, "Mon 20:00" within the week, else "2 Dec 09:00". */
export function dueWhen(dueAt: Date, now: Date, format: WhenFormat = {}): string {
  const { locale, timeZone } = format;
  const time = { hour: "2-digit", minute: "2-digit", timeZone } as const;
  const day = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(d);
  if (day(dueAt) === day(now)) return new Intl.DateTimeFormat(locale, time).format(dueAt);
  const withinWeek = Math.abs(dueAt.getTime() - now.getTime()) < 6 * 24 * 60 * MINUTE_MS;
  const date = withinWeek ? ({ weekday: "short" } as const) : ({ day: "numeric", month: "short" } as const);
  return new Intl.DateTimeFormat(locale, { ...date, ...time }).format(dueAt);
}

export type SlaAudience = "engineer" | "customer";

export interface SlaText {
  state: SlaState;
  text: string;
  variant: NonNullable<BadgeProps["variant"]>;
}

/** What an issue's clock says to an engineer or a customer at `now`. */
export function slaText(
  sla: SlaTerms,
  openedAt: string,
  audience: SlaAudience,
  now: Date,
  format: WhenFormat = {},
): SlaText {
  const clock = slaClock(sla, openedAt, now);
  const due = new Date(sla.due_at);
  const customer = audience === "customer";
  switch (clock.state) {
    case "waiting":
      return {
        state: clock.state,
        variant: "info",
        text: customer
          ? `We aim to respond by ${dueWhen(due, now, format)}`
          : `Response due in ${slaDuration(clock.remainingMs ?? 0, "up")}`,
      };
    case "paused":
      return {
        state: clock.state,
        variant: "neutral",
        text: customer
          ? `We aim to respond by ${dueWhen(due, now, format)}`
          : `Paused for the weekend · due ${dueWhen(due, now, format)}`,
      };
    case "overdue":
      return customer
        ? { state: clock.state, variant: "warning", text: "An engineer will respond as soon as possible" }
        : {
            state: clock.state,
            variant: "danger",
            text: `Overdue by ${slaDuration(-(clock.remainingMs ?? 0), "down")}`,
          };
    case "met":
      return {
        state: clock.state,
        variant: "success",
        text: `First response in ${slaDuration(clock.respondedInMs ?? 0, "down")} (within the ${sla.hours}-hour SLA)`,
      };
    case "missed": {
      const late = Date.parse(sla.first_response_at ?? sla.due_at) - due.getTime();
      return {
        state: clock.state,
        variant: "warning",
        text: `First response ${slaDuration(late, "down")} late`,
      };
    }
  }
}

/* ------------------------------------------------------------- the badge */

const ICONS: Record<SlaState, LucideIcon> = {
  waiting: Clock,
  paused: Pause,
  overdue: ClockAlert,
  met: CircleCheck,
  missed: ClockAlert,
};

const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

interface SlaClockProps {
  issue: { sla: SlaTerms | null; created_at: string };
  status: IssueStatus;
  audience: SlaAudience;
  /**
   * "list": only while the customer waits for a first response (answered in time is not news);
   * "header": the issue page, also how the first response went.
   */
  place: "list" | "header";
}

interface SlaBadgeProps {
  sla: SlaTerms;
  openedAt: string;
  audience: SlaAudience;
  now: number;
}

function SlaBadge({ sla, openedAt, audience, now }: SlaBadgeProps) {
  const { state, text, variant } = slaText(sla, openedAt, audience, new Date(now));
  // A customer kept waiting is told calmly: no alarm clock.
  const Icon = state === "overdue" && audience === "customer" ? Clock : ICONS[state];
  return (
    <Badge
      variant={variant}
      data-sla-state={state}
      title={`First response due ${fullFormat.format(new Date(sla.due_at))}`}
    >
      <Icon aria-hidden="true" />
      {text}
    </Badge>
  );
}

/** A running clock: only these subscribe to the minute tick. */
function TickingSlaBadge(props: Omit<SlaBadgeProps, "now">) {
  return <SlaBadge {...props} now={useMinuteNow()} />;
}

/** An issue's SLA clock as a badge, or nothing when it has no SLA (or nothing to say here). */
export function SlaClock({ issue, status, audience, place }: SlaClockProps) {
  const { sla } = issue;
  if (!sla) return null;
  const props = { sla, openedAt: issue.created_at, audience };
  if (sla.first_response_at !== null)
    return place === "header" ? <SlaBadge {...props} now={Date.now()} /> : null;
  // Answered without a response on record (before the clock existed): no deadline to chase.
  if (status === "answered" || status === "archived") return null;
  return <TickingSlaBadge {...props} />;
}
