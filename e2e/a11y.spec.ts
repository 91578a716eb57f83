/**
 * Accessibility in CI (issue 6): axe-core checks every screen that exists, signed out, as a
 * customer and as an engineer, in the light and dark themes (the system setting, which the app
 * follows) and at a phone's width. A serious or critical WCAG 2.x A/AA violation fails the run.
 * Screens marked `shot` are also saved as screenshots (test-results/e2e/screens/).
 *
 * Later screens: add them to the lists below (path, the h1 that shows it is ready, and an
 * optional step that opens a menu or dialog to check that state too).
 */
import { expect, type Page, test } from "@playwright/test";
import {
  axeViolations,
  createIssueViaApi,
  demo,
  saveScreen,
  showScheme,
  signInDemo,
} from "./support/helpers";

interface Screen {
  path: string;
  /** Name of the h1 that shows the screen is ready. */
  title: string | RegExp;
  /** File name of the screenshot; none when unset. */
  shot?: string;
  /** Puts the screen in a state worth checking too (a menu open, say). */
  open?: (page: Page) => Promise<void>;
  /** Only at this width ("mobile" for things that exist only there, like the menu sheet). */
  only?: "desktop" | "mobile";
}

const openUserMenu = async (page: Page) => {
  await page.getByRole("button", { name: "User menu" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
};

/** The upgrade screen with a plan and capacity chosen: the estimate, or the contact-sales form above the cap. */
const chooseCapacity = (plan: string, capacity: string, shows: string) => async (page: Page) => {
  await page.getByRole("radio", { name: plan, exact: true }).click();
  await page.getByRole("textbox", { name: "Capacity", exact: true }).fill(capacity);
  await expect(page.getByText(shows).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
};

/** The customer page's tabs (?tab=…) as the engineers' console shows them for Acme (id 2). */
const CUSTOMER_PAGE_TABS = [
  "clusters",
  "files",
  "issues",
  "licences",
  "subscription",
  "alerts",
  "history",
  "time-log",
];

/** Opens the customer page's account actions menu, and then one action's dialog when named. */
const openAccountAction = (action?: string) => async (page: Page) => {
  await page.getByRole("button", { name: "Actions", exact: true }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  if (!action) return;
  await page.getByRole("menuitem", { name: action }).click();
  await expect(page.getByRole("dialog", { name: action })).toBeVisible();
};

/** Acme's customer page (id 2; its h1 is the organization's name). */
const ACME = { id: 2, title: "acme" };

/** /customers/2: the overview, the account actions menu and the Log time dialog. */
function customerPageScreens(): Screen[] {
  const acme = ACME.title;
  return [
    { path: `/customers/${ACME.id}`, title: acme, shot: "customer" },
    { path: `/customers/${ACME.id}`, title: acme, shot: "customer-actions", open: openAccountAction() },
    {
      path: `/customers/${ACME.id}`,
      title: acme,
      shot: "customer-log-time",
      open: openAccountAction("Log time"),
    },
  ];
}

/** Each other tab of /customers/2 (?tab=…). */
function customerPageTabs(): Screen[] {
  return CUSTOMER_PAGE_TABS.map((tab) => ({ path: `/customers/${ACME.id}?tab=${tab}`, title: ACME.title }));
}

const SIGNED_OUT: Screen[] = [
  { path: "/", title: "Sign in", shot: "sign-in" },
  { path: "/?expired=true", title: "Sign in" },
  { path: "/forgot-password", title: "Forgot password" },
  { path: "/signup", title: "Create your Portico account", shot: "sign-up" },
  { path: "/reset-password?email=ada%40example.com&token=e2e", title: "Reset password" },
  { path: "/otp", title: "Enter your sign-in code" },
  { path: "/mnt", title: "Maintenance mode" },
  { path: "/privacy-policy", title: "Privacy Policy" },
  { path: "/terms-and-conditions/standard", title: /Terms and Conditions/ },
];

const CUSTOMER: Screen[] = [
  { path: "/issues", title: "Issues", shot: "shell-customer" },
  { path: "/issues", title: "Issues", shot: "shell-user-menu", open: openUserMenu },
  {
    path: "/issues",
    title: "Issues",
    shot: "shell-mobile-menu",
    only: "mobile",
    open: async (page) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
    },
  },
  { path: "/profile", title: "Profile", shot: "profile" },
  { path: "/change-password", title: "Change password" },
  { path: "/health/1/2", title: "Cluster" },
  { path: "/health", title: "Health" },
  { path: "/cluster/register", title: "Register cluster" },
  { path: "/license", title: "License", shot: "licence" },
  { path: "/api-tokens", title: "API tokens", shot: "api-tokens" },
  {
    path: "/api-tokens",
    title: "API tokens",
    only: "desktop",
    open: async (page) => {
      await page.getByRole("button", { name: "New token" }).first().click();
      await expect(
        page.getByRole("dialog", { name: "New token" }).getByRole("checkbox").first(),
      ).toBeVisible();
    },
  },
  { path: "/customers", title: "Customers" },
  { path: "/subscription", title: "Subscription", shot: "subscription" },
  { path: "/upgrade-subscription", title: "Upgrade subscription", shot: "upgrade-subscription" },
  {
    path: "/upgrade-subscription",
    title: "Upgrade subscription",
    shot: "upgrade-subscription-estimate",
    open: chooseCapacity("ENTERPRISE-PLUS", "150", "Amount due now"),
  },
  {
    path: "/upgrade-subscription",
    title: "Upgrade subscription",
    shot: "upgrade-subscription-contact-sales",
    open: chooseCapacity("ENTERPRISE", "500", "Send to sales"),
  },
  { path: "/upgrade-subscription-confirmation", title: "Upgrade confirmation" },
  { path: "/end-subscription", title: "End subscription" },
  { path: "/plans", title: "Plans" },
  { path: "/sales-requests", title: "Sales requests" },
  { path: "/create-account", title: "Set up your organization", shot: "organization-setup" },
  { path: "/add-organization", title: "Create a new organization", shot: "organization-create" },
  { path: "/join-organization?token=e2e", title: "Join an organization", shot: "organization-join" },
  { path: "/privacy-policy", title: "Privacy Policy" },
  { path: "/no-such-screen", title: "Page not found" },
];

const ENGINEER: Screen[] = [
  { path: "/issues", title: "Issues", shot: "shell-engineer" },
  {
    path: "/issues",
    title: "Issues",
    shot: "organization-switcher",
    open: async (page) => {
      await page.getByRole("combobox", { name: "Organization" }).click();
      await expect(page.getByRole("option").first()).toBeVisible();
    },
  },
  { path: "/activity/v2", title: "Engineer activity" },
  { path: "/health", title: "Health" },
  { path: "/cluster/register", title: "Register cluster" },
  { path: "/license", title: "License", shot: "licence-engineer" },
  { path: "/api-tokens", title: "API tokens" },
  { path: "/mnt", title: "Maintenance mode" },
  { path: "/subscription", title: "Subscription", shot: "subscription-engineer" },
  { path: "/upgrade-subscription", title: "Upgrade subscription" },
  { path: "/end-subscription", title: "End subscription" },
  { path: "/plans", title: "Plans", shot: "plans" },
  {
    path: "/plans",
    title: "Plans",
    shot: "plans-edit",
    only: "desktop",
    open: async (page) => {
      await page.getByRole("button", { name: "Edit STANDARD" }).click();
      await expect(page.getByRole("dialog", { name: "Edit STANDARD" })).toBeVisible();
    },
  },
  { path: "/sales-requests", title: "Sales requests", shot: "sales-requests" },
];

/** The issue list with data, the conversation, its deep link and the New issue dialog. */
function issueScreens(issue: number, role: string): Screen[] {
  return [
    { path: "/issues", title: "Issues", shot: `issues-${role}` },
    {
      path: "/issues",
      title: "Issues",
      shot: `issues-new-${role}`,
      only: "desktop",
      open: async (page) => {
        await page.getByRole("button", { name: "New issue" }).click();
        await expect(page.getByRole("dialog", { name: "New issue" })).toBeVisible();
      },
    },
    { path: `/issues/${issue}`, title: /Replication lag|Upgrade window/, shot: `issue-${role}` },
    { path: `/issues/${issue}?msgIndex=1`, title: /Replication lag|Upgrade window/ },
    {
      path: `/issues/${issue}`,
      title: /Replication lag|Upgrade window/,
      shot: `issue-jump-to-date-${role}`,
      open: async (page) => {
        const form = page.getByRole("form", { name: "Jump to date" });
        if (!(await form.isVisible())) await page.getByRole("button", { name: "Jump to date" }).click();
        await expect(form).toBeVisible();
      },
    },
  ];
}

/**
 * Contrast depends on the theme and layout on the width: both themes at desktop width, and the
 * phone width (light). A fourth pass, dark at phone width, found nothing new and added a
 * quarter to the run time on the CI machine.
 */
const VARIANTS = [
  { name: "light", colorScheme: "light", viewport: { width: 1366, height: 850 } },
  { name: "dark", colorScheme: "dark", viewport: { width: 1366, height: 850 } },
  { name: "mobile", colorScheme: "light", viewport: { width: 390, height: 844 } },
] as const;

/**
 * Loads each screen once and checks it in every variant: the theme follows the emulated system
 * setting and the layout the viewport, so neither needs a reload.
 */
async function checkScreens(page: Page, role: string, screens: Screen[]): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens) {
    await test.step(`${role} ${screen.path}${screen.shot ? ` (${screen.shot})` : ""}`, async () => {
      await page.goto(screen.path);
      await expect(page.getByRole("heading", { level: 1, name: screen.title })).toBeVisible();
      // Loaded: no skeleton left.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      for (const variant of VARIANTS) {
        const mobile = variant.viewport.width < 768;
        if (screen.only && screen.only !== (mobile ? "mobile" : "desktop")) continue;
        await page.setViewportSize(variant.viewport);
        await showScheme(page, variant.colorScheme);
        await screen.open?.(page);
        const where = `${variant.name} ${role} ${screen.path}${screen.shot ? ` (${screen.shot})` : ""}`;
        found.push(...(await axeViolations(page, where)));
        if (screen.shot) await saveScreen(page, `${variant.name}-${screen.shot}`);
        if (screen.open) {
          await page.keyboard.press("Escape");
          await expect(page.locator('[role="menu"], [role="dialog"], [role="listbox"]')).toHaveCount(0);
        }
      }
    });
  }
  return found;
}

