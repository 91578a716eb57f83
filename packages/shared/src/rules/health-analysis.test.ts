import { describe, expect, it } from "vitest";
import { CHECK_IDS, type CheckId, type TCheck } from "../schemas/clusters";
import { HEALTH_REPORT_MESSAGES, parseHealthReport, type THealthReport } from "../schemas/health-report";
import {
  type AnalysisInput,
  analyseReport,
  buildExplorerTree,
  fitForecast,
  type NetCounters,
  newlyFailing,
  sortChecks,
  type UsagePoint,
  worstCheck,
} from "./health-analysis";

const AT = "2026-11-20T12:00:00.000Z";
const T = Date.parse(AT);
const TIB = 1024 ** 4;
const DAY = 86_400_000;

interface Opts {
  nodes?: number;
  drives?: number;
  pct?: number;
  version?: (i: number) => string;
  clock?: (i: number) => string;
  errors?: (i: number) => number;
  uptime?: number;
  sets?: boolean;
}

/** A small healthy report: n nodes × d drives of 1 TiB, one 2+2 set per node pair of drives. */
function report(o: Opts = {}): THealthReport {
  const n = o.nodes ?? 4;
  const d = o.drives ?? 4;
  const nodes = Array.from({ length: n }, (_, i) => ({
    id: `node-${i + 1}`,
    version: o.version?.(i) ?? "2026.10.1",
    uptime_seconds: o.uptime ?? 86_400,
    clock: o.clock?.(i) ?? AT,
    network: { rx_errors: o.errors?.(i) ?? 0, tx_errors: 0 },
    drives: Array.from({ length: d }, (_, j) => ({
      path: `/mnt/disk${j + 1}`,
      state: "ok" as const,
      total_bytes: TIB,
      used_bytes: Math.round(TIB * ((o.pct ?? 50) / 100)),
    })),
  }));
  const erasure_sets =
    o.sets === false
      ? []
      : Array.from({ length: d }, (_, j) => ({
          pool: 0,
          set: j,
          health: "healthy" as const,
          data_drives: n - Math.floor(n / 2),
          parity_drives: Math.floor(n / 2),
          drives: nodes.map((node) => `${node.id}:/mnt/disk${j + 1}`),
        }));
  return { schema_version: 1, deployment_id: "dep-1", generated_at: AT, nodes, erasure_sets };
}

function analyse(r: THealthReport, more: Partial<AnalysisInput> = {}) {
  return analyseReport({ report: r, previous: null, history: [], ...more });
}

