/**
 * Issue 11 journey: an engineer schedules a meeting on the customer's issue from its side panel;
 * the customer's invitation, with its calendar file, is in the development mailbox and names the
 * meeting and its start; the customer's bell shows the new alert live and /alerts marks it read.
 * The engineer turns a message into a todo, and opening the todo on /todos jumps back to that
 * message; Summarize first says the conversation is too short, then summarizes it after an answer.
 * A revised-terms alert (POST /api/alerts/tnc as the admin) shows the customer the terms
 * banner until OK. Axe checks the schedule dialog in light and dark, /todos and /meetings also
 * at phone width.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  axeViolations,
  createIssueViaApi,
  demo,
  listMail,
  showScheme,
  signInDemo,
  uniqueTag,
} from "./support/helpers";

const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };
const SCHEMES = ["light", "dark"] as const;

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  // A context of its own (axe needs one made with newContext).
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInDemo(page, who);
  return page;
}

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem("portico.session");
    return raw ? (JSON.parse(raw) as { accessToken: string }).accessToken : "";
  });
  return { Authorization: `Bearer ${token}` };
}

type MailWithAttachments = Awaited<ReturnType<typeof listMail>>[number] & {
  channel?: string;
  attachments?: { filename: string; content_type: string; content_base64: string }[];
};

/** The calendar file of the newest mail to `to` carrying an .ics whose SUMMARY is `title`. */
async function invitationFor(request: APIRequestContext, to: string, title: string): Promise<string> {
  let ics = "";
  await expect
    .poll(
      async () => {
        const mails = (await listMail(request)) as MailWithAttachments[];
        for (const mail of mails) {
          if (!mail.to.toLowerCase().includes(to) || (mail.channel ?? "email") !== "email") continue;
          for (const file of mail.attachments ?? []) {
            if (!file.filename.endsWith(".ics")) continue;
            // Unfold the long lines of RFC 5545 before reading them.
            const text = Buffer.from(file.content_base64, "base64")
              .toString("utf8")
              .replace(/\r?\n[ \t]/g, "");
            if (text.includes(`SUMMARY:${title}`)) {
              ics = text;
              return true;
            }
          }
        }
        return false;
      },
      { message: `an invitation to ${to} with an .ics for ${title}`, timeout: 20_000 },
    )
    .toBe(true);
  return ics;
}

/** "20261125T090000Z" for an instant. */
const icsUtc = (iso: string) => `${iso.replace(/[-:]/g, "").slice(0, 15)}Z`;

