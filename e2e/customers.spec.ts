/**
 * Issue 16, the vendor's customers console: an engineer filters /customers down to one fresh
 * organization (made for the run by a new customer through the API), opens it, invites a user
 * (who signs up through the e-mailed link in a browser of their own), makes them owner, disables
 * the organization while the customer's browser is open (it is signed out, and signing in is
 * refused) and enables it again (they sign in again), and logs time, which the Time log tab lists
 * with its total. The History tab has recorded each action.
 */

import { type Browser, expect, type Page, test } from "@playwright/test";
import { CUSTOMER_MESSAGES } from "../packages/shared/src/schemas/customers";
import {
  chooseAnyOption,
  demo,
  linkInMail,
  signedInPage,
  signInWithCode,
  signUpWithOrganizationViaApi,
  submitSignIn,
  uniqueTag,
  waitForMail,
} from "./support/helpers";

const company = uniqueTag("cust").toLowerCase();
const founder = {
  email: `${company}-founder@example.com`,
  password: "Founder-pass-1!long",
  name: "Fiona Founder",
  company,
};
const invitee = { email: `${company}-ivy@example.com`, password: "Invitee-pass-1!long", name: "Ivy Invitee" };

/** dd-MM-yyyy, the kit's date field's format, `days` from today in the browser's time zone. */
function displayDate(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

/** Opens the account actions menu of the customer page and picks one action. */
async function accountAction(page: Page, action: string) {
  await page.getByRole("button", { name: "Actions", exact: true }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

/** The tab of the customer page, selected; returns its panel. */
async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
  return page.getByRole("tabpanel", { name });
}

/** The invitee accepts the e-mailed invitation in a browser of their own and signs in. */
async function acceptInvitation(browser: Browser, href: string): Promise<{ page: Page; otpMail: string }> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1, name: "Create your Portico account" })).toBeVisible();
  await expect(page.getByText(`You are joining ${company}`)).toBeVisible();
  await page.getByLabel("Full name").fill(invitee.name);
  await page.getByLabel("Password", { exact: true }).fill(invitee.password);
  await chooseAnyOption(page.getByLabel("Country"));
  await chooseAnyOption(page.getByLabel("Time zone"));
  await page.getByRole("checkbox", { name: "I accept the Terms and Conditions" }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Your account is ready. Sign in to continue.")).toBeVisible();
  const otpMail = await signInWithCode(page, invitee.email, invitee.password);
  // A member of one organization: the app opens on its issues.
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  return { page, otpMail };
}

