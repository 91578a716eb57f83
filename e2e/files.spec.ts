/**
 * Issue 9 journeys: files and attachments against the real server. Uploads go through tus with
 * the browser's upload throughput throttled (DevTools network conditions), so progress, cancel
 * and a reload in the middle of an upload can be seen; a resumed upload must continue the same
 * upload on the server (no second creation POST). An image attached by the customer shows as a
 * thumbnail on the engineer's screen; the EICAR test file ends "Threat detected and deleted".
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type CDPSession, expect, type Locator, type Page, test } from "@playwright/test";
import {
  axeViolations,
  createIssueViaApi,
  demo,
  saveScreen,
  showScheme,
  signInDemo,
} from "./support/helpers";

const MB = 1_000_000;
/** The standard anti-virus test file: 68 bytes every scanner reports, harmless. */
const EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";
/** A 2×2 PNG, so the server sniffs a raster image and serves it inline. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DA0PCfAUIBACFyBP1TVaZ3AAAAAElFTkSuQmCC",
  "base64",
);

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "portico-e2e-files-"));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of `bytes` pseudo-random bytes (incompressible, like real diagnostics). */
function makeFile(name: string, bytes: number): string {
  const path = join(dir, name);
  const data = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 4) data.writeUInt32LE((i * 2654435761) >>> 0, i);
  writeFileSync(path, data);
  return path;
}

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInDemo(page, who);
  return page;
}

/** Upload throughput of the page in bytes per second (null lifts the limit). */
async function throttleUploads(cdp: CDPSession, bytesPerSecond: number | null): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

async function uploadThroughDialog(page: Page, path: string, type: string): Promise<void> {
  await page.getByRole("button", { name: "Upload file", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Upload file" });
  await dialog.getByLabel("Choose a file").setInputFiles(path);
  await dialog.getByRole("combobox", { name: "File type" }).click();
  await page.getByRole("option", { name: type }).click();
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(dialog).toBeHidden();
}

const entry = (page: Page, name: string) =>
  page.getByRole("region", { name: "Uploads" }).getByRole("listitem", { name });

async function progressOf(item: Locator): Promise<number> {
  return Number(await item.getByRole("progressbar").getAttribute("aria-valuenow"));
}

const filesTable = (page: Page) => page.getByRole("table", { name: "Files" });

test("upload with progress, cancel a second, reload and resume a third", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, demo.owner);
  await page.goto("/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await throttleUploads(cdp, 1 * MB);

  // 1. A file uploads with a visible, moving progress bar and lands in the list.
  const first = makeFile("health-first.json", 3 * MB);
  await uploadThroughDialog(page, first, "Health report");
  const firstEntry = entry(page, "health-first.json");
  await expect(firstEntry.getByRole("progressbar")).toBeVisible();
  await expect
    .poll(() => progressOf(firstEntry), { message: "progress between 1% and 99%" })
    .toBeGreaterThan(0);
  expect(await progressOf(firstEntry)).toBeLessThan(100);
  await expect(firstEntry).toContainText(/Uploading · \d+% · [\d.]+ (B|kB|MB)\/s/);
  await saveScreen(page, "files-upload-progress");
  await expect(firstEntry).toContainText("Completed", { timeout: 30_000 });
  await expect(filesTable(page).getByRole("row", { name: /health-first\.json/ })).toBeVisible();

  // 2. A second one is cancelled: the panel says so and the server keeps nothing of it.
  const second = makeFile("inspect-cancel.tgz", 20 * MB);
  await uploadThroughDialog(page, second, "Inspect bundle");
  const secondEntry = entry(page, "inspect-cancel.tgz");
  await expect.poll(() => progressOf(secondEntry)).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Cancel upload of inspect-cancel.tgz" }).click();
  await expect(secondEntry).toContainText(/Cancelled at \d+%/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await expect(filesTable(page).getByRole("row", { name: /health-first\.json/ })).toBeVisible();
  await expect(filesTable(page).getByRole("row", { name: /inspect-cancel\.tgz/ })).toHaveCount(0);

  // 3. A third is interrupted by a reload past its first chunk, then resumed with the same file.
  const third = makeFile("perf-resume.csv", 20 * MB);
  await uploadThroughDialog(page, third, "Performance result");
  const thirdEntry = entry(page, "perf-resume.csv");
  await expect.poll(() => progressOf(thirdEntry), { timeout: 60_000 }).toBeGreaterThanOrEqual(50);
  await page.reload();
  const creations: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/uploads") {
      creations.push(request.url());
    }
  });
  const interrupted = entry(page, "perf-resume.csv");
  await expect(interrupted).toContainText(/Interrupted at (4[1-9]|[5-9]\d)%/);
  await saveScreen(page, "files-upload-resume");
  await throttleUploads(cdp, null);
  await interrupted.getByLabel("Resume upload of perf-resume.csv").setInputFiles(third);
  await expect(interrupted).toContainText("Completed", { timeout: 30_000 });
  expect(creations, "the resumed upload continued the same upload on the server").toEqual([]);
  const row = filesTable(page).getByRole("row", { name: /perf-resume\.csv/ });
  await expect(row).toContainText("19.07 MiB");
  await expect(row).toContainText("Performance result");

  await page.context().close();
});

