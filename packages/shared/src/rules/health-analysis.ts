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
import {
  CHECK_IDS,
  type CheckId,
  type CheckSeverity,
  FORECAST_REPORTS,
  SEVERITY_RANK,
  type TCheck,
  type TExplorerItem,
  type TReportMetrics,
} from "../schemas/clusters";
import { DRIVE_DOWN_STATES, type THealthReport } from "../schemas/health-report";
import { formatBytes } from "./units";

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
  drives_offline: "Drive availability",
  drive_usage: "Drive usage",
  version_skew: "Version consistency",
  clock_drift: "Clock sync",
  erasure_sets: "Erasure set health",
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

export function analyseReport(input: AnalysisInput): Analysis {
  const { report } = input;
  const now = Date.parse(report.generated_at);
  const usage = measureUsage(report);
  const counters = nodeCounters(report);
  const network = networkDelta(report, input.previous, counters);
  const drift = clockDrift(report, now);
  const versions = versionCounts(report);
  const sets = setHealth(report);
  const forecast = fitForecast([
    ...input.history,
    { t: now, usable_used_bytes: usage.usableUsed, usable_total_bytes: usage.usableTotal },
  ]);
  const daysToFull = forecastDaysToFull(forecast, now);
  const metrics: TReportMetrics = {
    nodes: report.nodes.length,
    drives: usage.drives,
    drives_offline: usage.down.length,
    raw_total_bytes: usage.rawTotal,
    raw_used_bytes: usage.rawUsed,
    usable_total_bytes: Math.round(usage.usableTotal),
    usable_used_bytes: Math.round(usage.usableUsed),
    max_drive_usage_pct: round2(usage.fullest?.pct ?? 0),
    versions: versions.map((v) => v.version),
    max_clock_drift_ms: drift.worst?.ms ?? 0,
    network_errors_delta: network.total,
    erasure_sets: report.erasure_sets.length,
    erasure_sets_degraded: sets.degraded.length,
    erasure_sets_offline: sets.offline.length,
    days_to_full: daysToFull,
  };
  const checks = [
    drivesOfflineCheck(usage),
    driveUsageCheck(usage),
    versionSkewCheck(versions, report.nodes.length),
    clockDriftCheck(drift),
    erasureSetsCheck(sets, report.erasure_sets.length),
    networkErrorsCheck(network),
    capacityForecastCheck(forecast, daysToFull, usage),
  ];
  return { checks, metrics, counters, forecast };
}

// ---- measuring --------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** Listing more names than this in a message stops helping. */
const LIST_MAX = 5;
/** The largest instant a Date can hold: a fit reaching past it never fills in practice. */
const MAX_DATE_MS = 8.64e15;

interface DriveRef {
  ref: string;
  state: string;
  pct: number;
}

interface Usage {
  drives: number;
  rawTotal: number;
  rawUsed: number;
  usableTotal: number;
  usableUsed: number;
  down: DriveRef[];
  healing: DriveRef[];
  /** Drives over the warning threshold, fullest first. */
  full: DriveRef[];
  fullest: DriveRef | null;
}

function pctOf(used: number, total: number): number {
  return total > 0 ? (used / total) * 100 : 0;
}

function measureUsage(report: THealthReport): Usage {
  // Erasure coding keeps data/(data+parity) of a set's raw bytes for the customer; a drive in
  // no set (or a report without sets) counts raw.
  const ratio = new Map<string, number>();
  for (const set of report.erasure_sets) {
    const r = set.data_drives / (set.data_drives + set.parity_drives);
    for (const ref of set.drives) if (!ratio.has(ref)) ratio.set(ref, r);
  }
  const u: Usage = {
    drives: 0,
    rawTotal: 0,
    rawUsed: 0,
    usableTotal: 0,
    usableUsed: 0,
    down: [],
    healing: [],
    full: [],
    fullest: null,
  };
  for (const node of report.nodes) {
    for (const drive of node.drives) {
      const ref = `${node.id}:${drive.path}`;
      const r = ratio.get(ref) ?? 1;
      const item = { ref, state: drive.state, pct: pctOf(drive.used_bytes, drive.total_bytes) };
      u.drives++;
      u.rawTotal += drive.total_bytes;
      u.rawUsed += drive.used_bytes;
      u.usableTotal += drive.total_bytes * r;
      u.usableUsed += drive.used_bytes * r;
      if (DRIVE_DOWN_STATES.has(drive.state)) u.down.push(item);
      else if (drive.state === "healing") u.healing.push(item);
      if (item.pct > DRIVE_USAGE_WARNING_PCT) u.full.push(item);
      if (!u.fullest || item.pct > u.fullest.pct) u.fullest = item;
    }
  }
  u.full.sort((a, b) => b.pct - a.pct);
  return u;
}

