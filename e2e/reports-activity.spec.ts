/**
 * Issue 18 in the browser:
 * - an engineer opens /reports, picks a range with the date picker's calendars, sees the
 *   organizations, clusters and issues sections and downloads the organizations' CSV (read back:
 *   its header and the demo organizations); then /activity for a range picked the same way: the
 *   per-engineer table and the SLA breaches, the summary CSV read back; /activity/v2 keeps the
 *   range and shows the timeline;
 * - a new customer is offered the welcome tour once: they step through it to Done, and neither a
 *   reload nor a new sign-in offers it again; "Take the tour" in the user menu starts it again;
 * - axe walks /reports, /activity, /activity/v2 and the tour's popover (light, dark, 375 px).
 */
import { readFileSync } from "node:fs";
import { type Browser, type Download, expect, type Locator, type Page, test } from "@playwright/test";
import {
  axeViolations,
  bearerOf,
  demo,
  showScheme,
  signInDemo,
  signInWithCode,
  signOutFromMenu,
  signUpWithOrganizationViaApi,
  uniqueTag,
} from "./support/helpers";

const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 375, height: 812 };
const VARIANTS = [
  { name: "light", viewport: DESKTOP, scheme: "light" },
  { name: "dark", viewport: DESKTOP, scheme: "dark" },
  { name: "375 px", viewport: PHONE, scheme: "light" },
] as const;
const DEMO_ORGANIZATIONS = ["acme", "initech", "umbrella-corp", "stark-industries", "hooli"];
const TOUR_TITLES = ["Issues", "Panic", "Health", "Files", "License"];

