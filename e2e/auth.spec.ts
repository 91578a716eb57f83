import { expect, test } from "@playwright/test";
import {
  chooseAnyOption,
  demo,
  followLink,
  readOtp,
  saveScreen,
  signOutFromMenu,
  submitSignIn,
  uniqueTag,
  waitForMail,
} from "./support/helpers";

test("sign up, confirm from the mailbox, sign in with a one-time code, create an organization, reload, sign out", async ({
  page,
}) => {
  const tag = uniqueTag("signup");
  const email = `${tag}@example.com`;
  const password = "E2e-pass-1!long";
  // Organization names are letters, digits and hyphens.
  const orgName = `org-${tag}`;

  await test.step("ask for a sign-up link", async () => {
    await page.goto("/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Check your inbox")).toBeVisible();
  });

  const confirmPage = await test.step("open the mailbox and click the confirmation link", async () => {
    await waitForMail(page.request, email, "Confirm your e-mail address");
    await page.goto("/dev/mailbox");
    // Newest first: the first article whose links carry this run's address is our mail.
    const mail = page
      .getByRole("article")
      .filter({ has: page.locator(`a[href*="${tag}"]`) })
      .filter({ hasText: "Confirm your e-mail address" })
      .first();
    await expect(mail).toBeVisible();
    return followLink(page, mail.getByRole("link", { name: "Confirm e-mail address" }));
  });

  await test.step("complete the sign-up form", async () => {
    const p = confirmPage;
    await expect(p).toHaveURL(/\/signup\?/);
    await p.getByLabel("Full name").fill("Erin Endtoend");
    await p.getByLabel("Password", { exact: true }).fill(password);
    await chooseAnyOption(p.getByLabel("Country"));
    await chooseAnyOption(p.getByLabel("Time zone"));
    await p.getByRole("checkbox", { name: "I accept the Terms and Conditions" }).check();
    await p.getByRole("button", { name: "Create account" }).click();
    await expect(p.getByText("Your account is ready. Sign in to continue.")).toBeVisible();
    await expect(p).toHaveURL((url) => url.pathname === "/");
  });

  const p = confirmPage;
  await test.step("sign in with the e-mailed one-time code", async () => {
    await submitSignIn(p, email, password);
    await expect(p).toHaveURL(/\/otp/);
    const { code } = await readOtp(p.request, email);
    await p.getByLabel("One-time code").fill(code);
    await p.getByRole("button", { name: "Verify" }).click();
  });

  await test.step("create an organization", async () => {
    // A new user belongs to no organization yet, so the app asks for one.
    await expect(p.getByRole("heading", { name: "Set up your organization" })).toBeVisible();
    await p.getByRole("link", { name: "Create a new organization" }).click();
    await expect(p).toHaveURL(/\/add-organization/);
    await p.getByLabel("Organization name").fill(orgName);
    await p.getByRole("button", { name: "Create organization" }).click();
    await expect(p).toHaveURL(/\/issues/);
    await expect(p.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  });

  await test.step("reload and stay signed in", async () => {
    await p.reload();
    await expect(p).toHaveURL(/\/issues/);
    await expect(p.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
    await expect(p.getByRole("button", { name: "User menu" })).toBeVisible();
    await saveScreen(p, "new-user-issues");
  });

  await test.step("sign out", async () => {
    await signOutFromMenu(p);
    await expect(p.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(p).toHaveURL((url) => url.pathname === "/");
    // The session is gone: a reload of a private screen goes back to sign-in.
    await p.goto("/issues");
    await expect(p.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });
});

test("a deep link opened while signed out lands there after sign-in", async ({ page }) => {
  await page.goto("/profile?from=e2e");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.has("redirectTo"));
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/profile?from=e2e");

  await submitSignIn(page, demo.owner.email, demo.owner.password);
  await expect(page).toHaveURL(
    (url) => url.pathname === "/profile" && url.searchParams.get("from") === "e2e",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
});
