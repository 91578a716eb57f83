import { describe, expect, it } from "vitest";
import { CHECK_IDS, type CheckId } from "../schemas/clusters";
import { parseHealthReport, type THealthReport, ZHealthReport } from "../schemas/health-report";
import { analyseReport, type UsagePoint } from "./health-analysis";
import {
  generateHealthHistory,
  generateHealthReport,
  HEALTH_FAULTS,
  type HealthFault,
} from "./health-report-generator";

const at = new Date("2026-11-20T12:00:00.000Z");
const hourBefore = new Date(at.getTime() - 3_600_000);
const TIB = 1024 ** 4;

/** The item at index (negative from the end), which the test knows is there. */
function pick<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function failing(report: THealthReport, previous: THealthReport = report) {
  const before = analyseReport({ report: previous, previous: null, history: [] });
  return analyseReport({ report, previous: before.counters, history: [] }).checks.filter((c) => !c.passed);
}

describe("generateHealthReport", () => {
  const healthy = generateHealthReport({ deploymentId: "dep-1", at });

  it("writes a valid report of 4 nodes × 8 drives of 16 TiB in 16-drive 12+4 sets", () => {
    expect(ZHealthReport.safeParse(healthy).success).toBe(true);
    expect(parseHealthReport(JSON.stringify(healthy), at).ok).toBe(true);
    expect(healthy.nodes.map((n) => n.id)).toEqual([
      "node-1.dep-1",
      "node-2.dep-1",
      "node-3.dep-1",
      "node-4.dep-1",
    ]);
    expect(healthy.nodes[0]?.drives.map((d) => d.path)).toEqual(
      Array.from({ length: 8 }, (_, i) => `/mnt/disk${i + 1}`),
    );
    expect(healthy.erasure_sets.map((s) => [s.data_drives, s.parity_drives, s.drives.length])).toEqual([
      [12, 4, 16],
      [12, 4, 16],
    ]);
    // A set spreads over every node.
    expect(new Set(healthy.erasure_sets[0]?.drives.map((r) => r.split(":")[0])).size).toBe(4);
    const shares = healthy.nodes.flatMap((n) => n.drives.map((d) => d.used_bytes / d.total_bytes));
    expect(Math.min(...shares)).toBeGreaterThan(0.42);
    expect(Math.max(...shares)).toBeLessThan(0.48);
    expect(new Set(shares).size).toBeGreaterThan(1);
    expect(healthy.nodes[0]?.drives[0]?.total_bytes).toBe(16 * TIB);
  });

  it("passes every check when healthy", () => {
    expect(failing(healthy)).toEqual([]);
  });

  it("is deterministic: same options and seed, same report; another seed differs", () => {
    expect(generateHealthReport({ deploymentId: "dep-1", at })).toEqual(healthy);
    expect(generateHealthReport({ deploymentId: "dep-1", at, seed: 7 })).toEqual(
      generateHealthReport({ deploymentId: "dep-1", at, seed: 7 }),
    );
    expect(generateHealthReport({ deploymentId: "dep-1", at, seed: 7 })).not.toEqual(healthy);
  });

  it.each<[HealthFault, CheckId, string]>([
    ["offline_drive", "drives_offline", "critical"],
    ["nearly_full_drive", "drive_usage", "warning"],
    ["full_drive", "drive_usage", "critical"],
    ["version_skew", "version_skew", "warning"],
    ["clock_drift", "clock_drift", "warning"],
    ["degraded_set", "erasure_sets", "warning"],
    ["network_errors", "network_errors", "warning"],
  ])("%s fails %s (%s)", (fault, id, severity) => {
    const report = generateHealthReport({ deploymentId: "dep-1", at, faults: [fault] });
    expect(ZHealthReport.safeParse(report).success).toBe(true);
    const previous = generateHealthReport({ deploymentId: "dep-1", at: hourBefore });
    const failed = failing(report, previous);
    expect(failed.find((c) => c.id === id)?.severity).toBe(severity);
    // Only the check named (an offline drive also degrades its set).
    const also = fault === "offline_drive" ? ["erasure_sets"] : [];
    expect(failed.map((c) => c.id).sort()).toEqual([id, ...also].sort());
  });

  it("combines every fault in one valid report", () => {
    const report = generateHealthReport({ deploymentId: "dep-1", at, faults: HEALTH_FAULTS });
    expect(parseHealthReport(JSON.stringify(report), at).ok).toBe(true);
    const failed = failing(report, generateHealthReport({ deploymentId: "dep-1", at: hourBefore }));
    // Everything but the forecast, which needs a history.
    expect(failed.map((c) => c.id)).toEqual(CHECK_IDS.filter((id) => id !== "capacity_forecast"));
  });

  it("sizes to the options, down to a single drive", () => {
    const big = generateHealthReport({
      deploymentId: "d",
      at,
      nodes: 16,
      drivesPerNode: 12,
      driveBytes: TIB,
      usedFraction: 0.7,
    });
    expect(ZHealthReport.safeParse(big).success).toBe(true);
    expect(big.erasure_sets).toHaveLength(12);
    expect(analyseReport({ report: big, previous: null, history: [] }).metrics.usable_total_bytes).toBe(
      16 * 12 * TIB * 0.75,
    );
    const one = generateHealthReport({ deploymentId: "d", at, nodes: 1, drivesPerNode: 1 });
    expect(ZHealthReport.safeParse(one).success).toBe(true);
    expect(one.erasure_sets).toEqual([expect.objectContaining({ data_drives: 1, parity_drives: 0 })]);
    expect(() => generateHealthReport({ deploymentId: "d", at, nodes: 1, faults: ["version_skew"] })).toThrow(
      RangeError,
    );
  });
});

