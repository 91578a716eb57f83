/**
 * Issue 12 journey: an owner registers a cluster and reads its call-home key, shown once; a
 * script uploads a broken report with that key (curl, as the README's cron line does); the
 * cluster page shows the failing checks with their advice once the report is analysed, the trend
 * charts, and the explorer (the demo runs in development, where the gate lets owners in) down to
 * a drive. "Open an issue about this" opens an issue whose first message lists the failing checks.
 * Axe checks /health and the cluster page (light and dark).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { generateHealthReport } from "../packages/shared/src/rules/health-report-generator";
import { axeViolations, demo, saveScreen, showScheme, signInDemo, uniqueTag } from "./support/helpers";

/** Uploads a report file the way a cluster's cron job does. */
function uploadWithCurl(baseURL: string, key: string, report: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), "portico-report-"));
  try {
    const file = join(dir, "report.json");
    writeFileSync(file, JSON.stringify(report));
    return execFileSync(
      "curl",
      [
        "-fsS",
        "-X",
        "POST",
        "-H",
        `Authorization: Bearer ${key}`,
        "-H",
        "Content-Type: application/json",
        "--data-binary",
        `@${file}`,
        `${baseURL}/api/health/report`,
      ],
      { encoding: "utf8" },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("an owner registers a cluster, a script uploads a broken report, the page shows why and opens an issue", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const name = `Cluster ${uniqueTag()}`;
  const deploymentId = uniqueTag("dep");

  await signInDemo(page, demo.owner);
  await page.goto("/cluster/register");
  await expect(page.getByRole("heading", { level: 1, name: "Register cluster" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Deployment id").fill(deploymentId);
  await page.getByRole("button", { name: "Register cluster" }).click();

  // The key shows once, with the cron line that uses it.
  const panel = page.getByRole("region", { name: `Call-home key of ${name}` });
  await expect(panel).toContainText(/portico_ck_\S+/);
  const key = /portico_ck_[A-Za-z0-9_-]+/.exec((await panel.innerText()) ?? "")?.[0] ?? "";
  expect(key).not.toBe("");
  await expect(panel).toContainText(`Authorization: Bearer ${key}`);

  const report = generateHealthReport({
    deploymentId,
    at: new Date(),
    faults: ["offline_drive", "nearly_full_drive"],
  });
  const accepted = JSON.parse(uploadWithCurl(baseURL as string, key, report));
  expect(accepted).toMatchObject({ report_id: expect.any(Number), status: "pending" });

  await page.getByRole("link", { name: "Open the cluster" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // The page asks again every 5 s while the report waits for analysis.
  const failing = page.getByRole("list", { name: "Failing checks" });
  await expect(failing).toContainText("Drive availability", { timeout: 30_000 });
  await expect(failing).toContainText("Drive usage");
  await expect(failing).toContainText(/offline/);

  // Trends: the charts are drawn.
  await page.getByRole("tab", { name: "Trends" }).click();
  await expect(page.getByRole("region", { name: "Trends" }).locator("svg").first()).toBeVisible();

  // Explorer: open a node and see its drives.
  await page.getByRole("tab", { name: "Explorer" }).click();
  const tree = page.getByRole("tree", { name: "Cluster layout" });
  const node = tree.getByRole("treeitem", { name: /, node, / }).first();
  await expect(node).toHaveAttribute("aria-expanded", "false");
  await node.click();
  await expect(node).toHaveAttribute("aria-expanded", "true");
  await expect(tree.getByRole("treeitem", { name: /, drive, / }).first()).toBeVisible();

  // Axe: the cluster page (checks, explorer) in light and dark.
  const found: string[] = [];
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  for (const scheme of ["light", "dark"] as const) {
    await showScheme(page, scheme);
    found.push(...(await axeViolations(page, `${scheme} cluster page`)));
    await saveScreen(page, `clusters-cluster-${scheme}`);
  }

  // An issue about it, with the failing checks in its first message.
  await page.getByRole("button", { name: "Open an issue about this" }).click();
  const dialog = page.getByRole("dialog", { name: "New issue" });
  await expect(dialog.getByLabel("Message")).toHaveValue(/Failing checks:[\s\S]*Drive availability/);
  await dialog.getByRole("button", { name: "Open issue" }).click();
  await expect(page).toHaveURL(/\/issues\/\d+$/);
  // An offline drive also degrades its erasure set: at least the two faults' checks fail.
  await expect(
    page.getByRole("heading", { level: 1, name: new RegExp(`^${name}: \\d+ failing health checks$`) }),
  ).toBeVisible();
  const first = page.getByRole("article", { name: /Message 1 from/ });
  await expect(first).toContainText("Failing checks");
  await expect(first).toContainText("Drive availability");
  await expect(first).toContainText("Drive usage");

  // Axe: /health lists the cluster.
  await page.goto("/health");
  await expect(page.getByRole("heading", { level: 1, name: "Health" })).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  for (const scheme of ["light", "dark"] as const) {
    await showScheme(page, scheme);
    found.push(...(await axeViolations(page, `${scheme} /health`)));
    await saveScreen(page, `clusters-health-${scheme}`);
  }
  expect(found, found.join("\n")).toEqual([]);
});
