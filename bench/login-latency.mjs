// Latency on loopback with autocannon against a fresh server (empty data folder, demo data):
//   GET  /livez          — the cheapest route: framework + HTTP overhead
//   POST /api/auth/login           — a demo engineer signing in: password hash check + token issue
// Each load lasts a few seconds (≤ 10 s in all). Login is rate-limited per client, so non-2xx
// answers are counted and shown rather than hidden.
// Usage: node bench/login-latency.mjs [seconds-per-route=4]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { ensureBuilt, freePort, median, printTable, startServer, stopServer, waitFor } from "./lib.mjs";

const seconds = Math.min(
  5,
  Math.max(1, Number(process.argv[2] ?? (process.env.BENCH_SMOKE === "1" ? 1 : 4))),
);

function run(opts) {
  return new Promise((ok, fail) => {
    autocannon({ ...opts, duration: seconds }, (err, result) => (err ? fail(err) : ok(result)));
  });
}

ensureBuilt();
console.log(`$ node bench/login-latency.mjs ${seconds}`);
console.log("  server: node apps/server/dist/main.js on a fresh DATA_DIR, loopback only");
console.log(`  load: autocannon, ${seconds} s per route\n`);

const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-"));
const port = await freePort();
const server = startServer({ dataDir, port });
const base = `http://127.0.0.1:${port}`;
try {
  await waitFor(`${base}/livez`, server.t0, server, (res) => res.ok);

  // Successful sign-ins one at a time (the per-account limit allows 10 per 15 minutes, so three
  // per demo user): the time of a real password check and token issue, without queueing.
  const demoUsers = [
    ["admin@portico.example", "Admin-pass-1!"],
    ["owner@acme.example", "Owner-pass-1!"],
    ["user@acme.example", "User-pass-1!"],
  ];
  const single = [];
  const singleStatuses = {};
  for (let i = 0; i < 3; i++) {
    for (const [username, password] of demoUsers) {
      const t = performance.now();
      const res = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      await res.arrayBuffer();
      single.push(performance.now() - t);
      singleStatuses[res.status] = (singleStatuses[res.status] ?? 0) + 1;
    }
  }
  const st = Object.entries(singleStatuses)
    .map(([c, n]) => `${c}×${n}`)
    .join(" ");
  console.log("sequential sign-ins (3 per demo user, 1 connection):");
  printTable(
    ["route", "requests", "median", "min", "max", "statuses"],
    [
      [
        "POST /api/auth/login",
        String(single.length),
        `${median(single).toFixed(1)} ms`,
        `${Math.min(...single).toFixed(1)} ms`,
        `${Math.max(...single).toFixed(1)} ms`,
        st,
      ],
    ],
  );
  console.log(`\nunder load (autocannon, ${seconds} s per route; the login limit answers 429 once used up):`);

  const cases = [
    { name: "GET /livez", connections: 10, url: `${base}/livez` },
    {
      name: "POST /api/auth/login",
      connections: 4,
      url: `${base}/api/auth/login`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin@portico.example", password: "Admin-pass-1!" }),
    },
  ];
  const rows = [];
  for (const c of cases) {
    const { name, ...opts } = c;
    const r = await run(opts);
    const statuses = Object.entries(r.statusCodeStats ?? {})
      .map(([code, v]) => `${code}×${v.count}`)
      .join(" ");
    rows.push([
      name,
      String(c.connections),
      String(r.requests.total),
      r.requests.average.toFixed(0),
      `${r.latency.p50} ms`,
      `${r.latency.p90} ms`,
      `${r.latency.p99} ms`,
      `${r.latency.max} ms`,
      statuses || `2xx×${r["2xx"]} non2xx×${r.non2xx}`,
      String(r.errors + r.timeouts),
    ]);
  }
  printTable(["route", "conns", "requests", "req/s", "p50", "p90", "p99", "max", "statuses", "errors"], rows);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
