import { defineConfig } from "tsup";

export default defineConfig({
  // dist/health-report.js is the report generator CLI (docs/HEALTH-REPORT.md); dist/verify-licence.js
  // checks a licence offline (README).
  entry: {
    main: "src/main.ts",
    "health-report": "src/cli/health-report.ts",
    "verify-licence": "src/cli/verify-licence.ts",
  },
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
