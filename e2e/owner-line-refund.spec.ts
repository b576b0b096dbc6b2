// Issue 48: the owner refunds chosen lines of a paid order of two tools, on a phone and a desktop. The
// refund dialog offers the whole order by default; the owner picks units of one line, sees the amount
// that goes back, and refunds it: the order stays paid, the card and the customer's receipt say what
// was refunded, and that tool's stock comes back (the other's does not). A delivered order offers the
// refund of its lines alone (the shared table's LINE_REFUNDS; no way leads from delivered to refunded):
// its one line refunded, it stays delivered with nothing left to refund. Each test adds its own tools.
import type { Page } from "@playwright/test";
import { signInAsAdmin, toast } from "./accounts-fixtures";
import {
  addTool,
  apiOf,
  cartOrderThroughApi,
  customerInOwnBrowser,
  orderThroughApi,
  uniqueToolName,
} from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, seriousViolations } from "./orders-fixtures";

// Two browsers (the owner's and the customer's) on shared cores.
test.describe.configure({ timeout: 180_000 });

/** What the tool's product page says is in stock. */
async function expectAvailable(page: Page, toolId: string, count: string) {
  await page.goto(`/tools/${toolId}`);
  await expect(page.getByRole("main").locator("dt:text-is('Available') + dd")).toHaveText(count);
}

