// Quotes that become orders (issue 49), as a trade buyer uses them on a phone and a desktop: a cart of
// two tools, "Ask for a quote"; the owner prices it below the list prices and sends the offer
// (through Quote requests, quote-owner-steps.ts); the customer finds it in My quotes, accepts, pays with the test card, and the
// receipt carries the offered prices. Then an offer declined with a reason, opened cold from its mail.
import type { Page } from "@playwright/test";
import { fillLogin, linkFromMail, newAccount, signUp, toast } from "./accounts-fixtures";
import {
  type AddedTool,
  addTool,
  adminInOwnBrowser,
  customerInOwnBrowser,
  type OtherBrowser,
  uniqueToolName,
  uploadPicture,
} from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { ADDRESS, expectNoSidewaysScroll, fillCard, PHONE, seriousViolations } from "./orders-fixtures";
import { ownerSendsOffer } from "./quote-owner-steps";

// Two browsers (the owner's and the customer's) on shared cores, and four screens checked with axe.
test.describe.configure({ timeout: 300_000 });

/** Two tools of the owner's, listed at $20.00 and $50.00. */
async function twoTools(owner: OtherBrowser, label: string): Promise<[AddedTool, AddedTool]> {
  const image = await uploadPicture(owner.api);
  const common = { short: "A tool for the quotes test.", minQuantity: 1, availableQuantity: 100, image };
  const clamp = await addTool(owner.api, { ...common, name: uniqueToolName(`${label} Clamp`), price: 20 });
  const saw = await addTool(owner.api, { ...common, name: uniqueToolName(`${label} Saw`), price: 50 });
  return [clamp, saw];
}

