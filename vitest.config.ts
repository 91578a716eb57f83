import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every core (vitest's default leaves one to its main process, which mostly waits): on a
    // 2-core machine that is two test files at a time instead of one. `--maxWorkers` overrides.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: { name: "shared", root: "packages/shared", environment: "node", include: ["src/**/*.test.ts"] },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          environment: "node",
          include: ["src/**/*.test.ts"],
          globalSetup: ["src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
