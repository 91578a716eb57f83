/**
 * Issue 7, the rest of the conversation screen: editing and deleting one's own messages (the other
 * side sees it live), renaming (and the 1004 alert), an engineer joining and answering with their
 * online state beside their name (live), quoting cut to 100 characters, older pages loaded by
 * scrolling up, jumping to a date, tab titles of issues not loaded in this page view, the queue's
 * filters that wait for assignees, and the calm reconnect banner with recovery that loses nothing.
 */
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
  type WebSocketRoute,
} from "@playwright/test";
import { createIssueViaApi, demo, signInDemo, uniqueTag } from "./support/helpers";

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInDemo(page, who);
  return page;
}

/** An API caller signed in on its own (no browser session touched): for seeding messages. */
async function apiAs(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post("/api/auth/login", {
    data: { username: who.email, password: who.password },
  });
  expect(login.ok(), `login answered ${login.status()}`).toBe(true);
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  return {
    post: async (issue: number, body: string) => {
      const res = await request.post(`/api/chat/issue/${issue}`, { headers, data: { body } });
      expect(res.status(), `POST issue/${issue} answered ${res.status()}`).toBe(201);
    },
  };
}

const article = (page: Page, index: number) =>
  page
    .getByRole("log", { name: "Messages" })
    .getByRole("article", { name: new RegExp(`^Message ${index} from `) });

/** "Message 1 from Ada Owner" → "Ada Owner". */
async function authorOf(message: Locator): Promise<string> {
  const label = (await message.getAttribute("aria-label")) ?? "";
  return label.replace(/^Message \d+ from /, "");
}

/** dd-MM-yyyy, the date picker's format, `days` from today in the browser's time zone. */
function displayDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

test("own messages are edited and deleted; the other side sees it live", async ({ browser }) => {
  const customer = await signedInPage(browser, demo.owner);
  const engineer = await signedInPage(browser, demo.admin);
  const issue = await createIssueViaApi(customer, `Edit and delete ${uniqueTag()}`, "First version of it");
  await engineer.goto(`/issues/${issue}`);
  await engineer.getByRole("textbox", { name: "Reply" }).fill("An engineer's reply");
  await engineer.getByRole("textbox", { name: "Reply" }).press("Enter");

  await customer.goto(`/issues/${issue}`);
  const first = article(customer, 1);
  await expect(first).toContainText("First version of it");
  const name = await authorOf(first);
  // Someone else's message offers no edit.
  await expect(article(customer, 2)).toContainText("An engineer's reply");
  await expect(article(customer, 2).getByRole("button", { name: "Edit message 2" })).toHaveCount(0);

  await first.getByRole("button", { name: "Edit message 1" }).click();
  await customer.getByRole("textbox", { name: "Edit message 1" }).fill("Second version, **corrected**");
  await customer.getByRole("button", { name: "Save", exact: true }).click();
  await expect(first).toContainText("Second version, corrected");
  await expect(first).toContainText("(edited)");
  await expect(article(engineer, 1)).toContainText("Second version, corrected");

  await first.getByRole("button", { name: "Delete message 1" }).click();
  const confirm = customer.getByRole("alertdialog", { name: "Delete this message?" });
  await confirm.getByRole("button", { name: "Delete message" }).click();
  await expect(first).toContainText(new RegExp(`Deleted by ${name} · \\S`));
  await expect(first).not.toContainText("Second version");
  await expect(article(engineer, 1)).toContainText(`Deleted by ${name}`);

  await customer.context().close();
  await engineer.context().close();
});

test("rename: the title changes everywhere; a title of invisible characters gets the 1004 alert", async ({
  page,
}) => {
  await signInDemo(page, demo.owner);
  const issue = await createIssueViaApi(page, `Old title ${uniqueTag()}`, "Something broke");
  await page.goto(`/issues/${issue}`);
  const renamed = `New title ${uniqueTag()}`;
  await page.getByRole("button", { name: "Rename issue" }).click();
  await page.getByRole("textbox", { name: "Issue title" }).fill(renamed);
  await page.getByRole("button", { name: "Save title" }).click();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Issue tabs" }).getByRole("link", { name: `#${issue} ${renamed}` }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Rename issue" }).click();
  await page.getByRole("textbox", { name: "Issue title" }).fill("\u200B\u200B");
  await page.getByRole("button", { name: "Save title" }).click();
  await expect(page.getByText("Error while updating issue title : Title is required")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
});

