// Cluster health at scale (issue 12), on a fresh PostgreSQL database: one account with CLUSTERS
// clusters × REPORTS analysed reports each (generated inside PostgreSQL with generate_series:
// realistic checks and metrics jsonb, usage growing day by day, a few checks failing here and
// there; each cluster's own columns filled from its newest report, a 16-node × 16-drive report as
// its latest_report), then:
//   GET /api/health (the overview of the account, worst first, with its fleet summary) p95,
//   GET /api/health reqType=trends and reqType=checks of one cluster p95,
//   analysis time per report: the shared parseHealthReport + analyseReport (bundled from
//   packages/shared with esbuild, as the server bundles them) on a 16 × 16 and a 1,000 × 16 report,
//   and the real call-home path (POST /api/health/report with the cluster's key until its row is
//   analysed) for a 16 × 16 report.
// Targets: overview p95 < 100 ms, trends and checks p95 < 50 ms.
// Usage: node bench/cluster-health.mjs [clusters=500] [reports=30] [samples=100]
//        (BENCH_SMOKE=1: 50 clusters × 10 reports, 10 samples, the 1,000-node report analysed once)
//        BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); BENCH_KEEP_DB=1 keeps
//        the seeded database for EXPLAIN; BENCH_PORT (default a free port).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  apiCall,
  ensureBuilt,
  latencyRow,
  median,
  printHeader,
  printTable,
  repoRoot,
  requireFromServer,
  seededServerRun,
  signInAs,
  sizeArg,
  smoke,
  timed,
} from "./lib.mjs";

const CLUSTERS = sizeArg(2, 500, 50);
const REPORTS = sizeArg(3, 30, 10);
const SAMPLES = sizeArg(4, 100, 10);
const ANALYSE_RUNS = smoke ? 2 : 10;
const INGEST_RUNS = smoke ? 2 : 5;
const TARGETS = { overview: 100, cluster: 50 };

