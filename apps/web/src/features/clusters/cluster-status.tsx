/**
 * How a cluster's state reads wherever it is shown: its worst failing check as a badge, the
 * "not reporting" flag, capacity as used of total with a bar (binary units, §9), and report
 * times relative to now with the exact time on hover.
 */
import { formatBytes } from "@portico/shared/rules/units";
import type { CheckSeverity, TCluster } from "@portico/shared/schemas/clusters";
import { Badge, type BadgeProps } from "../../components/ui/badge";
import { cn } from "../../lib/cn";
import { formatWhen } from "../files/format";

export const SEVERITY_LABELS: Record<CheckSeverity, string> = {
  critical: "Critical",
  warning: "Warning",
  info: "Info",
};

export const SEVERITY_BADGES: Record<CheckSeverity, NonNullable<BadgeProps["variant"]>> = {
  critical: "danger",
  warning: "warning",
  info: "info",
};

/**
 * The worst failing check (its severity as a badge, then its title; the message on hover), or
 * that all pass, or that there is no report yet.
 */
export function WorstCheckBadge({ cluster }: { cluster: Pick<TCluster, "worst_check" | "last_report_at"> }) {
  const check = cluster.worst_check;
  if (check)
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" title={check.message}>
        <Badge variant={SEVERITY_BADGES[check.severity]}>{SEVERITY_LABELS[check.severity]}</Badge>
        <span className="text-sm">{check.title}</span>
      </span>
    );
  if (cluster.last_report_at === null) return <Badge variant="neutral">No report yet</Badge>;
  return <Badge variant="success">All checks pass</Badge>;
}

export function NotReportingBadge() {
  return <Badge variant="danger">Not reporting</Badge>;
}

/** Rank for sorting by health: failing checks by severity, then no report, then all pass. */
export function healthRank(cluster: Pick<TCluster, "worst_check" | "last_report_at">): number {
  if (cluster.worst_check) return cluster.worst_check.severity === "critical" ? 4 : 3;
  return cluster.last_report_at === null ? 1 : 0;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

/** "5 minutes ago", "yesterday"; "just now" under a minute (and for clocks slightly ahead). */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return "";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatWhen(iso)} className={className}>
      {formatRelative(iso)}
    </time>
  );
}

export function usagePercent(used: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}

/** "1.5 TiB of 4 TiB"; a dash before the first report says so rather than "0 B of 0 B". */
export function formatUsage(used: number, total: number): string {
  return total > 0 ? `${formatBytes(used)} of ${formatBytes(total)}` : "—";
}

/**
 * Used of total as a bar; amber from 80 % and red from 90 %, as the drive usage check warns.
 * Decorative: the figures beside it say the same in text.
 */
export function UsageBar({ used, total, className }: { used: number; total: number; className?: string }) {
  const percent = usagePercent(used, total);
  const tone = percent >= 90 ? "bg-danger" : percent >= 80 ? "bg-amber-500" : "bg-primary";
  return (
    <div aria-hidden="true" className={cn("h-1.5 overflow-hidden rounded-full bg-muted", className)}>
      <div className={cn("h-full rounded-full", tone)} style={{ width: `${percent}%` }} />
    </div>
  );
}
