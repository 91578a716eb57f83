/**
 * Issue 14 journeys, in test mode (the local test provider settles card payments late, by event):
 * an owner subscribes a new organization to STANDARD 25 TiB and upgrades it to ENTERPRISE
 * 100 TiB on /upgrade-subscription; the confirmation waits for the payment, /license shows the
 * reissued licence and the engineer, choosing the organization in the switcher, finds the plan
 * change among its subscription events. A plain member of the organization reads why they may
 * not change it, and the API refuses them. Above the self-serve cap the contact-sales form is
 * sent and engineers find it on /sales-requests. A declined test card ends in the §8
 * failed-payment text on the confirmation, on /subscription and in the shell's banner.
 *
 * The tests run in order on one organization made for the run (the owner's new default one).
 */
import { expect, type Page, test } from "@playwright/test";
import {
  BILLING_MESSAGES,
  SUBSCRIPTION_BASE,
  TEST_CARDS,
  type TSubscriptionResponse,
} from "../packages/shared/src/schemas/billing";
import { bearerOf, demo, signedInPage, uniqueTag, waitForMail } from "./support/helpers";

// A payment settles when the test provider's event is delivered: its delay, then the job queue's
// next pass (every few seconds).
const SETTLES = { timeout: 25_000 };

const company = uniqueTag("sub").toLowerCase();
let accountId = 0;

test.describe.configure({ mode: "serial" });

/** The value of a term ("Capacity", "Plan") of a definition list on the screen. */
const termValue = (page: Page, label: string) =>
  page.locator("div", { has: page.locator(`dt:text-is("${label}")`) }).locator("> dd");

async function subscriptionOf(page: Page): Promise<TSubscriptionResponse> {
  const res = await page.request.get(`${SUBSCRIPTION_BASE}?aid=${accountId}`, {
    headers: await bearerOf(page),
  });
  expect(res.ok(), `GET subscription answered ${res.status()}`).toBe(true);
  return (await res.json()) as TSubscriptionResponse;
}

/**
 * On /upgrade-subscription: chooses the plan and capacity, checks the estimate's lines, accepts
 * the terms and goes on to the test-mode card step.
 */
async function choosePlan(page: Page, plan: string, capacity: string, estimateLines: string[]) {
  await page.goto("/upgrade-subscription");
  await expect(page.getByRole("heading", { level: 1, name: "Upgrade subscription" })).toBeVisible();
  await page.getByRole("radio", { name: plan, exact: true }).click();
  await page.getByRole("textbox", { name: "Capacity", exact: true }).fill(capacity);
  const estimate = page.getByRole("region", { name: "Estimate" });
  for (const line of estimateLines) await expect(estimate).toContainText(line);
  await expect(estimate).toContainText("Amount due now");
  await page
    .getByRole("checkbox", { name: "I accept the Terms and Conditions and the Privacy Policy" })
    .check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Test mode — no money moves")).toBeVisible();
}

/** The card step: pays with a test card and lands on the confirmation screen. */
async function payWithCard(page: Page, cardNumber: string) {
  await page.getByRole("textbox", { name: "Card number" }).fill(cardNumber);
  await page.getByRole("textbox", { name: "Expiry (MM/YY)" }).fill("1234");
  await page.getByRole("textbox", { name: "Security code (CVC)" }).fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/upgrade-subscription-confirmation\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Upgrade confirmation" })).toBeVisible();
}

