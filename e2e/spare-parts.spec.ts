// What fits with what (issue 58, decision 0058): a buyer types a drill's model number into Find spare
// parts and opens a part that fits it, on a phone and a desktop; the owner relates a spare part to a tool
// in the Relations dialog, by keyboard. Screenshots go to /tmp/shots-rel too.
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { signInAsAdmin } from "./accounts-fixtures";
import { type Api, addTool, adminInOwnBrowser, apiOf, uniqueToolName } from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";

// signInAsAdmin's sign-up is refused (422) once the admin exists, which the browser logs; so is the
// 404 of a model number nobody has, which the page answers with a sentence.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter(
    (error) =>
      !/status of 422 .*\/api\/auth\/sign-up\/email/.test(error) &&
      !/status of 404 .*\/api\/spare-parts\?/.test(error),
  );
  expect(unexpected, "errors in the browser console").toEqual([]);
});
test.describe.configure({ timeout: 120_000 });

const SHOTS = "/tmp/shots-rel";
async function shot(page: Page, name: string) {
  await saveScreenshot(page, `spare-parts-${name}`, { fullPage: false });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const tool = (api: Api, label: string) =>
  addTool(api, {
    name: uniqueToolName(label),
    short: `${label} for the spare parts spec.`,
    minQuantity: 1,
    availableQuantity: 20,
    price: 19.5,
  }) as Promise<{ _id: string; name: string; sku: string }>;

for (const screen of SCREENS) {
  test.describe(`a buyer on a ${screen.name}`, () => {
    test.use(screen.use);

    test("finds a drill's spare part by its model number and opens it", async ({ page, browser }) => {
      const owner = await adminInOwnBrowser(browser);
      const modelNumber = `DX-${uniqueToolName("m").split(" ")[1]}`;
      const { drill, brush } = await (async () => {
        const drill = await tool(owner.api, "Cordless Drill");
        const brush = await tool(owner.api, "Carbon Brush");
        await owner.api("PUT", `/api/tools/${drill._id}/relations`, {
          data: { modelNumber, spareParts: [brush._id] },
        });
        return { drill, brush };
      })().finally(() => owner.close());

      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: "Find spare parts" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Find spare parts" })).toBeVisible();
      // Typed in another case than the owner's: the match is without case.
      await page.getByLabel("Model number or SKU").fill(modelNumber.toLowerCase());
      await page.getByRole("button", { name: "Find spare parts" }).click();
      const result = page.getByRole("region", { name: `Spare parts for ${drill.name}` });
      await expect(result.getByRole("link", { name: brush.name })).toBeVisible();
      await expect(result.getByText(brush.sku)).toBeVisible();
      await shot(page, `${screen.name}-found`);

      await result.getByRole("link", { name: brush.name }).click();
      await expect(page.getByRole("heading", { level: 1, name: brush.name })).toBeVisible();
      const fits = page.getByRole("region", { name: "Fits" });
      await expect(fits.getByRole("link", { name: drill.name })).toBeVisible();
      await shot(page, `${screen.name}-part`);

      // Nothing matches: a sentence, not an error.
      await page.goto("/spare-parts?q=NO-SUCH-MODEL-123");
      await expect(page.getByRole("status")).toContainText("No tool has the model number or SKU");
    });
  });
}

test("the owner relates a spare part to a tool with the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const api = await apiOf(page);
  const saw = await tool(api, "Circular Saw");
  const blade = await tool(api, "Saw Blade");

  await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(saw.name)}`);
  await page
    .getByRole("article", { name: saw.name })
    .getByRole("button", { name: `Relations of ${saw.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Relations of ${saw.name}` });
  await dialog.getByRole("searchbox", { name: "Add a spare part (SKU or name)" }).fill(blade.sku);
  await expect(dialog.getByRole("button", { name: `Add ${blade.name}` })).toBeVisible();
  await dialog.getByRole("searchbox", { name: "Add a spare part (SKU or name)" }).press("Enter");
  await expect(dialog.getByRole("list", { name: "Spare parts" }).getByText(blade.name)).toBeVisible();
  await shot(page, "owner-relations");
  await dialog.getByRole("button", { name: "Save relations" }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/tools/${saw._id}`);
  await expect(
    page.getByRole("region", { name: "Spare parts" }).getByRole("link", { name: blade.name }),
  ).toBeVisible();
  await page.goto(`/tools/${blade._id}`);
  await expect(
    page.getByRole("region", { name: "Fits" }).getByRole("link", { name: saw.name }),
  ).toBeVisible();
});
