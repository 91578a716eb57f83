/**
 * What the trend charts show, in words: each chart's accessible summary, and the forecast line's
 * two ends. Kept out of the charts' chunk so the page (and its tests) can use it without recharts.
 */
import { formatBytes } from "@portico/shared/rules/units";
import type { THealthTrends } from "./api";
import { daysToFullText } from "./cluster-checks";

const DAY_MS = 86_400_000;

export type TrendPoint = THealthTrends["points"][number];

function spanDays(points: readonly TrendPoint[]): number {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 0;
  return Math.max(0, Math.round((Date.parse(last.t) - Date.parse(first.t)) / DAY_MS));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The forecast line from the first point (or the fit's start) to full_at, capped a window past the last point. */
export function forecastLine(
  trends: THealthTrends,
  windowDays: number,
): { t: number; forecast: number }[] | null {
  const { forecast, points } = trends;
  const first = points[0];
  const last = points.at(-1);
  if (!forecast || !first || !last) return null;
  const from = Date.parse(forecast.from);
  const at = (t: number) => forecast.intercept_bytes + (forecast.slope_bytes_per_day * (t - from)) / DAY_MS;
  const start = Math.max(from, Date.parse(first.t));
  const cap = Date.parse(last.t) + windowDays * DAY_MS;
  const end = forecast.full_at ? Math.min(Date.parse(forecast.full_at), cap) : cap;
  if (!(end > start)) return null;
  return [
    { t: start, forecast: at(start) },
    { t: end, forecast: at(end) },
  ];
}

export function capacitySummary(trends: THealthTrends, now = Date.now()): string {
  const first = trends.points[0];
  const last = trends.points.at(-1);
  if (!first || !last) return "No reports in this period.";
  const days = plural(spanDays(trends.points), "day", "days");
  const from = formatBytes(first.usable_used_bytes);
  const to = formatBytes(last.usable_used_bytes);
  const change =
    last.usable_used_bytes > first.usable_used_bytes
      ? `Used grew from ${from} to ${to} in ${days}`
      : last.usable_used_bytes < first.usable_used_bytes
        ? `Used fell from ${from} to ${to} in ${days}`
        : `Used stayed at ${to} for ${days}`;
  const fullAt = trends.forecast?.full_at;
  const full = fullAt
    ? daysToFullText(Math.max(0, (Date.parse(fullAt) - now) / DAY_MS)).toLowerCase()
    : "usage is not growing";
  return `${change} of ${formatBytes(last.usable_total_bytes)} usable; ${full}.`;
}

export function problemsSummary(points: readonly TrendPoint[]): string {
  const last = points.at(-1);
  if (!last) return "No reports in this period.";
  const maxOffline = Math.max(...points.map((p) => p.drives_offline));
  const maxFailed = Math.max(...points.map((p) => p.failed_checks));
  return (
    `Drives offline now ${last.drives_offline}, at most ${maxOffline} in this period. ` +
    `Failing checks now ${last.failed_checks}, at most ${maxFailed}.`
  );
}

export function networkSummary(points: readonly TrendPoint[]): string {
  if (points.length === 0) return "No reports in this period.";
  const total = points.reduce((sum, p) => sum + p.network_errors_delta, 0);
  const most = Math.max(...points.map((p) => p.network_errors_delta));
  if (total === 0) return `No network errors in ${plural(points.length, "report", "reports")}.`;
  return `${plural(total, "network error", "network errors")} in ${plural(points.length, "report", "reports")}; at most ${most} in one report.`;
}