/** Adds one of `tool` from its product page, tapping again if the first tap came before hydration. */
async function addToCart(page: Page, tool: AddedTool, linesAfter: number) {
  await page.goto(`/tools/${tool._id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: tool.name })).toBeVisible();
  const cartLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart,/ });
  const count = `Cart, ${linesAfter} ${linesAfter === 1 ? "item" : "items"}`;
  await expect(async () => {
    await main.getByRole("button", { name: "Add to cart" }).click();
    await expect(cartLink).toHaveAccessibleName(count, { timeout: 2000 });
  }).toPass();
}

/** Sets a line's quantity in the open cart; the total follows once the cart has saved it. */
async function setQuantity(page: Page, tool: AddedTool, quantity: number) {
  await page.getByRole("main").getByLabel(`Quantity of ${tool.name}`).fill(String(quantity));
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test("a customer asks for a quote from the cart, accepts the owner's discounted offer and pays it", async ({
      browser,
      page,
    }) => {
      const owner = await adminInOwnBrowser(browser);
      const [clamp, saw] = await twoTools(owner, "Quote");
      const account = newAccount(`quotes-${screen.name}`);
      await signUp(page, account);
      const main = page.getByRole("main");

      // The cart: 30 clamps and 4 saws at list prices, $800.00.
      await addToCart(page, clamp, 1);
      await addToCart(page, saw, 2);
      await page.goto("/cart");
      await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
      await setQuantity(page, clamp, 30);
      await expect(main.getByText(/^Total \$/)).toHaveText("Total $650.00");
      await setQuantity(page, saw, 4);
      await expect(main.getByText(/^Total \$/)).toHaveText("Total $800.00");

      // Ask for a quote on those lines.
      await main.getByRole("button", { name: "Ask for a quote" }).click();
      await main.getByLabel(/^Company/).fill("Builder & Sons");
      await main.getByLabel(/^Message/).fill("We need them on site by the end of the month.");
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `quotes-ask-${screen.name}`);
      await main.getByRole("button", { name: "Send the request" }).click();
      const sent = main.getByRole("status").filter({ hasText: "Your request for a quote is sent." });
      await expect(sent).toBeVisible();
      await expect(sent).toContainText("The tools stay in your cart until you accept the offer");
      await main.getByRole("link", { name: "See your quote" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
      await expect(main.getByText("The shop has your request and will mail you an offer.")).toBeVisible();
      const quoteId = new URL(page.url()).pathname.split("/").pop() ?? "";

      // The owner prices it 10% below the list prices on Quote requests: 30 × $18.00 and 4 × $45.00, $720.00.
      await ownerSendsOffer(owner.page, quoteId, { discountPercent: 10 });
      // Meanwhile the customer adds a tool the quote does not cover.
      const [unquoted] = await twoTools(owner, "Unquoted");
      await owner.close();
      await addToCart(page, unquoted, 3);

      // My quotes lists the offer; its page shows the prices, the note and the validity.
      await page.goto("/dashboard/quotes");
      await expect(page.getByRole("heading", { level: 1, name: "My quotes" })).toBeVisible();
      const card = main.getByRole("article", { name: `30 × ${clamp.name}, 4 × ${saw.name}` });
      await expect(card).toContainText("Offer sent");
      await expect(card).toContainText("Offer total $720.00");
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `quotes-list-${screen.name}`);
      await card.getByRole("link", { name: /^See the offer/ }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
      await expect(main.getByRole("row", { name: new RegExp(`^${clamp.name}`) })).toContainText("$18.00");
      await expect(main.getByRole("row", { name: new RegExp(`^${saw.name}`) })).toContainText("$45.00");
      await expect(main.getByText(/^Total \$/)).toHaveText("Total $720.00");
      await expect(main.getByText("10% off the list prices.")).toBeVisible();
      await expect(main.getByText(/^This offer is valid until/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `quotes-offer-${screen.name}`);

      // Accept: where it goes, then the payment of the new order, as any order's.
      await main.getByRole("button", { name: "Accept" }).click();
      const dialog = page.getByRole("dialog", { name: "Accept the offer" });
      await dialog.getByLabel("Address").fill(ADDRESS);
      await dialog.getByLabel("Phone").fill(PHONE);
      await saveScreenshot(page, `quotes-accept-${screen.name}`, { fullPage: false });
      await dialog.getByRole("button", { name: "Accept and order" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
      await expect(toast(page, "Offer accepted: your order is placed at the offered prices.")).toBeVisible();
      const orderId = new URL(page.url()).pathname.split("/").pop() ?? "";
      await fillCard(page, "4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page.getByText("Congrats! Your payment is completed.")).toBeVisible();

      // The order took the quoted tools out of the cart; the one added since stays, at its list price.
      const cartLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart,/ });
      await expect(cartLink).toHaveAccessibleName("Cart, 1 item");
      await cartLink.click();
      await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
      await expect(main.getByRole("link", { name: unquoted.name })).toBeVisible();
      await expect(main.getByText(clamp.name)).toHaveCount(0);
      await expect(main.getByText(saw.name)).toHaveCount(0);
      await expect(main.getByText(/^Total \$/)).toHaveText("Total $20.00");

      // The receipt carries the offered unit prices, not the list prices.
      await page.goto(`/dashboard/orders/${orderId}`);
      await expect(page.getByRole("heading", { level: 1, name: /^Order TS-\d{6,}$/ })).toBeVisible();
      const receipt = main.getByRole("table");
      await expect(receipt.getByRole("row", { name: new RegExp(`^${clamp.name}`) })).toContainText("$18.00");
      await expect(receipt.getByRole("row", { name: new RegExp(`^${saw.name}`) })).toContainText("$45.00");
      await expect(receipt).toContainText("$720.00");
      await expect(receipt).not.toContainText("$20.00");
      await saveScreenshot(page, `quotes-receipt-${screen.name}`);

      // The quote says it was accepted and leads to its order.
      await page.goto(`/dashboard/quotes/${quoteId}`);
      await expect(main.getByText(/^You accepted this offer on/)).toBeVisible();
      await expect(main.getByRole("link", { name: "See your order" })).toHaveAttribute(
        "href",
        `/dashboard/orders/${orderId}`,
      );
    });
  });
}

test("a customer opens the offer from its mail signed out, signs in, and declines it with a reason", async ({
  browser,
  page,
}) => {
  const owner = await adminInOwnBrowser(browser);
  const [clamp, saw] = await twoTools(owner, "Declined");
  const customer = await customerInOwnBrowser(browser, "quotes-decline");
  const { _id: quoteId } = await customer.api<{ _id: string }>("POST", "/api/quotes", {
    data: {
      lines: [
        { toolId: clamp._id, quantity: 10 },
        { toolId: saw._id, quantity: 2 },
      ],
    },
  });
  await customer.close();
  // The owner's offer, through the API (the screen is quotes' first test's and quote-requests.spec.ts's).
  await owner.api("POST", `/api/quotes/${quoteId}/offer`, {
    data: {
      lines: [
        { toolId: clamp._id, quantity: 10, unitPrice: 19 },
        { toolId: saw._id, quantity: 2, unitPrice: 49 },
      ],
      note: "Our best price for small quantities.",
    },
  });
  await owner.close();

  // The mail's link, opened in a browser that is not signed in: the login, then the offer.
  const link = await linkFromMail(customer.account.email, `/dashboard/quotes/${quoteId}`);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await fillLogin(page, customer.account.email, customer.account.password);
  await expect(page.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/dashboard/quotes/${quoteId}`);
  const main = page.getByRole("main");
  await expect(main.getByText(/^Total \$/)).toHaveText("Total $288.00");

  await main.getByRole("button", { name: "Decline" }).click();
  const dialog = page.getByRole("dialog", { name: "Decline the offer?" });
  await dialog.getByLabel(/^Why\?/).fill("A local supplier matched the price.");
  await saveScreenshot(page, "quotes-decline-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Decline the offer" }).click();
  await expect(main.getByText("Your reason: A local supplier matched the price.")).toBeVisible();
  await expect(main.getByText(/^You declined this offer on/)).toBeVisible();
  await expect(main.getByRole("button", { name: "Accept" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "quotes-declined");

  await page.goto("/dashboard/quotes");
  await expect(main.getByRole("article", { name: `10 × ${clamp.name}, 2 × ${saw.name}` })).toContainText(
    "Declined",
  );
});
