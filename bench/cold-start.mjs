// Cold start: `node apps/server/dist/main.js` (what `npm start` runs after its build) on an empty
// data folder, timed from spawn until /livez answers and until `/` serves HTML.
// Warm restart: the same, again on the folder the cold start left behind.
// Usage: node bench/cold-start.mjs [runs=3]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ensureBuilt,
  fmtMs,
  freePort,
  median,
  printTable,
  startServer,
  stopServer,
  waitFor,
} from "./lib.mjs";

const runs = Math.max(1, Number(process.argv[2] ?? (process.env.BENCH_SMOKE === "1" ? 1 : 3)));

async function measure(dataDir) {
  const port = await freePort();
  const server = startServer({ dataDir, port });
  try {
    const base = `http://127.0.0.1:${port}`;
    const live = await waitFor(`${base}/livez`, server.t0, server, (res) => res.ok);
    const html = await waitFor(
      `${base}/`,
      server.t0,
      server,
      (res, body) =>
        res.ok && (res.headers.get("content-type") ?? "").includes("text/html") && /<html/i.test(body),
    );
    return { live, html, stop: await stopServer(server) };
  } catch (err) {
    await stopServer(server);
    throw err;
  }
}

ensureBuilt();
console.log(`$ node bench/cold-start.mjs ${runs}`);
console.log(
  `  each run: node apps/server/dist/main.js with PORT=<free> DATA_DIR=<dir> PUBLIC_URL=http://localhost:<port>`,
);
console.log(
  `  node ${process.version}, ${runs} cold run(s) on fresh folders, each followed by one warm restart\n`,
);

const cold = [];
const warm = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-"));
  try {
    cold.push(await measure(dataDir));
    warm.push(await measure(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
cold.forEach((c, i) => {
  const w = warm[i];
  rows.push([`cold #${i + 1} (empty folder)`, fmtMs(c.live), fmtMs(c.html), fmtMs(c.stop)]);
  rows.push([`warm #${i + 1} (same folder)`, fmtMs(w.live), fmtMs(w.html), fmtMs(w.stop)]);
});
const med = (list, k) => fmtMs(median(list.map((x) => x[k])));
rows.push(["median cold", med(cold, "live"), med(cold, "html"), med(cold, "stop")]);
rows.push(["median warm", med(warm, "live"), med(warm, "html"), med(warm, "stop")]);
printTable(["start", "until /livez", "until / serves HTML", "SIGTERM → exit"], rows);
