import type { Page } from "@playwright/test";
import sharp from "sharp";
import { signInAsAdmin, toast } from "./accounts-fixtures";
import { addTool, apiOf, customerInOwnBrowser, orderThroughApi, uniqueToolName } from "./api-fixtures";
import { expect, findToolOnHome, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, showOrders } from "./orders-fixtures";

// The admin's catalogue and orders: Add Product (picture first, then the product), Manage Products
// (edit, delete) and Manage Orders (ship a paid order), as an admin uses them in the browser.

// signInAsAdmin's sign-up is refused (422) once the admin exists, which the browser logs as a failed
// resource. Anything else in the console still fails the test.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter(
    (error) => !/status of 422 .*\/api\/auth\/sign-up\/email/.test(error),
  );
  expect(unexpected, "errors in the browser console").toEqual([]);
});

// Each test signs in, adds a product through the form and opens several screens: on a machine busy
// with other work that takes longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

interface Product {
  name: string;
  short: string;
  minQuantity: string;
  availableQuantity: string;
  price: string;
}

const product = (label: string): Product => ({
  name: uniqueToolName(label),
  short: "Cuts copper and aluminium cable up to 20 mm.",
  minQuantity: "5",
  availableQuantity: "300",
  price: "24.99",
});

/** A real 800 × 600 PNG, different for every call (so each product has its own picture). */
async function pngFile() {
  const background = { r: 59, g: 130, b: 246 };
  const spot = { r: Math.floor(Math.random() * 256), g: 158, b: 11 };
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .composite([
      { input: { create: { width: 300, height: 200, channels: 3, background: spot } }, left: 250, top: 200 },
    ])
    .png()
    .toBuffer();
  return { name: "cable-cutter.png", mimeType: "image/png", buffer };
}

let skuCount = 0;
const uniqueSku = () => `E2E-${Date.now().toString(36)}-${process.pid}-${++skuCount}`.toUpperCase();

const FIELD_LABELS = {
  name: "Product Name",
  short: "Short description",
  minQuantity: "Minimum quantity",
  availableQuantity: "Available quantity",
  price: "Price (USD)",
} as const;

async function openAddProduct(page: Page) {
  await page.goto("/dashboard/addproduct");
  await expect(page.getByRole("heading", { level: 1, name: "Add Product" })).toBeVisible();
}

/** Fills the add-product form; fields left out of `skip` are filled, the picture unless skipped too. */
async function fillProduct(
  page: Page,
  values: Product,
  skip: (keyof Product | "sku" | "category" | "image")[] = [],
) {
  const form = page.getByRole("form", { name: "Add product" });
  for (const [field, label] of Object.entries(FIELD_LABELS) as [keyof Product, string][]) {
    if (!skip.includes(field)) await form.getByLabel(label, { exact: true }).fill(values[field]);
  }
  // A new tool's part number, unique in the shop (decision 0056).
  if (!skip.includes("sku")) await form.getByLabel("SKU", { exact: true }).fill(uniqueSku());
  if (!skip.includes("category")) await form.getByLabel("Category").selectOption("Mechanical");
  if (!skip.includes("image")) await form.getByLabel(/^Image/).setInputFiles(await pngFile());
}

async function addProduct(page: Page, values: Product) {
  await openAddProduct(page);
  await fillProduct(page, values);
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(toast(page, "Your product Added")).toBeVisible();
}

test("an admin adds a product with a PNG, and the home page shows it with its picture", async ({ page }) => {
  await signInAsAdmin(page);
  const values = product("Cable Cutter");
  await openAddProduct(page);
  await fillProduct(page, values);
  await expect(page.getByRole("img", { name: "Preview of the new product" })).toBeVisible();
  await saveScreenshot(page, "admin-add-product-1280");
  await page.getByRole("button", { name: "Add product" }).click();
  await expect(toast(page, "Your product Added")).toBeVisible();

  // The form starts again empty, the file too.
  await expect(page.getByLabel("Product Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Price (USD)")).toHaveValue("");
  await expect(page.getByLabel(/^Image/)).toHaveValue("");
  await expect(page.getByRole("img", { name: "Preview of the new product" })).toHaveCount(0);

  const card = await findToolOnHome(page, values.name);
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText("$24.99");
  const image = card.getByRole("img", { name: values.name });
  await expect(image).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}\.webp$/);
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(800);
});

