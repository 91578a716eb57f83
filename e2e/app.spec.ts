import { expect, test } from "@playwright/test";
import { demo, saveScreen, signInDemo } from "./support/helpers";

test("the demo customer signs in and lands on Issues", async ({ page }) => {
  await signInDemo(page, demo.user);
  await expect(page).toHaveURL(/\/issues/);
  await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("keyboard users skip the navigation with the first Tab", async ({ page }) => {
  await signInDemo(page, demo.user);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("the sign-in page shows the session-expired flag", async ({ page }) => {
  await page.goto("/?expired=true");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Your session has expired. Please sign in again.")).toBeVisible();
  await saveScreen(page, "sign-in-expired");
});

test("a legal page with an effective date renders", async ({ page }) => {
  await page.goto("/terms-and-conditions/standard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/terms/i);
  // Open the oldest version through its dated address, as a link in an e-mail would.
  const oldest = page.getByRole("navigation", { name: "Versions" }).getByRole("link").last();
  const label = (await oldest.textContent())?.trim() ?? "";
  const href = (await oldest.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/terms-and-conditions\/standard\/\d{4}-\d{2}-\d{2}$/);

  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/terms/i);
  await expect(page.getByText(`Effective from ${label}`)).toBeVisible();
  await expect(page.getByText("No version of this document was in force on that date.")).toBeHidden();
  await saveScreen(page, "legal-terms");
});

test("the design-kit gallery is not part of the production build", async ({ page }) => {
  // In production /gallery is just an unknown path: signed out, it asks to sign in.
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/gallery");
});

test("/subscribe leaves the app for an external https address", async ({ page }) => {
  // Never reach the outside world from a test: answer any foreign host with a stub page.
  await page.context().route(
    (url) => url.hostname !== "localhost",
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>external</h1>" }),
  );
  await page.goto("/subscribe");
  await page.waitForURL((url) => url.protocol === "https:" && url.hostname !== "localhost");
  expect(new URL(page.url()).origin).not.toBe("http://localhost:8181");
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the mobile sidebar opens with Open menu and closes with Escape", async ({ page }) => {
    await signInDemo(page, demo.user);
    await expect(page.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
    const openMenu = page.getByRole("button", { name: "Open menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(openMenu).toBeVisible();
    await expect(nav).toBeHidden();

    await openMenu.click();
    await expect(nav).toBeVisible();
    await saveScreen(page, "mobile-menu-open");

    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(openMenu).toBeVisible();
  });
});

test("screenshots of the main screens", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await saveScreen(page, "sign-in");

  await signInDemo(page, demo.owner);
  const screens: Array<[path: string, title: string]> = [
    ["/issues", "Issues"],
    ["/health", "Health"],
    ["/license", "License"],
    ["/users", "Users"],
    ["/files", "Files"],
    ["/subscription", "Subscription"],
    ["/profile", "Profile"],
  ];
  for (const [path, title] of screens) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await saveScreen(page, path.slice(1));
    });
  }
});
