// What Portico's request pipeline costs over the query it serves. On a fresh PostgreSQL database:
//   portico — node apps/server/dist/main.js, GET /api/auth/accountsinfo as the demo customer owner
//             (authentication, the viewer query, policy, the list query and its count, schemas,
//             security headers, logging off);
//   bare    — Fastify + pg in this process, the same two SQL statements for the same user, no auth.
// Both are driven by autocannon in alternation (portico, bare, portico, bare, …) so that the
// machine's drift hits both alike; the figure is the ratio of their requests per second.
// Target (issue 5): overhead ≤ 1.5×, i.e. Portico serves at least 1/1.5 of bare.
// Usage: node bench/api-overhead.mjs [seconds-per-round=5] [rounds=3]   (BENCH_SMOKE=1: 1 s, 1 round)
//        BENCH_DATABASE_URL=postgres://user@host:5432/db (default postgres://postgres@127.0.0.1:5432/test)
// Needs PostgreSQL: a database is created for the run and dropped afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import {
  ensureBuilt,
  freePort,
  freshDatabase,
  printTable,
  requireFromServer,
  sizeArg,
  startServer,
  stopServer,
  waitFor,
} from "./lib.mjs";

const seconds = sizeArg(2, 5, 1);
const rounds = sizeArg(3, 3, 1);
const connections = 10;
const TARGET = 1.5;

const pg = requireFromServer("pg");
const Fastify = requireFromServer("fastify");

// The statements Portico's listAccounts sends for a customer (captured from its query log).
const LIST_SQL = `select "id", "company", "is_trial", "is_disabled", "account_type", "service_type", "plan_status", "has_support", "contract_capacity", "reported_capacity", "sla_hours", "subscription_provider", "currency_code", "last_message_at", "created_at", (select count(*)::int from "memberships" where "account_id" = "id") from "accounts" where "accounts"."id" in (select "account_id" from "memberships" where "memberships"."user_id" = $1) order by lower("accounts"."company") asc limit $2`;
const COUNT_SQL = `select count(*) from "accounts" where "accounts"."id" in (select "account_id" from "memberships" where "memberships"."user_id" = $1)`;

function load(url, headers) {
  return new Promise((ok, fail) => {
    autocannon({ url, headers, connections, duration: seconds }, (err, r) => (err ? fail(err) : ok(r)));
  });
}

/** The bare twin: one pool of the same size as Portico's, the same statements, the same answer shape. */
async function startBare(databaseUrl, userId) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get("/api/auth/accountsinfo", async () => {
    const [rows, total] = await Promise.all([
      pool.query(LIST_SQL, [userId, 50]),
      pool.query(COUNT_SQL, [userId]),
    ]);
    return {
      items: rows.rows.map((r) => ({ account_id: r.id, company: r.company, users: r.count })),
      total: Number(total.rows[0].count),
      page: 1,
      page_size: 50,
    };
  });
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  return {
    url: `http://127.0.0.1:${port}/api/auth/accountsinfo`,
    close: () => app.close().then(() => pool.end()),
  };
}

ensureBuilt();
console.log(`$ node bench/api-overhead.mjs ${seconds} ${rounds}`);
const database = await freshDatabase();
console.log(
  `  database: fresh ${database.name} on ${database.host}; ${connections} connections; ${rounds} rounds of ${seconds} s each\n`,
);

const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-"));
const port = await freePort();
const server = startServer({
  dataDir,
  port,
  env: { DATABASE_URL: database.url, SEED_DEMO: "true", LOG_LEVEL: "silent" },
});
let bare;
try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/maintenance/status`, server.t0, server, (res) => res.ok);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "owner@acme.example", password: "Owner-pass-1!" }),
  });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status} ${await login.text()}`);
  const { access_token: token } = await login.json();
  const owner = new pg.Client({ connectionString: database.url });
  await owner.connect();
  const userId = (await owner.query(`select id from users where email = 'owner@acme.example'`)).rows[0].id;
  await owner.end();
  bare = await startBare(database.url, userId);

  const portico = { url: `${base}/api/auth/accountsinfo`, headers: { authorization: `Bearer ${token}` } };
  // Warm both (JIT, pools, prepared statements) before measuring.
  await load(portico.url, portico.headers);
  await load(bare.url, {});

  const rows = [];
  const totals = { portico: 0, bare: 0 };
  for (let round = 1; round <= rounds; round++) {
    const p = await load(portico.url, portico.headers);
    const b = await load(bare.url, {});
    if (p.non2xx > 0 || b.non2xx > 0)
      throw new Error(`non-2xx answers: portico ${p.non2xx}, bare ${b.non2xx}`);
    totals.portico += p.requests.average;
    totals.bare += b.requests.average;
    rows.push([
      String(round),
      p.requests.average.toFixed(0),
      `${p.latency.p50} / ${p.latency.p99} ms`,
      b.requests.average.toFixed(0),
      `${b.latency.p50} / ${b.latency.p99} ms`,
      `${(b.requests.average / p.requests.average).toFixed(2)}×`,
    ]);
  }
  printTable(["round", "portico req/s", "portico p50/p99", "bare req/s", "bare p50/p99", "overhead"], rows);
  const ratio = totals.bare / totals.portico;
  console.log(
    `\noverhead: ${ratio.toFixed(2)}× (bare ${(totals.bare / rounds).toFixed(0)} req/s, Portico ${(totals.portico / rounds).toFixed(0)} req/s); target ≤ ${TARGET}× — ${ratio <= TARGET ? "met" : "MISSED"}`,
  );
} finally {
  await bare?.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