test("each add-product field shows its message when it is left empty", async ({ page }) => {
  await signInAsAdmin(page);
  const messages: [keyof Product | "category" | "image", string][] = [
    ["name", "Product Name is required"],
    ["short", "Short description is required"],
    ["minQuantity", "Minimum quantity is required"],
    ["availableQuantity", "Available quantity is required"],
    ["price", "Price is required"],
    ["category", "Category is required"],
    ["image", "image is required"],
  ];
  for (const [field, message] of messages) {
    await openAddProduct(page);
    await fillProduct(page, product("Unsaved"), [field]);
    await page.getByRole("button", { name: "Add product" }).click();
    const form = page.getByRole("form", { name: "Add product" });
    await expect(form.getByText(message, { exact: true }), field).toBeVisible();
    // Only that one.
    for (const [, other] of messages.filter(([name]) => name !== field)) {
      await expect(form.getByText(other, { exact: true })).toHaveCount(0);
    }
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, "admin-add-product-errors-375");
});

test("an admin edits a product's price, and the home page shows the new price", async ({ page }) => {
  await signInAsAdmin(page);
  const values = product("Torque Wrench");
  await addProduct(page, values);

  await page.goto("/dashboard/manageproducts");
  const row = page.getByRole("article", { name: values.name });
  await expect(row).toContainText("$24.99");
  await saveScreenshot(page, "admin-manage-products-1280", { fullPage: false });
  await row.getByRole("button", { name: `Edit ${values.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${values.name}` });
  await expect(dialog.getByLabel("Price (USD)")).toHaveValue("24.99");
  await saveScreenshot(page, "admin-edit-product-1280", { fullPage: false });
  await dialog.getByLabel("Price (USD)").fill("31.25");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `${values.name} updated`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("$31.25");

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, "admin-manage-products-375", { fullPage: false });

  await expect(await findToolOnHome(page, values.name)).toContainText("$31.25");
});

// Issue 51: stock may be anything from 0 up; the minimum quantity governs orders, not stock.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`an admin sets a product's Available quantity to 0, and its card says Sold out (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page);
    const name = uniqueToolName("Fish Tape");
    await addTool(await apiOf(page), {
      name,
      short: "Pulls cable through conduit.",
      minQuantity: 5,
      availableQuantity: 40,
      price: 18.5,
    });

    await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("article", { name });
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(dialog.getByLabel("Available quantity")).toHaveValue("40");
    await dialog.getByLabel("Available quantity").fill("0");
    await saveScreenshot(page, `admin-edit-stock-zero-${viewport.width}`, { fullPage: false });
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, `${name} updated`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText("0 (sold out)");

    const card = await findToolOnHome(page, name);
    await expect(card.getByRole("button", { name: /^Sold out/ })).toBeDisabled();
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `home-sold-out-card-${viewport.width}`, { fullPage: false });
  });
}

test("an admin ships a paid order with a tracking number and marks it delivered; My orders follows", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const values = product("Fish Tape Pro");
  await addProduct(page, values);
  const toolId = await page.evaluate(async (name) => {
    const tools: { _id: string; name: string }[] = await (await fetch("/api/tools")).json();
    return tools.find((tool) => tool.name === name)?._id;
  }, values.name);
  expect(toolId).toBeTruthy();
  const customer = await customerInOwnBrowser(browser, "buyer");
  await orderThroughApi(customer.api, toolId as string, 5, { pay: true });

  await page.goto("/dashboard/manageorders");
  await showOrders(page, "Paid");
  const card = page.getByRole("article", { name: `${values.name} for ${customer.account.email}` });
  await expect(card).toContainText("Paid");
  await saveScreenshot(page, "admin-manage-orders-1280", { fullPage: false });
  await card.getByRole("button", { name: /^Ship/ }).click();
  const dialog = page.getByRole("dialog", { name: "Ship this order?" });
  await dialog.getByLabel("Carrier").fill("UPS");
  await dialog.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await saveScreenshot(page, "admin-ship-dialog-1280", { fullPage: false });
  await dialog.getByRole("button", { name: "Ship", exact: true }).click();
  await expect(toast(page, `${values.name} for ${customer.account.email} is marked shipped`)).toBeVisible();
  await expect(card).toHaveCount(0); // no longer among the paid ones

  await showOrders(page, "Shipped");
  await expect(
    page.getByRole("article", { name: `${values.name} for ${customer.account.email}` }),
  ).toContainText("Shipped");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, "admin-manage-orders-375", { fullPage: false });

  await customer.page.goto("/dashboard");
  const myOrder = customer.page.getByRole("main").getByRole("article", { name: values.name });
  await expect(myOrder).toContainText("Shipped");

  const shipped = page.getByRole("article", { name: `${values.name} for ${customer.account.email}` });
  await shipped.getByRole("button", { name: /^Mark delivered/ }).click();
  await page
    .getByRole("dialog", { name: "Mark this order delivered?" })
    .getByRole("button", { name: "Mark delivered" })
    .click();
  await expect(toast(page, `${values.name} for ${customer.account.email} is marked delivered`)).toBeVisible();
  await customer.page.reload();
  await expect(myOrder).toContainText("Delivered");
  await customer.close();
});