test.describe("accessibility (axe, WCAG 2.x A and AA; light, dark and phone width)", () => {
  test.describe.configure({ timeout: 180_000 });

  test("signed-out screens have no serious violation", async ({ page }) => {
    const found = await checkScreens(page, "signed out", SIGNED_OUT);
    expect(found, found.join("\n")).toEqual([]);
  });

  test("customer screens have no serious violation", async ({ page }) => {
    await signInDemo(page, demo.owner);
    // The issue screens with data: a conversation with Markdown, a quote and a link.
    const issue = await createIssueViaApi(
      page,
      "Replication lag on cluster east-1",
      "Since **09:00** replication lags by `40 s`.\n\n> quoted log line\n\nSee [the status page](https://example.com/status).",
    );
    const found = await checkScreens(page, "customer", [...CUSTOMER, ...issueScreens(issue, "customer")]);
    expect(found, found.join("\n")).toEqual([]);
  });

  test("engineer screens have no serious violation", async ({ page }) => {
    await signInDemo(page, demo.admin);
    const issue = await createIssueViaApi(
      page,
      "Upgrade window for 4.3",
      "When can we upgrade the *west* cluster?",
    );
    const found = await checkScreens(page, "engineer", [...ENGINEER, ...issueScreens(issue, "engineer")]);
    expect(found, found.join("\n")).toEqual([]);
  });

  // The customers console on its own (two walks): with the rest, the engineers' walk neared its
  // time limit.
  test("engineer screens of the customers console have no serious violation", async ({ page }) => {
    await signInDemo(page, demo.admin);
    const found = await checkScreens(page, "engineer", [
      { path: "/customers", title: "Customers", shot: "customers" },
      ...customerPageScreens(),
    ]);
    expect(found, found.join("\n")).toEqual([]);
  });

  test("engineer tabs of a customer's page have no serious violation", async ({ page }) => {
    await signInDemo(page, demo.admin);
    const found = await checkScreens(page, "engineer", customerPageTabs());
    expect(found, found.join("\n")).toEqual([]);
  });
});
