/**
 * Realistic health reports (issue 12), healthy or with named faults, for tests, the demo data, the
 * benchmark and the `npm run health-report` CLI. Deterministic: the same options (and seed) give
 * the same report byte for byte, so a failing test or a demo screen can be reproduced.
 *
 * Only types come from the schema module, so this stays a few kB wherever it is bundled.
 */
import type { THealthReport, TReportDrive, TReportErasureSet, TReportNode } from "../schemas/health-report";

/** Each fault makes exactly the check it names fail (health-analysis.ts). */
export const HEALTH_FAULTS = [
  "offline_drive",
  "nearly_full_drive",
  "full_drive",
  "version_skew",
  "clock_drift",
  "degraded_set",
  "network_errors",
] as const;
export type HealthFault = (typeof HEALTH_FAULTS)[number];

/** What `--broken` and the demo's broken cluster show: four different failing checks. */
export const BROKEN_FAULTS: readonly HealthFault[] = [
  "offline_drive",
  "nearly_full_drive",
  "version_skew",
  "clock_drift",
];

export interface HealthReportSizing {
  /** Default 4. */
  nodes?: number;
  /** Default 8. */
  drivesPerNode?: number;
  /** Default 16 TiB. */
  driveBytes?: number;
  /** Default "2026.10.1". */
  version?: string;
  /** Default derived from the deployment id. */
  seed?: number;
  /** Default 30 days (each node a little different). */
  uptimeSeconds?: number;
  /** Each node's cumulative rx+tx error count; default 0. */
  networkErrors?: number;
}

export interface GenerateHealthReportOptions extends HealthReportSizing {
  deploymentId: string;
  at: Date;
  /** Every drive's share used, jittered by up to ±2 points per drive; default 0.45. */
  usedFraction?: number;
  faults?: readonly HealthFault[];
}

export interface GenerateHealthHistoryOptions extends HealthReportSizing {
  deploymentId: string;
  /** The newest report's time. */
  end: Date;
  days: number;
  perDay: number;
  startUsedFraction: number;
  endUsedFraction: number;
  /** Applied to the newest report only. */
  faults?: readonly HealthFault[];
}

const TIB = 1024 ** 4;
const DAY_MS = 86_400_000;
/** Errors a network_errors fault adds on one node: over the warning threshold, under critical. */
const FAULT_NETWORK_ERRORS = 750;
const FAULT_CLOCK_AHEAD_MS = 42_000;

/** mulberry32: small, fast and good enough for jitter; never Math.random, so output repeats. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a, so each deployment id gets its own default seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** Sets of 16 (12+4) or 8 (6+2) drives when the drive count allows, else the largest that divides it. */
function setShape(drives: number): { size: number; parity: number } {
  for (const size of [16, 8, 12, 6, 4, 2]) {
    if (drives % size === 0) return { size, parity: Math.max(1, Math.floor(size / 4)) };
  }
  return { size: drives, parity: drives > 1 ? Math.max(1, Math.floor(drives / 4)) : 0 };
}

/** "2026.10.1" → "2026.10.0", "2026.10.0" → "2026.9.0": an older release for version skew. */
function olderVersion(version: string): string {
  const parts = version.split(".");
  for (let i = parts.length - 1; i >= 0; i--) {
    const n = Number(parts[i]);
    if (Number.isInteger(n) && n > 0) {
      parts[i] = String(n - 1);
      return parts.join(".");
    }
  }
  return `${version}-previous`;
}

interface Step {
  /** Added to every node's uptime (history: time since the first report). */
  elapsedSeconds: number;
  /** Extra errors per node index, cumulative (history). */
  extraErrors: readonly number[];
  /** Per-report noise on drive usage. */
  noiseSeed: number;
}