test("an image attached by the customer shows as a thumbnail on the engineer's side", async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signedInPage(browser, demo.owner);
  const engineer = await signedInPage(browser, demo.admin);
  const issue = await createIssueViaApi(customer, "Screenshot of the error", "See the attached screenshot.");

  await engineer.goto(`/issues/${issue}`);
  await expect(engineer.getByRole("heading", { level: 1, name: "Screenshot of the error" })).toBeVisible();
  await customer.goto(`/issues/${issue}`);
  await expect(customer.getByRole("heading", { level: 1, name: "Screenshot of the error" })).toBeVisible();

  const png = join(dir, "error-screen.png");
  writeFileSync(png, PNG);
  await customer.getByLabel("Attach files").setInputFiles(png);
  await expect(entry(customer, "error-screen.png")).toContainText("Completed");

  // Live on the engineer's side: the message, then (scanned clean) its thumbnail.
  const message = engineer.getByRole("article", { name: /Message 2 from/ });
  await expect(message).toContainText("error-screen.png");
  const thumbnail = message.getByRole("img", { name: "error-screen.png" });
  await expect(thumbnail).toBeVisible({ timeout: 20_000 });
  await expect(message.locator("[data-thumbnail]")).toHaveAttribute("data-thumbnail", "loaded");
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expect(message.getByRole("button", { name: "Download error-screen.png" })).toBeEnabled();
  await saveScreen(engineer, "attachment-thumbnail-engineer");

  // Pinning shows on both sides.
  await engineer.getByRole("button", { name: "Pin error-screen.png" }).click();
  await expect(customer.getByRole("article", { name: /Message 2 from/ })).toContainText("Pinned");

  await customer.context().close();
  await engineer.context().close();
});

test("the EICAR test file ends 'Threat detected and deleted'", async ({ browser }) => {
  const page = await signedInPage(browser, demo.owner);
  await page.goto("/files");
  const eicar = join(dir, "eicar.com.txt");
  writeFileSync(eicar, EICAR);
  await uploadThroughDialog(page, eicar, "Health report");
  await expect(entry(page, "eicar.com.txt")).toContainText("Completed");
  const row = filesTable(page).getByRole("row", { name: /eicar\.com\.txt/ });
  await expect(row).toContainText("Threat detected and deleted", { timeout: 30_000 });
  await expect(row.getByRole("button", { name: "Download eicar.com.txt" })).toBeDisabled();
  await page.context().close();
});

test("an engineer sees the same files screen for the organization chosen in the switcher", async ({
  browser,
}) => {
  const page = await signedInPage(browser, demo.admin);
  await page.goto("/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await page.getByRole("combobox", { name: "Organization" }).click();
  await page.getByRole("combobox", { name: /^Search/ }).fill("acme");
  await page.getByRole("option", { name: "acme" }).click();
  await expect(page.getByText(/^acme · /)).toBeVisible();
  await expect(filesTable(page).getByRole("row", { name: /health-first\.json/ })).toBeVisible();
  await page.context().close();
});

test("/files passes axe in light, dark and at phone width", async ({ page }) => {
  test.setTimeout(120_000);
  await signInDemo(page, demo.owner);
  await page.goto("/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await expect(page.getByText("Loading Files")).toHaveCount(0);
  // The upload panel is part of the screen while uploads are listed.
  await uploadThroughDialog(page, makeFile("axe-check.json", 2_000), "Health report");
  await expect(entry(page, "axe-check.json")).toContainText("Completed");
  const variants = [
    { name: "light", colorScheme: "light", viewport: { width: 1366, height: 850 } },
    { name: "dark", colorScheme: "dark", viewport: { width: 1366, height: 850 } },
    { name: "mobile", colorScheme: "light", viewport: { width: 375, height: 812 } },
    { name: "mobile-dark", colorScheme: "dark", viewport: { width: 375, height: 812 } },
  ] as const;
  const found: string[] = [];
  for (const variant of variants) {
    await page.setViewportSize(variant.viewport);
    await showScheme(page, variant.colorScheme);
    for (const state of ["list", "upload dialog"] as const) {
      if (state === "upload dialog") {
        await page.getByRole("button", { name: "Upload file", exact: true }).click();
        await expect(page.getByRole("dialog", { name: "Upload file" })).toBeVisible();
      }
      found.push(...(await axeViolations(page, `${variant.name} ${state}`)));
      await saveScreen(page, `files-${variant.name}-${state.replace(" ", "-")}`);
      if (state === "upload dialog") {
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
    }
  }
  expect(found, found.join("\n")).toEqual([]);
});