test("an owner upgrades from STANDARD 25 TiB to ENTERPRISE 100 TiB; the licence and the engineer's events follow", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await signedInPage(browser, demo.owner);

  await test.step("a new organization (the owner's default from now on)", async () => {
    const created = await owner.request.post("/api/auth/accounts", {
      headers: await bearerOf(owner),
      data: { company },
    });
    expect(created.status(), await created.text()).toBe(201);
    accountId = ((await created.json()) as { account_id: number }).account_id;
  });

  await test.step("subscribe to STANDARD 25 TiB with the succeeding test card", async () => {
    await choosePlan(owner, "STANDARD", "25", ["First term (12 months)", "Next renewal"]);
    await expect(owner.getByText(`Choose a plan and capacity for ${company}.`)).toBeVisible();
    await payWithCard(owner, "4242 4242 4242 4242");
    await expect(owner.getByRole("heading", { name: "Your subscription is updated" })).toBeVisible(SETTLES);
    await expect(owner.getByText("STANDARD, 25 TiB.")).toBeVisible();
  });

  await test.step("upgrade to ENTERPRISE 100 TiB, paying the prorated difference", async () => {
    await choosePlan(owner, "ENTERPRISE", "100", [
      "Credit for the unused current term",
      "Charge for the rest of the term",
      "Next renewal",
    ]);
    await expect(owner.getByText("Change of plan")).toBeVisible();
    await payWithCard(owner, "4242 4242 4242 4242");
    await expect(owner.getByRole("heading", { name: "Your subscription is updated" })).toBeVisible(SETTLES);
    await expect(owner.getByText("ENTERPRISE, 100 TiB.")).toBeVisible();
    await expect(owner.getByText("Your licence now covers 100 TiB.")).toBeVisible();
  });

  await test.step("/license shows the reissued licence", async () => {
    await owner.getByRole("link", { name: "See your licence" }).click();
    await expect(owner.getByRole("heading", { level: 1, name: "License" })).toBeVisible();
    await expect(termValue(owner, "Organization")).toHaveText(company);
    await expect(termValue(owner, "Plan")).toHaveText("ENTERPRISE");
    await expect(termValue(owner, "Capacity")).toHaveText("100 TiB");
  });

  await test.step("/subscription shows the new plan, the card and test mode", async () => {
    await owner.goto("/subscription");
    await expect(owner.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
    await expect(termValue(owner, "Capacity")).toContainText("100 TiB");
    await expect(termValue(owner, "Card on file")).toHaveText("Visa ending in 4242");
    await expect(termValue(owner, "Provider")).toContainText("Stripe");
    await expect(owner.getByText("Test mode", { exact: true }).first()).toBeVisible();
    await expect(owner.getByRole("main").getByRole("link", { name: "Upgrade", exact: true })).toBeVisible();
  });
  await owner.context().close();

  await test.step("the engineer chooses the organization and finds the plan change", async () => {
    const engineer = await signedInPage(browser, demo.admin);
    await engineer.goto("/subscription");
    await expect(engineer.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
    await engineer.getByRole("combobox", { name: "Organization" }).click();
    await engineer.getByRole("combobox", { name: /^Search/ }).fill(company);
    await engineer.getByRole("option", { name: company }).click();
    const events = engineer.getByRole("table", { name: "Subscription events" });
    await expect(events.getByRole("columnheader", { name: "Provider event id" })).toBeVisible();
    const change = events.getByRole("row").filter({ hasText: "subscription.plan_changed" });
    await expect(change).toHaveCount(1);
    await expect(change).toContainText("Changed from STANDARD, 25 TiB to ENTERPRISE, 100 TiB");
    await expect(change).toContainText("Olivia Owner");
    await expect(events.getByRole("row").filter({ hasText: "subscription.created" })).toHaveCount(1);
    await expect(termValue(engineer, "Capacity")).toContainText("100 TiB");
    await engineer.context().close();
  });
});

test("a plain member of the organization reads why they may not change it; the API answers 403", async ({
  browser,
}) => {
  const owner = await signedInPage(browser, demo.owner);
  const invited = await owner.request.post("/api/auth/signup/init", {
    headers: await bearerOf(owner),
    data: { users: [{ email: demo.user.email, role: "user" }], account_id: accountId },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  await owner.context().close();

  const member = await signedInPage(browser, demo.user);
  const mail = await waitForMail(
    member.request,
    demo.user.email,
    `You are invited to join ${company} on Portico`,
  );
  const token = /join-organization\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, `the join link in: ${mail.text}`).toBeTruthy();
  const joined = await member.request.post("/api/auth/join-account", {
    headers: await bearerOf(member),
    data: { token, team_name: company, consent_received: true },
  });
  expect(joined.status(), await joined.text()).toBe(200);

  // Joining made the organization the member's default: the screens act on it.
  await member.goto("/upgrade-subscription");
  await expect(member.getByRole("heading", { level: 1, name: "Upgrade subscription" })).toBeVisible();
  await expect(member.getByText("You cannot change this subscription")).toBeVisible();
  await expect(member.getByText(BILLING_MESSAGES.ownersOnly)).toBeVisible();
  await expect(member.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
  await expect(member.getByRole("radio")).toHaveCount(0);

  await member.goto("/subscription");
  await expect(member.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
  await expect(termValue(member, "Capacity")).toContainText("100 TiB");
  await expect(member.getByText(BILLING_MESSAGES.ownersOnly)).toBeVisible();
  await expect(member.getByRole("link", { name: "Upgrade", exact: true })).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Change capacity" })).toHaveCount(0);
  await expect(member.getByRole("link", { name: "Cancel subscription" })).toHaveCount(0);

  const refused = await member.request.post(`${SUBSCRIPTION_BASE}/upgrade/prepare?aid=${accountId}`, {
    headers: await bearerOf(member),
    data: { service_type: "ENTERPRISE", capacity: 200, unit: "TiB", consent_received: true },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: BILLING_MESSAGES.ownersOnly });
  // Nothing changed and nothing is waiting to be paid.
  const after = await subscriptionOf(member);
  expect(after.subscription?.plan).toBe("ENTERPRISE");
  expect(after.subscription?.quantity_tib).toBe(100);
  expect(after.pending_payment).toBeNull();
  await member.context().close();
});

test("above the self-serve cap the contact-sales form is sent; engineers find it on /sales-requests", async ({
  browser,
}) => {
  const message = `Five hundred TiB for ${company}, please (${uniqueTag("msg")})`;
  const owner = await signedInPage(browser, demo.owner);
  await owner.goto("/upgrade-subscription");
  await expect(owner.getByRole("heading", { level: 1, name: "Upgrade subscription" })).toBeVisible();
  await owner.getByRole("radio", { name: "ENTERPRISE", exact: true }).click();
  await owner.getByRole("textbox", { name: "Capacity", exact: true }).fill("500");
  const form = owner.getByRole("form", { name: "Contact sales" });
  await expect(form).toBeVisible();
  await expect(owner.getByText(BILLING_MESSAGES.aboveCap(400))).toBeVisible();
  await expect(owner.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
  await expect(form.getByRole("textbox", { name: "E-mail" })).toHaveValue(demo.owner.email);
  await form.getByRole("textbox", { name: "Message" }).fill(message);
  await form.getByRole("button", { name: "Send to sales" }).click();
  await expect(owner.getByText(BILLING_MESSAGES.requestReceived, { exact: true })).toBeVisible();
  await owner.context().close();

  const engineer = await signedInPage(browser, demo.admin);
  await engineer.goto("/sales-requests");
  await expect(engineer.getByRole("heading", { level: 1, name: "Sales requests" })).toBeVisible();
  const row = engineer
    .getByRole("table", { name: "Sales requests" })
    .getByRole("row")
    .filter({ hasText: message });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(company);
  await expect(row).toContainText("ENTERPRISE");
  await expect(row).toContainText("500 TiB");
  await expect(row).toContainText(demo.owner.email);
  await engineer.context().close();
});

test("a declined test card shows the failed-payment text on the confirmation, /subscription and the banner", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = await signedInPage(browser, demo.owner);
  await choosePlan(owner, "ENTERPRISE", "150", ["Charge for the rest of the term"]);
  await payWithCard(owner, TEST_CARDS.declined);
  const failed = owner.getByRole("alert").filter({ hasText: BILLING_MESSAGES.paymentFailed });
  await expect(failed).toBeVisible(SETTLES);
  await expect(failed).toContainText(BILLING_MESSAGES.cardDeclined);
  await expect(owner.getByRole("link", { name: "Try another card" })).toBeVisible();

  await owner.goto("/subscription");
  await expect(owner.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
  await expect(
    owner.getByRole("main").getByRole("alert").filter({ hasText: BILLING_MESSAGES.paymentFailed }),
  ).toHaveText(BILLING_MESSAGES.paymentFailed);
  const banner = owner.getByRole("region", { name: "Payment problem" });
  await expect(banner).toContainText(BILLING_MESSAGES.paymentFailed);
  await expect(banner.getByRole("link", { name: "Update payment method" })).toHaveAttribute(
    "href",
    "/subscription",
  );
  // The change was not made.
  await expect(termValue(owner, "Capacity")).toContainText("100 TiB");

  // The banner is the shell's: it shows on any screen of the organization.
  await owner.goto("/issues");
  await expect(owner.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await expect(owner.getByRole("region", { name: "Payment problem" })).toContainText(
    BILLING_MESSAGES.paymentFailed,
  );
  await owner.context().close();
});
