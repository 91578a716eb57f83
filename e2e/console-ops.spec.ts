/**
 * Issue 17, the vendor's console part two, in the browser:
 * - an engineer sends a notification to one organization; its owner's open bell counts it live,
 *   the bell lists it, and the development mailbox has the e-mail;
 * - an engineer posts a system alert that the customer's and the engineer's open browsers show
 *   without a reload, and clears it: it leaves both;
 * - an engineer turns maintenance on while a customer's browser is open on a screen: it goes to
 *   /maintenance by itself, and when maintenance is turned off it comes back to that screen;
 * - an owner invites a user on /users (the invitee accepts the e-mailed invitation) and removes
 *   the new member again;
 * - axe walks the new screens (light, dark and 375 px wide).
 *
 * Each journey makes its own organization through the API (a new customer and their
 * organization), so nothing of the demo data changes; what is global (a system alert,
 * maintenance) is undone in a `finally` through the API should a step fail.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import {
  axeViolations,
  bearerOf,
  demo,
  linkInMail,
  showScheme,
  signedInPage,
  signInWithCode,
  signUpWithOrganizationViaApi,
  uniqueTag,
  waitForMail,
} from "./support/helpers";

const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 375, height: 812 };

type Founder = { email: string; password: string; name: string; company: string };

/** A new organization whose only member is its owner, made through the API. */
async function newOrganization(request: APIRequestContext, prefix: string): Promise<Founder> {
  const company = uniqueTag(prefix).toLowerCase();
  const founder = {
    email: `${company}-owner@example.com`,
    password: "Founder-pass-1!long",
    name: "Fiona Founder",
    company,
  };
  await signUpWithOrganizationViaApi(request, founder);
  return founder;
}

/** The new organization's owner signed in (with the e-mailed code) in a browser of their own. */
async function ownerPage(browser: Browser, founder: Founder): Promise<Page> {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto("/");
  await signInWithCode(page, founder.email, founder.password);
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  return page;
}

/** The shell's bell of the top bar. */
const bellOf = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Alerts/ });

