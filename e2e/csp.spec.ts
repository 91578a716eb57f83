/**
 * The built app runs under its Content-Security-Policy (issue 5): every screen that exists,
 * signed out, as a customer and as an engineer (every link of their sidebar), plus the states
 * that inject styles at run time (menus, the mobile sheet, a toast), loads without one CSP
 * violation. Violations are caught twice: the `securitypolicyviolation` event and Chromium's
 * console report. A first test proves the watcher sees a violation when there is one.
 */
import { expect, type Page, test } from "@playwright/test";
import { demo, submitSignIn } from "./support/helpers";

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

interface Watch {
  violations: Violation[];
  console: string[];
}

/** Starts recording CSP violations on every document the page loads from now on. */
async function watchCsp(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [], console: [] };
  await page.exposeBinding("__portico_csp", ({ frame }, v: Omit<Violation, "page">) => {
    watch.violations.push({ page: frame.url(), ...v });
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __portico_csp: (v: object) => void }).__portico_csp;
      report({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
        sample: e.sample,
      });
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text)) {
      watch.console.push(`${page.url()}: ${text}`);
    }
  });
  return watch;
}

/** Lets the screen finish: its lazy chunk, fonts, queries and any redirect. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator("body")).not.toBeEmpty();
}

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await settle(page);
  return response;
}

function expectNoViolation(watch: Watch, where: string) {
  expect(watch.violations, `CSP violations on ${where}`).toEqual([]);
  expect(watch.console, `CSP reports in the console on ${where}`).toEqual([]);
}

/** The links of the sidebar the signed-in user sees (desktop width). */
async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Main" }).first();
  await expect(nav.getByRole("link").first()).toBeVisible();
  const hrefs = await nav
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href") ?? ""));
  return [...new Set(hrefs.filter((h) => h.startsWith("/")))];
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/");
  await submitSignIn(page, who.email, who.password);
  await expect(page).toHaveURL((url) => url.pathname !== "/");
  await settle(page);
}

test("the watcher catches a violation, and the policy is the one the server sends", async ({ page }) => {
  const watch = await watchCsp(page);
  const response = await visit(page, "/");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expectNoViolation(watch, "/");

  // An inline script, as an injected one would be: refused, and both reports arrive.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__ran = true";
    document.body.append(script);
  });
  await expect.poll(() => watch.violations.length).toBeGreaterThan(0);
  expect(watch.violations[0]?.directive).toMatch(/^script-src/);
  await expect.poll(() => watch.console.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
});

test.describe("signed out", () => {
  const screens = [
    "/",
    "/?expired=true",
    "/signup",
    "/forgot-password",
    "/reset-password?email=ada%40example.com&token=e2e",
    "/otp",
    "/maintenance",
    "/mnt",
    "/privacy-policy",
    "/terms-and-conditions/standard",
    "/terms-and-conditions/enterprise",
    "/terms-and-conditions/trial",
    "/issues?tab=1",
  ];

  test("every public screen", async ({ page }) => {
    const watch = await watchCsp(page);
    for (const path of screens) {
      await visit(page, path);
      expectNoViolation(watch, path);
    }
  });

  test("the API documentation (Swagger UI, under its own policy), trying a call", async ({ page }) => {
    const watch = await watchCsp(page);
    // A deep link: Swagger UI renders operations only as they scroll into view, and opens this one.
    const response = await visit(page, "/api/docs#/operations/get_api_maintenance_status");
    expect(response?.headers()["content-security-policy"]).toContain("connect-src 'self';");
    const operation = page
      .locator(".opblock")
      .filter({ has: page.locator('[data-path="/api/maintenance/status"]') });
    await operation.getByRole("button", { name: "Try it out" }).click();
    await operation.getByRole("button", { name: "Execute" }).click();
    await expect(operation.locator(".live-responses-table tbody .response-col_status").first()).toHaveText(
      "200",
    );
    await settle(page);
    expectNoViolation(watch, "/api/docs");
  });
});

for (const [role, who] of [
  ["a customer", demo.user],
  ["an engineer", demo.admin],
] as const) {
  test.describe(`signed in as ${role}`, () => {
    test("every sidebar route", async ({ page }) => {
      const watch = await watchCsp(page);
      await signIn(page, who);
      expectNoViolation(watch, "sign-in");
      const links = await sidebarLinks(page);
      expect(links.length).toBeGreaterThan(5);
      for (const path of links) {
        await visit(page, path);
        expectNoViolation(watch, path);
      }
    });

    test("menus, the organization list and a toast", async ({ page }) => {
      const watch = await watchCsp(page);
      await signIn(page, who);

      await page.getByRole("button", { name: "User menu" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await page.keyboard.press("Escape");
      expectNoViolation(watch, "the user menu");

      const organizations = page.getByRole("combobox", { name: "Organization" });
      if (await organizations.isVisible()) {
        await organizations.click();
        await settle(page);
        await page.keyboard.press("Escape");
        expectNoViolation(watch, "the organization list");
      }

      await visit(page, "/profile");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByText("Your profile has been saved.")).toBeVisible();
      expectNoViolation(watch, "a toast on /profile");
    });

    test("the mobile menu sheet", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      const watch = await watchCsp(page);
      await signIn(page, who);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await settle(page);
      expectNoViolation(watch, "the mobile menu");
    });
  });
}