function build(opts: GenerateHealthReportOptions, step: Step): THealthReport {
  const nodeCount = Math.max(1, Math.floor(opts.nodes ?? 4));
  const perNode = Math.max(1, Math.floor(opts.drivesPerNode ?? 8));
  const driveBytes = opts.driveBytes ?? 16 * TIB;
  const version = opts.version ?? "2026.10.1";
  const used = opts.usedFraction ?? 0.45;
  const faults = new Set(opts.faults ?? []);
  const seed = opts.seed ?? hash(opts.deploymentId);
  // The drives' lasting differences come from the seed alone, so a history's drives keep their
  // character from report to report; the noise changes per report.
  const stable = prng(seed);
  const noise = prng(seed ^ step.noiseSeed);
  const at = opts.at.getTime();
  if (faults.has("version_skew") && nodeCount < 2)
    throw new RangeError("version_skew needs at least 2 nodes");

  const nodes: TReportNode[] = Array.from({ length: nodeCount }, (_, i) => {
    const uptime = (opts.uptimeSeconds ?? 30 * 86_400) + Math.floor(stable() * 3_600) + step.elapsedSeconds;
    const clockJitter = Math.round((stable() - 0.5) * 400 + (noise() - 0.5) * 400);
    const errors = (opts.networkErrors ?? 0) + (step.extraErrors[i] ?? 0);
    const drives: TReportDrive[] = Array.from({ length: perNode }, (_, j) => {
      const share = clamp(used + (stable() - 0.5) * 0.03 + (noise() - 0.5) * 0.01, 0, 1);
      return {
        path: `/mnt/disk${j + 1}`,
        state: "ok",
        total_bytes: driveBytes,
        used_bytes: Math.round(driveBytes * share),
      };
    });
    const rx = Math.floor(errors * 0.6);
    return {
      id: `node-${i + 1}.${opts.deploymentId}`,
      version,
      uptime_seconds: uptime,
      clock: new Date(at + clockJitter).toISOString(),
      network: { rx_errors: rx, tx_errors: errors - rx },
      drives,
    };
  });

  // Drives striped across nodes: disk1 of every node, then disk2 …, cut into sets, so a set
  // survives losing a node as real deployments are laid out.
  const order = Array.from({ length: nodeCount * perNode }, (_, k) => ({
    node: k % nodeCount,
    drive: Math.floor(k / nodeCount),
  }));
  const shape = setShape(order.length);
  const sets: TReportErasureSet[] = [];
  for (let k = 0; k < order.length; k += shape.size) {
    const members = order.slice(k, k + shape.size);
    sets.push({
      pool: 0,
      set: sets.length,
      health: "healthy",
      data_drives: members.length - shape.parity,
      parity_drives: shape.parity,
      drives: members.map((m) => `${nodes[m.node]?.id}:/mnt/disk${m.drive + 1}`),
    });
  }
  const setOf = (node: number, drive: number) =>
    sets.find((s) => s.drives.includes(`${nodes[node]?.id}:/mnt/disk${drive + 1}`));
  const drive = (node: number, index: number) => nodes[node]?.drives[index] as TReportDrive;
  const last = nodeCount - 1;

  if (faults.has("offline_drive")) {
    const [n, d] = [Math.min(1, last), Math.min(2, perNode - 1)];
    drive(n, d).state = "offline";
    const set = setOf(n, d);
    if (set) set.health = "degraded";
  }
  if (faults.has("nearly_full_drive")) {
    const d = drive(0, perNode - 1);
    d.used_bytes = Math.round(d.total_bytes * 0.85);
  }
  if (faults.has("full_drive")) {
    const d = drive(last, 0);
    d.used_bytes = Math.round(d.total_bytes * 0.95);
  }
  if (faults.has("version_skew")) (nodes[last] as TReportNode).version = olderVersion(version);
  if (faults.has("clock_drift"))
    (nodes[last] as TReportNode).clock = new Date(at + FAULT_CLOCK_AHEAD_MS).toISOString();
  if (faults.has("degraded_set")) {
    // A drive being rebuilt leaves its set degraded without any drive offline.
    const set = sets.at(-1) as TReportErasureSet;
    set.health = "degraded";
    const byRef = new Map<string, TReportDrive>(
      nodes.flatMap((node) => node.drives.map((d) => [`${node.id}:${d.path}`, d] as const)),
    );
    const rebuilding = set.drives.map((ref) => byRef.get(ref)).find((d) => d?.state === "ok");
    if (rebuilding) rebuilding.state = "healing";
  }
  if (faults.has("network_errors")) {
    const node = nodes[0] as TReportNode;
    node.network.rx_errors += FAULT_NETWORK_ERRORS;
  }

  return {
    schema_version: 1,
    deployment_id: opts.deploymentId,
    generated_at: opts.at.toISOString(),
    nodes,
    erasure_sets: sets,
  };
}

/**
 * One report. A network_errors fault adds errors on top of `networkErrors`: it fails the check
 * when analysed after a report generated without it (the check compares two reports).
 */
export function generateHealthReport(opts: GenerateHealthReportOptions): THealthReport {
  return build(opts, { elapsedSeconds: 0, extraErrors: [], noiseSeed: 0 });
}

/** `days × perDay` reports ending at `end`, oldest first: usage grows linearly, counters and uptime grow. */
export function generateHealthHistory(opts: GenerateHealthHistoryOptions): THealthReport[] {
  const count = Math.max(1, Math.round(opts.days * opts.perDay));
  const interval = DAY_MS / Math.max(1e-9, opts.perDay);
  const nodes = Math.max(1, Math.floor(opts.nodes ?? 4));
  const walk = prng((opts.seed ?? hash(opts.deploymentId)) ^ 0x9e3779b9);
  const errors = new Array<number>(nodes).fill(0);
  const reports: THealthReport[] = [];
  for (let k = 0; k < count; k++) {
    // A few errors on one node now and then: a living network, far below the warning threshold.
    if (k > 0) {
      const node = Math.floor(walk() * nodes);
      errors[node] = (errors[node] ?? 0) + Math.floor(walk() * 20);
    }
    const progress = count === 1 ? 1 : k / (count - 1);
    const at = new Date(opts.end.getTime() - (count - 1 - k) * interval);
    reports.push(
      build(
        {
          ...opts,
          at,
          usedFraction: opts.startUsedFraction + (opts.endUsedFraction - opts.startUsedFraction) * progress,
          faults: k === count - 1 ? opts.faults : [],
        },
        { elapsedSeconds: Math.floor((k * interval) / 1000), extraErrors: [...errors], noiseSeed: k + 1 },
      ),
    );
  }
  return reports;
}