function nodeCounters(report: THealthReport): NetCounters {
  const counters: NetCounters = {};
  for (const node of report.nodes) {
    counters[node.id] = {
      uptime_seconds: node.uptime_seconds,
      errors: node.network.rx_errors + node.network.tx_errors,
    };
  }
  return counters;
}

interface Network {
  /** No previous report to compare with. */
  first: boolean;
  total: number;
  worst: { id: string; errors: number } | null;
}

/**
 * New errors per node since the previous report. A node whose uptime went down restarted, and a
 * counter that went down was reset: either way all of its current count is new. A node seen for
 * the first time (or the first report ever) counts 0: its cumulative count spans an unknown time,
 * so it says nothing about errors *rising*, and counting it would alert on every new node.
 */
function networkDelta(report: THealthReport, previous: NetCounters | null, now: NetCounters): Network {
  const out: Network = { first: previous === null, total: 0, worst: null };
  if (!previous) return out;
  for (const node of report.nodes) {
    const before = Object.hasOwn(previous, node.id) ? previous[node.id] : undefined;
    const current = now[node.id] as NodeCounters;
    if (!before) continue;
    const restarted = current.uptime_seconds < before.uptime_seconds || current.errors < before.errors;
    const delta = restarted ? current.errors : current.errors - before.errors;
    out.total += delta;
    if (delta > 0 && (!out.worst || delta > out.worst.errors)) out.worst = { id: node.id, errors: delta };
  }
  return out;
}

interface Drift {
  worst: { id: string; ms: number; ahead: boolean } | null;
  over: number;
}

function clockDrift(report: THealthReport, now: number): Drift {
  const out: Drift = { worst: null, over: 0 };
  for (const node of report.nodes) {
    const diff = Date.parse(node.clock) - now;
    // An instant Date cannot read counts as the worst drift there is rather than as none.
    const ms = Number.isFinite(diff) ? Math.abs(diff) : Number.MAX_SAFE_INTEGER;
    if (ms > CLOCK_DRIFT_WARNING_MS) out.over++;
    if (!out.worst || ms > out.worst.ms) out.worst = { id: node.id, ms, ahead: !(diff < 0) };
  }
  return out;
}

function versionCounts(report: THealthReport): { version: string; nodes: number }[] {
  const counts = new Map<string, number>();
  for (const node of report.nodes) counts.set(node.version, (counts.get(node.version) ?? 0) + 1);
  return [...counts]
    .map(([version, nodes]) => ({ version, nodes }))
    .sort((a, b) => b.nodes - a.nodes || a.version.localeCompare(b.version));
}

function setHealth(report: THealthReport) {
  const name = (s: { pool: number; set: number }) => `pool ${s.pool} · set ${s.set}`;
  return {
    degraded: report.erasure_sets.filter((s) => s.health === "degraded").map(name),
    offline: report.erasure_sets.filter((s) => s.health === "offline").map(name),
  };
}

function forecastDaysToFull(forecast: Forecast | null, now: number): number | null {
  if (!forecast || forecast.full_at === null) return null;
  return Math.max(0, round2((forecast.full_at - now) / DAY_MS));
}

export function fitForecast(points: readonly UsagePoint[]): Forecast | null {
  const recent = points
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.usable_used_bytes))
    .sort((a, b) => a.t - b.t)
    .slice(-FORECAST_REPORTS);
  const first = recent[0];
  const last = recent.at(-1);
  if (!first || !last || recent.length < FORECAST_MIN_REPORTS) return null;
  if (last.t - first.t < FORECAST_MIN_SPAN_HOURS * 3_600_000) return null;
  // Centred sums keep the products small: byte counts near 1e15 squared would lose precision.
  const xs = recent.map((p) => (p.t - first.t) / DAY_MS);
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanY = recent.reduce((a, p) => a + p.usable_used_bytes, 0) / recent.length;
  let sxy = 0;
  let sxx = 0;
  recent.forEach((p, i) => {
    const dx = (xs[i] as number) - meanX;
    sxy += dx * (p.usable_used_bytes - meanY);
    sxx += dx * dx;
  });
  const slope = sxx > 0 ? sxy / sxx : 0;
  const intercept = meanY - slope * meanX;
  let fullAt: number | null = null;
  if (slope > 0) {
    const at = first.t + ((last.usable_total_bytes - intercept) / slope) * DAY_MS;
    fullAt = Number.isFinite(at) && at < MAX_DATE_MS ? Math.round(at) : null;
  }
  return { from: first.t, slope_bytes_per_day: slope, intercept_bytes: intercept, full_at: fullAt };
}

