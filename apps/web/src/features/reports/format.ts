/** The reports' words for plans, statuses, healths, capacity flags and periods. */
import type { ReportBucket } from "@portico/shared/rules/date-range";
import type {
  AccountReportStatus,
  CapacityFlag,
  ClusterHealth,
  TAccountsReport,
} from "@portico/shared/schemas/reports";

type Plan = TAccountsReport["by_plan"][number]["plan"];

const PLANS: Record<NonNullable<Plan>, string> = {
  STANDARD: "Standard",
  ENTERPRISE: "Enterprise",
  "ENTERPRISE-LITE": "Enterprise Lite",
  "ENTERPRISE-PLUS": "Enterprise Plus",
  TRIAL: "Trial",
  CUSTOM: "Custom",
};
export const planLabel = (plan: Plan) => (plan === null ? "No plan" : (PLANS[plan] ?? plan));

export const STATUS_LABELS: Record<AccountReportStatus, string> = {
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  no_plan: "No plan",
  disabled: "Disabled",
};

export const HEALTH_LABELS: Record<ClusterHealth, string> = {
  healthy: "Healthy",
  warning: "Warning",
  critical: "Critical",
  not_reporting: "Not reporting",
  no_report: "No report yet",
};

/** `version` null: the cluster never reported; "mixed": nodes on different versions. */
export const versionLabel = (version: string | null) =>
  version === null ? "No report yet" : version === "mixed" ? "Mixed versions" : version;

export const FLAG_LABELS: Record<CapacityFlag, string> = {
  over: "Over contract",
  near: "Near contract",
  within: "Within contract",
  unknown: "Unknown",
};
export const FLAG_BADGES = {
  over: "danger",
  near: "warning",
  within: "success",
  unknown: "neutral",
} as const;

export const count = (n: number) => n.toLocaleString("en-US");

/** 12.5 → "12.5 TiB"; null → "—". */
export const tib = (n: number | null) =>
  n === null ? "—" : `${n.toLocaleString("en-US", { maximumFractionDigits: 1 })} TiB`;

export const pct = (n: number | null) =>
  n === null ? "—" : `${n.toLocaleString("en-US", { maximumFractionDigits: 1 })} %`;

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A bucket by its first day: "24 Nov 2026", "Week of 23 Nov 2026", "Nov 2026". */
export function periodLabel(period: string, bucket: ReportBucket): string {
  if (bucket === "month") return monthFormat.format(utc(period));
  const day = dayFormat.format(utc(period));
  return bucket === "week" ? `Week of ${day}` : day;
}

/** The range in words: "1 Nov 2026 to 24 Nov 2026". */
export const rangeLabel = (range: { from: string; to: string }) =>
  `${dayFormat.format(utc(range.from))} to ${dayFormat.format(utc(range.to))}`;

export const BUCKET_WORDS: Record<ReportBucket, string> = {
  day: "per day",
  week: "per week",
  month: "per month",
};
