// Manage Orders as the owner runs it: cancel an unpaid order and refund a paid one (test gateway), each
// after a confirmation dialog, with a toast; the refund puts the units back in stock.

import { signInAsAdmin, toast } from "./accounts-fixtures";
import { customerInOwnBrowser, orderThroughApi } from "./api-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";
import { showOrders } from "./orders-fixtures";

interface Tool {
  _id: string;
  name: string;
  availableQuantity: number;
  minQuantity: number;
}

test("an admin cancels an unpaid order and refunds a paid one, which restocks the tool", async ({
  page,
  browser,
}) => {
  // A second customer's browser, two orders (one paid through the gateway) and two dialogs: on a slow
  // machine this took 31.5 s in CI (2026-11-26), past the 30 s default.
  test.slow();
  await signInAsAdmin(page);
  const tools: Tool[] = await (await page.request.get("/api/tools")).json();
  const tool = tools.find((each) => each.availableQuantity > 3 * each.minQuantity + 2);
  if (!tool) throw new Error("no tool with stock");
  const stock = async () =>
    ((await (await page.request.get(`/api/tools/${tool._id}`)).json()) as Tool).availableQuantity;
  // A new customer with an unpaid order of minQuantity and a paid one of minQuantity + 1.
  const customer = await customerInOwnBrowser(browser, "orders");
  await orderThroughApi(customer.api, tool._id, tool.minQuantity);
  await orderThroughApi(customer.api, tool._id, tool.minQuantity + 1, { pay: true });
  const before = await stock();
  const card = page.getByRole("article", { name: `${tool.name} for ${customer.account.email}` });

  await page.goto("/dashboard/manageorders");
  await showOrders(page, "Unpaid");
  await card.getByRole("button", { name: /^Cancel/ }).click();
  const cancelDialog = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(cancelDialog.getByRole("button", { name: "Keep the order" })).toBeFocused();
  await saveScreenshot(page, "admin-cancel-dialog-1280", { fullPage: false });
  await cancelDialog.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(toast(page, `${tool.name} for ${customer.account.email} is cancelled`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect.poll(stock).toBe(before + tool.minQuantity);

  await showOrders(page, "Paid");
  await card.getByRole("button", { name: /^Refund/ }).click();
  await page
    .getByRole("dialog", { name: "Refund this order?" })
    .getByRole("button", { name: "Yes, refund" })
    .click();
  await expect(toast(page, `${tool.name} for ${customer.account.email} is refunded`)).toBeVisible();
  await expect.poll(stock).toBe(before + 2 * tool.minQuantity + 1);

  await showOrders(page, "Refunded");
  await expect(card).toContainText("Refunded");
  await saveScreenshot(page, "admin-manage-orders-refunded-1280", { fullPage: false });
  await customer.close();
});
