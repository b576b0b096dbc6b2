// Part numbers (issue 58): a visitor who knows a tool's part number types it into the search box, in
// lower case, and lands on the tool's page, which shows it; the part number follows the tool into the
// cart. On a phone and a desktop; screenshots of the page and the cart go to /tmp/shots-sku too.
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { toast } from "./accounts-fixtures";
import { addTool, adminInOwnBrowser, uniqueToolName } from "./api-fixtures";
import { expect, hydrated, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll } from "./orders-fixtures";

test.describe.configure({ timeout: 120_000 });
// The first visit runs without the app's scripts (their requests are refused), which the browser logs.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter((error) => !/ERR_FAILED|Failed to load module script/.test(error));
  expect(unexpected, "errors in the browser console").toEqual([]);
});

const SHOTS = "/tmp/shots-sku";
async function shot(page: Page, name: string) {
  await saveScreenshot(page, `part-numbers-${name}`, { fullPage: false });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const screen of SCREENS) {
  test.describe(`a visitor on a ${screen.name}`, () => {
    test.use(screen.use);

    test("types a part number into the search box, lands on its tool and takes it to the cart", async ({
      page,
      browser,
    }) => {
      const owner = await adminInOwnBrowser(browser);
      const tool = await addTool(owner.api, {
        name: uniqueToolName("Torque Wrench"),
        short: "A click-type torque wrench for the part numbers spec.",
        minQuantity: 1,
        availableQuantity: 12,
        price: 64,
      }).finally(() => owner.close());

      // The search box's form as the browser sends it before the app's code runs (or without it): the
      // server answers a part number with the tool's page.
      await page.route("**/*.js", (route) => route.abort());
      await page.goto("/");
      const search = page.getByRole("searchbox", { name: "Search tools" });
      await search.fill(tool.sku.toLowerCase());
      await search.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/tools/${tool._id}$`));
      await expect(page.getByRole("heading", { level: 1, name: tool.name })).toBeVisible();
      // As the owner wrote it, whatever the case it was typed in.
      await expect(page.getByRole("main").getByText(`Part number ${tool.sku}`)).toBeVisible();
      await page.unroute("**/*.js");
      await page.reload();
      await hydrated(page);
      await expectNoSidewaysScroll(page);
      await shot(page, `${screen.name}-product`);

      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(toast(page, `1 × ${tool.name} added to your cart.`)).toBeVisible();
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: /^Cart,/ })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
      const line = page
        .getByRole("list", { name: "Tools in your cart" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: tool.name }) });
      await expect(line.getByText(`Part number ${tool.sku}`)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `${screen.name}-cart`);
    });
  });
}
