import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { toast } from "./accounts-fixtures";
import { findToolOnHome } from "./fixtures";

// Helpers for the orders specs: ordering a tool as a customer does, My orders, the card form, and the
// checks every screen gets (axe, no sideways scroll).

export const ADDRESS = "12 Foundry Lane, Springfield";
export const PHONE = "+1 555-0100";
/** The test gateway's card that always pays. */
export const TEST_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };

/** From the home page's catalogue to the tool's checkout screen. */
export async function openCheckout(page: Page, toolName: string) {
  const card = await findToolOnHome(page, toolName);
  // "Order now" is followed by the tool's name for screen readers.
  await card.getByRole("link", { name: new RegExp(`^Order now\\s*:\\s*${toolName}$`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByLabel("Product")).toHaveValue(toolName);
}

/** Places an order on the open checkout screen and waits for the spec's toast. */
export async function placeOrder(page: Page, quantity?: number, { saveToProfile = false } = {}) {
  const main = page.getByRole("main");
  await main.getByLabel("Address").fill(ADDRESS);
  await main.getByLabel("Phone").fill(PHONE);
  if (saveToProfile) await main.getByRole("checkbox", { name: "Save to my profile" }).check();
  if (quantity !== undefined) await main.getByLabel(/Quantity/).fill(String(quantity));
  await main.getByRole("button", { name: "Place the order" }).click();
  await expect(toast(page, "order is placed go to my order")).toBeVisible();
}

/**
 * Manage Orders' status filter, clicked as a person does. The filter lives in the URL, so the radio is
 * checked once the navigation has happened: wait for that, not for the click to toggle it at once.
 */
export async function showOrders(page: Page, status: string) {
  const radio = page.getByRole("radio", { name: status, exact: true });
  await radio.click();
  await expect(radio).toBeChecked();
}

export async function openMyOrders(page: Page) {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading your orders" })).toHaveCount(0);
}

/** One order's card in My orders, by the tool's name. */
export function orderCard(page: Page, toolName: string) {
  return page.getByRole("main").getByRole("article", { name: toolName });
}

/** Fills the test gateway's card form. */
export async function fillCard(page: Page, number: string, expiry = "12/34", cvc = "123") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill(expiry);
  await page.getByLabel("CVC").fill(cvc);
}

/** Serious and critical axe violations, one line each with the elements concerned. */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/** How wide the page is against the screen: it scrolls sideways when scrollWidth is the larger. */
export function horizontalOverflow(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

/** The page does not scroll sideways (at any width, a 375 px phone included). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth, "the page scrolls sideways").toBeLessThanOrEqual(clientWidth);
}
