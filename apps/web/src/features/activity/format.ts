/** The activity screens' words for durations, days and SLAs. */
import type { TSlaBreach } from "@portico/shared/schemas/reports";

/** 65 → "1 h 5 min"; 30 → "30 min"; 120 → "2 h"; 1,500 → "1 d 1 h"; null → "—" (nothing to measure). */
export function formatDuration(minutes: number | null): string {
  if (minutes === null) return "—";
  const whole = Math.round(minutes);
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  const rest = whole % 60;
  const parts = [days > 0 && `${days} d`, hours > 0 && `${hours} h`, rest > 0 && `${rest} min`].filter(
    Boolean,
  );
  return parts.length === 0 ? "0 min" : parts.join(" ");
}

/** Time logged as h:mm: 605 → "10:05". */
export function formatHoursMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

const COVERAGE = { "24x7": "24x7", "business-hours": "business hours" } as const;

/** "4 h · 24x7", "24 h · business hours". */
export function slaLabel(breach: Pick<TSlaBreach, "sla_hours" | "sla_coverage">): string {
  return `${breach.sla_hours} h · ${COVERAGE[breach.sla_coverage]}`;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const shortDayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** A day of the range (yyyy-mm-dd, UTC): "Wed 18 Nov 2026". */
export function formatDay(day: string): string {
  return dayFormat.format(Date.parse(`${day}T00:00:00Z`)).replace(",", "");
}

/** "18 Nov": the chart's axis. */
export function formatShortDay(day: string): string {
  return shortDayFormat.format(Date.parse(`${day}T00:00:00Z`));
}

/** "3 of 4". */
export const ofText = (part: number, whole: number) =>
  `${part.toLocaleString("en-US")} of ${whole.toLocaleString("en-US")}`;

export const count = (n: number) => n.toLocaleString("en-US");
