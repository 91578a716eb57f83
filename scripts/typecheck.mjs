// `npm run typecheck`: tsc on each project at once rather than one after another (tsc uses one
// core; CI has two), each project's output printed whole when it ends. Non-zero if any failed.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const projects = ["packages/shared", "apps/server", "apps/web", "e2e"];

const results = await Promise.all(
  projects.map(
    (project) =>
      new Promise((done) => {
        const child = spawn(process.execPath, [tsc, "-p", project], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code, signal) => {
          if (output) process.stdout.write(output);
          if (code !== 0) console.error(`tsc -p ${project} failed (${code ?? signal})`);
          done(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
