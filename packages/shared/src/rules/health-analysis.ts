/**
 * Turning a health report into checks (issue 12). Pure: the server's analysis job, the demo
 * data, the generator's tests and the benchmark all call these, and table tests pin every
 * threshold. The thresholds (documented in docs/HEALTH-REPORT.md):
 *
 * - drives_offline: critical when any drive is offline, faulty or missing; healing drives are
 *   reported in the message of a passing check.
 * - drive_usage: warning when a drive is over 80 % full, critical over 90 %.
 * - version_skew: warning when the nodes run more than one version.
 * - clock_drift: warning when a node's clock is more than 5 s away from the report's
 *   generated_at, critical over 60 s (far-future clocks land here, never crash anything).
 * - erasure_sets: warning when a set is degraded, critical when one is offline.
 * - network_errors: warning when the nodes counted 100 or more new errors since the previous
 *   report, critical at 10,000 (a node whose uptime went down restarted: its counters count from 0).
 * - capacity_forecast: a least-squares line through the usable used bytes of the last
 *   FORECAST_REPORTS reports (at least 3, spanning at least 24 hours); warning when it reaches the
 *   usable total within 30 days, critical within 7; passes when flat, falling or far off.
 */
import type { CheckId, CheckSeverity, TCheck, TExplorerItem, TReportMetrics } from "../schemas/clusters";
import type { THealthReport } from "../schemas/health-report";

export const DRIVE_USAGE_WARNING_PCT = 80;
export const DRIVE_USAGE_CRITICAL_PCT = 90;
export const CLOCK_DRIFT_WARNING_MS = 5_000;
export const CLOCK_DRIFT_CRITICAL_MS = 60_000;
export const NETWORK_ERRORS_WARNING = 100;
export const NETWORK_ERRORS_CRITICAL = 10_000;
export const FORECAST_WARNING_DAYS = 30;
export const FORECAST_CRITICAL_DAYS = 7;
export const FORECAST_MIN_REPORTS = 3;
export const FORECAST_MIN_SPAN_HOURS = 24;

export const CHECK_TITLES: Readonly<Record<CheckId, string>> = {
  drives_offline: "Drives online",
  drive_usage: "Drive usage",
  version_skew: "Same version on every node",
  clock_drift: "Node clocks in sync",
  erasure_sets: "Erasure sets healthy",
  network_errors: "Network errors",
  capacity_forecast: "Capacity forecast",
};

/** Per node, what the next report's network check compares with. */
export interface NodeCounters {
  uptime_seconds: number;
  errors: number;
}
export type NetCounters = Record<string, NodeCounters>;

/** One earlier report's usage, for the forecast fit. */
export interface UsagePoint {
  /** ms since epoch (generated_at). */
  t: number;
  usable_used_bytes: number;
  usable_total_bytes: number;
}

export interface AnalysisInput {
  report: THealthReport;
  /** The previous analysed report's counters (null for the first report). */
  previous: NetCounters | null;
  /** Earlier reports' usage, any order; the current report is added by the analysis. */
  history: readonly UsagePoint[];
}

export interface Forecast {
  /** ms since epoch where the line starts (the oldest point used). */
  from: number;
  slope_bytes_per_day: number;
  intercept_bytes: number;
  /** ms since epoch when the line reaches the usable total; null when it never does. */
  full_at: number | null;
}

export interface Analysis {
  /** Every check of CHECK_IDS, in that order. */
  checks: TCheck[];
  metrics: TReportMetrics;
  /** To keep for the next report's network check. */
  counters: NetCounters;
  forecast: Forecast | null;
}

export declare function analyseReport(input: AnalysisInput): Analysis;

/** Least-squares fit of used bytes over time; null with too few points or span. */
export declare function fitForecast(points: readonly UsagePoint[]): Forecast | null;

/** Failed checks first (worst severity first), then passed, each group in CHECK_IDS order. */
export declare function sortChecks(checks: readonly TCheck[]): TCheck[];

/** The worst failing check, or null when all pass. */
export declare function worstCheck(checks: readonly TCheck[]): TCheck | null;

/** Checks failing now that passed (or did not exist) before: what raises an alert. */
export declare function newlyFailing(before: readonly TCheck[], now: readonly TCheck[]): TCheck[];

export type { CheckSeverity };

/**
 * The explorer's tree of a report: cluster → "Nodes" → node → drive, and cluster → "Erasure sets"
 * → set → drive. Groups carry the worst state below them and the sums of their drives' bytes.
 */
export declare function buildExplorerTree(report: THealthReport): TExplorerItem;