// ---- checks -----------------------------------------------------------------------------------

function check(id: CheckId, severity: CheckSeverity | null, message: string, advice = ""): TCheck {
  return severity
    ? { id, title: CHECK_TITLES[id], severity, passed: false, message, advice }
    : { id, title: CHECK_TITLES[id], severity: "info", passed: true, message, advice: "" };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

function listSome(items: readonly string[]): string {
  const shown = items.slice(0, LIST_MAX).join(", ");
  return items.length > LIST_MAX ? `${shown} and ${items.length - LIST_MAX} more` : shown;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** 93.456 → "93.5%"; a value just over a threshold never reads as the threshold itself. */
function pct(p: number): string {
  let shown = Math.round(p * 10) / 10;
  if (shown === DRIVE_USAGE_WARNING_PCT || shown === DRIVE_USAGE_CRITICAL_PCT) shown = round2(p);
  return `${shown}%`;
}

/** 42_000 → "42 s", 5_001 → "5.001 s", 3_720_000 → "1 h 2 min", days beyond that. */
function formatDrift(ms: number): string {
  if (ms >= Number.MAX_SAFE_INTEGER) return "beyond any date";
  if (ms < 120_000) return `${Math.round(ms) / 1000} s`;
  const min = Math.floor(ms / 60_000);
  if (min < 120) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24).toLocaleString("en-US")} days`;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function drivesOfflineCheck(u: Usage): TCheck {
  const healing = u.healing.length
    ? `; ${plural(u.healing.length, "drive is", "drives are")} healing: ${listSome(u.healing.map((d) => d.ref))}`
    : "";
  if (u.down.length === 0) {
    const all = u.drives === 1 ? "The drive is online" : `All ${plural(u.drives, "drive")} are online`;
    return check("drives_offline", null, `${all}${healing}`);
  }
  const names = u.down.map((d) => (d.state === "offline" ? d.ref : `${d.ref} (${d.state})`));
  const verb = u.down.length === 1 ? "is" : "are";
  return check(
    "drives_offline",
    "critical",
    `${u.down.length.toLocaleString("en-US")} of ${plural(u.drives, "drive")} ${verb} offline: ${listSome(names)}${healing}`,
    "Reseat or power-cycle each listed drive and check its cable and controller; replace a faulty or missing drive " +
      "with one of the same size, then watch healing finish before touching another drive in the same erasure set.",
  );
}

function driveUsageCheck(u: Usage): TCheck {
  const fullest = u.full[0];
  if (!fullest) {
    const max = u.fullest ? ` (the fullest is ${pct(u.fullest.pct)})` : "";
    return check("drive_usage", null, `Every drive is at most ${DRIVE_USAGE_WARNING_PCT}% full${max}`);
  }
  const critical = fullest.pct > DRIVE_USAGE_CRITICAL_PCT;
  const more =
    u.full.length > 1 ? `; ${plural(u.full.length - 1, "more drive")} over ${DRIVE_USAGE_WARNING_PCT}%` : "";
  return check(
    "drive_usage",
    critical ? "critical" : "warning",
    `Drive ${fullest.ref} is ${pct(fullest.pct)} full${more}`,
    critical
      ? "Writes will start failing soon: add capacity now (expand the pool with a new server pool or add drives), " +
          "or free space by deleting or tiering old data."
      : "Plan more capacity: expand the pool or add drives before the drives pass " +
          `${DRIVE_USAGE_CRITICAL_PCT}%, or set lifecycle rules to expire or tier old data.`,
  );
}

function versionSkewCheck(versions: readonly { version: string; nodes: number }[], nodes: number): TCheck {
  if (versions.length <= 1) {
    const v = versions[0]?.version ?? "";
    return check(
      "version_skew",
      null,
      nodes === 1 ? `The node runs ${v}` : `All ${plural(nodes, "node")} run ${v}`,
    );
  }
  const listed = listSome(versions.map((v) => `${v.version} (${plural(v.nodes, "node")})`));
  return check(
    "version_skew",
    "warning",
    `Nodes run ${versions.length} versions: ${listed}`,
    `Upgrade all nodes to the same release (the newest, ${newest(versions)}); mixed versions can disagree on ` +
      "formats and healing. Upgrade one node at a time and check the cluster is healthy between nodes.",
  );
}

/** The highest version by numeric-aware comparison ("2026.10.1" > "2026.9.3"). */
function newest(versions: readonly { version: string }[]): string {
  return versions
    .map((v) => v.version)
    .reduce((a, b) => (a.localeCompare(b, "en", { numeric: true }) >= 0 ? a : b));
}

function clockDriftCheck(d: Drift): TCheck {
  const w = d.worst;
  if (!w || w.ms <= CLOCK_DRIFT_WARNING_MS) {
    const by = w ? ` (the largest difference is ${formatDrift(w.ms)})` : "";
    return check("clock_drift", null, `Every node's clock is within ${CLOCK_DRIFT_WARNING_MS / 1000} s${by}`);
  }
  const more =
    d.over > 1 ? `; ${plural(d.over - 1, "more node")} over ${CLOCK_DRIFT_WARNING_MS / 1000} s` : "";
  return check(
    "clock_drift",
    w.ms > CLOCK_DRIFT_CRITICAL_MS ? "critical" : "warning",
    `${w.id}'s clock is ${formatDrift(w.ms)} ${w.ahead ? "ahead" : "behind"}${more}`,
    "Enable time sync on every node (NTP with chronyd or systemd-timesyncd) against the same servers, and check " +
      "that the NTP port is open; drifting clocks break request signatures, locks and lifecycle rules.",
  );
}

