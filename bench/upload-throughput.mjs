// Upload throughput (issue 9): a 1 GiB file sent through the server's tus endpoint (PATCH in
// 64 MiB chunks) to local storage (DATA_DIR/files), as a ratio to `cp` of the same file on the same
// disk (target >= 0.5), and the server's peak resident memory meanwhile (target < 200 MB; sampled
// every 50 ms, server on PostgreSQL): the body must stream to disk, never into memory.
//
// Usage: node bench/upload-throughput.mjs [MiB=1024]   (BENCH_SMOKE=1: 64 MiB)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  createReadStream,
  createWriteStream,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import { createServer, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { freePort, freshDatabase, printTable, signInAs, startServer, stopServer, waitFor } from "./lib.mjs";

const smoke = process.env.BENCH_SMOKE === "1";
const mib = Number(process.argv[2] ?? (smoke ? 64 : 1024));
const size = mib * 1024 * 1024;
const CHUNK = 64 * 1024 * 1024;
console.log(`$ node bench/upload-throughput.mjs ${mib}`);

const work = mkdtempSync(join(tmpdir(), "portico-bench-upload-"));
const source = join(work, "source.bin");
const dataDir = join(work, "data");

// The source file: random bytes (nothing compresses or dedupes), written in 8 MiB blocks.
const fd = openSync(source, "w");
const block = randomBytes(8 * 1024 * 1024);
for (let written = 0; written < size; written += block.length) {
  writeSync(fd, block, 0, Math.min(block.length, size - written));
}
closeSync(fd);

function timeCp() {
  const copy = join(work, "copy.bin");
  const t = performance.now();
  const r = spawnSync("sh", ["-c", `cp "${source}" "${copy}" && sync`]);
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`cp failed: ${r.stderr}`);
  rmSync(copy);
  return ms;
}

/**
 * The ceiling of any Node upload on this machine: a bare node:http server piping the same 64 MiB
 * PATCHes to a file (no tus, no framework), so the tus figure can be read against it.
 */
async function timeBareHttp() {
  const target = join(work, "bare.bin");
  const bare = createServer(async (req, res) => {
    await pipeline(req, createWriteStream(target, { flags: "a" }));
    res.end();
  });
  await new Promise((ok) => bare.listen(0, "127.0.0.1", ok));
  const t = performance.now();
  for (let offset = 0; offset < size; offset += CHUNK) {
    const end = Math.min(size, offset + CHUNK);
    await new Promise((ok, fail) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: bare.address().port,
          method: "PATCH",
          headers: { "content-length": String(end - offset) },
        },
        (res) => {
          res.resume();
          res.on("end", ok);
        },
      );
      req.on("error", fail);
      createReadStream(source, { start: offset, end: end - 1, highWaterMark: 1024 * 1024 }).pipe(req);
    });
  }
  spawnSync("sync");
  const ms = performance.now() - t;
  bare.close();
  rmSync(target);
  return ms;
}

/** Resident set (VmRSS) of a process now, in MB. */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

function send(port, token, method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0", ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res));
      },
    );
    req.on("error", reject);
    if (body) body.pipe(req);
    else req.end();
  });
}

// On PostgreSQL, so the figure is the upload path's own memory, not the embedded database's
// (PGlite's WebAssembly heap alone is several hundred MB resident).
const database = await freshDatabase();
const port = await freePort();
const server = startServer({
  dataDir,
  port,
  env: {
    DATABASE_URL: database.url,
    SEED_DEMO: "true",
    FILES_MAX_BYTES: String(size * 2),
    FILES_QUOTA_BYTES: String(size * 4),
    LOG_LEVEL: "warn",
  },
});
try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/maintenance/status`, server.t0, server, (res) => res.ok);
  const token = await signInAs(base, "admin@portico.example", "Admin-pass-1!");
  const rssBefore = rssMb(server.child.pid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.child.pid));
  }, 50);
  const cpMs = timeCp();
  const bareMs = await timeBareHttp();

  const meta = Object.entries({ filename: "bundle.bin", account_id: "1", file_type: "inspect" })
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
  const t = performance.now();
  const created = await send(port, token, "POST", "/api/uploads", {
    "upload-length": String(size),
    "upload-metadata": meta,
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode}`);
  const location = created.headers.location;
  for (let offset = 0; offset < size; offset += CHUNK) {
    const end = Math.min(size, offset + CHUNK);
    const res = await send(
      port,
      token,
      "PATCH",
      location,
      {
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
        "content-length": String(end - offset),
      },
      createReadStream(source, { start: offset, end: end - 1, highWaterMark: 1024 * 1024 }),
    );
    if (res.statusCode !== 204) throw new Error(`PATCH at ${offset}: ${res.statusCode}`);
  }
  spawnSync("sync");
  const uploadMs = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.child.pid));
  const mbps = (ms) => (size / 1e6 / (ms / 1000)).toFixed(0);
  printTable(
    ["what", "time", "MB/s", "peak server RSS"],
    [
      [`cp ${mib} MiB (same disk, + sync)`, `${Math.round(cpMs)} ms`, mbps(cpMs), ""],
      [`bare node:http -> file (no tus, + sync)`, `${Math.round(bareMs)} ms`, mbps(bareMs), ""],
      [
        `tus upload ${mib} MiB (${CHUNK / 1024 / 1024} MiB PATCHes, + sync)`,
        `${Math.round(uploadMs)} ms`,
        mbps(uploadMs),
        `${peak.toFixed(0)} MB (${rssBefore.toFixed(0)} MB idle)`,
      ],
    ],
  );
  const ratio = cpMs / uploadMs;
  console.log(
    `\nthroughput ratio upload/cp: ${ratio.toFixed(2)} (target >= 0.5); bare node:http/cp ${(cpMs / bareMs).toFixed(2)}, upload/bare ${(bareMs / uploadMs).toFixed(2)}; peak RSS ${peak.toFixed(0)} MB (target < 200 MB)`,
  );
} finally {
  await stopServer(server);
  await database.drop();
  rmSync(work, { recursive: true, force: true });
}
