/**
 * Issue 8 journeys: a customer raises a panic after the confirmation and it lands at the top of
 * an engineer's queue in another browser without a reload, with the sound and the notification;
 * search finds a phrase of a message and opens the conversation at that message; Ctrl/Cmd + /
 * opens search; and axe checks the new screens (light, dark, phone width).
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  axeViolations,
  createIssueViaApi,
  demo,
  saveScreen,
  showScheme,
  signInDemo,
  uniqueTag,
} from "./support/helpers";

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  // A context of its own (axe needs one made with newContext).
  const page = await (await browser.newContext()).newPage();
  await signInDemo(page, who);
  return page;
}

/** A word no other test writes, made of letters only (the search splits on digits and dashes). */
function uniqueWord(): string {
  return `quasar${Math.random()
    .toString(36)
    .slice(2, 9)
    .replace(/[^a-z]/g, "x")}`;
}

/**
 * Records what the panic alert does in this page: each beep (an oscillator of the Web Audio API)
 * and each system notification, with notifications allowed as an engineer would have them.
 */
async function recordAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { panicAlerts: string[] }).panicAlerts = log;
    class RecordingNotification {
      static permission = "granted";
      static requestPermission = async () => "granted";
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        log.push(`notification ${title} ${options?.body ?? ""}`);
      }
      close() {}
    }
    Object.defineProperty(window, "Notification", { value: RecordingNotification, configurable: true });
    const RealContext = window.AudioContext;
    class RecordingContext extends RealContext {
      override createOscillator() {
        log.push("beep");
        return super.createOscillator();
      }
    }
    Object.defineProperty(window, "AudioContext", { value: RecordingContext, configurable: true });
  });
}

const alertsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { panicAlerts: string[] }).panicAlerts);

const VARIANTS = [
  { name: "light", colorScheme: "light", viewport: { width: 1366, height: 850 } },
  { name: "dark", colorScheme: "dark", viewport: { width: 1366, height: 850 } },
  { name: "mobile", colorScheme: "light", viewport: { width: 375, height: 812 } },
] as const;

/**
 * Serious or critical axe findings of the page in each variant; `open` puts the page in the state
 * to check (a dialog open, say) and runs again after each change of width.
 */
async function axeFindings(page: Page, name: string, open?: () => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  for (const variant of VARIANTS) {
    await page.setViewportSize(variant.viewport);
    await showScheme(page, variant.colorScheme);
    await open?.();
    found.push(...(await axeViolations(page, `${variant.name} ${name}`)));
    await saveScreen(page, `${variant.name}-${name}`);
  }
  return found;
}

test("a customer raises a panic after the confirmation; it tops the engineer's queue live, with sound and notification", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const engineer = await (await browser.newContext()).newPage();
  await recordAlerts(engineer);
  await signInDemo(engineer, demo.admin);
  const customer = await signedIn(browser, demo.owner);
  const title = `Cluster east-1 down ${uniqueTag()}`;

  // The engineer watches the queue, which already holds other issues.
  await createIssueViaApi(customer, `Ordinary question ${uniqueTag()}`, "When is the next release?");
  await engineer.goto("/issues");
  const queue = engineer.getByRole("list", { name: "Issues" });
  await expect(queue.getByRole("link").first()).toBeVisible();

  // The customer reads the warnings, fills the form, and must confirm.
  await customer.goto("/panic");
  await expect(customer.getByRole("heading", { level: 1, name: "Panic" })).toBeVisible();
  await expect(customer.getByRole("region", { name: "Before you raise a panic" })).toContainText(
    "Use panic only for severe outages",
  );
  await customer.getByLabel("Title").fill(title);
  await customer.getByLabel("Message").fill("Every node of **east-1** stopped at 09:00; clients time out.");
  await customer.getByRole("button", { name: "Raise panic" }).click();
  const confirm = customer.getByRole("alertdialog", { name: "Raise a panic?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Raise panic" }).click();

  // The customer lands on the new issue.
  await expect(customer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(customer.getByTestId("issue-status")).toContainText("Panic");

  // The engineer, without a reload: first row, marked Panic; a toast, a sound, a notification.
  const first = queue.getByRole("link").first();
  await expect(first).toContainText(title);
  await expect(first).toContainText("Panic");
  await expect(engineer.getByText("Panic from acme")).toBeVisible();
  await expect.poll(() => alertsOf(engineer)).toContain("beep");
  expect(await alertsOf(engineer)).toContainEqual(
    expect.stringMatching(new RegExp(`^notification Panic: acme #\\d+ ${title}`)),
  );

  // axe: the engineer's queue with the panic and its toast, and the Panic alerts panel.
  const found = await axeFindings(engineer, "panic-queue");
  found.push(
    ...(await axeFindings(engineer, "panic-alerts-panel", async () => {
      if (await engineer.getByRole("dialog").isVisible()) return;
      await engineer.getByRole("button", { name: "Panic alerts" }).click();
      await expect(engineer.getByText("Notifications are on")).toBeVisible();
    })),
  );
  // The engineer's search, with the organization filter, finds the panic by its title.
  await engineer.keyboard.press("Escape");
  await engineer.keyboard.press("Control+/");
  const search = engineer.getByRole("dialog", { name: "Search" });
  await expect(search.getByRole("combobox", { name: "Organization filter" })).toHaveText("All organizations");
  await search.getByRole("combobox", { name: "Search issues and messages" }).fill("east-1 down");
  await expect(search.getByRole("option", { name: new RegExp(title) }).first()).toBeVisible();
  found.push(...(await axeFindings(engineer, "search-engineer")));
  expect(found, found.join("\n")).toEqual([]);

  await customer.context().close();
  await engineer.context().close();
});

