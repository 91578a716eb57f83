import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// E2E_PORT lets two runs (say, two work trees) share a machine.
const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;

// One fresh, empty data folder per run. The config is evaluated again in each worker process;
// workers inherit the runner's environment, so the folder is made once and shared.
// The runner removes it on exit, after the web server has been stopped.
if (!process.env.PORTICO_E2E_DATA_DIR) {
  const made = mkdtempSync(join(tmpdir(), "portico-e2e-"));
  process.env.PORTICO_E2E_DATA_DIR = made;
  if (!process.env.E2E_KEEP_DATA) {
    process.on("exit", () => {
      rmSync(made, { recursive: true, force: true });
      rmSync(`${made}.lock`, { recursive: true, force: true });
    });
  }
}
const dataDir = process.env.PORTICO_E2E_DATA_DIR;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  // Per port, so two runs side by side do not delete each other's traces.
  outputDir: join(repoRoot, "test-results", port === 8181 ? "e2e" : `e2e-${port}`),
  fullyParallel: false,
  workers: 1,
  // In CI the journeys share two cores with the API suite: a journey that fails once is run again
  // and, if it then passes, is reported as flaky by name at the end of the CI log, not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    headless: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node apps/server/dist/main.js",
    cwd: repoRoot,
    url: `${baseURL}/livez`,
    reuseExistingServer: false,
    // SIGTERM lets the server close its database and release its data-folder lock.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    timeout: 120_000,
    stdout: process.env.E2E_SERVER_LOG ? "pipe" : "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      // Test-mode payments settle by late events; a short delay keeps the billing journeys quick.
      BILLING_TEST_DELAY_MS: "200",
    },
  },
});