test("an engineer joins and answers; their online state shows beside their name, live", async ({
  browser,
}) => {
  const customer = await signedInPage(browser, demo.owner);
  const engineer = await signedInPage(browser, demo.admin);
  const title = `Join and answer ${uniqueTag()}`;
  const issue = await createIssueViaApi(customer, title, "Please have a look");

  await engineer.goto(`/issues/${issue}`);
  await engineer.getByRole("button", { name: "Join" }).click();
  await expect(engineer.getByText("You joined the conversation.")).toBeVisible();
  await expect(
    engineer
      .getByRole("region", { name: "Participants" })
      .getByRole("listitem")
      .filter({ hasText: "(engineer)" }),
  ).toContainText("(online)");
  await engineer.getByRole("textbox", { name: "Reply" }).fill("On it.");
  await engineer.getByRole("textbox", { name: "Reply" }).press("Enter");
  await engineer.getByRole("button", { name: "Answer" }).click();
  await expect(engineer.getByTestId("issue-status")).toContainText("Answered");
  await expect(engineer.getByRole("button", { name: "Reopen" })).toBeVisible();

  // The customer sees the engineer online, in the participants and beside the reply.
  await customer.goto(`/issues/${issue}`);
  await expect(customer.getByTestId("issue-status")).toContainText("Answered");
  const participant = customer
    .getByRole("region", { name: "Participants" })
    .getByRole("listitem")
    .filter({ hasText: "(engineer)" });
  await expect(participant).toContainText("(online)");
  await expect(article(customer, 2)).toContainText("(online)");

  // Joining made the issue one the engineer participates in (not one assigned to them).
  await engineer.goto("/issues");
  await engineer.getByRole("combobox", { name: "Assignment filter" }).click();
  await engineer.getByRole("option", { name: "Participating" }).click();
  await expect(
    engineer.getByRole("list", { name: "Issues" }).getByRole("link", { name: new RegExp(title) }),
  ).toBeVisible();
  await engineer.getByRole("combobox", { name: "Assignment filter" }).click();
  await engineer.getByRole("option", { name: "Assigned to" }).click();
  await expect(engineer.getByRole("combobox", { name: "Assignee" })).toHaveText("Me");
  await expect(engineer).toHaveURL(/[?&]filter=assignee\b/);
  await engineer.getByRole("combobox", { name: "Assignment filter" }).click();
  await engineer.getByRole("option", { name: "All issues" }).click();

  // The engineer leaves: the customer sees them go offline without reloading.
  await engineer.context().close();
  await expect(participant).toContainText("(offline)", { timeout: 15_000 });
  await expect(article(customer, 2)).toContainText("(offline)");
  await customer.context().close();
});

test("a quoted reply is cut to 100 characters", async ({ page }) => {
  await signInDemo(page, demo.owner);
  const long =
    "The replication between east-1 and west-2 stopped at 09:00 and the queue has grown ever since then; restarting did not help at all.";
  expect(long.length).toBeGreaterThan(100);
  const issue = await createIssueViaApi(page, `Quote ${uniqueTag()}`, long);
  await page.goto(`/issues/${issue}`);
  await article(page, 1).getByRole("button", { name: "Quote message 1" }).click();
  const reply = page.getByRole("textbox", { name: "Reply" });
  await expect(reply).toBeFocused();
  await expect(reply).toHaveValue(`> ${long.slice(0, 100)}…\n\n`);
});