for (const screen of SCREENS) {
  test(`on a ${screen.name}: the owner refunds chosen units of one line of a two-tool order; its stock comes back`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(screen.use.viewport);
    await signInAsAdmin(page);
    const owner = await apiOf(page);
    const tool = (label: string, price: number) =>
      addTool(owner, {
        name: uniqueToolName(label),
        short: "Added for the line refund test.",
        minQuantity: 1,
        availableQuantity: 10,
        price,
      });
    const clamp = await tool("Refund Clamp", 15.5);
    const meter = await tool("Refund Meter", 42);
    const customer = await customerInOwnBrowser(browser, `line-refund-${screen.name}`, screen.use.viewport);
    const order = await cartOrderThroughApi(
      customer.api,
      [
        { toolId: clamp._id, quantity: 4 },
        { toolId: meter._id, quantity: 3 },
      ],
      { pay: true },
    );
    await expectAvailable(page, meter._id, "7");

    // Manage Orders: the card lists both lines.
    await page.goto(`/dashboard/manageorders?q=${encodeURIComponent(customer.account.email)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Orders" })).toBeVisible();
    const title = `${clamp.name} and 1 more tool`;
    const card = page
      .getByRole("main")
      .getByRole("article", { name: `${title} for ${customer.account.email}` });
    await expect(card.getByRole("list", { name: `Tools in ${title}` }).getByRole("listitem")).toHaveText([
      `4 × ${clamp.name} Part number ${clamp.sku}`,
      `3 × ${meter.name} Part number ${meter.sku}`,
    ]);
    await expect(card).toContainText("$188.00");

    // The refund dialog: the whole order by default; two of the three meters chosen instead.
    await card.getByRole("button", { name: /^Refund/ }).click();
    const dialog = page.getByRole("dialog", { name: "Refund this order?" });
    await expect(dialog.getByRole("radio", { name: "The whole order" })).toBeChecked();
    await expect(dialog.getByText(/^Amount to refund/)).toHaveText("Amount to refund: $188.00");
    await dialog.getByRole("radio", { name: "Chosen tools" }).check();
    await dialog.getByLabel(`Units of ${meter.name} to refund`).fill("2");
    await expect(dialog.getByText(/^Amount to refund/)).toHaveText("Amount to refund: $84.00");
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, `owner-line-refund-dialog-${screen.name}`, { fullPage: false });
    await dialog.getByRole("button", { name: "Yes, refund" }).click();
    await expect(toast(page, `$84.00 of ${title} for ${customer.account.email} is refunded`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Still paid: one clamp line and one meter are left to ship.
    await expect(card.getByRole("listitem").nth(1)).toHaveText(
      `3 × ${meter.name} Part number ${meter.sku} (2 refunded)`,
    );
    await expect(card).toContainText("Paid");

    // The refunded meters are back on the shelf; the clamps stay sold.
    await expectAvailable(page, meter._id, "9");
    await expectAvailable(page, clamp._id, "6");

    // The customer's receipt says what was refunded.
    await customer.page.goto(`/dashboard/orders/${order._id}`);
    const receipt = customer.page.getByRole("main").getByRole("table");
    await expect(receipt.getByRole("row")).toHaveCount(5);
    await expect(receipt.getByRole("row").nth(2)).toContainText(meter.name);
    await expect(receipt.getByRole("row").nth(2)).toContainText("(2 refunded)");
    await expect(receipt.getByRole("row", { name: /^Order total/ })).toContainText("$188.00");
    await expect(receipt.getByRole("row", { name: /^Refunded/ })).toContainText("$84.00");
    await expectNoSidewaysScroll(customer.page);
    await saveScreenshot(customer.page, `owner-line-refund-receipt-${screen.name}`);
    await customer.close();
  });
}

for (const screen of SCREENS) {
  test(`on a ${screen.name}: the owner refunds the one line of a delivered order; it stays delivered and the receipt says so`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(screen.use.viewport);
    await signInAsAdmin(page);
    const owner = await apiOf(page);
    const level = await addTool(owner, {
      name: uniqueToolName("Delivered Level"),
      short: "Added for the delivered order's refund test.",
      minQuantity: 1,
      availableQuantity: 10,
      price: 12,
    });
    const customer = await customerInOwnBrowser(
      browser,
      `delivered-refund-${screen.name}`,
      screen.use.viewport,
    );
    const order = await orderThroughApi(customer.api, level._id, 3, { pay: true });
    await owner("POST", `/api/orders/${order._id}/ship`, {
      data: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
    });
    await owner("POST", `/api/orders/${order._id}/deliver`);
    await expectAvailable(page, level._id, "7");

    await page.goto(`/dashboard/manageorders?q=${encodeURIComponent(customer.account.email)}`);
    const card = page
      .getByRole("main")
      .getByRole("article", { name: `${level.name} for ${customer.account.email}` });
    await expect(card).toContainText("Delivered");
    await expect(card.getByRole("button")).toHaveText([/^Refund/]);
    await expectNoSidewaysScroll(page);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `owner-delivered-refund-card-${screen.name}`, { fullPage: false });

    // Only its units to choose: the whole order is no choice for a delivered one.
    await card.getByRole("button", { name: /^Refund/ }).click();
    const dialog = page.getByRole("dialog", { name: "Refund units of this order?" });
    await expect(dialog).toContainText(`3 × ${level.name} for ${customer.account.email}.`);
    await expect(dialog.getByRole("radio")).toHaveCount(0);
    await expect(dialog.getByText(/^Amount to refund/)).toHaveText("Amount to refund: $0.00");
    await dialog.getByLabel(`Units of ${level.name} to refund`).fill("3");
    await expect(dialog.getByText(/^Amount to refund/)).toHaveText("Amount to refund: $36.00");
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, `owner-delivered-refund-dialog-${screen.name}`, { fullPage: false });
    await dialog.getByRole("button", { name: "Yes, refund" }).click();
    await expect(
      toast(page, `$36.00 of ${level.name} for ${customer.account.email} is refunded`),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Still delivered, every unit refunded: nothing left to offer.
    await expect(card).toContainText("3 refunded");
    await expect(card).toContainText("Delivered");
    await expect(card.getByRole("button")).toHaveCount(0);
    await expectAvailable(page, level._id, "10");

    // The customer's receipt: the line's refunded units, the order's total and the amount that went back.
    await customer.page.goto(`/dashboard/orders/${order._id}`);
    const main = customer.page.getByRole("main");
    const receipt = main.getByRole("table");
    await expect(receipt.getByRole("row")).toHaveCount(4);
    await expect(receipt.getByRole("row").nth(1)).toContainText(level.name);
    await expect(receipt.getByRole("row").nth(1)).toContainText("(3 refunded)");
    await expect(receipt.getByRole("row", { name: /^Order total/ })).toContainText("$36.00");
    await expect(receipt.getByRole("row", { name: /^Refunded/ })).toContainText("$36.00");
    await expect(main.getByRole("button", { name: "Credit note 1 (PDF)" })).toBeVisible();
    await expect(
      main.getByRole("list", { name: "Status history" }).getByRole("listitem").last(),
    ).toContainText("Delivered");
    await expectNoSidewaysScroll(customer.page);
    await saveScreenshot(customer.page, `owner-delivered-refund-receipt-${screen.name}`);
    await customer.close();
  });
}
