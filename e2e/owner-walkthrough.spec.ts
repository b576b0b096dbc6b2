// Issue 51, the owner's findings: Manage Orders shows each order's number (the one its search finds)
// and says its default list leaves cancelled orders out; review moderation names the tool reviewed; the
// dashboard menu counts the quote requests no one has handled; the Edit product dialog keeps its
// buttons in sight on a laptop screen. On a phone (390 x 844) and a desktop (1280 x 800).
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./accounts-fixtures";
import { addTool, apiOf, customerInOwnBrowser, orderThroughApi, uniqueToolName } from "./api-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

test.describe.configure({ timeout: 120_000 });

/** The dashboard's side menu: beside the page on a desktop, in the drawer (opened here) on a phone. */
async function dashboardMenu(page: Page, onPhone: boolean) {
  if (onPhone) await page.getByRole("button", { name: "Dashboard menu" }).click();
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu).toBeVisible();
  return menu;
}

for (const viewport of VIEWPORTS) {
  test(`Manage Orders shows each order's number, and review moderation the tool reviewed (${viewport.name})`, async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page);
    const admin = await apiOf(page);
    const tool = await addTool(admin, {
      name: uniqueToolName("Walkthrough Pliers"),
      short: "Pliers for the owner's walkthrough.",
      minQuantity: 1,
      availableQuantity: 50,
      price: 12,
    });
    const customer = await customerInOwnBrowser(browser, `walkthrough-${viewport.name}`);
    const order = await orderThroughApi(customer.api, tool._id, 2, { pay: true });
    const comment = `Grips well ${Date.now()}`;
    await customer.api("POST", "/api/review", { data: { review: "5", comment, toolId: tool._id } });
    const { number } = await admin<{ number: string }>("GET", `/api/orders/${order._id}/detail`);
    await customer.close();

    await page.setViewportSize(viewport);
    await page.goto(`/dashboard/manageorders?q=${encodeURIComponent(customer.account.email)}`);
    const card = page.getByRole("article", { name: `${tool.name} for ${customer.account.email}` });
    await expect(card).toContainText(number);
    await expect(page.getByRole("radio", { name: "All", exact: true })).toBeChecked();
    await saveScreenshot(page, `walkthrough-manage-orders-${viewport.name}`, { fullPage: false });
    // The number on the card is the one the search finds.
    await page.getByLabel("Order number or customer email").fill(number);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
    await expect(card).toBeVisible();

    await page.goto(`/dashboard/reviews?q=${encodeURIComponent(customer.account.email)}`);
    const review = page.getByRole("article").filter({ hasText: comment });
    await expect(review).toContainText(`About ${tool.name}`);
    await expect(review.getByRole("link", { name: tool.name })).toHaveAttribute("href", `/tools/${tool._id}`);
    await saveScreenshot(page, `walkthrough-review-moderation-${viewport.name}`, { fullPage: false });
  });

  test(`the dashboard menu counts the open quote requests (${viewport.name})`, async ({ page }) => {
    await signInAsAdmin(page);
    const admin = await apiOf(page);
    const sent = await page.request.post("/api/quotes", {
      data: {
        name: "Walkthrough visitor",
        email: `visitor-${viewport.name}-${Date.now()}@example.com`,
        message: "50 levels?",
      },
    });
    expect(sent.status()).toBe(201);
    const { count } = await admin<{ count: number }>("GET", "/api/quotes/open-count");
    expect(count).toBeGreaterThan(0);

    await page.setViewportSize(viewport);
    await page.goto("/dashboard");
    const menu = await dashboardMenu(page, viewport.name === "phone");
    const quotes = menu.getByRole("link", { name: /^Quote requests/ });
    // At least the count above: requests of tests running beside this one may add to it.
    await expect(quotes).toHaveAccessibleName(/^Quote requests [1-9]\d*\+? open$/);
    const shown = Number((await quotes.textContent())?.match(/(\d+)/)?.[1]);
    expect(shown).toBeGreaterThanOrEqual(Math.min(count, 99));
    await saveScreenshot(page, `walkthrough-menu-quotes-${viewport.name}`, { fullPage: false });
  });
}

test("the Edit product dialog keeps Save in sight on a 1280 x 800 screen", async ({ page }) => {
  await signInAsAdmin(page);
  const admin = await apiOf(page);
  const tool = await addTool(admin, {
    name: uniqueToolName("Walkthrough Level"),
    short: "A level for the owner's walkthrough.",
    minQuantity: 1,
    availableQuantity: 30,
    price: 19.5,
  });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(tool.name)}`);
    const row = page.getByRole("article", { name: tool.name });
    await row.getByRole("button", { name: `Edit ${tool.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${tool.name}` });
    await expect(dialog.getByLabel("Name")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Save changes" })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport({ ratio: 1 });
    await saveScreenshot(page, `walkthrough-edit-product-${viewport.name}`, { fullPage: false });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  }
});