test("a meeting invites the customer by e-mail and alerts them live; a todo leads back to its message; revised terms show a banner", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Upgrade plan ${uniqueTag()}`;
  const meetingTitle = `Walkthrough ${Date.now().toString(36)}`;
  const todoTitle = `Collect logs ${uniqueTag()}`;

  const customer = await signedIn(browser, demo.owner);
  const engineer = await signedIn(browser, demo.admin);
  const issue = await createIssueViaApi(customer, title, "Our cluster in Dublin needs the new firmware.");
  await customer.goto("/issues");
  const bell = customer.getByRole("banner").getByRole("button", { name: /^Alerts/ });
  await expect(bell).toBeVisible();
  // Start from a clean bell: earlier runs' alerts are read.
  const readAll = await customer.request.post("/api/chat/alerts/read-all", {
    headers: await bearer(customer),
  });
  expect(readAll.ok(), `read-all answered ${readAll.status()}`).toBe(true);
  await customer.reload();
  await expect(bell).toHaveAccessibleName("Alerts");

  // The engineer schedules a meeting from the issue's side panel.
  await engineer.goto(`/issues/${issue}`);
  await expect(engineer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const panel = engineer.getByRole("complementary", { name: "Issue details" });
  await panel.getByRole("button", { name: "Schedule meeting" }).click();
  const dialog = engineer.getByRole("dialog", { name: "Schedule a meeting" });
  await dialog.getByLabel("Title").fill(meetingTitle);
  await dialog.getByLabel("Zoom link").fill("https://zoom.us/j/5550001111");
  await dialog.getByRole("combobox", { name: "Add a participant" }).click();
  await engineer.getByRole("combobox", { name: /^Search/ }).fill("Olivia");
  await engineer.getByRole("option", { name: "Olivia Owner" }).click();
  await expect(dialog.getByRole("list", { name: "Participants" })).toContainText("Olivia Owner");
  await dialog.getByLabel("Agenda").fill("Walk through the firmware upgrade.");

  const found: string[] = [];
  for (const scheme of SCHEMES) {
    await showScheme(engineer, scheme);
    found.push(...(await axeViolations(engineer, `${scheme} schedule dialog`)));
  }
  await showScheme(engineer, "light");

  // The start the form will send: tomorrow 10:00 in the browser's zone.
  const start = await engineer.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 1);
    day.setHours(10, 0, 0, 0);
    return day.toISOString();
  });
  await dialog.getByRole("button", { name: "Schedule meeting" }).click();
  await expect(
    engineer.getByText(`Meeting “${meetingTitle}” scheduled. Invitations are on their way.`),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const card = panel.getByRole("article", { name: `Meeting ${meetingTitle}` });
  await expect(card.getByRole("link", { name: `Join ${meetingTitle} (opens in a new tab)` })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expect(
    engineer
      .getByRole("log", { name: "Messages" })
      .getByTestId("timeline-event")
      .filter({ hasText: `scheduled the meeting ‘${meetingTitle}’` }),
  ).toBeVisible();

  // The invitation with its calendar file is in the development mailbox.
  const ics = await invitationFor(engineer.request, demo.owner.email, meetingTitle);
  expect(ics).toContain("METHOD:REQUEST");
  expect(ics).toMatch(new RegExp(`DTSTART(;[^:\\r\\n]*)?:${icsUtc(start)}`));

  // The customer's bell shows the alert live; /alerts marks it read.
  await expect(bell).toHaveAccessibleName("Alerts, 1 unread");
  await customer.goto("/alerts");
  await expect(customer.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
  const alertItem = customer.getByRole("listitem").filter({ hasText: meetingTitle });
  await expect(alertItem).toBeVisible();
  await alertItem.getByRole("button", { name: "Mark as read" }).click();
  await expect(alertItem.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await expect(bell).toHaveAccessibleName("Alerts");

  // The engineer turns the customer's first message into a todo.
  const firstMessage = engineer.getByRole("article", { name: /^Message 1 from/ });
  await firstMessage.hover();
  await firstMessage.getByRole("button", { name: "Add todo for message 1" }).click();
  const todoDialog = engineer.getByRole("dialog", { name: "Add todo" });
  await expect(todoDialog.getByLabel("Issue number")).toHaveValue(String(issue));
  await expect(todoDialog.getByLabel("Message number")).toHaveValue("1");
  await todoDialog.getByLabel("Title").fill(todoTitle);
  await todoDialog.getByRole("button", { name: "Add todo" }).click();
  await expect(engineer.getByText(`Todo “${todoTitle}” added.`)).toBeVisible();
  await expect(
    engineer
      .getByRole("log", { name: "Messages" })
      .getByTestId("timeline-event")
      .filter({ hasText: `added the todo ‘${todoTitle}’` }),
  ).toBeVisible();

  // Summarize: one message is not enough; after the engineer's answer the built-in summary comes.
  await engineer.getByRole("button", { name: "Summarize" }).click();
  const summary = engineer.getByRole("dialog", { name: `Summary of #${issue}` });
  await expect(summary.getByRole("alert")).toContainText("There is not enough conversation to summarize yet");
  await summary.getByRole("button", { name: "Close" }).click();
  await engineer
    .getByRole("textbox", { name: "Reply" })
    .fill("We will roll the firmware out on Friday after the call.");
  await engineer.getByRole("button", { name: "Send" }).click();
  await expect(engineer.getByRole("article", { name: /^Message 2 from/ })).toBeVisible();
  await engineer.getByRole("button", { name: "Summarize" }).click();
  await expect(summary.getByRole("region", { name: "Summary" })).toContainText("firmware");
  await expect(summary).toContainText(/Built-in summary \(extracted sentences\)|Summary by /);
  await summary.getByRole("button", { name: "Close" }).click();

  // On /todos (for the customer's organization), the todo opens the conversation on that message.
  await customer.goto("/todos");
  await expect(customer.getByRole("heading", { level: 1, name: "Todos" })).toBeVisible();
  const todo = customer.getByRole("listitem", { name: todoTitle });
  await todo.getByRole("link", { name: `#${issue}, message 1` }).click();
  await expect(customer).toHaveURL(new RegExp(`/issues/${issue}\\?msgIndex=1$`));
  await expect(customer.getByRole("article", { name: /^Message 1 from/ })).toHaveAttribute(
    "aria-current",
    "true",
  );

  // Revised terms: the admin alerts everyone; the customer's banner stays until OK.
  const tnc = await engineer.request.post("/api/alerts/tnc", {
    headers: await bearer(engineer),
    data: { terms_type: "standard", effective_date: new Date().toISOString().slice(0, 10) },
  });
  expect(tnc.ok(), `POST /api/alerts/tnc answered ${tnc.status()}: ${await tnc.text()}`).toBe(true);
  const banner = customer.getByRole("region", { name: "Revised terms" });
  await expect(banner).toContainText("Please review the revised Terms and Conditions.");
  await banner.getByRole("button", { name: "OK" }).click();
  await expect(banner).toHaveCount(0);
  await customer.reload();
  await expect(customer.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // Axe: /todos and /meetings in light and dark.
  for (const path of ["/todos", "/meetings"]) {
    await customer.goto(path);
    await expect(customer.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(customer.locator("[aria-busy=true]")).toHaveCount(0);
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await customer.setViewportSize(viewport);
      for (const scheme of SCHEMES) {
        await showScheme(customer, scheme);
        found.push(...(await axeViolations(customer, `${size} ${scheme} ${path}`)));
      }
    }
    await customer.setViewportSize(DESKTOP);
  }
  await expect(customer.getByRole("article", { name: `Meeting ${meetingTitle}` })).toBeVisible();
  expect(found).toEqual([]);
});