/** The shared analysis and generator, bundled once into a temporary module. */
async function loadShared(dir) {
  const esbuild = requireFromServer("esbuild");
  const shared = join(repoRoot, "packages", "shared", "src");
  const outfile = join(dir, "shared-analysis.mjs");
  await esbuild.build({
    stdin: {
      contents: [
        `export { analyseReport } from ${JSON.stringify(join(shared, "rules", "health-analysis.ts"))};`,
        `export { generateHealthReport } from ${JSON.stringify(join(shared, "rules", "health-report-generator.ts"))};`,
        `export { parseHealthReport } from ${JSON.stringify(join(shared, "schemas", "health-report.ts"))};`,
      ].join("\n"),
      resolveDir: join(repoRoot, "apps", "server"),
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile,
    logLevel: "error",
  });
  return import(pathToFileURL(outfile).href);
}

/** The fleet's rows, each cluster's latest_report being `latestReport`. */
async function seed(q, latestReport) {
  const t0 = performance.now();
  const { rows } = await q("insert into accounts (company) values ('bench-fleet') returning id");
  const account = rows[0].id;
  await q(
    `insert into memberships (account_id, user_id, role)
     select $1, id, 'owner' from users where email = 'owner@acme.example'`,
    [account],
  );
  await q(
    `insert into clusters (id, account_id, deployment_id, name, created_at, updated_at)
     select gen_random_uuid()::text, $1, 'bench-' || g, 'cluster-' || lpad(g::text, 4, '0'),
            now() - interval '60 days', now()
     from generate_series(1, $2::int) g`,
    [account, CLUSTERS],
  );
  // One check as the analysis writes it.
  await q(`create function pg_temp.chk(id text, title text, failed boolean, severity text, message text)
           returns jsonb language sql immutable as $$
             select jsonb_build_object('id', id, 'title', title,
               'severity', case when failed then severity else 'info' end, 'passed', not failed,
               'message', message, 'advice', case when failed then 'See the documentation of ' || id else '' end)
           $$`);
  // Report k of cluster n (k = 1 oldest … REPORTS newest, one a day): usage grows with k, the
  // fullest clusters cross 80 % and 90 %; now and then a drive is offline or a clock drifts;
  // one cluster in eleven runs two versions.
  await q(
    `insert into cluster_reports (cluster_id, account_id, size, status, generated_at, received_at, analysed_at,
                                  checks, metrics, usable_total_bytes, usable_used_bytes, failed_checks)
     select c.id, c.account_id, 48000, 'analysed', m.at, m.at + interval '2 seconds', m.at + interval '3 seconds',
            j.checks, j.metrics, m.total, u.used,
            (select count(*) from jsonb_array_elements(j.checks) e where not (e->>'passed')::boolean)
     from clusters c
     cross join generate_series(1, $2::int) k
     cross join lateral (select split_part(c.deployment_id, '-', 2)::int as n) cn
     cross join lateral (
       select now() - ($2::int - k) * interval '1 day' - interval '1 hour' as at,
              (64 + cn.n % 64)::bigint * 1099511627776 as total,
              least(0.97, 0.25 + (cn.n % 9) * 0.07 + k * 0.004) as pct,
              case when (cn.n * 7 + k) % 23 = 0 then 1 + cn.n % 3 else 0 end as offline,
              case when (cn.n + k) % 37 = 0 then 7000 + cn.n else 20 + cn.n % 200 end as drift,
              cn.n % 11 = 0 as skew,
              (cn.n * 13 + k) % 50 as net
     ) m
     cross join lateral (select (m.total * m.pct)::bigint as used) u
     cross join lateral (
       select jsonb_build_array(
                pg_temp.chk('drives_offline', 'Drive availability', m.offline > 0, 'critical', m.offline || ' drives offline'),
                pg_temp.chk('drive_usage', 'Drive usage', m.pct > 0.8,
                            case when m.pct > 0.9 then 'critical' else 'warning' end,
                            'Fullest drive ' || round(m.pct * 100 + 3) || ' % used'),
                pg_temp.chk('version_skew', 'Version consistency', m.skew, 'warning', '2 versions'),
                pg_temp.chk('clock_drift', 'Clock sync', m.drift > 5000, 'warning', 'Drift ' || m.drift || ' ms'),
                pg_temp.chk('erasure_sets', 'Erasure set health', false, 'warning', 'All 16 sets healthy'),
                pg_temp.chk('network_errors', 'Network errors', false, 'warning', m.net || ' new errors'),
                pg_temp.chk('capacity_forecast', 'Capacity forecast', false, 'warning', 'Full in more than 30 days')
              ) as checks,
              jsonb_build_object(
                'nodes', 16, 'drives', 256, 'drives_offline', m.offline,
                'raw_total_bytes', m.total * 2, 'raw_used_bytes', u.used * 2,
                'usable_total_bytes', m.total, 'usable_used_bytes', u.used,
                'max_drive_usage_pct', round((m.pct * 100 + 3)::numeric, 1),
                'versions', case when m.skew then '["2026.10.1","2026.11.2"]'::jsonb else '["2026.11.2"]'::jsonb end,
                'max_clock_drift_ms', m.drift, 'network_errors_delta', m.net,
                'erasure_sets', 16, 'erasure_sets_degraded', 0, 'erasure_sets_offline', 0,
                'days_to_full', null) as metrics
     ) j
     where c.account_id = $1`,
    [account, REPORTS],
  );
  const reportsAt = performance.now();
  // Each cluster's own columns, from its newest report, as the analysis job leaves them.
  await q(
    `update clusters c
     set last_report_at = r.generated_at, latest_report_id = r.id, total_space = r.usable_total_bytes,
         used_space = r.usable_used_bytes, completed_checks = 7, failed_checks = r.failed_checks,
         worst_rank = (select coalesce(max(case e->>'severity' when 'critical' then 2 when 'warning' then 1 else 0 end), 0)
                       from jsonb_array_elements(r.checks) e where not (e->>'passed')::boolean),
         checks = r.checks, latest_report = $2::jsonb,
         net_counters = '{}'::jsonb
     from (select distinct on (cluster_id) * from cluster_reports where account_id = $1
           order by cluster_id, generated_at desc) r
     where c.id = r.cluster_id`,
    [account, JSON.stringify(latestReport)],
  );
  await q(
    `update accounts set reported_capacity =
       (select round(sum(total_space) / power(2::numeric, 40))::int from clusters where account_id = $1)
     where id = $1`,
    [account],
  );
  await q("vacuum analyze");
  const done = performance.now();
  const { rows: counts } = await q(
    "select (select count(*) from clusters where account_id = $1) as clusters, (select count(*) from cluster_reports where account_id = $1) as reports, (select pg_size_pretty(pg_total_relation_size('clusters'))) as clusters_size",
    [account],
  );
  const { rows: one } = await q(
    "select id from clusters where account_id = $1 order by worst_rank desc, name limit 1",
    [account],
  );
  return {
    account,
    clusterId: one[0].id,
    counts: counts[0],
    reportsMs: reportsAt - t0,
    totalMs: done - t0,
  };
}

/**
 * The bulk rows (see the top), with the shared analysis bundled into the data folder; prints what
 * it seeded and returns the analysis, a report generator by node count and the fleet's ids.
 */
async function load(q, { dataDir }) {
  const shared = await loadShared(dataDir);
  const at = new Date();
  const sized = (nodes) =>
    shared.generateHealthReport({ deploymentId: `bench-${nodes}`, at, nodes, drivesPerNode: 16 });
  const loaded = await seed(q, sized(16));
  console.log(
    `  seeded ${loaded.counts.clusters} clusters, ${loaded.counts.reports} reports in ${(loaded.totalMs / 1000).toFixed(1)} s (reports ${(loaded.reportsMs / 1000).toFixed(1)} s; clusters table ${loaded.counts.clusters_size} with each latest report)\n`,
  );
  return { shared, sized, account: loaded.account, clusterId: loaded.clusterId };
}

/** Parse + analyse one report `runs` times (after one warm-up); ms per run, ascending. */
function analysisTimes(shared, report, runs) {
  const text = JSON.stringify(report);
  const history = Array.from({ length: 29 }, (_, i) => ({
    t: Date.parse(report.generated_at) - (29 - i) * 86_400_000,
    usable_used_bytes: 1e14 + i * 1e12,
    usable_total_bytes: 1e15,
  }));
  const once = () => {
    const t0 = performance.now();
    const parsed = shared.parseHealthReport(text, new Date(Date.parse(report.generated_at) + 60_000));
    if (!parsed.ok) throw new Error(`generated report refused: ${parsed.error}`);
    const t1 = performance.now();
    shared.analyseReport({ report: parsed.report, previous: null, history });
    return [t1 - t0, performance.now() - t1];
  };
  once();
  const parse = [];
  const analyse = [];
  for (let i = 0; i < runs; i++) {
    const [p, a] = once();
    parse.push(p);
    analyse.push(a);
  }
  return { bytes: Buffer.byteLength(text), parse, analyse };
}

/** The health routes' latency, the analysis per report in this process, and the call-home path. */
async function measure({ base, loaded: { shared, sized, account, clusterId } }) {
  const owner = await signInAs(base, "owner@acme.example", "Owner-pass-1!");
  const get = (path) => () => apiCall(base, "GET", path, owner);
  const cluster = `accId=${account}&clusterId=${clusterId}`;
  const overview = await get(`/api/health?accId=${account}`)();
  if (overview.items.length !== CLUSTERS)
    throw new Error(`overview listed ${overview.items.length} clusters`);
  for (let i = 0; i < 5; i++) await get(`/api/health?accId=${account}`)();

  const cases = [
    [
      `GET /api/health (overview, ${CLUSTERS} clusters)`,
      TARGETS.overview,
      get(`/api/health?accId=${account}`),
    ],
    [
      `GET /api/health reqType=trends (${REPORTS} reports)`,
      TARGETS.cluster,
      get(`/api/health?${cluster}&reqType=trends`),
    ],
    ["GET /api/health reqType=checks", TARGETS.cluster, get(`/api/health?${cluster}&reqType=checks`)],
  ];
  const rows = [];
  for (const [label, target, fn] of cases) rows.push(latencyRow(label, await timed(SAMPLES, fn), target));
  printTable(["request", "samples", "p50", "p95", "target p95"], rows);

  // Analysis per report: the job's own work (parse the stored bytes, analyse), in this process.
  console.log("");
  const analysed = [];
  for (const [label, nodes, runs] of [
    ["16 nodes × 16 drives", 16, ANALYSE_RUNS * 5],
    ["1,000 nodes × 16 drives", 1000, ANALYSE_RUNS],
  ]) {
    const r = analysisTimes(shared, sized(nodes), runs);
    analysed.push([
      label,
      `${(r.bytes / 1024).toFixed(0)} KiB`,
      String(r.parse.length),
      `${median(r.parse).toFixed(1)} ms`,
      `${median(r.analyse).toFixed(1)} ms`,
      `${median(r.parse.map((p, i) => p + (r.analyse[i] ?? 0))).toFixed(1)} ms`,
    ]);
  }
  printTable(["analysis per report", "JSON", "runs", "parse p50", "analyse p50", "total p50"], analysed);

  // The real path: the cluster's cron job posts its report; the job analyses it after the upload.
  const reg = await apiCall(base, "POST", `/api/cluster/register?aid=${account}`, owner, {
    name: "Calls home",
    deployment_id: "bench-ingest",
  });
  const ingest = [];
  for (let i = 0; i < INGEST_RUNS; i++) {
    const report = shared.generateHealthReport({
      deploymentId: "bench-ingest",
      at: new Date(Date.now() - (INGEST_RUNS - i) * 1000),
      nodes: 16,
      drivesPerNode: 16,
    });
    const t = performance.now();
    const res = await fetch(`${base}/api/health/report`, {
      method: "POST",
      headers: { authorization: `Bearer ${reg.call_home_key}`, "content-type": "application/json" },
      body: JSON.stringify(report),
    });
    if (res.status !== 202) throw new Error(`POST /api/health/report: ${res.status} ${await res.text()}`);
    const { report_id } = await res.json();
    const accepted = performance.now() - t;
    for (;;) {
      const log = await get(`/api/health?accId=${account}&clusterId=${reg.cluster.id}&reqType=reports`)();
      const row = log.items.find((r) => r.report_id === report_id);
      if (row?.status === "failed") throw new Error(`report ${report_id} failed: ${row.error}`);
      if (row?.status === "analysed") break;
      if (performance.now() - t > 60_000) throw new Error(`report ${report_id} not analysed within 60 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    ingest.push([accepted, performance.now() - t]);
  }
  console.log("");
  printTable(
    ["call home, 16 × 16 report", "runs", "202 p50", "analysed p50 (poll 10 ms)"],
    [
      [
        "POST /api/health/report → analysed",
        String(ingest.length),
        `${median(ingest.map(([a]) => a)).toFixed(1)} ms`,
        `${median(ingest.map(([, d]) => d)).toFixed(1)} ms`,
      ],
    ],
  );
}

ensureBuilt();
printHeader("cluster-health.mjs", CLUSTERS, REPORTS, SAMPLES);
await seededServerRun({ load, measure });