// The calendars show the browser's days; the server counts days in UTC.
test.use({ timezoneId: "UTC", viewport: DESKTOP });

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Tuesday, November 3rd, 2026": how the calendar names a day's button. */
function dayName(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const d = date.getUTCDate();
  const suffix =
    d % 10 === 1 && d !== 11
      ? "st"
      : d % 10 === 2 && d !== 12
        ? "nd"
        : d % 10 === 3 && d !== 13
          ? "rd"
          : "th";
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${d}${suffix}, ${date.getUTCFullYear()}`;
}

const monthIndex = (caption: string) => {
  const [name, year] = caption.trim().split(/\s+/);
  return Number(year) * 12 + MONTHS.indexOf(name ?? "");
};

/** Opens the calendar of the date field `field` ("From" or "To"), goes to the day's month and clicks the day. */
async function pickDay(page: Page, field: "From" | "To", day: string): Promise<void> {
  await page.getByRole("button", { name: `Choose ${field.toLowerCase()}` }).click();
  const calendar = page.getByRole("dialog", { name: `Calendar: ${field}` });
  await expect(calendar).toBeVisible();
  const [year, month] = day.split("-").map(Number) as [number, number];
  const target = year * 12 + month - 1;
  for (let step = 0; step < 36; step++) {
    const shown = monthIndex((await calendar.getByRole("grid").first().getAttribute("aria-label")) ?? "");
    if (shown === target) break;
    await calendar
      .getByRole("button", { name: shown > target ? "Go to the Previous Month" : "Go to the Next Month" })
      .click();
  }
  await calendar
    .getByRole("button", { name: new RegExp(`^(Today, )?${dayName(day)}(, selected)?$`) })
    .click();
  await expect(calendar).toBeHidden();
  const [y, m, d] = day.split("-");
  await expect(page.getByRole("textbox", { name: field })).toHaveValue(`${d}-${m}-${y}`);
}

/** Picks `from` and `to` on the calendars (clicking a day already chosen keeps it). */
async function pickRange(page: Page, from: string, to: string): Promise<void> {
  await pickDay(page, "From", from);
  await pickDay(page, "To", to);
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("from") === from && url.searchParams.get("to") === to,
  );
}

/** A download's file name and its lines (BOM and CRLF taken off). */
async function readDownload(download: Download): Promise<{ name: string; lines: string[] }> {
  const text = readFileSync((await download.path()) as string, "utf8").replace(/^\uFEFF/, "");
  return { name: download.suggestedFilename(), lines: text.split(/\r?\n/).filter((line) => line !== "") };
}

/** Clicks `trigger` (and then `item` when it opens a menu) and waits for the file. */
async function downloadFrom(page: Page, trigger: Locator, item?: Locator): Promise<Download> {
  const waiting = page.waitForEvent("download");
  await trigger.click();
  if (item) await item.click();
  return waiting;
}

const sectionOf = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("an engineer reads the reports and the engineers' activity for a range picked on the calendars and downloads their CSV", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const today = isoDay(new Date());
  // From the first of the previous month to today: the demo data of today and a month before it.
  const first = new Date();
  first.setUTCDate(1);
  first.setUTCMonth(first.getUTCMonth() - 1);
  const from = isoDay(first);

  await signInDemo(page, demo.admin);
  await page.getByRole("navigation").getByRole("link", { name: "Reports" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await pickRange(page, from, today);

  const organizations = sectionOf(page, "Organizations");
  await expect(organizations.getByRole("heading", { level: 2, name: "Organizations" })).toBeVisible();
  const now = organizations.getByRole("definition").first();
  await expect(now).toHaveText(/^\d+$/);
  expect(Number(await now.textContent())).toBeGreaterThanOrEqual(DEMO_ORGANIZATIONS.length);
  await expect(organizations.getByRole("figure", { name: "Organizations by plan" })).toBeVisible();
  await expect(
    organizations.getByRole("heading", { level: 3, name: "Capacity against contract" }),
  ).toBeVisible();
  const clusters = sectionOf(page, "Clusters");
  await expect(clusters.getByRole("heading", { level: 2, name: "Clusters" })).toBeVisible();
  await expect(clusters.getByRole("figure", { name: "Clusters by version" })).toBeVisible();
  const issues = sectionOf(page, "Issues");
  await expect(issues.getByRole("heading", { level: 2, name: "Issues" })).toBeVisible();
  await expect(issues.getByRole("figure", { name: "Issues over time" })).toBeVisible();

  const accountsCsv = await readDownload(
    await downloadFrom(page, organizations.getByRole("button", { name: "Download CSV of organizations" })),
  );
  expect(accountsCsv.name).toBe(`accounts-report-${from}-to-${today}.csv`);
  expect(accountsCsv.lines[0]).toBe(
    "account_id,company,plan,trial,status,contract_tib,reported_tib,usage_pct,flag,created_at",
  );
  const companies = accountsCsv.lines.slice(1).map((line) => line.split(",")[1]);
  for (const company of DEMO_ORGANIZATIONS) expect(companies).toContain(company);
  expect(companies).not.toContain("Portico");
  await expect(page.getByText(`${accountsCsv.name} has been downloaded.`)).toBeVisible();

  // Engineer activity over the last 61 days.
  await page.getByRole("navigation").getByRole("link", { name: "Engineer activity" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Engineer activity" })).toBeVisible();
  const activityFrom = addDays(today, -60);
  await pickRange(page, activityFrom, today);
  const perEngineer = page.getByRole("table", { name: "Activity per engineer" });
  await expect(perEngineer.getByRole("row", { name: /Ada Admin/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "SLA breaches" })).toBeVisible();
  const breaches = page.getByRole("table", { name: "SLA breaches" });
  await expect(breaches.getByRole("link", { name: /^#\d+$/ }).first()).toBeVisible();

  const summary = await readDownload(
    await downloadFrom(
      page,
      page.getByRole("button", { name: "Download CSV" }),
      page.getByRole("menuitem", { name: "Summary per engineer" }),
    ),
  );
  expect(summary.name).toBe(`engineer-activity-summary-${activityFrom}-to-${today}.csv`);
  expect(
    summary.lines[0]?.startsWith("engineer_id,engineer,messages_sent,issues_answered,first_responses"),
  ).toBe(true);
  expect(summary.lines.some((line) => line.split(",")[1] === "Ada Admin")).toBe(true);
  const breachesCsv = await readDownload(
    await downloadFrom(
      page,
      page.getByRole("button", { name: "Download CSV" }),
      page.getByRole("menuitem", { name: "SLA breaches" }),
    ),
  );
  expect(breachesCsv.name).toBe(`engineer-activity-breaches-${activityFrom}-to-${today}.csv`);
  expect(breachesCsv.lines[0]?.startsWith("issue_number,title,account_id,company,sla_hours")).toBe(true);
  expect(breachesCsv.lines.length).toBeGreaterThan(1);

  // The timeline keeps the range.
  await page.getByRole("link", { name: "Timeline (v2)" }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === "/activity/v2" &&
      url.searchParams.get("from") === activityFrom &&
      url.searchParams.get("to") === today,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Engineer activity timeline" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Activity per day" })).toBeVisible();
  const days = page.getByRole("table", { name: "Engineer activity per day" });
  // Every day of the range is listed; today's work is there with its engineers.
  await expect(days.getByRole("row")).toHaveCount(61 + 1);
  await expect(days.getByRole("button", { name: /^Show the engineers of / }).first()).toBeVisible();
});

type Founder = { email: string; password: string; name: string; company: string };

async function newCustomer(browser: Browser): Promise<{ page: Page; founder: Founder; mailId: string }> {
  const company = uniqueTag("tour").toLowerCase();
  const founder = {
    email: `${company}-owner@example.com`,
    password: "Founder-pass-1!long",
    name: "Tia Tour",
    company,
  };
  const page = await (await browser.newContext({ viewport: DESKTOP, timezoneId: "UTC" })).newPage();
  await signUpWithOrganizationViaApi(page.request, founder);
  await page.goto("/");
  const mailId = await signInWithCode(page, founder.email, founder.password);
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  return { page, founder, mailId };
}

/** Loads `path` and waits until the shell knows who is signed in (the offer depends on it). */
async function openKnowingUser(page: Page, path: string, reload = false): Promise<void> {
  const user = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chat/user" && r.ok());
  if (reload) await page.reload();
  else await page.goto(path);
  await user;
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test("a new customer is offered the welcome tour once, steps through it, and can take it again from the user menu", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, founder, mailId } = await newCustomer(browser);
  const offer = page.getByRole("region", { name: "Welcome tour" });
  await expect(offer.getByRole("heading", { name: "Welcome to Portico" })).toBeVisible();
  await expect(offer).toContainText("Take a one-minute tour of issues, panic, clusters, files and licences.");
  // The offer takes no focus: the page is used as usual around it.
  await expect(offer.getByRole("button", { name: "Start the tour" })).not.toBeFocused();

  await offer.getByRole("button", { name: "Start the tour" }).click();
  for (const [index, title] of TOUR_TITLES.entries()) {
    const step = page.getByRole("dialog", { name: title });
    await expect(step).toBeVisible();
    await expect(step).toContainText(`Step ${index + 1} of ${TOUR_TITLES.length}`);
    if (index > 0) await expect(step.getByRole("button", { name: "Back" })).toBeVisible();
    await step.getByRole("button", { name: index === TOUR_TITLES.length - 1 ? "Done" : "Next" }).click();
  }
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(offer).toHaveCount(0);

  // Saved on the server: not offered after a reload, nor after signing in again.
  const headers = await bearerOf(page);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/chat/user", { headers })).json()) as { tourPending: boolean })
          .tourPending,
    )
    .toBe(false);
  await openKnowingUser(page, "/issues", true);
  await expect(offer).toHaveCount(0);
  await signOutFromMenu(page);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  const user = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chat/user" && r.ok());
  await signInWithCode(page, founder.email, founder.password, { after: mailId });
  await user;
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await expect(offer).toHaveCount(0);

  // Again from the user menu; Escape ends it and focus comes back to the page.
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Take the tour" }).click();
  const first = page.getByRole("dialog", { name: TOUR_TITLES[0] });
  await expect(first).toBeVisible();
  await expect(first).toContainText(`Step 1 of ${TOUR_TITLES.length}`);
  await first.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("dialog", { name: TOUR_TITLES[1] })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("body")).not.toBeFocused();
  await expect(offer).toHaveCount(0);
  await page.context().close();
});

test("reports, activity, the timeline and the tour have no serious accessibility violation (light, dark, 375 px)", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  await signInDemo(page, demo.admin);
  for (const screen of [
    { path: "/reports", title: "Reports" },
    { path: "/activity", title: "Engineer activity" },
    { path: "/activity/v2", title: "Engineer activity timeline" },
  ]) {
    await test.step(screen.path, async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto(screen.path);
      await expect(
        page.getByRole("heading", { level: 1, ...(screen.title ? { name: screen.title } : {}) }),
      ).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      for (const variant of VARIANTS) {
        await page.setViewportSize(variant.viewport);
        await showScheme(page, variant.scheme);
        found.push(...(await axeViolations(page, `${variant.name} ${screen.path}`)));
      }
    });
  }

  const { page: customer } = await newCustomer(browser);
  await test.step("the tour's offer and popover", async () => {
    const offer = customer.getByRole("region", { name: "Welcome tour" });
    await expect(offer).toBeVisible();
    // Colours read mid-transition (the page has just loaded) would fail a contrast check by chance.
    await showScheme(customer, "light");
    found.push(...(await axeViolations(customer, "light the welcome offer")));
    await offer.getByRole("button", { name: "Not now" }).click();
    await expect(offer).toHaveCount(0);
    // Each width starts the tour afresh: at a phone's width its steps are in the middle.
    for (const variant of VARIANTS) {
      await customer.setViewportSize(variant.viewport);
      await showScheme(customer, variant.scheme);
      await customer.getByRole("button", { name: "User menu" }).click();
      await customer.getByRole("menuitem", { name: "Take the tour" }).click();
      const step = customer.getByRole("dialog", { name: TOUR_TITLES[0] });
      await expect(step).toBeVisible();
      found.push(...(await axeViolations(customer, `${variant.name} the tour's popover`)));
      await customer.keyboard.press("Escape");
      await expect(customer.getByRole("dialog")).toHaveCount(0);
    }
  });
  await customer.context().close();
  expect(found, found.join("\n")).toEqual([]);
});
