// Manage Orders as the owner runs it: cancel an unpaid order and refund a paid one (test gateway), each
// after a confirmation dialog, with a toast; the refund puts the units back in stock.
import type { Browser } from "@playwright/test";
import { newAccount, signInAsAdmin, signUp, toast } from "./accounts-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";
import { showOrders } from "./orders-fixtures";

interface Tool {
  _id: string;
  name: string;
  availableQuantity: number;
  minQuantity: number;
}

/** A new customer with an unpaid order of minQuantity and a paid one of minQuantity + 1, through the API. */
async function customerWithTwoOrders(browser: Browser, tool: Tool) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = newAccount("orders");
  await signUp(page, account);
  const token = await page.evaluate(() => localStorage.getItem("accessToken"));
  const api = async (method: "POST" | "PATCH", url: string, data: object) => {
    const response = await page.request.fetch(url, {
      method,
      data,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const order = { toolId: tool._id, address: "12 Foundry Lane", phone: "+1 555-0100" };
  await api("POST", "/api/orders", { ...order, quantity: tool.minQuantity });
  const paid = await api("POST", "/api/orders", { ...order, quantity: tool.minQuantity + 1 });
  const { clientSecret } = await api("POST", "/api/create-payment-intent", { orderId: paid._id });
  const confirmed = await api("POST", "/api/test-gateway/confirm", {
    clientSecret,
    card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" },
  });
  await api("PATCH", `/api/orders/${paid._id}`, { transactionId: confirmed.paymentIntent.id });
  return { context, account };
}

test("an admin cancels an unpaid order and refunds a paid one, which restocks the tool", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const tools: Tool[] = await (await page.request.get("/api/tools")).json();
  const tool = tools.find((each) => each.availableQuantity > 3 * each.minQuantity + 2);
  if (!tool) throw new Error("no tool with stock");
  const stock = async () =>
    ((await (await page.request.get(`/api/tools/${tool._id}`)).json()) as Tool).availableQuantity;
  const customer = await customerWithTwoOrders(browser, tool);
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
  await customer.context.close();
});
