/**
 * Issue 13 journey: an owner creates an API token on /api-tokens (cluster_register and
 * health_upload) and reads its secret, shown once; a script (curl, as the README shows) registers
 * a cluster and uploads its health report with it. The token's last use then shows. The owner
 * downloads the licence from /license, which registering signed again: it verifies offline with
 * the published keys (jose, EdDSA) and names the organization and the new cluster, and one
 * changed byte of its payload makes it fail. Deleting the token makes the same call 401. At a
 * phone's width the tokens table scrolls inside its frame, not the page.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from "jose";
import { generateHealthReport } from "../packages/shared/src/rules/health-report-generator";
import { LICENCE_ISSUER, LICENCE_KEYS_PATH, LICENCE_TYPE } from "../packages/shared/src/schemas/licences";
import { demo, signInDemo, uniqueTag } from "./support/helpers";

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "portico-e2e-licences-"));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** POSTs with curl as a script would; curl's -w appends the status on a line of its own. */
function curlPost(url: string, secret: string, body: string[]): { status: number; json: unknown } {
  const out = execFileSync(
    "curl",
    [
      "-sS",
      "-X",
      "POST",
      "-H",
      `Authorization: Bearer ${secret}`,
      "-H",
      "Content-Type: application/json",
      ...body,
      "-w",
      "\n%{http_code}",
      url,
    ],
    { encoding: "utf8" },
  );
  const cut = out.lastIndexOf("\n");
  const text = out.slice(0, cut);
  return { status: Number(out.slice(cut + 1)), json: text ? JSON.parse(text) : null };
}

async function organizationOf(page: Page): Promise<{ accountId: number; companyName: string }> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem("portico.session");
    return raw ? (JSON.parse(raw) as { accessToken: string }).accessToken : "";
  });
  const me = await page.request.get("/api/chat/user", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.ok(), `GET /api/chat/user answered ${me.status()}`).toBe(true);
  return (await me.json()) as { accountId: number; companyName: string };
}

test("a script registers a cluster and uploads a report with an API token; the licence verifies offline", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const tokenName = `Registration script ${uniqueTag()}`;
  const deploymentId = uniqueTag("dep");
  await signInDemo(page, demo.owner);
  const { accountId, companyName } = await organizationOf(page);

  // 1. A token with two permissions; its secret shows once in the dialog.
  await page.goto("/api-tokens");
  await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible();
  await page.getByRole("button", { name: "New token" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New token" });
  await dialog.getByLabel("Name").fill(tokenName);
  await dialog.getByRole("checkbox", { name: "cluster_register" }).check();
  await dialog.getByRole("checkbox", { name: "health_upload" }).check();
  await dialog.getByRole("button", { name: "Create token" }).click();
  const created = page.getByRole("dialog", { name: "Token created" });
  const secretPanel = created.getByRole("region", { name: `Token “${tokenName}”` });
  await expect(secretPanel).toContainText("You will not see it again");
  const secret = (await secretPanel.locator("pre code").first().textContent())?.trim() ?? "";
  expect(secret).toMatch(/^portico_at_\S+$/);
  await created.getByRole("button", { name: "Done" }).click();
  await expect(created).toBeHidden();

  // 2. The script: register a cluster, then upload its report.
  const register = () =>
    curlPost(`${baseURL}/api/cluster/register?aid=${accountId}`, secret, [
      "--data",
      JSON.stringify({ name: `Cluster ${deploymentId}`, deployment_id: deploymentId }),
    ]);
  const registered = register();
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const { cluster, created: isNew } = registered.json as {
    cluster: { id: string; deployment_id: string };
    created: boolean;
  };
  expect(isNew).toBe(true);
  expect(cluster.deployment_id).toBe(deploymentId);

  const reportFile = join(dir, "report.json");
  writeFileSync(reportFile, JSON.stringify(generateHealthReport({ deploymentId, at: new Date() })));
  const uploaded = curlPost(
    `${baseURL}/api/health/report?cluster_id=${encodeURIComponent(cluster.id)}`,
    secret,
    ["--data-binary", `@${reportFile}`],
  );
  expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(202);
  expect(uploaded.json).toMatchObject({ cluster_id: cluster.id, status: "pending" });

  // 3. The token's last use shows.
  await page.reload();
  const tokenRow = page
    .getByRole("table", { name: "API tokens" })
    .getByRole("row")
    .filter({ hasText: tokenName });
  await expect(tokenRow).toContainText("cluster_register");
  await expect(tokenRow.locator("time")).toBeVisible();
  await expect(tokenRow).not.toContainText("Never");
  // At a phone's width the table scrolls sideways inside its frame; the page itself does not.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBe(0);
  if (desktop) await page.setViewportSize(desktop);

  // 4. The licence, signed again to cover the new cluster, downloaded as a file.
  await page.goto("/license");
  await expect(page.getByRole("heading", { level: 1, name: "License" })).toBeVisible();
  await expect(page.getByText(deploymentId, { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download licence" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-licence\.jwt$/);
  const licence = readFileSync((await download.path()) as string, "utf8").trim();

  // 5. Verified offline with the published keys, as a cluster does.
  const keys = await page.request.get(LICENCE_KEYS_PATH);
  expect(keys.ok()).toBe(true);
  const jwks = createLocalJWKSet((await keys.json()) as JSONWebKeySet);
  const options = { algorithms: ["EdDSA"], issuer: LICENCE_ISSUER, typ: LICENCE_TYPE };
  const { payload } = await jwtVerify(licence, jwks, options);
  expect(payload.organization).toBe(companyName);
  expect(payload.sub).toBe(`account:${accountId}`);
  expect(payload.clusters).toContain(deploymentId);

  // One byte of the payload changed (the organization's first letter): the signature fails.
  const [header, body, signature] = licence.split(".");
  const bytes = Buffer.from(body as string, "base64url");
  const at = bytes.indexOf(Buffer.from(`"organization":"`)) + '"organization":"'.length;
  bytes[at] = (bytes[at] as number) ^ 0x20;
  const tampered = `${header}.${bytes.toString("base64url")}.${signature}`;
  await expect(jwtVerify(tampered, jwks, options)).rejects.toBeInstanceOf(
    errors.JWSSignatureVerificationFailed,
  );

  // 6. Deleted, the token stops at once.
  await page.goto("/api-tokens");
  await page.getByRole("button", { name: `Delete “${tokenName}”` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete token" }).click();
  await expect(page.getByText(`Token “${tokenName}” deleted.`)).toBeVisible();
  const refused = register();
  expect(refused.status).toBe(401);
  expect(refused.json).toMatchObject({ error: "This API token is invalid or has expired" });
});
