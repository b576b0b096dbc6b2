// Issue 62, item 8, as a trade buyer meets it on a phone and a desktop: the product page prices the
// quantity typed by its price breaks, with the line's total; a second tab's cart badge follows the
// cart changed in the first; and the checkout on a slow network shows the navigation bar and a
// skeleton at once, never a blank page, while its code and the cart are on their way.
import type { Page, Route } from "@playwright/test";
import { newAccount, signUp } from "./accounts-fixtures";
import { type AddedTool, addTool, adminInOwnBrowser, apiOf, uniqueToolName } from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, seriousViolations } from "./orders-fixtures";

test.describe.configure({ timeout: 180_000 });

/** Holds the requests `pattern` matches until `release` is called: a network as slow as the test wants. */
async function hold(page: Page, pattern: string | RegExp) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const cartLink = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart,/ });

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    let pliers: AddedTool;
    test.beforeEach(async ({ browser }) => {
      const owner = await adminInOwnBrowser(browser);
      pliers = await addTool(owner.api, {
        name: uniqueToolName("Break Pliers"),
        short: "Priced by quantity.",
        minQuantity: 1,
        availableQuantity: 500,
        price: 12.5,
        priceBreaks: [
          { minQuantity: 50, unitPrice: 11 },
          { minQuantity: 100, unitPrice: 9.75 },
        ],
      });
      await owner.close();
    });

    test("the product page prices the quantity typed by its breaks, with the total", async ({ page }) => {
      await page.goto(`/tools/${pliers._id}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: pliers.name })).toBeVisible();
      const price = main.locator("output[for='add-to-cart-quantity']");
      await expect(price).toHaveText("1 × $12.50 eachTotal $12.50");
      const quantity = main.getByRole("spinbutton", { name: "Quantity" });
      await expect(async () => {
        await quantity.fill("100");
        await expect(price).toHaveText("100 × $9.75 each (list price $12.50)Total $975.00", {
          timeout: 2000,
        });
      }).toPass();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `buyer-break-price-${screen.name}`);
    });

    test("a second tab's cart badge follows the cart changed in the first", async ({ page }) => {
      await signUp(page, newAccount(`tabs-${screen.name}`));
      const other = await page.context().newPage();
      await other.goto("/blogs");
      await expect(other.getByRole("heading", { name: "Blogs" })).toBeVisible();
      await expect(cartLink(other)).toHaveAccessibleName("Cart, 0 items");

      await page.goto(`/tools/${pliers._id}`);
      await expect(async () => {
        await page.getByRole("main").getByRole("button", { name: "Add to cart" }).click();
        await expect(cartLink(page)).toHaveAccessibleName("Cart, 1 item", { timeout: 2000 });
      }).toPass();
      // Nobody touches the other tab: it hears of the change and reads the cart again.
      await expect(cartLink(other)).toHaveAccessibleName("Cart, 1 item");
      await other.close();
    });

    test("the checkout on a slow network shows the bar and a skeleton at once", async ({ page }) => {
      await signUp(page, newAccount(`slow-${screen.name}`));
      const api = await apiOf(page);
      await api("PUT", "/api/cart", { data: { lines: [{ toolId: pliers._id, quantity: 60 }] } });

      // The app's own code held back: the page the server sent is drawn by its styles alone.
      const releaseApp = await hold(page, /\/assets\/index-[\w-]+\.js$/);
      await page.goto("/checkout", { waitUntil: "commit" });
      await expect(page.locator("#root")).toBeEmpty();
      await expect
        .poll(() =>
          page.evaluate(() => getComputedStyle(document.getElementById("root") as Element, "::after").height),
        )
        .not.toBe("auto");
      await saveScreenshot(page, `buyer-checkout-before-code-${screen.name}`, {
        fullPage: false,
        scroll: false,
      });

      // The code is in, the checkout's own code and the cart are still on their way: bar and skeleton.
      const releasePage = await hold(page, /\/assets\/cart-checkout-page-[\w-]+\.js$/);
      const releaseCart = await hold(page, "**/api/cart");
      releaseApp();
      await expect(cartLink(page)).toBeVisible();
      await expect(page.getByRole("status", { name: "Loading page" })).toBeVisible();
      await saveScreenshot(page, `buyer-checkout-skeleton-${screen.name}`, {
        fullPage: false,
        scroll: false,
      });
      releasePage();
      await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
      await expect(page.getByRole("status", { name: "Loading your cart" })).toBeVisible();
      await saveScreenshot(page, `buyer-checkout-cart-skeleton-${screen.name}`, {
        fullPage: false,
        scroll: false,
      });
      releaseCart();
      await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "Save to my profile" })).toBeVisible();
      await saveScreenshot(page, `buyer-checkout-${screen.name}`);
    });
  });
}