test("an engineer's notification reaches the organization's owner live in the bell and by e-mail", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const founder = await newOrganization(request, "note");
  const title = `Planned upgrade ${uniqueTag()}`;
  const body = "The portal upgrades to 5.0 on Saturday; expect a short pause in the afternoon.";

  const customer = await ownerPage(browser, founder);
  const bell = bellOf(customer);
  // A new customer has nothing unread.
  await expect(bell).toHaveAccessibleName("Alerts");

  const engineer = await signedInPage(browser, demo.admin);
  const rowOf = (page: Page) =>
    page.getByRole("table", { name: "Notifications" }).getByRole("row").filter({ hasText: title });
  await test.step("the engineer sends it to the new organization from /notifications", async () => {
    await engineer.goto("/notifications");
    await expect(engineer.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await engineer.getByRole("button", { name: "Send notification" }).first().click();
    const dialog = engineer.getByRole("dialog", { name: "Send notification" });
    await dialog.getByRole("textbox", { name: "Title" }).fill(title);
    await dialog.getByRole("textbox", { name: "Message" }).fill(body);
    await dialog.getByRole("radio", { name: "Organizations" }).click();
    await dialog.getByRole("combobox", { name: "Organizations" }).click();
    await engineer.getByRole("combobox", { name: /^Search/ }).fill(founder.company);
    await engineer.getByRole("option", { name: founder.company }).click();
    await expect(dialog.getByRole("list", { name: "Chosen organizations" })).toContainText(founder.company);
    await expect(dialog.getByRole("switch", { name: "Also send by e-mail" })).toBeChecked();
    await expect(dialog.getByText("Goes to 1 user; 1 also by e-mail")).toBeVisible();
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await expect(engineer.getByText(/^(Notification sent to 1 user|Sending to 1 user…)$/)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The list refreshes itself while it is sending.
    await expect(rowOf(engineer)).toContainText("Sent");
    await expect(rowOf(engineer)).toContainText("1 organization");
    await expect(rowOf(engineer)).toContainText("0 of 1");
  });

  await test.step("the owner's open bell counts it and lists it; the mailbox has it", async () => {
    await expect(bell).toHaveAccessibleName("Alerts, 1 unread");
    await bell.click();
    const newest = customer.getByRole("list", { name: "Newest alerts" });
    await expect(newest.getByRole("link").filter({ hasText: title })).toContainText(body);
    await customer.keyboard.press("Escape");

    const mail = await waitForMail(request, founder.email, `Portico: ${title}`);
    expect(mail.text).toContain(body);
  });

  await test.step("read on /alerts, it counts on the notifications list", async () => {
    await customer.goto("/alerts");
    await expect(customer.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
    const item = customer.getByRole("listitem").filter({ hasText: title });
    await expect(item).toContainText(body);
    await item.getByRole("button", { name: "Mark as read" }).click();
    await expect(item.getByRole("button", { name: "Mark as unread" })).toBeVisible();
    await expect(bell).toHaveAccessibleName("Alerts");
    await engineer.reload();
    await expect(rowOf(engineer)).toContainText("1 of 1");
  });
  await customer.context().close();
  await engineer.context().close();
});

test("a system alert shows in every open browser without a reload and leaves when cleared", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Short enough for the row's buttons to name it whole ("Clear <message>").
  const message = `Storage work ${Date.now().toString(36)}`;
  const customer = await signedInPage(browser, demo.user);
  const engineer = await signedInPage(browser, demo.admin);
  await customer.goto("/profile");
  await expect(customer.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();

  /** The shell's banner showing the alert (a warning is a polite status). */
  const bannerOf = (page: Page) =>
    page.getByRole("region", { name: "System alerts" }).getByRole("status").filter({ hasText: message });
  const rowOf = (page: Page) =>
    page.getByRole("table", { name: "System alerts" }).getByRole("row").filter({ hasText: message });
  try {
    await test.step("the engineer posts a warning on /system-alerts", async () => {
      await engineer.goto("/system-alerts");
      await expect(engineer.getByRole("heading", { level: 1, name: "System alerts" })).toBeVisible();
      await engineer.getByRole("button", { name: "New system alert" }).first().click();
      const dialog = engineer.getByRole("dialog", { name: "New system alert" });
      await dialog.getByRole("combobox", { name: "Level" }).click();
      await engineer.getByRole("option", { name: "Warning" }).click();
      await dialog.getByRole("textbox", { name: "Message" }).fill(message);
      await dialog.getByRole("button", { name: "Post alert" }).click();
      await expect(engineer.getByText("System alert posted")).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(rowOf(engineer)).toContainText("Live");
      await expect(rowOf(engineer)).toContainText("Warning");
    });

    await test.step("both open browsers show it without a reload", async () => {
      await expect(bannerOf(customer)).toBeVisible();
      await expect(bannerOf(customer)).toContainText(`Warning: ${message}`);
      await expect(bannerOf(engineer)).toBeVisible();
      // Still the screen it was open on: nothing reloaded or navigated.
      await expect(customer).toHaveURL(/\/profile$/);
    });

    await test.step("the engineer clears it: it leaves both", async () => {
      await rowOf(engineer)
        .getByRole("button", { name: `Clear ${message}` })
        .click();
      const confirm = engineer.getByRole("alertdialog", { name: "Clear this system alert?" });
      await expect(confirm).toContainText(message);
      await confirm.getByRole("button", { name: "Clear alert" }).click();
      await expect(engineer.getByText("System alert cleared")).toBeVisible();
      await expect(rowOf(engineer)).toContainText("Cleared");
      await expect(bannerOf(engineer)).toHaveCount(0);
      await expect(bannerOf(customer)).toHaveCount(0);
      await expect(customer).toHaveURL(/\/profile$/);
    });
  } finally {
    await clearSystemAlert(engineer, message);
    await customer.context().close();
    await engineer.context().close();
  }
});

test("maintenance sends an open customer's browser to /maintenance and back when it ends", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const message = `Upgrading the database ${uniqueTag()}`;
  const customer = await signedInPage(browser, demo.user);
  const engineer = await signedInPage(browser, demo.admin);
  // The engineer's second tab, in the app: it stays there with a banner.
  const engineerApp = await engineer.context().newPage();
  await customer.goto("/profile");
  await expect(customer.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await engineerApp.goto("/issues");
  await expect(engineerApp.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();

  try {
    await test.step("the engineer turns it on at /mnt: the customer's browser goes to /maintenance", async () => {
      await engineer.goto("/mnt");
      await expect(engineer.getByRole("heading", { level: 1, name: "Maintenance mode" })).toBeVisible();
      await engineer.getByRole("button", { name: "15 min" }).click();
      await expect(engineer.getByRole("spinbutton", { name: "Duration (minutes)" })).toHaveValue("15");
      await engineer.getByRole("textbox", { name: "Message for users" }).fill(message);
      await engineer.getByRole("button", { name: "Enable maintenance" }).click();
      await expect(
        engineer.getByText("Maintenance is on: customers now see the maintenance page."),
      ).toBeVisible();
      const state = engineer.getByRole("status").filter({ hasText: "Maintenance is on." });
      await expect(state).toContainText(`Message: ${message}`);
      await expect(state).toContainText("Turned on by Ada Admin");
      await expect(state).toContainText(/in 1[45] minutes/);

      await expect(customer).toHaveURL(/\/maintenance$/);
      await expect(
        customer.getByRole("heading", { level: 1, name: "Portico is under maintenance" }),
      ).toBeVisible();
      await expect(customer.getByText(message)).toBeVisible();
      await expect(customer.getByRole("button", { name: "Sign out" })).toBeVisible();
      await expect(customer.getByRole("link", { name: "Engineers: manage maintenance" })).toBeVisible();

      // Engineers are not sent away: the app shows them a banner leading to /mnt.
      const banner = engineerApp.getByRole("region", { name: "Maintenance" });
      await expect(banner).toContainText("Maintenance is on");
      await expect(banner.getByRole("link", { name: "Manage maintenance" })).toHaveAttribute("href", "/mnt");
      await expect(engineerApp).toHaveURL(/\/issues$/);
    });

    await test.step("the engineer turns it off: the customer's browser comes back to where it was", async () => {
      await engineer.getByRole("button", { name: "Disable maintenance" }).click();
      await expect(engineer.getByText("Maintenance is off: the portal is open again.")).toBeVisible();
      await expect(
        engineer
          .getByRole("table", { name: "Maintenance history" })
          .getByRole("row")
          .filter({ hasText: message }),
      ).toContainText("Turned off by Ada Admin");
      // /maintenance checks every 5 s.
      await expect(customer).toHaveURL(/\/profile$/, { timeout: 20_000 });
      await expect(customer.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
      await expect(engineerApp.getByRole("region", { name: "Maintenance" })).toHaveCount(0);
    });
  } finally {
    await turnMaintenanceOff(engineer);
    await customer.context().close();
    await engineer.context().close();
  }
});

test("an owner invites a user on /users and removes the new member", async ({ browser, request }) => {
  test.setTimeout(150_000);
  const founder = await newOrganization(request, "team");
  const invitee = { email: `${founder.company}-ivy@example.com`, name: "Ivy Invitee" };
  const owner = await ownerPage(browser, founder);
  await owner.goto("/users");
  await expect(owner.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  const members = owner.getByRole("table", { name: `Members of ${founder.company}` });
  const founderRow = members.getByRole("row").filter({ hasText: founder.email });
  await expect(founderRow).toContainText("Owner");
  await expect(founderRow).toContainText("MFA on");
  // Nobody removes themselves.
  await expect(founderRow.getByRole("button", { name: `Remove ${founder.name}` })).toHaveCount(0);
  const subject = `You are invited to join ${founder.company} on Portico`;

  const mail = await test.step("invite by e-mail, and send it again: the invitation is pending", async () => {
    await owner.getByRole("button", { name: "Invite user" }).click();
    const dialog = owner.getByRole("dialog", { name: "Invite user" });
    await dialog.getByRole("textbox", { name: "Email" }).fill(invitee.email);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(owner.getByText(`Invitation sent to ${invitee.email}.`)).toBeVisible();
    const pending = owner.getByRole("region", { name: "Pending invitations" });
    await expect(pending.getByRole("listitem").filter({ hasText: invitee.email })).toContainText("as user");
    const first = await waitForMail(request, invitee.email, subject);

    await pending.getByRole("button", { name: `Resend the invitation to ${invitee.email}` }).click();
    await expect(owner.getByText(`Invitation sent again to ${invitee.email}.`)).toBeVisible();
    return waitForMail(request, invitee.email, subject, { after: first.id });
  });

  await test.step("the invitee accepts the newest invitation; the owner sees a new member", async () => {
    const token = new URL(linkInMail(mail, "Accept invitation")).searchParams.get("token");
    const signup = await request.post("/api/auth/signup", {
      data: {
        email: invitee.email,
        token,
        name: invitee.name,
        password: "Invitee-pass-1!long",
        consent_received: true,
        country_code: "DE",
        timezone: "Europe/Berlin",
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    await owner.reload();
    const row = members.getByRole("row").filter({ hasText: invitee.email });
    await expect(row.getByRole("cell", { name: "User", exact: true })).toBeVisible();
    await expect(owner.getByRole("region", { name: "Pending invitations" })).toHaveCount(0);
  });

  await test.step("the owner removes the member", async () => {
    const row = members.getByRole("row").filter({ hasText: invitee.email });
    await row.getByRole("button", { name: `Remove ${invitee.name}` }).click();
    const confirm = owner.getByRole("alertdialog", { name: `Remove ${invitee.name}?` });
    await expect(confirm).toContainText(`${invitee.name} leaves ${founder.company}`);
    await confirm.getByRole("button", { name: "Remove user" }).click();
    await expect(owner.getByText(`${invitee.name} was removed from ${founder.company}.`)).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(members.getByRole("row").filter({ hasText: invitee.email })).toHaveCount(0);
    await owner.reload();
    await expect(founderRow).toBeVisible();
    await expect(members.getByRole("row").filter({ hasText: invitee.email })).toHaveCount(0);
  });
  await owner.context().close();
});

interface Screen {
  path: string;
  /** The h1 that shows the screen is ready. */
  title: string;
  /** Puts the screen in a state worth checking too (a dialog open). */
  open?: (page: Page) => Promise<void>;
}

/** Opens the dialog a button of the screen opens. */
const openDialog =
  (button: string, dialog = button) =>
  async (page: Page) => {
    await page.getByRole("button", { name: button }).first().click();
    await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  };

/** The console's new screens as an engineer sees them, with their dialogs. */
const ENGINEER_SCREENS: Screen[] = [
  { path: "/users", title: "Users" },
  { path: "/users-without-membership", title: "Users without membership" },
  { path: "/purgeview", title: "Purged accounts" },
  { path: "/notifications", title: "Notifications" },
  { path: "/notifications", title: "Notifications", open: openDialog("Send notification") },
  { path: "/system-alerts", title: "System alerts" },
  { path: "/system-alerts", title: "System alerts", open: openDialog("New system alert") },
  { path: "/feedback", title: "Feedback" },
  { path: "/mnt", title: "Maintenance mode" },
];

/** An owner's /users (Acme's members and invitations) and the Send feedback dialog. */
const OWNER_SCREENS: Screen[] = [
  { path: "/users", title: "Users" },
  { path: "/users", title: "Users", open: openDialog("Invite user") },
  {
    path: "/issues",
    title: "Issues",
    open: async (page) => {
      await page.getByRole("button", { name: "User menu" }).click();
      await page.getByRole("menuitem", { name: "Send feedback" }).click();
      await expect(page.getByRole("dialog", { name: "Send feedback" })).toBeVisible();
    },
  },
];

const VARIANTS = [
  { name: "light", viewport: DESKTOP, scheme: "light" },
  { name: "dark", viewport: DESKTOP, scheme: "dark" },
  { name: "375 px", viewport: PHONE, scheme: "light" },
] as const;

/** Loads each screen once and checks it in every variant; returns the violations found. */
async function walk(page: Page, role: string, screens: readonly Screen[]): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens) {
    const what = `${role} ${screen.path}${screen.open ? " (dialog)" : ""}`;
    await test.step(what, async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto(screen.path);
      await expect(page.getByRole("heading", { level: 1, name: screen.title })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      for (const variant of VARIANTS) {
        await page.setViewportSize(variant.viewport);
        await showScheme(page, variant.scheme);
        await screen.open?.(page);
        found.push(...(await axeViolations(page, `${variant.name} ${what}`)));
        if (screen.open) {
          await page.keyboard.press("Escape");
          await expect(page.locator('[role="dialog"], [role="menu"]')).toHaveCount(0);
        }
      }
    });
  }
  return found;
}

test("the console's new screens have no serious accessibility violation (light, dark, 375 px)", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const engineer = await signedInPage(browser, demo.admin);
  const found = await walk(engineer, "engineer", ENGINEER_SCREENS);
  await engineer.context().close();
  const owner = await signedInPage(browser, demo.owner);
  found.push(...(await walk(owner, "owner", OWNER_SCREENS)));
  await owner.context().close();
  expect(found, found.join("\n")).toEqual([]);
});

/** Clears the system alert with this message if a failed step left it live (the API, as the engineer). */
async function clearSystemAlert(engineer: Page, message: string): Promise<void> {
  const headers = await bearerOf(engineer);
  const list = await engineer.request.get("/api/auth/system-alerts?page_size=100", { headers });
  if (!list.ok()) return;
  const { items } = (await list.json()) as { items: { id: number; message: string; state?: string }[] };
  for (const alert of items.filter((a) => a.message === message && a.state !== "cleared"))
    await engineer.request.post(`/api/auth/system-alerts/${alert.id}/clear`, { headers });
}

/** Maintenance off (the API, as the engineer), whatever a failed step left. */
async function turnMaintenanceOff(engineer: Page): Promise<void> {
  const status = await engineer.request.get("/api/maintenance/status");
  if (status.ok() && ((await status.json()) as { status: string }).status === "OK") return;
  await engineer.request.post("/api/maintenance/disable", { headers: await bearerOf(engineer) });
}
