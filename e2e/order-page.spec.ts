import { newAccount, signUp } from "./accounts-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";
import {
  ADDRESS,
  expectNoSidewaysScroll,
  fillCard,
  openCheckout,
  openMyOrders,
  orderCard,
  PHONE,
  placeOrder,
  seriousViolations,
} from "./orders-fixtures";

// The order page and its receipt (issue 11), as a customer uses it: order, open it from My orders,
// pay, see the payment in its history, print it. Pliers cost $12.50 each (the demo catalogue).

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test("a customer follows an order from My orders to its page, pays it and prints the receipt", async ({
  page,
}) => {
  await signUp(page, newAccount("receipt"));
  await openCheckout(page, "Pliers");
  await placeOrder(page, 24);

  await openMyOrders(page);
  await orderCard(page, "Pliers")
    .getByRole("link", { name: /^Order details and receipt/ })
    .click();
  const heading = page.getByRole("heading", { level: 1, name: /^Order TS-\d{6,}$/ });
  await expect(heading).toBeVisible();
  // The page's heading takes the focus on arrival, as every page does.
  await expect(heading).toBeFocused();
  const main = page.getByRole("main");
  await expect(main.getByRole("table")).toContainText("Pliers");
  await expect(main.getByRole("table")).toContainText("$300.00");
  await expect(main).toContainText(ADDRESS);
  await expect(main).toContainText(PHONE);
  const history = main.getByRole("list", { name: "Status history" }).getByRole("listitem");
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(/unpaid/i);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, "order-page-unpaid");
  const orderUrl = page.url();

  await main.getByRole("link", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByText("Congrats! Your payment is completed.")).toBeVisible();
  const transactionId = (await page.getByText(/^pi_\w+$/).textContent()) ?? "missing";

  await page.goto(orderUrl);
  await expect(heading).toBeVisible();
  await expect(history).toHaveCount(2);
  await expect(history.nth(1)).toContainText(/paid/i);
  await expect(main).toContainText(transactionId);
  await expect(main.getByRole("link", { name: "Pay", exact: true })).toHaveCount(0);
  await saveScreenshot(page, "order-page-paid");

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print receipt" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Dashboard menu" })).toBeHidden();
  await expect(heading).toBeVisible();
  await expect(main).toContainText(transactionId);
  await saveScreenshot(page, "order-page-print");
});

test("another customer's order is refused with the way back", async ({ browser, page }) => {
  await signUp(page, newAccount("owner"));
  await openCheckout(page, "Level");
  await placeOrder(page);
  await openMyOrders(page);
  await orderCard(page, "Level")
    .getByRole("link", { name: /^Order details and receipt/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order TS-/ })).toBeVisible();
  const orderPath = new URL(page.url()).pathname;

  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const other = await context.newPage();
  await signUp(other, newAccount("stranger"));
  await other.goto(orderPath);
  await expect(other.getByRole("alert")).toContainText("This order belongs to another customer.");
  await expect(other.getByRole("link", { name: "Back to My orders" })).toBeVisible();
  await context.close();
});
