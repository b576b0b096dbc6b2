// The shop owner's day with the order tools (issue 11): a customer orders and pays, the owner ships it
// (carrier and tracking number), the customer's mail and order page follow, the owner marks it
// delivered; the owner cancels an unpaid order and refunds a paid one, and the tool's stock comes back;
// the owner makes a customer an admin and revokes them. Each test adds its own tool, so the stock
// figures are this test's alone. Lists are found by role and name, and each order or user by the
// customer's email inside its own card or row, so searching, filtering and "Load more" can come and go.
import type { Locator, Page } from "@playwright/test";
import { type Account, ADMIN, mailContaining, signInAsAdmin, toast } from "./accounts-fixtures";
import { addTool, apiOf, customerInOwnBrowser, orderThroughApi, uniqueToolName } from "./api-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, fillCard, orderCard, placeOrder, TEST_CARD } from "./orders-fixtures";

// Two browsers (the owner's and a customer's), a new tool and a few orders per test, on shared cores.
test.describe.configure({ timeout: 180_000 });

const DESKTOP = { width: 1280, height: 900 };
const PHONE_SCREEN = { width: 375, height: 812 };
const UPS = { carrier: "UPS", trackingNumber: "1Z999AA10123456784" };
const UPS_TRACKING_URL = `https://www.ups.com/track?tracknum=${UPS.trackingNumber}`;

/** The owner (signed in on `page`) adds a tool with this stock, as Add Product does, through the API. */
async function ownerAddsTool(page: Page, label: string, stock: { min: number; available: number }) {
  return addTool(await apiOf(page), {
    name: uniqueToolName(label),
    short: "Added for the owner's order tools test.",
    minQuantity: stock.min,
    availableQuantity: stock.available,
    price: 7.5,
  });
}

/**
 * Waits until `entry` is on screen, pressing "Load more" while the list offers more and shows it not:
 * All users lists the oldest accounts first, so a new customer is pages down once a full e2e run has
 * added hundreds.
 */
