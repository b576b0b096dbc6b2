// The cart of issue 48, as a customer uses it on a phone and a desktop: two tools added as a visitor
// (one from the home page, one from its product page at a larger quantity), the count in the
// navigation bar, a quantity changed in the cart, the cart joining the new account's on sign-up, then
// one checkout, one card payment, and both lines on the receipt. Each test adds its own tools.
import { newAccount, signUp, toast } from "./accounts-fixtures";
import { addTool, adminInOwnBrowser, uniqueToolName } from "./api-fixtures";
import { expect, findToolOnHome, SCREENS, saveScreenshot, test } from "./fixtures";
import { ADDRESS, expectNoSidewaysScroll, fillCard, PHONE, seriousViolations } from "./orders-fixtures";

// Two browsers (the owner's and the customer's) on shared cores.
test.describe.configure({ timeout: 180_000 });

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test("a visitor fills a cart, signs up, checks out once and pays once for both tools", async ({
      browser,
      page,
    }) => {
      const owner = await adminInOwnBrowser(browser);
      const clamps = await addTool(owner.api, {
        name: uniqueToolName("Cart Clamp"),
        short: "A bar clamp for the cart test.",
        minQuantity: 2,
        availableQuantity: 40,
        price: 15.5,
      });
      const meter = await addTool(owner.api, {
        name: uniqueToolName("Cart Meter"),
        short: "A multimeter for the cart test.",
        minQuantity: 1,
        availableQuantity: 10,
        price: 42,
      });
      await owner.close();
      const cartLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart,/ });

      // From the home page: "Add to cart" adds the tool's minimum order.
      const card = await findToolOnHome(page, clamps.name);
      // The tool's name follows for screen readers ("Add to cart: Cart Clamp …").
      await card.getByRole("button", { name: new RegExp(`^Add to cart\\s*:\\s*${clamps.name}$`) }).click();
      await expect(toast(page, `2 × ${clamps.name} added to your cart.`)).toBeVisible();
      await expect(cartLink).toHaveAccessibleName("Cart, 1 item");

      // From a product page, at a quantity the customer chose.
      await page.goto(`/tools/${meter._id}`);
      await expect(page.getByRole("heading", { level: 1, name: meter.name })).toBeVisible();
      // The page comes rendered by the server; the count, read from the browser's cart, shows once its
      // code runs (typing before that is lost to the page's start).
      await expect(cartLink).toHaveAccessibleName("Cart, 1 item");
      const quantity = page.getByRole("main").getByLabel("Quantity");
      await expect(quantity).toHaveValue("1");
      await quantity.fill("11");
      await expect(page.getByText("quantity is required. Only 10 in stock.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
      await quantity.fill("3");
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(toast(page, `3 × ${meter.name} added to your cart.`)).toBeVisible();
      await expect(cartLink).toHaveAccessibleName("Cart, 2 items");

      // The cart: both lines, a quantity changed, the totals follow.
      await cartLink.click();
      await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
      const main = page.getByRole("main");
      const lines = main.getByRole("list", { name: "Tools in your cart" }).getByRole("listitem");
      await expect(lines).toHaveCount(2);
      const clampsQuantity = main.getByLabel(`Quantity of ${clamps.name}`);
      await expect(clampsQuantity).toHaveValue("2");
      await clampsQuantity.fill("1");
      await expect(main.getByText("quantity is required. At least 2 per order.")).toBeVisible();
      await expect(main.getByRole("button", { name: "Checkout" })).toBeDisabled();
      await clampsQuantity.fill("4");
      // 4 × $15.50 + 3 × $42.00
      await expect(main.getByText(/^Total \$/)).toHaveText("Total $188.00");
      await expect(main.getByRole("link", { name: "Checkout" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `cart-${screen.name}`);

      // Signing up joins the browser's cart to the new account's, kept on the server.
      await signUp(page, newAccount(`cart-${screen.name}`));
      await expect(cartLink).toHaveAccessibleName("Cart, 2 items");
      await cartLink.click();
      await expect(lines).toHaveCount(2);
      await expect(main.getByLabel(`Quantity of ${clamps.name}`)).toHaveValue("4");
      await expect(main.getByText(/^Total \$/)).toHaveText("Total $188.00");
      expect(await page.evaluate(() => localStorage.getItem("toolshop.cart"))).toBeNull();

      // One checkout for the whole cart (this part needs the order core of issue 48: POST /api/orders
      // with lines).
      await main.getByRole("link", { name: "Checkout" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
      await expect(main.getByText(/^Total \$/)).toHaveText("Total $188.00");
      await main.getByLabel("Address").fill(ADDRESS);
      await main.getByLabel("Phone").fill(PHONE);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `cart-checkout-${screen.name}`);
      await main.getByRole("button", { name: "Place order" }).click();

      // One payment for both tools.
      await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
      await expect(cartLink).toHaveAccessibleName("Cart, 0 items");
      const orderId = new URL(page.url()).pathname.split("/").pop() ?? "";
      await fillCard(page, "4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page.getByText("Congrats! Your payment is completed.")).toBeVisible();

      // The receipt names both lines.
      await page.goto(`/dashboard/orders/${orderId}`);
      await expect(page.getByRole("heading", { level: 1, name: /^Order TS-\d{6,}$/ })).toBeVisible();
      const receipt = page.getByRole("main").getByRole("table");
      await expect(receipt).toContainText(clamps.name);
      await expect(receipt).toContainText(meter.name);
      await expect(receipt).toContainText("$188.00");
      await saveScreenshot(page, `cart-receipt-${screen.name}`);
    });
  });
}
