// `npm run bench`: builds once if needed, then runs every bench script in turn and prints its
// figures under the command that produced them. Exit status is non-zero if any script failed.
// `npm run bench -- --smoke` runs each once at a small size (CI does this): BENCH_SMOKE=1.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ensureBuilt, repoRoot } from "./lib.mjs";

const scripts = [
  "cold-start.mjs",
  "bundle-size.mjs",
  "login-latency.mjs",
  "api-overhead.mjs",
  "chat-latency.mjs",
  "queue-scale.mjs",
  "customers-scale.mjs",
  "notices-scale.mjs",
  "reports-scale.mjs",
  "cluster-health.mjs",
  "conversation-scroll.mjs",
  "upload-throughput.mjs",
];
const smoke = process.argv.includes("--smoke");

ensureBuilt();
const failed = [];
for (const script of scripts) {
  console.log(`\n=== bench/${script} ===`);
  const r = spawnSync(process.execPath, [join(repoRoot, "bench", script)], {
    cwd: repoRoot,
    stdio: "inherit",
    env: smoke ? { ...process.env, BENCH_SMOKE: "1" } : process.env,
  });
  if (r.status !== 0) failed.push(`${script} (exit ${r.status ?? r.signal})`);
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(", ")}`);
  process.exit(1);
}
