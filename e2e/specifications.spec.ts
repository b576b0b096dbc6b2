// Specifications (issue 58, decision 0060): the owner adds a number attribute, Voltage in V, for the
// electrical tools, is told what a bad one lacks, gives a drill 18 in Manage Products, and a visitor
// on a phone and a desktop reads "Voltage 18 V" in the drill's Specifications. Screenshots of the
// owner's two screens and the product page on both sizes go to /tmp/shots-attr too.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { signInAsAdmin, toast } from "./accounts-fixtures";
import { addTool, apiOf } from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, seriousViolations } from "./orders-fixtures";

// signInAsAdmin's sign-up is refused (422) once the admin exists, which the browser logs.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter(
    (error) => !/status of (422 .*\/api\/auth\/sign-up\/email|409 )/.test(error),
  );
  expect(unexpected, "errors in the browser console").toEqual([]);
});
test.describe.configure({ timeout: 180_000 });

const SHOTS = "/tmp/shots-attr";
const PHONE = SCREENS[0].use.viewport;
const DESKTOP = SCREENS[1].use.viewport;

async function shot(page: Page, name: string) {
  await saveScreenshot(page, `specifications-${name}`, { fullPage: false });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test("the owner adds Voltage in V for electrical tools, gives a drill 18, and a visitor reads it", async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(page);
  const toolName = `Hammer Drill ${randomBytes(3).toString("hex")}`;
  const drill = await addTool(await apiOf(page), {
    name: toolName,
    short: "A hammer drill for masonry.",
    minQuantity: 1,
    availableQuantity: 12,
    price: 149,
    category: "drills",
  });

  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Attributes", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Attributes" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add an attribute" });
  await form.getByLabel("Name").fill("Voltage");
  await expect(form.getByLabel("Key")).toHaveValue("voltage");
  await expect(form.getByLabel("Kind")).toHaveValue("number");
  await form.getByLabel("Unit").fill("V");
  await form.getByRole("checkbox", { name: "Electrical", exact: true }).check();
  await form.getByRole("button", { name: "Add attribute" }).click();
  await expect(toast(page, "Voltage was added.")).toBeVisible();
  const voltage = page
    .getByRole("list", { name: "Attributes" })
    .getByRole("article", { name: "Voltage", exact: true });
  await expect(voltage).toContainText("Number with a unit in V");
  await expect(voltage).toContainText("Electrical");

  // A choice without choices is refused before anything is sent, under its field.
  await form.getByLabel("Name").fill("Insulation class");
  await form.getByLabel("Kind").selectOption({ label: "Choice from a list" });
  await form.getByRole("button", { name: "Add attribute" }).click();
  await expect(form.getByText("A choice needs at least one value to choose")).toBeVisible();
  await form.getByLabel("Choices").fill("1000 V\nNone");
  await form.getByRole("button", { name: "Add attribute" }).click();
  await expect(toast(page, "Insulation class was added.")).toBeVisible();
  // The same key again: the server's refusal under the key, by keyboard.
  await form.getByLabel("Name").fill("Voltage");
  await form.getByLabel("Kind").selectOption({ label: "Short text" });
  await form.getByLabel("Name").press("Enter");
  await expect(form.getByText("Another attribute already has the key voltage.")).toBeVisible();
  await expect(form.getByLabel("Key")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "attributes-desktop");
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await shot(page, "attributes-phone");
  await page.getByRole("heading", { name: "The attributes" }).evaluate((heading) => heading.scrollIntoView());
  await shot(page, "attributes-list-phone");
  await page.setViewportSize(DESKTOP);

  // The drill's value, in Manage Products' edit screen.
  await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(toolName)}`);
  const row = page.getByRole("article", { name: toolName });
  await row.getByRole("button", { name: `Edit ${toolName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${toolName}` });
  const specs = dialog.getByRole("group", { name: "Specifications" });
  const volts = specs.getByLabel(/^Voltage/);
  await expect(volts).toHaveValue("");
  await expect(specs.getByLabel("Insulation class")).toHaveValue("");
  await volts.fill("eighteen");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(specs.getByText("Voltage takes a number.")).toBeVisible();
  await expect(volts).toBeFocused();
  await volts.fill("18");
  await expect(specs.getByText("Voltage takes a number.")).toHaveCount(0);
  await specs.getByLabel("Insulation class").selectOption("1000 V");
  const toSpecs = () => specs.evaluate((group) => group.scrollIntoView({ block: "center" }));
  await toSpecs();
  await shot(page, "edit-specifications-desktop");
  await page.setViewportSize(PHONE);
  await toSpecs();
  await shot(page, "edit-specifications-phone");
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `${toolName} updated`)).toBeVisible();

  // A visitor, on a phone and a desktop.
  for (const screen of SCREENS) {
    const context = await browser.newContext(screen.use);
    const visitor = await context.newPage();
    try {
      await visitor.goto(`/tools/${drill._id}`);
      await expect(visitor.getByRole("heading", { level: 1, name: toolName })).toBeVisible();
      const table = visitor.getByRole("table", { name: "Specifications" });
      await expect(table.getByRole("row")).toHaveText(["Voltage18 V", "Insulation class1000 V"]);
      await expect(table.getByRole("row", { name: "Voltage 18 V" })).toBeVisible();
      await expectNoSidewaysScroll(visitor);
      await table.scrollIntoViewIfNeeded();
      await shot(visitor, `product-specifications-${screen.name}`);
    } finally {
      await context.close();
    }
  }
});