async function reveal(page: Page, entry: Locator) {
  const loadMore = page.getByRole("main").getByRole("button", { name: /^Load more/ });
  await expect(async () => {
    const offered = (await loadMore.count()) > 0 && (await loadMore.isEnabled());
    if ((await entry.count()) === 0 && offered) await loadMore.click();
    await expect(entry.first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

async function openManageOrders(page: Page) {
  await page.goto("/dashboard/manageorders");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Orders" })).toBeVisible();
}

/** One customer's order in Manage Orders: the card holding their email (each customer has one order here). */
function managedOrder(page: Page, account: Account) {
  return page.getByRole("main").getByRole("article").filter({ hasText: account.email });
}

for (const viewport of [DESKTOP, PHONE_SCREEN]) {
  test(`at ${viewport.width} px: a paid order is shipped with its tracking number, mailed, and delivered`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    const tool = await ownerAddsTool(page, "Crimping Tool", { min: 1, available: 40 });
    const customer = await customerInOwnBrowser(browser, "shipped", viewport);

    // The customer orders from the tool's page; the checkout's tool name leads back to it.
    await customer.page.goto(`/tools/${tool._id}`);
    await customer.page.getByRole("main").getByRole("link", { name: "Order now" }).click();
    const checkout = customer.page.getByRole("main");
    await expect(checkout.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expect(checkout.getByRole("link", { name: tool.name, exact: true })).toHaveAttribute(
      "href",
      `/tools/${tool._id}`,
    );
    await placeOrder(customer.page, 2);
    await checkout.getByRole("link", { name: "Go to My orders" }).click();
    await orderCard(customer.page, tool.name)
      .getByRole("link", { name: /^Order details and receipt/ })
      .click();
    await expect(customer.page.getByRole("heading", { level: 1, name: /^Order TS-\d{6,}$/ })).toBeVisible();
    const orderPage = customer.page.url();
    await customer.page.getByRole("main").getByRole("link", { name: "Pay", exact: true }).click();
    await fillCard(customer.page, TEST_CARD.number);
    await customer.page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(customer.page.getByText("Congrats! Your payment is completed.")).toBeVisible();

    // The owner ships it: without a tracking number the dialog says what is missing.
    await openManageOrders(page);
    const card = managedOrder(page, customer.account);
    await reveal(page, card);
    await expect(card).toContainText("Paid");
    await card.getByRole("button", { name: /^Ship/ }).click();
    const shipDialog = page.getByRole("dialog", { name: "Ship this order?" });
    const carrier = shipDialog.getByLabel("Carrier");
    await expect(carrier).toBeFocused();
    await carrier.fill(UPS.carrier);
    await shipDialog.getByRole("button", { name: "Ship", exact: true }).click();
    const trackingNumber = shipDialog.getByLabel("Tracking number");
    await expect(trackingNumber).toHaveAccessibleDescription("Tracking number is required");
    await expect(shipDialog.getByText("Tracking number is required")).toBeVisible();
    await expect(carrier).not.toHaveAttribute("aria-invalid", "true");
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `owner-ship-required-${viewport.width}`, { fullPage: false });
    await trackingNumber.fill(UPS.trackingNumber);
    await shipDialog.getByRole("button", { name: "Ship", exact: true }).click();
    await expect(toast(page, `${tool.name} for ${customer.account.email} is marked shipped`)).toBeVisible();
    await expect(shipDialog).toHaveCount(0);
    await expect(card).toContainText("Shipped");
    await expect(card.getByRole("button", { name: /^Ship/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `owner-shipped-${viewport.width}`, { fullPage: false });

    // The customer's mail names the carrier and the number, and links the carrier's tracking page.
    const mail = await mailContaining(customer.account.email, UPS_TRACKING_URL);
    expect(mail).toContain(`Carrier: ${UPS.carrier}`);
    expect(mail).toContain(`Tracking number: ${UPS.trackingNumber}`);
    expect(mail).toContain(`Track your parcel with ${UPS.carrier}`);

    await card.getByRole("button", { name: /^Mark delivered/ }).click();
    await page
      .getByRole("dialog", { name: "Mark this order delivered?" })
      .getByRole("button", { name: "Mark delivered" })
      .click();
    await expect(toast(page, `${tool.name} for ${customer.account.email} is marked delivered`)).toBeVisible();
    await expect(card).toContainText("Delivered");
    await expect(card.getByRole("button", { name: /^Mark delivered/ })).toHaveCount(0);

    // The customer's order page tells the whole story, with the way to follow the parcel.
    await customer.page.goto(orderPage);
    const main = customer.page.getByRole("main");
    const history = main.getByRole("list", { name: "Status history" }).getByRole("listitem");
    await expect(history).toHaveCount(4);
    for (const [index, status] of ["Unpaid", "Paid", "Shipped", "Delivered"].entries()) {
      await expect(history.nth(index)).toContainText(status);
    }
    await expect(main).toContainText(UPS.trackingNumber);
    await expect(main.getByRole("link", { name: `Track your parcel with ${UPS.carrier}` })).toHaveAttribute(
      "href",
      UPS_TRACKING_URL,
    );
    await expectNoSidewaysScroll(customer.page);
    await saveScreenshot(customer.page, `owner-delivered-order-page-${viewport.width}`);
    await customer.close();
  });
}

test("the owner cancels an unpaid order and refunds a paid one; the tool's stock comes back", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  // Minimum order 3, 8 in stock: two orders of 3 leave 2, less than a minimum order.
  const tool = await ownerAddsTool(page, "Torque Wrench", { min: 3, available: 8 });
  const unpaid = await customerInOwnBrowser(browser, "unpaid", DESKTOP);
  await orderThroughApi(unpaid.api, tool._id, 3);
  const paid = await customerInOwnBrowser(browser, "paid", DESKTOP);
  await orderThroughApi(paid.api, tool._id, 3, { pay: true });

  const product = page.getByRole("main");
  const available = product.locator("dt:text-is('Available') + dd");
  await page.goto(`/tools/${tool._id}`);
  await expect(product.getByText("Sold out", { exact: true })).toBeVisible();
  await expect(available).toHaveText("2");

  await openManageOrders(page);
  const unpaidCard = managedOrder(page, unpaid.account);
  await reveal(page, unpaidCard);
  await expect(unpaidCard).toContainText("Unpaid");
  await unpaidCard.getByRole("button", { name: /^Cancel/ }).click();
  const cancelDialog = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(cancelDialog).toContainText("its units go back into stock");
  await expect(cancelDialog.getByRole("button", { name: "Keep the order" })).toBeFocused();
  await cancelDialog.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(toast(page, `${tool.name} for ${unpaid.account.email} is cancelled`)).toBeVisible();
  // Gone from the list, or shown cancelled: either way nothing is left to cancel.
  await expect(unpaidCard.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);

  await page.goto(`/tools/${tool._id}`);
  await expect(product.getByText("Only 5 left", { exact: true })).toBeVisible();
  await expect(available).toHaveText("5");

  await openManageOrders(page);
  const paidCard = managedOrder(page, paid.account);
  await reveal(page, paidCard);
  await expect(paidCard).toContainText("Paid");
  await paidCard.getByRole("button", { name: /^Refund/ }).click();
  const refundDialog = page.getByRole("dialog", { name: "Refund this order?" });
  await expect(refundDialog).toContainText("This cannot be undone.");
  await expect(refundDialog.getByRole("button", { name: "Keep the order" })).toBeFocused();
  await saveScreenshot(page, "owner-refund-dialog-1280", { fullPage: false });
  await refundDialog.getByRole("button", { name: "Yes, refund" }).click();
  await expect(toast(page, `${tool.name} for ${paid.account.email} is refunded`)).toBeVisible();
  await expect(paidCard).toContainText("Refunded");
  await expect(paidCard.getByRole("button", { name: /^(Refund|Ship)/ })).toHaveCount(0);

  // All 8 are back: no longer low, orderable again.
  await page.goto(`/tools/${tool._id}`);
  await expect(available).toHaveText("8");
  await expect(product.getByText(/^Only \d+ left$/)).toHaveCount(0);
  await expect(product.getByRole("link", { name: "Order now" })).toBeVisible();
  await unpaid.close();
  await paid.close();
});

test("the owner makes a customer an admin and revokes them, each after a confirmation", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  const customer = await customerInOwnBrowser(browser, "promoted-revoked", DESKTOP);
  await signInAsAdmin(page);
  await page.goto("/dashboard/alluser");
  await expect(page.getByRole("heading", { level: 1, name: "Make Admin" })).toBeVisible();
  const main = page.getByRole("main");
  /** A user's row (a stacked entry on phones), by their email. */
  const entry = (email: string) =>
    main.getByRole("row").or(main.getByRole("listitem")).filter({ hasText: email });

  // The owner's own row offers nothing to press: no one revokes themselves.
  const own = entry(ADMIN.email);
  await reveal(page, own);
  await expect(own.getByRole("button")).toHaveCount(0);

  const row = entry(customer.account.email);
  await reveal(page, row);
  await row.getByRole("button", { name: /^Make Admin/ }).click();
  const promote = page.getByRole("dialog", { name: "Make this user an admin?" });
  await expect(promote).toContainText(customer.account.email);
  await expect(promote.getByRole("button", { name: "Cancel" })).toBeFocused();
  await promote.getByRole("button", { name: "Yes, make admin" }).click();
  await expect(toast(page, "Your admin added")).toBeVisible();
  await expect(row.getByRole("button", { name: /^Make Admin/ })).toHaveCount(0);

  await row.getByRole("button", { name: /^Revoke admin/ }).click();
  const revoke = page.getByRole("dialog", { name: "Revoke admin rights?" });
  await expect(revoke).toContainText(customer.account.email);
  await expect(revoke.getByRole("button", { name: "Cancel" })).toBeFocused();
  await saveScreenshot(page, "owner-revoke-dialog-1280", { fullPage: false });
  await revoke.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(toast(page, "Admin rights revoked")).toBeVisible();
  await expect(row.getByRole("button", { name: /^Make Admin/ })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Revoke admin/ })).toHaveCount(0);
  await expect(row).toContainText("Customer");

  // The revocation is real: the same customer, with the token they hold, is refused the users list.
  const status = await customer.page.evaluate(async () => {
    const response = await fetch("/api/user", {
      headers: { Authorization: `Bearer ${localStorage.getItem("accessToken")}` },
    });
    return response.status;
  });
  expect(status).toBe(403);
  await customer.close();
});
