import { newAccount, signUp, toast } from "./accounts-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";
import {
  ADDRESS,
  fillCard,
  horizontalOverflow,
  openCheckout,
  openMyOrders,
  orderCard,
  placeOrder,
  seriousViolations,
} from "./orders-fixtures";

// Ordering, My orders and paying with the built-in test gateway, as a customer does it. Pliers: minimum
// order 20, 1,200 in stock, $12.50 each (the demo catalogue).

// Each test signs up, orders and pays: several server round trips on a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });

test("the checkout shows the spec's message for each bad input, and the tool and email read-only", async ({
  page,
}) => {
  const account = newAccount("checkout");
  await signUp(page, account);
  await openCheckout(page, "Pliers");
  const main = page.getByRole("main");
  await expect(main.getByLabel("Email")).toHaveValue(account.email);
  await expect(main.getByLabel("Email")).not.toBeEditable();
  await expect(main.getByLabel("Product")).not.toBeEditable();
  const quantity = main.getByLabel(/Quantity/);
  await expect(quantity).toHaveValue("20");
  const placeTheOrder = main.getByRole("button", { name: "Place the order" });

  await quantity.fill("");
  await placeTheOrder.click();
  await expect(main.getByText("address is required")).toBeVisible();
  await expect(main.getByText("Phone is required")).toBeVisible();
  await expect(main.getByText("quantity is required")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "orders-checkout-errors");

  await main.getByLabel("Address").fill(ADDRESS);
  await main.getByLabel("Phone").fill("call me maybe");
  await quantity.fill("5");
  await placeTheOrder.click();
  await expect(main.getByText("Phone must be a number")).toBeVisible();
  await expect(main.getByText("address is required")).toHaveCount(0);
  // Below the minimum of 20, and above the 1,200 in stock: both display as the spec says.
  await expect(main.getByText("quantity is required")).toBeVisible();
  await quantity.fill("5000");
  await placeTheOrder.click();
  await expect(main.getByText("quantity is required")).toBeVisible();
  await expect(toast(page, "order is placed")).toHaveCount(0);
});

test("an order is placed, seen in My orders, paid by card, then shown as Paid with its payment id", async ({
  page,
}) => {
  // Sign-up, checkout, the card form and My orders twice: 29.6 s of the 30 s default in CI on a slow
  // machine (2026-11-26).
  test.slow();
  await signUp(page, newAccount("pay"));
  await openCheckout(page, "Pliers");
  await placeOrder(page, 24);
  await saveScreenshot(page, "orders-checkout-placed");
  await page.getByRole("link", { name: "Go to My orders" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
  const card = orderCard(page, "Pliers");
  await expect(card).toContainText("Unpaid");
  await expect(card).toContainText("24");
  await expect(card).toContainText("$300.00");
  await expect(card).toContainText(ADDRESS);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "orders-my-orders");

  await card.getByRole("link", { name: /^Pay/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  await expect(page.getByText("Test mode", { exact: true })).toBeVisible();
  const pay = page.getByRole("button", { name: "Pay", exact: true });
  await fillCard(page, "4242 4242 4242 4242");
  await expect(pay).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await pay.click();

  await expect(page.getByText("Congrats! Your payment is completed.")).toBeVisible();
  const transactionId = await page.getByText(/^pi_\w+$/).textContent();
  expect(transactionId).toMatch(/^pi_\w+$/);
  // The card form is gone; the pay button stays, disabled, as "Paid".
  await expect(pay).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: /card number/i })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Paid", exact: true })).toBeDisabled();
  await saveScreenshot(page, "orders-payment-done");

  await openMyOrders(page);
  await expect(card.getByText("Paid", { exact: true })).toBeVisible();
  await expect(card).toContainText(transactionId ?? "missing");
  await expect(card.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await expect(card.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
});

test("a declined card shows the red message and the order stays unpaid", async ({ page }) => {
  await signUp(page, newAccount("declined"));
  await openCheckout(page, "Level");
  await placeOrder(page);
  await openMyOrders(page);
  await orderCard(page, "Level").getByRole("link", { name: /^Pay/ }).click();

  await fillCard(page, "4000 0000 0000 0002");
  const pay = page.getByRole("button", { name: "Pay", exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
  const message = page.getByRole("alert").filter({ hasText: "Your card was declined." });
  await expect(message).toBeVisible();
  // Red: the error colour of the theme, not the body text's.
  const colour = await message.evaluate((element) => getComputedStyle(element).color);
  const [red = 0, green = 0, blue = 0] = colour.match(/[\d.]+/g)?.map(Number) ?? [];
  expect(red).toBeGreaterThan(green + blue);
  await expect(page.getByText("Congrats! Your payment is completed.")).toHaveCount(0);
  await saveScreenshot(page, "orders-payment-declined");

  await openMyOrders(page);
  await expect(orderCard(page, "Level")).toContainText("Unpaid");
  await expect(orderCard(page, "Level").getByRole("link", { name: /^Pay/ })).toBeVisible();
});

test("an unpaid order is deleted only after confirmation; cancelling keeps it", async ({ page }) => {
  await signUp(page, newAccount("delete"));
  await openCheckout(page, "Fish Tape");
  await placeOrder(page);
  await openMyOrders(page);
  const card = orderCard(page, "Fish Tape");

  await card.getByRole("button", { name: /Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this order?" });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "orders-delete-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();

  // Escape cancels too.
  await card.getByRole("button", { name: /Delete/ }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole("button", { name: /Delete/ }).click();
  await dialog.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Fish Tape Delete succesfully")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the checkout and My orders fit 375 px without horizontal scrolling", async ({ page }) => {
    await signUp(page, newAccount("phone-orders"));
    await openCheckout(page, "Voltage Tester");
    await page.getByRole("main").getByRole("button", { name: "Place the order" }).click();
    await expect(page.getByText("address is required")).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: 375, clientWidth: 375 });
    await saveScreenshot(page, "orders-checkout-phone");

    await placeOrder(page);
    await openMyOrders(page);
    await expect(orderCard(page, "Voltage Tester")).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: 375, clientWidth: 375 });
    await saveScreenshot(page, "orders-my-orders-phone");

    await orderCard(page, "Voltage Tester").getByRole("link", { name: /^Pay/ }).click();
    await expect(page.getByText("Test mode", { exact: true })).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual({ scrollWidth: 375, clientWidth: 375 });
    await saveScreenshot(page, "orders-payment-phone");
  });
});