function get(checks: readonly TCheck[], id: CheckId): TCheck {
  const found = checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id}`);
  return found;
}

/** "passed" or the failing severity. */
function verdict(r: THealthReport, id: CheckId, more: Partial<AnalysisInput> = {}): string {
  const c = get(analyse(r, more).checks, id);
  return c.passed ? "passed" : c.severity;
}

describe("analyseReport on a healthy report", () => {
  const a = analyse(report());

  it("passes every check, in CHECK_IDS order, with info severity and no advice", () => {
    expect(a.checks.map((c) => c.id)).toEqual(CHECK_IDS);
    for (const c of a.checks) expect(c).toMatchObject({ passed: true, severity: "info", advice: "" });
    expect(get(a.checks, "drives_offline").message).toBe("All 16 drives are online");
    expect(get(a.checks, "version_skew").message).toBe("All 4 nodes run 2026.10.1");
  });

  it("measures raw and usable capacity (2+2 sets keep half)", () => {
    expect(a.metrics).toMatchObject({
      nodes: 4,
      drives: 16,
      drives_offline: 0,
      raw_total_bytes: 16 * TIB,
      raw_used_bytes: 8 * TIB,
      usable_total_bytes: 8 * TIB,
      usable_used_bytes: 4 * TIB,
      max_drive_usage_pct: 50,
      versions: ["2026.10.1"],
      max_clock_drift_ms: 0,
      network_errors_delta: 0,
      erasure_sets: 4,
      erasure_sets_degraded: 0,
      erasure_sets_offline: 0,
      days_to_full: null,
    });
    expect(a.counters["node-1"]).toEqual({ uptime_seconds: 86_400, errors: 0 });
    expect(a.forecast).toBeNull();
  });

  it("counts every drive raw when there are no erasure sets, and drives outside any set raw", () => {
    expect(analyse(report({ sets: false })).metrics.usable_total_bytes).toBe(16 * TIB);
    const r = report();
    r.erasure_sets = r.erasure_sets.slice(0, 2);
    // 8 drives in 2+2 sets (half) + 8 raw.
    expect(analyse(r).metrics.usable_total_bytes).toBe(12 * TIB);
  });
});

describe("drives_offline", () => {
  it.each(["offline", "faulty", "missing"] as const)(
    "fails critical for a %s drive and names it",
    (state) => {
      const r = report();
      (r.nodes[1]?.drives[3] as { state: string }).state = state;
      const c = get(analyse(r).checks, "drives_offline");
      expect(c).toMatchObject({ passed: false, severity: "critical" });
      expect(c.message).toContain("1 of 16 drives is offline: node-2:/mnt/disk4");
      expect(c.advice).toMatch(/replace/i);
      expect(analyse(r).metrics.drives_offline).toBe(1);
    },
  );

  it("lists at most five drives, then how many more", () => {
    const r = report({ nodes: 2, drives: 8 });
    for (const d of r.nodes[0]?.drives ?? []) d.state = "offline";
    expect(get(analyse(r).checks, "drives_offline").message).toBe(
      "8 of 16 drives are offline: node-1:/mnt/disk1, node-1:/mnt/disk2, node-1:/mnt/disk3, node-1:/mnt/disk4, " +
        "node-1:/mnt/disk5 and 3 more",
    );
  });

  it("passes with healing drives, naming them", () => {
    const r = report();
    (r.nodes[0]?.drives[0] as { state: string }).state = "healing";
    const c = get(analyse(r).checks, "drives_offline");
    expect(c.passed).toBe(true);
    expect(c.message).toBe("All 16 drives are online; 1 drive is healing: node-1:/mnt/disk1");
  });
});

describe("drive_usage thresholds (over 80 % warns, over 90 % is critical)", () => {
  it.each<[number, string]>([
    [79, "passed"],
    [80, "passed"],
    [81, "warning"],
    [89, "warning"],
    [90, "warning"],
    [91, "critical"],
    [100, "critical"],
  ])("%d %% → %s", (pct, expected) => {
    const r = report();
    const drive = r.nodes[0]?.drives[2] as { used_bytes: number; total_bytes: number };
    drive.used_bytes = (drive.total_bytes * pct) / 100;
    expect(verdict(r, "drive_usage")).toBe(expected);
  });

  it("names the fullest drive with its percentage and counts the others", () => {
    const r = report();
    (r.nodes[0]?.drives[2] as { used_bytes: number }).used_bytes = TIB * 0.93;
    (r.nodes[2]?.drives[0] as { used_bytes: number }).used_bytes = TIB * 0.85;
    const c = get(analyse(r).checks, "drive_usage");
    expect(c.message).toBe("Drive node-1:/mnt/disk3 is 93% full; 1 more drive over 80%");
    expect(c.advice).toMatch(/capacity|expand/);
    expect(analyse(r).metrics.max_drive_usage_pct).toBe(93);
  });

  it("never shows a failing drive as exactly the threshold", () => {
    const r = report();
    (r.nodes[0]?.drives[0] as { used_bytes: number }).used_bytes = TIB * 0.8001;
    expect(get(analyse(r).checks, "drive_usage").message).toContain("80.01% full");
  });

  it("treats a zero-byte drive as empty", () => {
    const r = report();
    Object.assign(r.nodes[0]?.drives[0] as object, { total_bytes: 0, used_bytes: 0 });
    expect(verdict(r, "drive_usage")).toBe("passed");
  });
});

describe("version_skew", () => {
  it("warns with each version and its node count, most common first", () => {
    const r = report({ version: (i) => (i === 3 ? "2025-11-02" : "2026-01-10") });
    const c = get(analyse(r).checks, "version_skew");
    expect(c).toMatchObject({ passed: false, severity: "warning" });
    expect(c.message).toBe("Nodes run 2 versions: 2026-01-10 (3 nodes), 2025-11-02 (1 node)");
    expect(c.advice).toContain("Upgrade all nodes to the same release (the newest, 2026-01-10)");
    expect(analyse(r).metrics.versions).toEqual(["2026-01-10", "2025-11-02"]);
  });
});

describe("clock_drift thresholds (over 5 s warns, over 60 s is critical)", () => {
  const at = (ms: number) => new Date(T + ms).toISOString();
  it.each<[number, string]>([
    [4_999, "passed"],
    [5_000, "passed"],
    [5_001, "warning"],
    [-5_001, "warning"],
    [60_000, "warning"],
    [60_001, "critical"],
    [-3_600_000, "critical"],
  ])("%d ms → %s", (ms, expected) => {
    expect(verdict(report({ clock: (i) => (i === 3 ? at(ms) : AT) }), "clock_drift")).toBe(expected);
  });

  it("names the worst node, how far and which way", () => {
    const r = report({ clock: (i) => (i === 3 ? at(42_000) : i === 1 ? at(-6_000) : AT) });
    const c = get(analyse(r).checks, "clock_drift");
    expect(c.message).toBe("node-4's clock is 42 s ahead; 1 more node over 5 s");
    expect(c.advice).toMatch(/NTP|chrony/);
    expect(analyse(r).metrics.max_clock_drift_ms).toBe(42_000);
    expect(get(analyse(report({ clock: () => at(-5_001) })).checks, "clock_drift").message).toContain(
      "5.001 s behind",
    );
  });

  it("reads far-future clocks without overflowing or throwing", () => {
    const r = report({ clock: (i) => (i === 0 ? "9999-12-31T23:59:59.999Z" : AT) });
    const a = analyse(r);
    expect(get(a.checks, "clock_drift")).toMatchObject({ passed: false, severity: "critical" });
    expect(get(a.checks, "clock_drift").message).toMatch(/^node-1's clock is [\d,]+ days ahead$/);
    expect(Number.isFinite(a.metrics.max_clock_drift_ms)).toBe(true);
  });
});

describe("erasure_sets", () => {
  it("warns on a degraded set and is critical on an offline one", () => {
    const r = report();
    (r.erasure_sets[1] as { health: string }).health = "degraded";
    expect(verdict(r, "erasure_sets")).toBe("warning");
    expect(get(analyse(r).checks, "erasure_sets").message).toBe(
      "1 of 4 erasure sets not healthy (1 degraded: pool 0 · set 1)",
    );
    (r.erasure_sets[2] as { health: string }).health = "offline";
    expect(verdict(r, "erasure_sets")).toBe("critical");
    expect(analyse(r).metrics).toMatchObject({ erasure_sets_degraded: 1, erasure_sets_offline: 1 });
  });
});

describe("network_errors (new errors since the previous report: 100 warns, 10,000 is critical)", () => {
  const previous = (errors: number, uptime = 3600): NetCounters =>
    Object.fromEntries([1, 2, 3, 4].map((i) => [`node-${i}`, { uptime_seconds: uptime, errors }]));

  it.each<[number, string]>([
    [99, "passed"],
    [100, "warning"],
    [9_999, "warning"],
    [10_000, "critical"],
  ])("%d new errors → %s", (delta, expected) => {
    const r = report({ errors: (i) => 50 + (i === 2 ? delta : 0) });
    expect(verdict(r, "network_errors", { previous: previous(50) })).toBe(expected);
    expect(analyse(r, { previous: previous(50) }).metrics.network_errors_delta).toBe(delta);
  });

  it("counts 0 on the first report ever, however many errors the counters hold", () => {
    const a = analyse(report({ errors: () => 1_000_000 }));
    expect(a.metrics.network_errors_delta).toBe(0);
    expect(get(a.checks, "network_errors")).toMatchObject({
      passed: true,
      message: "First report: its error counters are what the next report is compared with",
    });
  });

  it("counts 0 for a node seen for the first time", () => {
    const prev = previous(0);
    delete prev["node-4"];
    const r = report({ errors: (i) => (i === 3 ? 50_000 : 0) });
    expect(analyse(r, { previous: prev }).metrics.network_errors_delta).toBe(0);
  });

  it("counts all of a restarted node's errors (its uptime went down) as new", () => {
    const r = report({ uptime: 60, errors: (i) => (i === 0 ? 150 : 1_000) });
    // Every node restarted: all of their counts are new.
    expect(analyse(r, { previous: previous(1_000, 86_400) }).metrics.network_errors_delta).toBe(3_150);
    // Same counts without a restart: only node-1 … which went down, so its counter was reset.
    expect(analyse(r, { previous: previous(1_000, 30) }).metrics.network_errors_delta).toBe(150);
  });

  it("names the node with the most new errors", () => {
    const r = report({ errors: (i) => (i === 2 ? 170 : 10) });
    const c = get(analyse(r, { previous: previous(0) }).checks, "network_errors");
    expect(c.message).toBe("200 new network errors since the previous report, most on node-3 (170)");
    expect(c.advice).toMatch(/cabling.*NIC.*switch/);
  });
});

describe("capacity forecast", () => {
  /** History where usable used grows by `perDay` bytes a day, ending a day before AT. */
  const history = (count: number, startUsed: number, perDay: number, total: number): UsagePoint[] =>
    Array.from({ length: count }, (_, i) => ({
      t: T - (count - i) * DAY,
      usable_used_bytes: startUsed + perDay * i,
      usable_total_bytes: total,
    }));

  it("needs at least 3 points spanning 24 hours", () => {
    const p = (t: number, used: number) => ({ t, usable_used_bytes: used, usable_total_bytes: 100 });
    expect(fitForecast([p(0, 1), p(2 * DAY, 2)])).toBeNull();
    expect(fitForecast([p(0, 1), p(DAY / 2, 2), p(DAY - 1, 3)])).toBeNull();
    expect(fitForecast([p(0, 1), p(DAY / 2, 2), p(DAY, 3)])).not.toBeNull();
    // With 2 earlier points the current report makes 3.
    expect(analyse(report(), { history: history(1, 0, 0, 8 * TIB) }).forecast).toBeNull();
  });

  it("fits a straight line exactly", () => {
    const f = fitForecast(
      [0, 1, 2, 3].map((d) => ({ t: d * DAY, usable_used_bytes: 10 + 5 * d, usable_total_bytes: 100 })),
    );
    expect(f).toEqual({ from: 0, slope_bytes_per_day: 5, intercept_bytes: 10, full_at: 18 * DAY });
  });

  it("uses only the last FORECAST_REPORTS points by time", () => {
    // 40 old points rising fast, then 30 flat ones: the fit sees only the flat ones.
    const old = Array.from({ length: 40 }, (_, i) => ({
      t: i * DAY,
      usable_used_bytes: i * 1e12,
      usable_total_bytes: 1e15,
    }));
    const flat = Array.from({ length: 30 }, (_, i) => ({
      t: (40 + i) * DAY,
      usable_used_bytes: 5e13,
      usable_total_bytes: 1e15,
    }));
    const f = fitForecast([...flat, ...old].reverse());
    expect(f).toMatchObject({ from: 40 * DAY, slope_bytes_per_day: 0, full_at: null });
  });

  it("passes when flat or falling", () => {
    const flat = analyse(report(), { history: history(5, 4 * TIB, 0, 8 * TIB) });
    expect(get(flat.checks, "capacity_forecast")).toMatchObject({ passed: true });
    expect(flat.metrics.days_to_full).toBeNull();
    expect(flat.forecast?.full_at).toBeNull();
    const falling = analyse(report(), { history: history(5, 6 * TIB, -0.1 * TIB, 8 * TIB) });
    expect(get(falling.checks, "capacity_forecast").passed).toBe(true);
  });

  /** Usage now is 4 TiB of 8; the line rises so it is full in `days` days from AT. */
  const fullIn = (days: number) => {
    const perDay = (4 * TIB) / days;
    return analyse(report(), { history: history(10, 4 * TIB - 10 * perDay, perDay, 8 * TIB) });
  };

  it.each<[number, string]>([
    [60, "passed"],
    [31, "passed"],
    [30, "warning"],
    [10, "warning"],
    [7, "critical"],
    [5, "critical"],
  ])("full in %d days → %s", (days, expected) => {
    const a = fullIn(days);
    expect(a.metrics.days_to_full).toBeCloseTo(days, 5);
    const c = get(a.checks, "capacity_forecast");
    expect(c.passed ? "passed" : c.severity).toBe(expected);
  });

  it("says when, and advises expansion before that date", () => {
    const a = fullIn(10);
    const c = get(a.checks, "capacity_forecast");
    expect(a.forecast?.full_at).toBe(T + 10 * DAY);
    expect(c.message).toBe(
      "4 TiB of 8 TiB used; at +409.6 GiB a day the cluster is full in 10 days, around 2026-11-30",
    );
    expect(c.advice).toContain("Plan expansion before 2026-11-30");
  });

  it("says when the line has already passed the usable total", () => {
    // A jump the day before pulls the line over the total although the last point is under it.
    const jumpy = [6, 6.5, 7, 9.5].map((tib, i) => ({
      t: T - (4 - i) * DAY,
      usable_used_bytes: tib * TIB,
      usable_total_bytes: 8 * TIB,
    }));
    const a = analyse(report({ pct: 99 }), { history: jumpy });
    expect(a.metrics.days_to_full).toBe(0);
    expect(get(a.checks, "capacity_forecast")).toMatchObject({ passed: false, severity: "critical" });
    expect(get(a.checks, "capacity_forecast").message).toMatch(
      /the cluster has already reached the usable total \(around 20\d\d-\d\d-\d\d\)$/,
    );
  });

  it("never produces a date beyond what Date can hold", () => {
    const f = fitForecast(
      [0, 1, 2].map((d) => ({ t: d * DAY, usable_used_bytes: d * 1e-9, usable_total_bytes: 1e18 })),
    );
    expect(f?.full_at).toBeNull();
  });
});

describe("sortChecks, worstCheck, newlyFailing", () => {
  const c = (id: CheckId, severity: TCheck["severity"], passed: boolean): TCheck => ({
    id,
    title: id,
    severity,
    passed,
    message: "",
    advice: "",
  });
  const checks = [
    c("drives_offline", "info", true),
    c("drive_usage", "warning", false),
    c("version_skew", "info", true),
    c("clock_drift", "critical", false),
    c("erasure_sets", "warning", false),
    c("network_errors", "info", true),
    c("capacity_forecast", "critical", false),
  ];

  it("puts failed first, worst severity first, then passed, each in CHECK_IDS order", () => {
    expect(sortChecks([...checks].reverse()).map((x) => x.id)).toEqual([
      "clock_drift",
      "capacity_forecast",
      "drive_usage",
      "erasure_sets",
      "drives_offline",
      "version_skew",
      "network_errors",
    ]);
  });

  it("finds the worst failing check, or null when all pass", () => {
    expect(worstCheck(checks)?.id).toBe("clock_drift");
    expect(worstCheck(checks.filter((x) => x.passed))).toBeNull();
    expect(worstCheck([])).toBeNull();
  });

  it("reports checks failing now that passed or did not exist before", () => {
    const before = [c("drive_usage", "warning", false), c("clock_drift", "info", true)];
    expect(newlyFailing(before, checks).map((x) => x.id)).toEqual([
      "clock_drift",
      "erasure_sets",
      "capacity_forecast",
    ]);
    expect(newlyFailing(checks, checks)).toEqual([]);
  });
});

describe("buildExplorerTree", () => {
  const r = report({ nodes: 2, drives: 2 });
  (r.nodes[1]?.drives[0] as { state: string }).state = "offline";
  (r.nodes[0]?.drives[1] as { state: string }).state = "healing";
  (r.erasure_sets[0] as { health: string }).health = "degraded";
  const tree = buildExplorerTree(r);

  it("has the cluster, a Nodes branch and an Erasure sets branch with the worst state below", () => {
    expect(tree).toMatchObject({ kind: "cluster", label: "dep-1", state: "offline", total_bytes: 4 * TIB });
    const [nodes, sets] = tree.children;
    expect(nodes).toMatchObject({ key: "nodes", label: "Nodes", state: "offline", total_bytes: 4 * TIB });
    expect(sets).toMatchObject({
      key: "sets",
      label: "Erasure sets",
      state: "degraded",
      total_bytes: 4 * TIB,
    });
    expect(nodes?.children.map((n) => [n.label, n.state, n.detail])).toEqual([
      ["node-1", "healing", "2026.10.1 · up 1 d 0 h"],
      ["node-2", "offline", "2026.10.1 · up 1 d 0 h"],
    ]);
    expect(sets?.children.map((s) => [s.label, s.state, s.detail, s.children.map((d) => d.label)])).toEqual([
      ["Pool 0 · set 0", "degraded", "1+1", ["node-1:/mnt/disk1", "node-2:/mnt/disk1"]],
      ["Pool 0 · set 1", "healthy", "1+1", ["node-1:/mnt/disk2", "node-2:/mnt/disk2"]],
    ]);
    expect(sets?.children[0]?.children[1]).toMatchObject({
      kind: "drive",
      state: "offline",
      used_bytes: TIB / 2,
    });
  });

  it("gives every item a unique key", () => {
    const keys: string[] = [];
    const walk = (i: typeof tree) => {
      keys.push(i.key);
      i.children.forEach(walk);
    };
    walk(tree);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("a 10,000-node report", () => {
  it("parses, analyses and builds its tree without throwing", () => {
    const big = report({ nodes: 10_000, drives: 4, sets: false });
    const parsed = parseHealthReport(JSON.stringify(big), new Date(T));
    expect(parsed.ok).toBe(true);
    const a = analyse(big, { previous: analyse(big).counters });
    expect(a.metrics.drives).toBe(40_000);
    expect(a.checks.every((c) => c.passed)).toBe(true);
    expect(buildExplorerTree(big).children[0]?.children).toHaveLength(10_000);
  });
});

describe("parseHealthReport refuses bad reports with a clear message", () => {
  const now = new Date(T);
  const text = JSON.stringify(report());
  const refuse = (body: string) => {
    const r = parseHealthReport(body, now);
    if (r.ok) throw new Error("accepted");
    return r.error;
  };
  const edit = (f: (r: THealthReport & Record<string, unknown>) => void) => {
    const r = report() as THealthReport & Record<string, unknown>;
    f(r);
    return JSON.stringify(r);
  };

  it("accepts a good report", () => {
    expect(parseHealthReport(text, now).ok).toBe(true);
  });

  it.each<[string, () => string, RegExp | string]>([
    ["malformed JSON", () => "{nodes: [}", /^Report is not valid JSON/],
    ["truncated JSON", () => text.slice(0, text.length / 2), /^Report is not valid JSON/],
    ["an empty body", () => "", HEALTH_REPORT_MESSAGES.empty],
    ["whitespace", () => " \n", HEALTH_REPORT_MESSAGES.empty],
    [
      "a wrong schema_version",
      () => edit((r) => Object.assign(r, { schema_version: 2 })),
      HEALTH_REPORT_MESSAGES.version,
    ],
    [
      "used over total",
      () => edit((r) => Object.assign(r.nodes[0]?.drives[0] as object, { used_bytes: TIB + 1 })),
      HEALTH_REPORT_MESSAGES.usedOverTotal,
    ],
    [
      "duplicate nodes",
      () => edit((r) => Object.assign(r.nodes[1] as object, { id: "node-1" })),
      HEALTH_REPORT_MESSAGES.duplicateNode,
    ],
    [
      "an unknown drive ref",
      () => edit((r) => r.erasure_sets[0]?.drives.push("node-9:/mnt/disk1")),
      /: An erasure set names a drive that no node lists: node-9:\/mnt\/disk1$/,
    ],
    [
      "a bad drive state",
      () => edit((r) => Object.assign(r.nodes[0]?.drives[0] as object, { state: "melted" })),
      /^Report does not match the health report schema: nodes\.0\.drives\.0\.state: /,
    ],
    [
      "a report 2 hours in the future",
      () => edit((r) => Object.assign(r, { generated_at: new Date(T + 2 * 3_600_000).toISOString() })),
      HEALTH_REPORT_MESSAGES.inFuture,
    ],
  ])("%s", (_, body, message) => {
    const error = refuse(body());
    if (typeof message === "string") expect(error).toBe(message);
    else expect(error).toMatch(message);
  });

  it("accepts 10,000 nodes and refuses 10,001", () => {
    const nodes = (n: number) => JSON.stringify(report({ nodes: n, drives: 1, sets: false }));
    expect(parseHealthReport(nodes(10_000), now).ok).toBe(true);
    expect(refuse(nodes(10_001))).toBe(HEALTH_REPORT_MESSAGES.tooManyNodes);
  });

  it("accepts a report up to an hour ahead", () => {
    const body = edit((r) => Object.assign(r, { generated_at: new Date(T + 3_600_000).toISOString() }));
    expect(parseHealthReport(body, now).ok).toBe(true);
  });
});