test("search finds a phrase of a message and opens the conversation at that message", async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signedIn(browser, demo.owner);
  const word = uniqueWord();
  const issue = await createIssueViaApi(customer, `Snapshots slow ${uniqueTag()}`, "Snapshots take an hour.");

  // The phrase is in the second message, written in the conversation.
  await customer.goto(`/issues/${issue}`);
  const reply = customer.getByRole("textbox", { name: "Reply" });
  await reply.fill(`The nightly job logs ${word} before it stalls.`);
  await reply.press("Enter");
  await expect(customer.getByRole("article", { name: /Message 2 from/ })).toContainText(word);

  // Elsewhere in the app, the header button opens search.
  await customer.goto("/profile");
  await customer.getByRole("button", { name: "Search" }).click();
  const dialog = customer.getByRole("dialog", { name: "Search" });
  await dialog.getByRole("combobox", { name: "Search issues and messages" }).fill(`"logs ${word}"`);
  const hit = dialog.getByRole("option", { name: new RegExp(`#${issue}`) });
  await expect(hit).toBeVisible();
  await expect(hit.locator("mark")).toContainText([word]);

  const found = await axeFindings(customer, "search-results", async () => {
    await expect(hit).toBeVisible();
  });
  expect(found, found.join("\n")).toEqual([]);

  await hit.click();
  await expect(customer).toHaveURL(new RegExp(`/issues/${issue}\\?msgIndex=2$`));
  const linked = customer.getByRole("article", { name: /Message 2 from/ });
  await expect(linked).toHaveAttribute("aria-current", "true");
  await expect(linked).toBeInViewport();

  // "#n" goes straight to the issue with Enter.
  await customer.keyboard.press("Control+/");
  await customer.getByRole("combobox", { name: "Search issues and messages" }).fill(`#${issue}`);
  // Offered first, and already the active option: Enter takes it.
  await expect(customer.getByRole("option", { name: `Open issue #${issue}` })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await customer.keyboard.press("Enter");
  await expect(customer).toHaveURL(new RegExp(`/issues/${issue}$`));

  await customer.context().close();
});

test("Ctrl + / and Cmd + / open search from anywhere; Escape closes it; /panic passes axe", async ({
  page,
}) => {
  await signInDemo(page, demo.user);
  for (const shortcut of ["Control+/", "Meta+/"]) {
    await page.goto("/profile");
    // Even while typing in a field.
    await page.getByLabel("Name").focus();
    await page.keyboard.press(shortcut);
    const input = page.getByRole("dialog", { name: "Search" }).getByRole("combobox", {
      name: "Search issues and messages",
    });
    await expect(input).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }

  // Mobile search: the same menu fills the phone's screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("button", { name: "Search" }).click();
  const sheet = page.getByRole("dialog", { name: "Search" });
  // Measured once its opening animation has settled.
  await expect.poll(async () => Math.round((await sheet.boundingBox())?.width ?? 0)).toBe(375);
  await page.keyboard.press("Escape");

  await page.goto("/panic");
  await expect(page.getByRole("heading", { level: 1, name: "Panic" })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const found = await axeFindings(page, "panic");
  found.push(
    ...(await axeFindings(page, "search-empty", async () => {
      if (await page.getByRole("dialog").isVisible()) return;
      await page.keyboard.press("Control+/");
      await expect(page.getByRole("dialog", { name: "Search" })).toBeVisible();
    })),
  );
  expect(found, found.join("\n")).toEqual([]);
});