function erasureSetsCheck(s: { degraded: string[]; offline: string[] }, total: number): TCheck {
  if (s.offline.length === 0 && s.degraded.length === 0) {
    return check(
      "erasure_sets",
      null,
      total === 0 ? "The report lists no erasure sets" : `All ${plural(total, "erasure set")} are healthy`,
    );
  }
  const parts: string[] = [];
  if (s.offline.length) parts.push(`${s.offline.length} offline: ${listSome(s.offline)}`);
  if (s.degraded.length) parts.push(`${s.degraded.length} degraded: ${listSome(s.degraded)}`);
  const offline = s.offline.length > 0;
  return check(
    "erasure_sets",
    offline ? "critical" : "warning",
    `${s.offline.length + s.degraded.length} of ${plural(total, "erasure set")} not healthy (${parts.join("; ")})`,
    offline
      ? "Data in an offline set cannot be read: bring its drives and nodes back online first (power, network, " +
          "mounts), then check healing; do not replace more drives than the set's parity at once."
      : "A degraded set still serves data with less redundancy: bring back or replace its offline drives and " +
          "check that healing runs to completion.",
  );
}

function networkErrorsCheck(n: Network): TCheck {
  const total = n.total.toLocaleString("en-US");
  const worst = n.worst ? `, most on ${n.worst.id} (${n.worst.errors.toLocaleString("en-US")})` : "";
  if (n.first) {
    return check(
      "network_errors",
      null,
      "First report: its error counters are what the next report is compared with",
    );
  }
  if (n.total < NETWORK_ERRORS_WARNING) {
    return check("network_errors", null, `${total} new network errors since the previous report${worst}`);
  }
  return check(
    "network_errors",
    n.total >= NETWORK_ERRORS_CRITICAL ? "critical" : "warning",
    `${total} new network errors since the previous report${worst}`,
    "Check the cabling, NIC and switch ports of the nodes named (errors counters on the switch, link speed " +
      "and duplex, MTU matching end to end), and replace a flapping cable or transceiver.",
  );
}

function capacityForecastCheck(f: Forecast | null, days: number | null, u: Usage): TCheck {
  if (!f) {
    return check(
      "capacity_forecast",
      null,
      `Not enough reports for a forecast yet (needs ${FORECAST_MIN_REPORTS} over ${FORECAST_MIN_SPAN_HOURS} hours)`,
    );
  }
  if (f.full_at === null || days === null) {
    return check("capacity_forecast", null, "Usage is flat or falling: no date when the cluster is full");
  }
  const rate = `at +${formatBytes(f.slope_bytes_per_day)} a day`;
  const used = `${formatBytes(u.usableUsed)} of ${formatBytes(u.usableTotal)} used`;
  const when =
    days <= 0
      ? `has already reached the usable total (around ${day(f.full_at)})`
      : `is full in ${days >= 1 ? Math.floor(days) : days} days, around ${day(f.full_at)}`;
  if (days > FORECAST_WARNING_DAYS) {
    return check("capacity_forecast", null, `${used}; ${rate} the cluster ${when}`);
  }
  return check(
    "capacity_forecast",
    days <= FORECAST_CRITICAL_DAYS ? "critical" : "warning",
    `${used}; ${rate} the cluster ${when}`,
    `Plan expansion before ${day(f.full_at)}: add a server pool or drives (ordering hardware takes time), ` +
      "or slow the growth by expiring or tiering old data.",
  );
}

