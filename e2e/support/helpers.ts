import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from "@playwright/test";

export const demo = {
  admin: { email: "admin@portico.example", password: "Admin-pass-1!" },
  owner: { email: "owner@acme.example", password: "Owner-pass-1!" },
  user: { email: "user@acme.example", password: "User-pass-1!" },
} as const;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const screensDir = join(repoRoot, "test-results", "e2e", "screens");

/** A unique tag per run and call, safe in an e-mail local part, a URL and a CSS attribute selector. */
export function uniqueTag(prefix = "e2e"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

export type DevMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
};

/** The dev mailbox as JSON, newest first. */
export async function listMail(request: APIRequestContext): Promise<DevMail[]> {
  const res = await request.get("/api/dev/mail");
  expect(res.ok(), `GET /api/dev/mail answered ${res.status()}`).toBe(true);
  return (await res.json()) as DevMail[];
}

/** Waits for the newest mail to `to` whose subject matches, and returns it. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: string | RegExp,
  opts: { after?: string } = {},
): Promise<DevMail> {
  let found: DevMail | undefined;
  const matches = (m: DevMail) =>
    m.to.toLowerCase().includes(to.toLowerCase()) &&
    (typeof subject === "string" ? m.subject === subject : subject.test(m.subject)) &&
    (opts.after === undefined || m.id !== opts.after);
  await expect
    .poll(
      async () => {
        found = (await listMail(request)).find(matches);
        return found !== undefined;
      },
      { message: `a mail to ${to} with subject ${String(subject)}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as DevMail;
}

/** Reads the 6-digit code from the newest sign-in code mail to `to`. */
export async function readOtp(request: APIRequestContext, to: string, opts: { after?: string } = {}) {
  const mail = await waitForMail(request, to, "Your Portico sign-in code", opts);
  const code = /Your sign-in code is (\d{6})/.exec(mail.text)?.[1];
  expect(code, `sign-in code in: ${mail.text}`).toBeTruthy();
  return { code: code as string, mailId: mail.id };
}

/** Clicks a link and returns the page the link opened (same tab, or a new one for target=_blank). */
export async function followLink(page: Page, link: Locator): Promise<Page> {
  if ((await link.getAttribute("target")) === "_blank") {
    const [opened] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await opened.waitForLoadState();
    return opened;
  }
  await link.click();
  await page.waitForLoadState();
  return page;
}

/**
 * Picks the first option of a combobox of the design kit (a button that opens a searchable
 * list) when nothing is chosen yet, i.e. while it shows its "Select …" placeholder.
 */
export async function chooseAnyOption(combobox: Locator): Promise<void> {
  if (!(await combobox.textContent())?.trim().startsWith("Select")) return;
  await combobox.click();
  const option = combobox.page().getByRole("option").first();
  await expect(option, "the combobox offers options").toBeVisible();
  await option.click();
  await expect(combobox).not.toHaveText(/^Select/);
}

/** Signs out through the user menu of the app shell. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
}

/** Fills the sign-in form on `/` and submits it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs a demo user (MFA off) in from `/` and waits for the first screen after sign-in. */
export async function signInDemo(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto("/");
  await submitSignIn(page, who.email, who.password);
  await expect(page).toHaveURL((url) => url.pathname !== "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** A demo user signed in on a browser context of their own (close it with page.context().close()). */
export async function signedInPage(
  browser: Browser,
  who: { email: string; password: string },
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInDemo(page, who);
  return page;
}

/** The Authorization header of the session signed in on `page`, for API calls made as that user. */
export async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem("portico.session");
    return raw ? (JSON.parse(raw) as { accessToken: string }).accessToken : "";
  });
  expect(token, "a signed-in session on the page").not.toBe("");
  return { Authorization: `Bearer ${token}` };
}

/** Saves a full-page screenshot under test-results/e2e/screens/<name>.png (not compared). */
export async function saveScreen(page: Page, name: string): Promise<void> {
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: join(screensDir, `${name}.png`), fullPage: true });
}

/**
 * Opens an issue through the API as the user signed in on `page` (for their default organization),
 * so a screen has data to show. Returns the issue number.
 */
export async function createIssueViaApi(page: Page, title: string, message: string): Promise<number> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem("portico.session");
    return raw ? (JSON.parse(raw) as { accessToken: string }).accessToken : "";
  });
  const headers = { Authorization: `Bearer ${token}` };
  const me = await page.request.get("/api/chat/user", { headers });
  expect(me.ok(), `GET /api/chat/user answered ${me.status()}`).toBe(true);
  const { accountId } = (await me.json()) as { accountId: number };
  const created = await page.request.post("/api/chat/issue", {
    headers,
    data: { title, accountId, message },
  });
  expect(created.ok(), `POST /api/chat/issue answered ${created.status()}`).toBe(true);
  return ((await created.json()) as { conversation: { issue: { issue_number: number } } }).conversation.issue
    .issue_number;
}

/**
 * Switches the page to a colour scheme and waits until every colour on it is final, so axe reads
 * the new theme's colours: no transition runs (a colour read mid-transition once failed a contrast
 * check) and the html class has followed the scheme.
 */
export async function showScheme(page: Page, colorScheme: "light" | "dark"): Promise<void> {
  await page.addStyleTag({
    content: "*, ::before, ::after { transition: none !important; animation: none !important; }",
  });
  await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
  await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** The address a mail's plain text gives for its link labelled `label` ("Accept invitation: https://…"). */
export function linkInMail(mail: DevMail, label: string): string {
  const href = new RegExp(`^${label}: (\\S+)$`, "m").exec(mail.text)?.[1];
  expect(href, `a "${label}" link in: ${mail.text}`).toBeTruthy();
  return href as string;
}

/**
 * A new customer signed up through the API (sign-up link from the dev mailbox, then the details)
 * together with their new organization, whose only owner they are. Nobody else's default
 * organization changes, so a journey can act on it without touching the demo organizations.
 */
export async function signUpWithOrganizationViaApi(
  request: APIRequestContext,
  who: { email: string; password: string; name: string; company: string },
): Promise<void> {
  const init = await request.post("/api/auth/signup/init", { data: { users: [who.email] } });
  expect(init.ok(), `POST signup/init answered ${init.status()}`).toBe(true);
  const mail = await waitForMail(request, who.email, "Confirm your e-mail address");
  const token = new URL(linkInMail(mail, "Confirm e-mail address")).searchParams.get("token");
  const signup = await request.post("/api/auth/signup", {
    data: {
      email: who.email,
      token,
      name: who.name,
      password: who.password,
      consent_received: true,
      country_code: "DE",
      timezone: "Europe/Berlin",
      team_name: who.company,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
}

/** Signs in on `/` as a user with the e-mailed sign-in code (new users have it on). */
export async function signInWithCode(
  page: Page,
  email: string,
  password: string,
  opts: { after?: string } = {},
): Promise<string> {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/otp/);
  const { code, mailId } = await readOtp(page.request, email, opts);
  await page.getByLabel("One-time code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  return mailId;
}

/** The rules every axe walk holds the screens to: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The serious or critical axe violations of the page as it is now, one entry each: `where`, the
 * rule and its help, and up to five elements with axe's first hint for fixing each. An empty list
 * passes. The page's context must come from browser.newContext() (axe's requirement).
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `[${where}] ${v.id} (${v.impact}) ${v.help}\n    ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`)
          .join("\n    ")}`,
    );
}