test("an engineer filters customers, opens one, invites a user, makes them owner, disables and enables it, logs time", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  await signUpWithOrganizationViaApi(request, founder);
  const engineer = await signedInPage(browser, demo.admin);

  await test.step("filter /customers down to the new organization and open it", async () => {
    await engineer.goto("/customers");
    await expect(engineer.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
    const table = engineer.getByRole("table", { name: "Customers" });
    await engineer.getByRole("searchbox", { name: "Search" }).fill(company);
    await expect(engineer.getByText("1 customer matches")).toBeVisible();
    await expect(table.getByRole("link", { name: company })).toBeVisible();

    // It has no plan yet: narrowed to STANDARD, nothing matches.
    await engineer.getByRole("button", { name: "Plans: All plans" }).click();
    await engineer.getByRole("menuitemcheckbox", { name: "STANDARD" }).click();
    await engineer.keyboard.press("Escape");
    await expect(engineer.getByRole("button", { name: "Plans: STANDARD" })).toBeVisible();
    await expect(engineer.getByText("No customers match these filters")).toBeVisible();
    await expect(table.getByRole("link", { name: company })).toHaveCount(0);

    await engineer.getByRole("button", { name: "Plans: STANDARD" }).click();
    await engineer.getByRole("menuitemcheckbox", { name: "STANDARD" }).click();
    await engineer.keyboard.press("Escape");
    await expect(engineer.getByText("1 customer matches")).toBeVisible();

    await table.getByRole("link", { name: company }).click();
    await expect(engineer).toHaveURL(/\/customers\/\d+/);
    await expect(engineer.getByRole("heading", { level: 1, name: company })).toBeVisible();
    await expect(engineer.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Customers");
    const users = engineer.getByRole("table", { name: "Users" });
    const founderRow = users.getByRole("row").filter({ hasText: founder.email });
    await expect(founderRow.getByRole("cell", { name: "Owner", exact: true })).toBeVisible();
  });

  const customer = await test.step("invite a user; they sign up through the e-mailed link", async () => {
    await accountAction(engineer, "Invite user");
    const dialog = engineer.getByRole("dialog", { name: "Invite user" });
    await dialog.getByRole("textbox", { name: "Email" }).fill(invitee.email);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog).toHaveCount(0);
    // The overview's pending invitations list it.
    await expect(engineer.getByText(`Invitation sent to ${invitee.email}.`)).toBeVisible();
    await expect(
      engineer.getByRole("main").getByRole("listitem").filter({ hasText: invitee.email }),
    ).toContainText("as user");

    const mail = await waitForMail(request, invitee.email, `You are invited to join ${company} on Portico`);
    return acceptInvitation(browser, linkInMail(mail, "Accept invitation"));
  });

  await test.step("make the new user an owner", async () => {
    await engineer.reload();
    const row = engineer
      .getByRole("table", { name: "Users" })
      .getByRole("row")
      .filter({ hasText: invitee.email });
    await expect(row.getByRole("cell", { name: "User", exact: true })).toBeVisible();
    // The user's row has their actions.
    await row.getByRole("button", { name: `Actions for ${invitee.name}` }).click();
    await engineer.getByRole("menuitem", { name: "Make owner" }).click();
    const dialog = engineer.getByRole("dialog", { name: "Make owner" });
    await expect(dialog).toContainText(invitee.name);
    await dialog.getByRole("button", { name: "Make owner" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByRole("cell", { name: "Owner", exact: true })).toBeVisible();
  });

  await test.step("disable the organization: the customer's open browser is signed out", async () => {
    await accountAction(engineer, "Disable org");
    const confirm = engineer.getByRole("alertdialog", { name: `Disable ${company}?` });
    await expect(confirm).toContainText("signed out");
    await confirm.getByRole("button", { name: "Disable organization" }).click();
    await expect(engineer.getByText(`${CUSTOMER_MESSAGES.accountDisabled}.`)).toBeVisible();

    // The customer's next request (here, opening Files from the menu of the app they had open)
    // ends the session.
    await customer.page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Files" })
      .click();
    await expect(customer.page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(customer.page.getByRole("status")).toContainText(CUSTOMER_MESSAGES.accountDisabled);

    // Signing in again is refused with the same words.
    await submitSignIn(customer.page, invitee.email, invitee.password);
    await expect(
      customer.page.getByRole("alert").filter({ hasText: CUSTOMER_MESSAGES.accountDisabled }),
    ).toBeVisible();
    await expect(customer.page).toHaveURL((url) => url.pathname === "/");
  });

  await test.step("enable it again: the customer signs in", async () => {
    await accountAction(engineer, "Enable org");
    const confirm = engineer.getByRole("alertdialog", { name: `Enable ${company}?` });
    await confirm.getByRole("button", { name: "Enable organization" }).click();
    await expect(engineer.getByText(`${CUSTOMER_MESSAGES.accountDisabled}.`)).toHaveCount(0);

    await customer.page.goto("/");
    await signInWithCode(customer.page, invitee.email, invitee.password, { after: customer.otpMail });
    await expect(customer.page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
    await customer.page.context().close();
  });

  await test.step("log time for yesterday and today: the Time log tab lists both, newest day first, and the total", async () => {
    const entries = [
      { day: displayDate(-1), minutes: "30", note: `Upgrade planning ${company}`, shows: "30 min" },
      { day: displayDate(0), minutes: "95", note: `Capacity review ${company}`, shows: "1 h 35 min" },
    ];
    for (const entry of entries) {
      await accountAction(engineer, "Log time");
      const dialog = engineer.getByRole("dialog", { name: "Log time" });
      // The day is today unless typed (dd-MM-yyyy, read when the field is left).
      const day = dialog.getByRole("textbox", { name: "Day" });
      await expect(day).toHaveValue(displayDate(0));
      await day.fill(entry.day);
      await day.press("Tab");
      await dialog.getByRole("textbox", { name: "Minutes" }).fill(entry.minutes);
      await dialog.getByRole("textbox", { name: "Note" }).fill(entry.note);
      await dialog.getByRole("button", { name: "Log time" }).click();
      await expect(dialog).toHaveCount(0);
    }
    const panel = await openTab(engineer, "Time log");
    const log = panel.getByRole("table", { name: "Time log" });
    for (const entry of entries) {
      const row = log.getByRole("row").filter({ hasText: entry.note });
      await expect(row).toContainText(entry.shows);
      await expect(row).toContainText("Ada Admin");
    }
    await expect(log.getByRole("row").nth(1)).toContainText(entries[1]?.note ?? "");
    await expect(panel.getByText("Total: 2 h 5 min in 2 entries")).toBeVisible();
  });

  await test.step("the History tab recorded each action", async () => {
    const panel = await openTab(engineer, "History");
    const history = panel.getByRole("table", { name: "History" });
    for (const action of [
      "User invited",
      "User made owner",
      "Organization disabled",
      "Organization enabled",
      "Time logged",
    ])
      await expect(history.getByRole("row").filter({ hasText: action }).first()).toBeVisible();
  });
  await engineer.context().close();
});
