import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  // The shared package is TypeScript source: bundle it; real dependencies stay in node_modules.
  noExternal: ["@portico/shared"],
});
