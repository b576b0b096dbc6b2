// The server-rendered pages (`/`, a tool's page: decision 0047) before their JavaScript has run, and
// with none at all: what a crawler reads, and what a tap does while the code is still on its way. The
// phone menu and "Add to cart" are HTML's own (a popover, a GET form to /cart: decision 0049), so a
// tap then is never lost, and what is typed meanwhile stays what counts.
import type { APIRequestContext, Page } from "@playwright/test";
import type { Tool } from "@toolshop/shared/tools";
import { toast } from "./accounts-fixtures";
import { expect, hydrated, MENU_BUTTON, SCREENS, saveScreenshot, test } from "./fixtures";

// A tool of the demo catalogue that no spec orders, so its stock stays as the seed left it.
const TOOL_NAME = "Tape Measure";
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

async function toolNamed(request: APIRequestContext, name: string): Promise<Tool> {
  const tools: Tool[] = await (await request.get("/api/tools")).json();
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`The demo catalogue has no ${name}`);
  return tool;
}

/**
 * Opens `path` with the app's JavaScript held back until `release()`: the page shows what the server
 * sent, unhydrated, as on a slow network. Not waiting for the load event, which waits for the scripts.
 * Requests of a page left meanwhile are dropped with it.
 */
async function openWithScriptsHeld(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  await page.goto(path, { waitUntil: "commit" });
  return release;
}