describe("generateHealthHistory", () => {
  const opts = {
    deploymentId: "dep-2",
    end: at,
    days: 30,
    perDay: 2,
    startUsedFraction: 0.3,
    endUsedFraction: 0.5,
  };
  const history = generateHealthHistory(opts);

  it("writes days × perDay valid reports, oldest first, ending at end", () => {
    expect(history).toHaveLength(60);
    for (const r of history) expect(ZHealthReport.safeParse(r).success).toBe(true);
    const times = history.map((r) => Date.parse(r.generated_at));
    expect(times.at(-1)).toBe(at.getTime());
    expect(pick(times, 1) - pick(times, 0)).toBe(12 * 3_600_000);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(generateHealthHistory(opts)).toEqual(history);
  });

  it("grows usage, uptime and error counters, and passes every check when analysed in order", () => {
    let previous = null;
    const points: UsagePoint[] = [];
    for (const report of history) {
      const a = analyseReport({ report, previous, history: points.slice(-30) });
      expect(a.checks.filter((c) => !c.passed)).toEqual([]);
      previous = a.counters;
      points.push({
        t: Date.parse(report.generated_at),
        usable_used_bytes: a.metrics.usable_used_bytes,
        usable_total_bytes: a.metrics.usable_total_bytes,
      });
    }
    const first = pick(pick(history, 0).nodes, 0);
    const last = pick(pick(history, -1).nodes, 0);
    expect(last.uptime_seconds - first.uptime_seconds).toBe(59 * 12 * 3600);
    const errs = (r: THealthReport) =>
      r.nodes.reduce((s, n) => s + n.network.rx_errors + n.network.tx_errors, 0);
    expect(errs(pick(history, -1))).toBeGreaterThan(errs(pick(history, 0)));
    expect(pick(points, -1).usable_used_bytes / pick(points, 0).usable_used_bytes).toBeCloseTo(0.5 / 0.3, 1);
  });

  it("applies faults to the newest report only, and a steep rise fails the forecast", () => {
    const broken = generateHealthHistory({ ...opts, faults: ["offline_drive", "network_errors"] });
    expect(failing(pick(broken, -2), pick(broken, -3))).toEqual([]);
    expect(failing(pick(broken, -1), pick(broken, -2)).map((c) => c.id)).toEqual([
      "drives_offline",
      "erasure_sets",
      "network_errors",
    ]);
    const filling = generateHealthHistory({
      ...opts,
      days: 10,
      startUsedFraction: 0.2,
      endUsedFraction: 0.7,
    });
    const points = filling.slice(0, -1).map((r) => {
      const m = analyseReport({ report: r, previous: null, history: [] }).metrics;
      return {
        t: Date.parse(r.generated_at),
        usable_used_bytes: m.usable_used_bytes,
        usable_total_bytes: m.usable_total_bytes,
      };
    });
    const a = analyseReport({ report: pick(filling, -1), previous: null, history: points });
    expect(a.checks.find((c) => c.id === "capacity_forecast")).toMatchObject({
      passed: false,
      severity: "critical",
    });
  });
});
