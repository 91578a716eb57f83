// Small helpers shared by the bench scripts (no dependencies beyond Node 20).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const serverEntry = join(repoRoot, "apps", "server", "dist", "main.js");
export const webIndex = join(repoRoot, "apps", "web", "dist", "index.html");

/** BENCH_SMOKE=1: each bench runs once at a small size (`npm run bench -- --smoke`, CI). */
export const smoke = process.env.BENCH_SMOKE === "1";

/** A size from the command line (`process.argv[i]`), else the full or the smoke default; at least 1. */
export const sizeArg = (i, full, small) => Math.max(1, Number(process.argv[i] ?? (smoke ? small : full)));

/** The command that produced the figures below it, and the machine it ran on. */
export function printHeader(script, ...args) {
  console.log(`$ node bench/${script} ${args.join(" ")}${smoke ? "   (BENCH_SMOKE=1)" : ""}`);
  console.log(
    `  machine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
}

/** Builds the web app and server once when their output is missing. */
export function ensureBuilt() {
  if (existsSync(serverEntry) && existsSync(webIndex)) return;
  console.log("$ npm run build   (dist missing)");
  const r = spawnSync("npm", ["run", "build", "--silent"], { cwd: repoRoot, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`npm run build failed with exit ${r.status}`);
}

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

/**
 * Starts `node apps/server/dist/main.js` on a data folder. Output is kept in memory and shown
 * only when the server dies early, so the tables stay readable.
 */
export function startServer({ dataDir, port, env = {} }) {
  const t0 = performance.now();
  // The bench measures the PGlite data folder, so a DATABASE_URL from the shell is not passed on.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const exited = new Promise((ok) => child.on("exit", (code, signal) => ok({ code, signal })));
  return { child, t0, exited, output: () => output };
}

/** Polls `url` until `accept(response, body)` holds; returns ms since `t0`. */
export async function waitFor(url, t0, server, accept, timeoutMs = 60_000) {
  let dead = false;
  server.exited.then(() => {
    dead = true;
  });
  for (;;) {
    if (dead) throw new Error(`server exited before ${url} answered:\n${server.output().slice(-4000)}`);
    if (performance.now() - t0 > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      const body = await res.text();
      if (accept(res, body)) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Stops the server with SIGTERM and waits for it to exit; returns ms taken. */
export async function stopServer(server, timeoutMs = 15_000) {
  const t = performance.now();
  if (server.child.exitCode !== null || server.child.signalCode !== null) return 0;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), timeoutMs);
  const { signal } = await server.exited;
  clearTimeout(timer);
  if (signal === "SIGKILL") console.warn(`  (server ignored SIGTERM for ${timeoutMs} ms and was killed)`);
  return performance.now() - t;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Prints rows (arrays of cells) as a plain aligned table with a header rule. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(line(all[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of all.slice(1)) console.log(line(r));
}

export const fmtMs = (ms) => `${Math.round(ms)} ms`;

/** The server workspace's own packages (pg, ws, ioredis, fastify), so benches use its versions. */
export const requireFromServer = createRequire(join(repoRoot, "apps", "server", "package.json"));

/**
 * A fresh PostgreSQL database for one bench run, on BENCH_DATABASE_URL (default the machine's
 * `test` database server). Without PostgreSQL the bench is skipped with a message (a failure in CI).
 */
export async function freshDatabase() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const pg = requireFromServer("pg");
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const name = `portico_bench_${randomBytes(4).toString("hex")}`;
  try {
    await admin(`create database ${name}`);
  } catch (err) {
    console.log(`  skipped: PostgreSQL is needed at ${adminUrl} (set BENCH_DATABASE_URL): ${err.message}`);
    process.exit(process.env.CI ? 1 : 0);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    host: url.host,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * Runs `fn` with a query function on one connection to `url`, closed afterwards. Connection errors
 * after the run are ignored: a failed bench drops its database with (force).
 */
export async function withDatabase(url, fn) {
  const pg = requireFromServer("pg");
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    return await fn((text, values) => client.query(text, values));
  } finally {
    await client.end();
  }
}

/**
 * The end of a bench run on its own server, folder and database: a failure is printed with the
 * server's last output, the server stopped, the folder removed and the database dropped (kept with
 * BENCH_KEEP_DB, for EXPLAIN); the process exits 1 after a failure.
 */
export async function endRun({ server, dataDir, database, failure }) {
  if (failure) {
    console.error(failure.error);
    console.error(server.output().slice(-3000));
  }
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  if (process.env.BENCH_KEEP_DB) console.log(`  kept ${database.url} (BENCH_KEEP_DB)`);
  else await database.drop();
  if (failure) process.exit(1);
}

/**
 * The run of a scale bench on its own PostgreSQL database, data folder and port (BENCH_PORT or a
 * free one): the server starts once to migrate and seed the demo data and is stopped, so that
 * `load(query, { dataDir })` bulk-loads rows on one connection with nothing else writing; then
 * it starts again on the loaded database for `measure({ base, database, loaded })`, `loaded`
 * being what `load` returned. Ends with endRun (exit 1 after a failure).
 */
export async function seededServerRun({ load, measure }) {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-"));
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const env = { DATABASE_URL: database.url, SEED_DEMO: "true", LOG_LEVEL: "silent", REDIS_URL: "" };
  const ready = (server) => waitFor(`${base}/api/maintenance/status`, server.t0, server, (res) => res.ok);
  let server = startServer({ dataDir, port, env });
  /** Set when the run throws: { error }. */
  let failure;
  try {
    await ready(server);
    await stopServer(server);
    const loaded = await withDatabase(database.url, (query) => load(query, { dataDir }));
    server = startServer({ dataDir, port, env });
    await ready(server);
    await measure({ base, database, loaded });
  } catch (error) {
    failure = { error };
  }
  await endRun({ server, dataDir, database, failure });
}

/**
 * Adds `count` engineers to the vendor's account (id 1), "<name> k" with the e-mail
 * "<name in kebab case>-k@bench.example", tour seen; returns the ids of all its staff, ascending.
 */
export async function addVendorEngineers(q, count, name) {
  await q(
    `with made as (
       insert into users (email, name, password_hash, mfa_enabled, email_verified_at, default_account_id,
                          tour_completed_at)
       select $2::text || '-' || k || '@bench.example', $3::text || ' ' || k, 'x', false, now(), 1, now()
       from generate_series(1, $1::int) k returning id)
     insert into memberships (account_id, user_id, role) select 1, id, 'engineer' from made`,
    [count, name.toLowerCase().replaceAll(" ", "-"), name],
  );
  const { rows } = await q(
    "select array_agg(user_id order by user_id) as ids from memberships where account_id = 1",
  );
  return rows[0].ids.map(Number);
}

/** The p-th percentile (0–100) of an ascending array (nearest rank). */
export const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A JSON call to the API with an optional bearer token; throws on a non-2xx answer. */
export async function apiCall(base, method, path, token, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** An access token for a demo user (MFA off). */
export const signInAs = async (base, username, password) =>
  (await apiCall(base, "POST", "/api/auth/login", undefined, { username, password })).access_token;

/** Runs `fn(i)` n times in turn; the durations in ms, ascending. */
export async function timed(n, fn) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b);
}

/** A table row of ascending samples: label, count, p50, p95 and whether p95 met the target. */
export function latencyRow(label, samples, targetMs) {
  const p95 = percentile(samples, 95);
  return [
    label,
    String(samples.length),
    `${percentile(samples, 50).toFixed(1)} ms`,
    `${p95.toFixed(1)} ms`,
    `< ${targetMs} ms ${p95 < targetMs ? "met" : "MISSED"}`,
  ];
}
