// A link or an auto-submitted form on another site to /cart?add=<id>&quantity=<n> (decision 0050)
// adds nothing by itself: the signed-in customer's cart page asks first, and adds only on the click.
// The other site is a page served here on localhost (the shop is 127.0.0.1: another site, so the
// browser sends Sec-Fetch-Site: cross-site). The shop's own form keeps adding at once
// (before-hydration.spec.ts).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import type { Tool } from "@toolshop/shared/tools";
import { newAccount, signUp, toast } from "./accounts-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";

const TOOL_NAME = "Level";

/** Another site: answers every request with `html`. */
async function otherSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, server };
}

for (const screen of SCREENS) {
  test.describe(`a cart link from another site, on a ${screen.name}`, () => {
    test.use(screen.use);
    let site: Server | undefined;
    test.afterEach(async () => {
      await new Promise((resolve) => site?.close(resolve));
    });

    async function demoLevel(request: APIRequestContext) {
      const tools: Tool[] = await (await request.get("/api/tools")).json();
      const tool = tools.find((candidate) => candidate.name === TOOL_NAME);
      if (!tool) throw new Error(`The demo catalogue has no ${TOOL_NAME}`);
      return tool;
    }

    test("asks the signed-in customer first, and adds only after the click", async ({
      page,
      request,
      baseURL,
    }) => {
      const tool = await demoLevel(request);
      const quantity = tool.minQuantity + 3;
      await signUp(page, newAccount("cart-link"));
      const link = `${baseURL}/cart?add=${tool._id}&quantity=${quantity}`;
      const other = await otherSite(`<!doctype html><title>Deals</title><a href="${link}">A free level</a>`);
      site = other.server;

      await page.goto(other.url);
      await page.getByRole("link", { name: "A free level" }).click();
      const main = page.getByRole("main");
      const question = main.getByRole("region", { name: "Add from a link" });
      await expect(question).toContainText(`Add ${quantity} × ${TOOL_NAME} to your cart?`);
      await expect(main.getByText("Your cart is empty.")).toBeVisible();
      const cart = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart,/ });
      await expect(cart).toHaveAccessibleName("Cart, 0 items");
      await expect(page).toHaveURL(/\/cart$/);
      await saveScreenshot(page, `cart-link-question-${screen.name}`, { fullPage: false });

      await question.getByRole("button", { name: "Add to cart" }).click();
      await expect(toast(page, `${quantity} × ${TOOL_NAME} added to your cart.`)).toBeVisible();
      await expect(main.getByLabel(`Quantity of ${TOOL_NAME}`)).toHaveValue(String(quantity));
      await expect(cart).toHaveAccessibleName("Cart, 1 item");
      await expect(question).toHaveCount(0);
      // The account's cart on the server holds it: a reload shows it, and asks nothing.
      await page.reload();
      await expect(main.getByLabel(`Quantity of ${TOOL_NAME}`)).toHaveValue(String(quantity));
      await expect(main.getByRole("region", { name: "Add from a link" })).toHaveCount(0);
    });

    test("adds nothing from a form that another site submits by itself, when the customer declines", async ({
      page,
      request,
      baseURL,
    }) => {
      const tool = await demoLevel(request);
      await signUp(page, newAccount("cart-form"));
      const other = await otherSite(
        `<!doctype html><title>Deals</title><form method="get" action="${baseURL}/cart">` +
          `<input type="hidden" name="add" value="${tool._id}"><input type="hidden" name="quantity" value="${tool.minQuantity}">` +
          `</form><script>document.forms[0].submit()</script>`,
      );
      site = other.server;

      await page.goto(other.url);
      const main = page.getByRole("main");
      const question = main.getByRole("region", { name: "Add from a link" });
      await expect(question).toContainText(`Add ${tool.minQuantity} × ${TOOL_NAME} to your cart?`);
      await question.getByRole("button", { name: "No, thanks" }).click();
      await expect(question).toHaveCount(0);
      await expect(main.getByText("Your cart is empty.")).toBeVisible();
      await page.reload();
      await expect(main.getByText("Your cart is empty.")).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Cart,/ }),
      ).toHaveAccessibleName("Cart, 0 items");
    });
  });
}