for (const screen of SCREENS) {
  test.describe(`with JavaScript disabled, on a ${screen.name}`, () => {
    test.use({ ...screen.use, javaScriptEnabled: false });

    test("/ shows the tools with links to their pages, and the reviews, as a crawler reads it", async ({
      page,
      request,
    }) => {
      await page.goto("/");
      const tools = page.locator("#tools");
      // Whichever tools other specs added come first: each card links its own tool's page by name.
      const href = await tools.locator('a[href^="/tools/"]').first().getAttribute("href");
      const catalogue: Tool[] = await (await request.get("/api/tools")).json();
      const linked = catalogue.find((tool) => `/tools/${tool._id}` === href);
      if (!linked) throw new Error(`The first link of / (${href}) names no tool of the catalogue.`);
      await expect(tools.getByRole("link", { name: linked.name, exact: true }).first()).toHaveAttribute(
        "href",
        `/tools/${linked._id}`,
      );
      expect(await tools.locator('a[href^="/tools/"]').count()).toBeGreaterThan(1);
      await expect(tools.getByRole("status", { name: "Loading tools" })).toHaveCount(0);
      await expect(page.locator("#reviews").getByText("Review Star:").first()).toBeVisible();
      await saveScreenshot(page, `home-no-javascript-${screen.name}`, { scroll: false });
    });

    test("a tool's page shows its details, its reviews and the way to order", async ({ page, request }) => {
      const tool = await toolNamed(request, TOOL_NAME);
      await page.goto(`/tools/${tool._id}`);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: TOOL_NAME })).toBeVisible();
      await expect(main.getByText(usd.format(tool.price), { exact: true })).toBeVisible();
      await expect(main.getByText(tool.short)).toBeVisible();
      await expect(main.getByRole("img", { name: TOOL_NAME })).toBeVisible();
      await expect(main.getByRole("term")).toHaveText(["Minimum order", "Available"]);
      await expect(main.getByLabel("Quantity")).toHaveValue(String(tool.minQuantity));
      await expect(main.getByRole("link", { name: "Order now" })).toHaveAttribute(
        "href",
        `/checkout/${tool._id}`,
      );
      const reviews = main.getByRole("region", { name: "Reviews" });
      await expect(
        reviews.getByText(/No reviews of this tool yet\.|out of 5 from \d+ reviews?/),
      ).toBeVisible();
      await expect(page.getByText("needs JavaScript")).toHaveCount(0);
      await saveScreenshot(page, `product-page-no-javascript-${screen.name}`, { scroll: false });

      // "Add to cart" is a form: the browser sends it to /cart, with the quantity chosen.
      await main.getByLabel("Quantity").fill(String(tool.minQuantity + 1));
      await main.getByRole("button", { name: "Add to cart" }).click();
      await expect(page).toHaveURL(`/cart?add=${tool._id}&quantity=${tool.minQuantity + 1}`);
    });

    if (screen.name === "phone") {
      test("the menu button opens the navigation links", async ({ page }) => {
        await page.goto("/");
        const nav = page.getByRole("navigation", { name: "Main" });
        await expect(nav.getByRole("link", { name: "Blogs", exact: true })).toBeHidden();
        await nav.getByRole("button", MENU_BUTTON).click();
        await expect(nav.getByRole("listitem")).toHaveText(["Home", "Blogs", "MyPortfolio", "Login"]);
        await saveScreenshot(page, "menu-no-javascript-phone", { fullPage: false });
        await nav.getByRole("link", { name: "Blogs", exact: true }).click();
        await expect(page).toHaveURL(/\/blogs$/);
      });
    }
  });

  test.describe(`before the JavaScript has arrived, on a ${screen.name}`, () => {
    test.use(screen.use);

    test("a tap on a tool's Add to cart is not lost: /cart adds it once the code is in", async ({
      page,
      request,
    }) => {
      const tool = await toolNamed(request, TOOL_NAME);
      const quantity = tool.minQuantity + 1;
      const release = await openWithScriptsHeld(page, `/tools/${tool._id}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: TOOL_NAME })).toBeVisible();
      await main.getByLabel("Quantity").fill(String(quantity));
      await main.getByRole("button", { name: "Add to cart" }).click();
      await expect(page).toHaveURL(/\/cart\?add=/);
      release();

      await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
      await expect(toast(page, `${quantity} × ${TOOL_NAME} added to your cart.`)).toBeVisible();
      await expect(main.getByLabel(`Quantity of ${TOOL_NAME}`)).toHaveValue(String(quantity));
      const cart = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart,/ });
      await expect(cart).toHaveAccessibleName("Cart, 1 item");
      // The addition has left the address: a reload adds nothing more.
      await expect(page).toHaveURL(/\/cart$/);
      await page.reload();
      await expect(main.getByLabel(`Quantity of ${TOOL_NAME}`)).toHaveValue(String(quantity));
      await expect(cart).toHaveAccessibleName("Cart, 1 item");
      await saveScreenshot(page, `cart-after-early-tap-${screen.name}`);
    });

    test("a tap on a card's Add to cart on / is not lost either", async ({ page }) => {
      const release = await openWithScriptsHeld(page, "/");
      const card = page.locator("#tools").getByRole("article").first();
      const name = (await card.getByRole("heading").textContent())?.trim() ?? "";
      await card.getByRole("button", { name: /^Add to cart/ }).click();
      await expect(page).toHaveURL(/\/cart\?add=/);
      release();
      await expect(toast(page, new RegExp(`× ${name} added to your cart\\.$`))).toBeVisible();
      await expect(page.getByRole("main").getByRole("list", { name: "Tools in your cart" })).toContainText(
        name,
      );
    });

    test("words typed into the search box meanwhile are searched once the code is in", async ({ page }) => {
      const release = await openWithScriptsHeld(page, "/");
      const search = page.getByRole("searchbox", { name: "Search tools" });
      await search.fill(TOOL_NAME);
      release();
      await hydrated(page);
      await expect(search).toHaveValue(TOOL_NAME);
      await search.press("Enter");
      await expect(page).toHaveURL(/[?&]q=Tape\+Measure/);
      const cards = page.locator("#tools").getByRole("article");
      await expect(cards.getByRole("heading", { name: TOOL_NAME, exact: true })).toHaveCount(1);
    });

    test("a quantity typed into a tool's page meanwhile is the one added to the cart", async ({
      page,
      request,
    }) => {
      const tool = await toolNamed(request, TOOL_NAME);
      const quantity = tool.minQuantity + 2;
      const release = await openWithScriptsHeld(page, `/tools/${tool._id}`);
      const main = page.getByRole("main");
      await main.getByLabel("Quantity").fill(String(quantity));
      release();
      await hydrated(page);
      await expect(main.getByLabel("Quantity")).toHaveValue(String(quantity));
      await main.getByRole("button", { name: "Add to cart" }).click();
      await expect(toast(page, `${quantity} × ${TOOL_NAME} added to your cart.`)).toBeVisible();
    });

    if (screen.name === "phone") {
      test("a tap on the menu button opens the menu", async ({ page }) => {
        const release = await openWithScriptsHeld(page, "/");
        const nav = page.getByRole("navigation", { name: "Main" });
        await nav.getByRole("button", MENU_BUTTON).click();
        await expect(nav.getByRole("listitem")).toHaveText(["Home", "Blogs", "MyPortfolio", "Login"]);
        // Hydrating keeps it open: the code does not close a menu the visitor opened.
        release();
        await hydrated(page);
        await expect(nav.getByRole("link", { name: "Blogs", exact: true })).toBeVisible();
        await nav.getByRole("link", { name: "Blogs", exact: true }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
        await expect(nav.getByRole("link", { name: "Blogs", exact: true })).toBeHidden();
      });
    }
  });
}