test("scrolling up loads older pages; Jump to date lands on the first message of that day", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInDemo(page, demo.owner);
  const issue = await createIssueViaApi(page, `Long conversation ${uniqueTag()}`, "Message number 1");
  const engineer = await apiAs(request, demo.admin);
  // 65 messages: more than the 50 of the first page.
  for (let i = 2; i <= 65; i++) await engineer.post(issue, `Message number ${i}`);

  await page.goto(`/issues/${issue}`);
  await expect(article(page, 65)).toBeVisible();
  await expect(article(page, 1)).toHaveCount(0);
  const log = page.getByRole("log", { name: "Messages" });
  const olderPage = page.waitForRequest((r) => /\/api\/chat\/issue\/\d+\?(.*&)?before=/.test(r.url()));
  await expect
    .poll(async () => {
      await log.hover();
      await page.mouse.wheel(0, -3000);
      return article(page, 1).count();
    })
    .toBe(1);
  await olderPage;
  await expect(article(page, 1)).toContainText("Message number 1");

  // Jump to date: today, from the newest messages, lands on message 1 (all were written today).
  await page.goto(`/issues/${issue}`);
  await expect(article(page, 65)).toBeVisible();
  await page.getByRole("button", { name: "Jump to date" }).click();
  const jump = page.getByRole("form", { name: "Jump to date" });
  await jump.getByRole("textbox", { name: "Date" }).fill(displayDate(1));
  await jump.getByRole("button", { name: "Jump" }).click();
  await expect(jump.getByText("No message was written at or after that date")).toBeVisible();
  await jump.getByRole("textbox", { name: "Date" }).fill(displayDate(0));
  await jump.getByRole("button", { name: "Jump" }).click();
  await expect(page).toHaveURL(new RegExp(`/issues/${issue}\\?msgIndex=1$`));
  await expect(article(page, 1)).toHaveAttribute("aria-current", "true");
  await expect(article(page, 1)).toBeInViewport();
});

test("a tab of an issue not loaded in this page view shows its title", async ({ page }) => {
  await signInDemo(page, demo.owner);
  const firstTitle = `First tab ${uniqueTag()}`;
  const first = await createIssueViaApi(page, firstTitle, "One");
  const second = await createIssueViaApi(page, `Second tab ${uniqueTag()}`, "Two");
  await page.goto(`/issues/${first}`);
  await expect(page.getByRole("heading", { level: 1, name: firstTitle })).toBeVisible();
  // A new page view of the second issue: the first one's title is fetched for its tab.
  await page.goto(`/issues/${second}`);
  await expect(
    page
      .getByRole("navigation", { name: "Issue tabs" })
      .getByRole("link", { name: `#${first} ${firstTitle}` }),
  ).toBeVisible();
});

test("the socket drops: a calm banner, then the missed messages arrive once each", async ({
  page,
  request,
}) => {
  // The chat socket passes through this route; while `down`, every connection is refused.
  let down = false;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/chat\/ws$/, (ws) => {
    if (down) {
      void ws.close({ code: 4000, reason: "test: network down" });
      return;
    }
    ws.connectToServer();
    open.push(ws);
  });
  await signInDemo(page, demo.owner);
  const issue = await createIssueViaApi(page, `Reconnect ${uniqueTag()}`, "Before the drop");
  const engineer = await apiAs(request, demo.admin);
  await page.goto(`/issues/${issue}`);
  await expect(page.locator('[data-connection="connected"]')).toBeAttached();
  await expect(article(page, 1)).toBeVisible();

  down = true;
  for (const ws of open.splice(0)) await ws.close({ code: 4000, reason: "test: network down" });
  const banner = page.getByText("Reconnecting… New messages appear as soon as the connection is back.");
  await expect(banner).toBeVisible();
  await engineer.post(issue, "Written while you were away");
  await engineer.post(issue, "And a second one");
  await expect(article(page, 2)).toHaveCount(0);

  down = false;
  await expect(banner).toBeHidden({ timeout: 20_000 });
  await expect(article(page, 2)).toContainText("Written while you were away");
  await expect(article(page, 3)).toContainText("And a second one");
  await engineer.post(issue, "Live again");
  await expect(article(page, 4)).toContainText("Live again");
  // The newest message follows the bottom of the view, and nothing came twice.
  await expect(article(page, 4)).toBeInViewport();
  await expect(page.getByRole("log", { name: "Messages" }).getByRole("article")).toHaveCount(4);
});
