/**
 * Issue 7 journey: a customer and an engineer, in two browser contexts, converse live. The
 * customer opens an issue; the engineer sees it appear in the queue without a reload and
 * replies; the customer sees typing, the reply, the status change and the unread count without
 * reloading; a reload keeps the customer's draft; a deep link with msgIndex lands on its message.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { demo, signInDemo, uniqueTag } from "./support/helpers";

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInDemo(page, who);
  return page;
}

test("a customer and an engineer converse live", async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await signedInPage(browser, demo.owner);
  const engineer = await signedInPage(browser, demo.admin);
  const title = `Cluster offline ${uniqueTag()}`;

  // The engineer watches the queue.
  await engineer.goto("/issues");
  await expect(engineer.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await expect(engineer.locator('[aria-busy="true"]')).toHaveCount(0);

  // The customer opens an issue.
  await customer.goto("/issues");
  await customer
    .getByRole("button", { name: /New issue|Open your first issue/ })
    .first()
    .click();
  const dialog = customer.getByRole("dialog", { name: "New issue" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Message").fill("Our cluster went **offline** at 09:00.");
  await dialog.getByRole("button", { name: "Open issue" }).click();
  await expect(customer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const issuePath = new URL(customer.url()).pathname;
  await expect(customer.getByRole("article", { name: /Message 1 from/ })).toContainText("offline");
  await expect(customer.getByRole("navigation", { name: "Issue tabs" })).toBeVisible();

  // It appears in the engineer's queue without a reload.
  const row = engineer.getByRole("list", { name: "Issues" }).getByRole("link", { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await row.click();
  await expect(engineer.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The engineer types: the customer sees it; then the reply arrives.
  const engineerReply = engineer.getByRole("textbox", { name: "Reply" });
  await engineerReply.fill("Looking");
  await expect(customer.getByText(/is typing…/)).toBeVisible();
  await engineerReply.fill("Looking into it now. Can you send the logs?");
  await engineerReply.press("Enter");
  await expect(customer.getByRole("article", { name: /Message 2 from/ })).toContainText(
    "Looking into it now",
  );

  // The engineer answers: the status changes on the customer's screen.
  await engineer.getByRole("button", { name: "Answer" }).click();
  await expect(customer.getByTestId("issue-status")).toContainText("Answered");

  // Back on the list (no reload), a new reply shows as unread.
  await customer.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Issues" }).click();
  await expect(customer.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await engineerReply.fill("Also: which version are you on?");
  await engineerReply.press("Enter");
  const customerRow = customer
    .getByRole("list", { name: "Issues" })
    .getByRole("link", { name: new RegExp(title) });
  await expect(customerRow).toContainText("Answered");
  await expect(customerRow).toContainText("1 unread");

  // A draft survives a reload.
  await customer.goto(issuePath);
  const customerReply = customer.getByRole("textbox", { name: "Reply" });
  await customerReply.fill("Draft: version 4.2, logs to follow");
  await customer.reload();
  await expect(customer.getByRole("textbox", { name: "Reply" })).toHaveValue(
    "Draft: version 4.2, logs to follow",
  );

  // Sending clears it; Shift+Enter made no message.
  await customer.getByRole("textbox", { name: "Reply" }).press("Enter");
  await expect(customer.getByRole("article", { name: /Message 4 from/ })).toContainText("version 4.2");
  await expect(customer.getByRole("textbox", { name: "Reply" })).toHaveValue("");

  // A deep link with msgIndex lands on that message, highlighted.
  await engineer.goto(`${issuePath}?msgIndex=2`);
  const linked = engineer.getByRole("article", { name: /Message 2 from/ });
  await expect(linked).toBeVisible();
  await expect(linked).toHaveAttribute("aria-current", "true");
  await expect(linked).toBeInViewport();

  await customer.context().close();
  await engineer.context().close();
});