const CHECK_ORDER = new Map<string, number>(CHECK_IDS.map((id, i) => [id, i]));

export function sortChecks(checks: readonly TCheck[]): TCheck[] {
  const order = (c: TCheck) => CHECK_ORDER.get(c.id) ?? CHECK_IDS.length;
  return [...checks].sort(
    (a, b) =>
      Number(a.passed) - Number(b.passed) ||
      (a.passed ? 0 : SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]) ||
      order(a) - order(b),
  );
}

export function worstCheck(checks: readonly TCheck[]): TCheck | null {
  const first = sortChecks(checks)[0];
  return first && !first.passed ? first : null;
}

export function newlyFailing(before: readonly TCheck[], now: readonly TCheck[]): TCheck[] {
  const failedBefore = new Set(before.filter((c) => !c.passed).map((c) => c.id));
  return now.filter((c) => !c.passed && !failedBefore.has(c.id));
}

export type { CheckSeverity };

/**
 * The explorer's tree of a report: cluster → "Nodes" → node → drive, and cluster → "Erasure sets"
 * → set → drive. Groups carry the worst state below them and the sums of their drives' bytes.
 */
export function buildExplorerTree(report: THealthReport): TExplorerItem {
  const drives = new Map<string, TExplorerItem>();
  const nodes = report.nodes.map((node) => {
    const children = node.drives.map((d) => {
      const ref = `${node.id}:${d.path}`;
      const item: TExplorerItem = {
        key: `drive:${ref}`,
        kind: "drive",
        label: d.path,
        state: d.state,
        total_bytes: d.total_bytes,
        used_bytes: d.used_bytes,
        detail: `${pct(pctOf(d.used_bytes, d.total_bytes))} used`,
        children: [],
      };
      drives.set(ref, item);
      return item;
    });
    return group(
      `node:${node.id}`,
      "node",
      node.id,
      `${node.version} · up ${formatUptime(node.uptime_seconds)}`,
      children,
    );
  });
  const sets = report.erasure_sets.map((set) => {
    const seen = new Set<string>();
    const children: TExplorerItem[] = [];
    for (const ref of set.drives) {
      const drive = drives.get(ref);
      if (!drive || seen.has(ref)) continue;
      seen.add(ref);
      children.push({ ...drive, key: `set:${set.pool}:${set.set}:${ref}`, label: ref });
    }
    const item = group(
      `set:${set.pool}:${set.set}`,
      "set",
      `Pool ${set.pool} · set ${set.set}`,
      `${set.data_drives}+${set.parity_drives}`,
      children,
    );
    return { ...item, state: set.health };
  });
  const nodesGroup = group("nodes", "nodes", "Nodes", plural(nodes.length, "node"), nodes);
  const setsGroup = group("sets", "sets", "Erasure sets", plural(sets.length, "set"), sets);
  const root = group("cluster", "cluster", report.deployment_id, `Report of ${report.generated_at}`, [
    nodesGroup,
    setsGroup,
  ]);
  // The cluster's bytes are its drives', not the two branches' sum (each drive sits in both).
  return { ...root, total_bytes: nodesGroup.total_bytes, used_bytes: nodesGroup.used_bytes };
}

/** Higher is worse; an unknown state ranks with the down ones rather than hiding. */
const STATE_RANK: Readonly<Record<string, number>> = { ok: 0, healthy: 0, healing: 1, degraded: 2 };
const stateRank = (state: string) => STATE_RANK[state] ?? 3;

function group(
  key: string,
  kind: TExplorerItem["kind"],
  label: string,
  detail: string,
  children: TExplorerItem[],
): TExplorerItem {
  let state = "ok";
  let total = 0;
  let used = 0;
  for (const child of children) {
    if (stateRank(child.state) > stateRank(state)) state = child.state;
    total += child.total_bytes;
    used += child.used_bytes;
  }
  return { key, kind, label, state, total_bytes: total, used_bytes: used, detail, children };
}

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  if (d > 0) return `${d.toLocaleString("en-US")} d ${h} h`;
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}
