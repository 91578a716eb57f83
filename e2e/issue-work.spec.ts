/**
 * Issue 10 journey: an engineer makes a tag and a category in the queue's catalogues, then tags,
 * categorises and assigns an issue and writes an internal note. In a second browser the
 * customer, on the same issue, sees the assignment live and none of the engineers' own work: no
 * note text, no tag or category events, not even after a reload. The queue's tag filter finds
 * the issue by its new tag (a link that survives a reload). Axe checks the queue and its tag and
 * category dialogs (light, dark, phone width) and the issue screen with its side panel, as the
 * engineer and as the customer, in light and dark.
 */
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
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

const DESKTOP = { width: 1366, height: 850 };

/** Picks `option` in one of the kit's comboboxes (a button that opens a searchable list). */
async function pick(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  await page.getByRole("option", { name: option }).click();
}

test("an engineer works an issue; the customer sees the assignment live and none of the notes", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tagName = uniqueTag("tag");
  const categoryName = `Category ${uniqueTag()}`;
  const noteText = `Internal: suspect the ${uniqueTag("firmware")} on their nodes`;
  const title = `Dublin site lagging ${uniqueTag()}`;

  const customer = await signedIn(browser, demo.owner);
  const engineer = await signedIn(browser, demo.admin);
  await customer.setViewportSize(DESKTOP);
  await engineer.setViewportSize(DESKTOP);
  const issue = await createIssueViaApi(customer, title, "Dublin is 40 minutes behind Frankfurt.");
  await customer.goto(`/issues/${issue}`);
  await expect(customer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const customerPanel = customer.getByRole("complementary", { name: "Issue details" });
  await expect(customerPanel).toBeVisible();

  // The engineer makes a tag and a category from the queue's toolbar.
  await engineer.goto("/issues");
  await expect(engineer.getByRole("heading", { level: 1, name: "Issues" })).toBeVisible();
  await engineer.getByRole("button", { name: "Tags", exact: true }).click();
  const tags = engineer.getByRole("dialog", { name: "Tags" });
  await tags.getByLabel("Tag name").fill(tagName);
  await tags.getByRole("radio", { name: "Teal" }).click();
  await tags.getByRole("button", { name: "Add tag" }).click();
  await expect(tags.getByRole("list", { name: "Tags" })).toContainText(tagName);
  await engineer.keyboard.press("Escape");
  await expect(tags).toHaveCount(0);

  await engineer.getByRole("button", { name: "Categories", exact: true }).click();
  const categories = engineer.getByRole("dialog", { name: "Categories" });
  await categories.getByLabel("Category name").fill(categoryName);
  await pick(engineer, categories.getByRole("combobox", { name: "Level" }), "Level 2");
  await categories.getByLabel("Description").fill("Links between sites");
  await categories.getByRole("button", { name: "Add category" }).click();
  await expect(categories.getByRole("list", { name: "Categories" })).toContainText(categoryName);
  await engineer.keyboard.press("Escape");
  await expect(categories).toHaveCount(0);

  // On the issue: tag it, categorise it, assign themselves, write a note.
  await engineer.goto(`/issues/${issue}`);
  await expect(engineer.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const panel = engineer.getByRole("complementary", { name: "Issue details" });
  await pick(engineer, panel.getByRole("combobox", { name: "Add tag" }), tagName);
  await expect(panel.getByRole("list", { name: "Tags" })).toContainText(tagName);
  await pick(engineer, panel.getByRole("combobox", { name: "Category" }), `${categoryName} (level 2)`);
  await expect(panel.getByRole("combobox", { name: "Category" })).toContainText(categoryName);
  await pick(engineer, panel.getByRole("combobox", { name: "Assign an engineer" }), /^Ada Admin/);
  await expect(panel.getByRole("list", { name: "Assignees" })).toContainText("Ada Admin");
  await panel.getByRole("textbox", { name: "New internal note" }).fill(noteText);
  await panel.getByRole("button", { name: "Add note" }).click();
  await expect(panel.getByRole("list", { name: "Notes" })).toContainText(noteText);

  // The customer sees the assignment without reloading (the timeline and the panel).
  await expect(customerPanel.getByRole("list", { name: "Assignees" })).toContainText("Ada Admin");
  await expect(customer.getByText("Ada Admin assigned themselves").first()).toBeVisible();

  // A message after the note: once the customer has it, anything pushed before it has arrived.
  const reply = engineer.getByRole("textbox", { name: "Reply" });
  await reply.fill("We are looking at the link between the sites.");
  await reply.press("Enter");
  await expect(customer.getByRole("article", { name: /Message 2 from/ })).toContainText(
    "looking at the link",
  );

  const onlyEngineers = async (page: Page) => {
    const text = (await page.locator("body").innerText()) + (await page.content());
    expect(text).not.toContain(noteText);
    expect(text).not.toContain(tagName);
    expect(text).not.toContain(categoryName);
    expect(text).not.toContain("internal note");
    expect(text).not.toContain("set the category");
  };
  await onlyEngineers(customer);
  await expect(customer.getByRole("textbox", { name: "New internal note" })).toHaveCount(0);
  await customer.reload();
  await expect(customer.getByRole("article", { name: /Message 2 from/ })).toBeVisible();
  await expect(customer.getByText("Ada Admin assigned themselves").first()).toBeVisible();
  await onlyEngineers(customer);

  // The engineer sees their own work in the timeline.
  await expect(engineer.getByText(`Ada Admin tagged ‘${tagName}’`).first()).toBeVisible();
  await expect(engineer.getByText(`Ada Admin set the category to ${categoryName}`).first()).toBeVisible();

  // The queue's tag filter finds the issue; the filter is in the URL and survives a reload.
  await engineer.goto("/issues");
  await pick(engineer, engineer.getByRole("combobox", { name: "Tag filter" }), tagName);
  await expect(engineer).toHaveURL(/[?&]tag=\d+/);
  const rows = engineer.getByRole("list", { name: "Issues" }).getByRole("link");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(title);
  await expect(rows.first().getByTestId("tag-chip")).toContainText(tagName);
  await expect(rows.first().getByRole("img", { name: "Assigned to Ada Admin" })).toBeVisible();
  await engineer.reload();
  await expect(engineer.getByRole("combobox", { name: "Tag filter" })).toHaveText(tagName);
  await expect(rows).toHaveCount(1);

  // Axe: the queue with its tag filter, and its catalogue dialogs, in light, dark and at phone width.
  const found: string[] = [];
  for (const variant of [
    { name: "light", scheme: "light", viewport: DESKTOP },
    { name: "dark", scheme: "dark", viewport: DESKTOP },
    { name: "phone", scheme: "light", viewport: { width: 390, height: 844 } },
  ] as const) {
    await engineer.setViewportSize(variant.viewport);
    await showScheme(engineer, variant.scheme);
    found.push(...(await axeViolations(engineer, `${variant.name} queue filtered by tag`)));
    await saveScreen(engineer, `issue-work-queue-${variant.name}`);
    for (const dialog of ["Tags", "Categories"]) {
      await engineer.getByRole("button", { name: dialog, exact: true }).click();
      await expect(engineer.getByRole("dialog", { name: dialog }).getByRole("list")).toBeVisible();
      found.push(...(await axeViolations(engineer, `${variant.name} ${dialog} dialog`)));
      await saveScreen(engineer, `issue-work-${dialog.toLowerCase()}-${variant.name}`);
      await engineer.keyboard.press("Escape");
      await expect(engineer.getByRole("dialog")).toHaveCount(0);
    }
  }
  await engineer.setViewportSize(DESKTOP);

  // Axe: the issue screen with its side panel, as both, in light and dark.
  await engineer.goto(`/issues/${issue}`);
  await expect(panel.getByRole("list", { name: "Notes" })).toContainText(noteText);
  for (const [who, page] of [
    ["engineer", engineer],
    ["customer", customer],
  ] as const) {
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const scheme of ["light", "dark"] as const) {
      await showScheme(page, scheme);
      found.push(...(await axeViolations(page, `${who} ${scheme} issue with side panel`)));
      await saveScreen(page, `issue-work-${who}-${scheme}`);
    }
  }
  expect(found, found.join("\n")).toEqual([]);

  await customer.context().close();
  await engineer.context().close();
});
