import { defineConfig } from "tsup";

export default defineConfig({
  // dist/health-report.js is the report generator CLI (docs/HEALTH-REPORT.md).
  entry: { main: "src/main.ts", "health-report": "src/cli/health-report.ts" },
  // Each entry stays one self-contained file, as dist/main.js always was.
  splitting: false,
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  // The shared package is TypeScript source: bundle it; real dependencies stay in node_modules.
  noExternal: ["@portico/shared"],
});
