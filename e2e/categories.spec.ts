// Categories as a tree the owner manages (issue 58): the owner adds a sub-category, moves it up and
// files a tool in it; a visitor opens a category's page on a phone and a desktop, goes down the tree,
// opens a tool and climbs back up its breadcrumbs. Screenshots of the three screens on both sizes go
// to /tmp/shots-categories too.
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
    (error) => !/status of 422 .*\/api\/auth\/sign-up\/email/.test(error),
  );
  expect(unexpected, "errors in the browser console").toEqual([]);
});
test.describe.configure({ timeout: 120_000 });

const SHOTS = "/tmp/shots-categories";

/** The spec's screenshot, kept with the others and in SHOTS for a person to look at. */
async function shot(page: Page, name: string) {
  await saveScreenshot(page, `categories-${name}`, { fullPage: false });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const crumbs = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" });
const filter = (page: Page) => page.getByRole("navigation", { name: "Tool categories" });

test("the owner adds a sub-category, moves it up, and files a tool in it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  const suffix = randomBytes(3).toString("hex");
  const categoryName = `Impact Drivers ${suffix}`;
  const slug = `impact-drivers-${suffix}`;
  const toolName = `Cordless Impact Driver ${suffix}`;
  await addTool(await apiOf(page), {
    name: toolName,
    short: "An 18 V impact driver with three speeds.",
    minQuantity: 2,
    availableQuantity: 40,
    price: 129,
    category: "electrical",
  });

  // From the dashboard's menu, where the owner's other screens are.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Categories", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  const form = page.getByRole("form", { name: "Add a category" });
  await form.getByLabel("Name").fill(categoryName);
  // The slug follows the name.
  await expect(form.getByLabel("Slug")).toHaveValue(slug);
  await form.getByLabel("Parent").selectOption({ label: "Electrical" });
  await form.getByRole("button", { name: "Add category" }).click();
  await expect(toast(page, `${categoryName} was added.`)).toBeVisible();

  const electrical = page.getByRole("list", { name: "Sub-categories of Electrical" });
  const names = () => electrical.getByRole("heading", { level: 3 }).allTextContents();
  await expect.poll(names).toEqual(["Drills", "Testers", categoryName]);
  // Up once, by keyboard: the focus stays on its Up button.
  const up = page.getByRole("button", { name: `Move ${categoryName} up` });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect.poll(names).toEqual(["Drills", categoryName, "Testers"]);
  await expect(up).toBeFocused();
  // The same slug again is refused before anything is sent, under its field.
  await form.getByLabel("Name").fill(categoryName);
  await form.getByRole("button", { name: "Add category" }).click();
  const taken = form.getByText(`The slug ${slug} is taken by the category ${categoryName}`);
  await expect(taken).toBeVisible();
  // Another name makes another slug, and the message goes.
  await form.getByLabel("Name").fill("Cordless Drills");
  await expect(form.getByLabel("Slug")).toHaveValue("cordless-drills");
  await expect(taken).toHaveCount(0);
  await expect(form.getByText("Its address: /tools?category=cordless-drills")).toBeVisible();
  await shot(page, "admin-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.getByRole("heading", { name: "The tree" }).evaluate((heading) => heading.scrollIntoView());
  await shot(page, "admin-phone");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The tool goes into the new category from Manage Products.
  await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(toolName)}`);
  const row = page.getByRole("article", { name: toolName });
  await row.getByRole("button", { name: `Edit ${toolName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${toolName}` });
  await dialog.getByLabel("Category").selectOption({ label: `Electrical > ${categoryName}` });
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `${toolName} updated`)).toBeVisible();
  await expect(row).toContainText(`Electrical > ${categoryName}`);

  // Its page shows it, and so does its parent's.
  await page.goto(`/tools?category=${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: categoryName })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: toolName })).toBeVisible();
  await page.goto(`/tools?category=electrical&q=${encodeURIComponent(toolName)}`);
  await expect(page.getByRole("heading", { name: toolName })).toBeVisible();
});

for (const screen of SCREENS) {
  test.describe(`a visitor on a ${screen.name}`, () => {
    test.use(screen.use);

    test("opens a category's page, goes down to a sub-category, opens a tool and follows a breadcrumb up", async ({
      page,
    }) => {
      await page.goto("/tools?category=electrical");
      await expect(page.getByRole("heading", { level: 1, name: "Electrical" })).toBeVisible();
      // The demo's electrical tools, its drills and testers included.
      for (const name of ["Electric Drill", "Voltage Tester", "Wire Strippers", "Fish Tape"]) {
        await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
      }
      await expect(crumbs(page).getByRole("link", { name: "Tools" })).toHaveAttribute("href", "/tools");
      await expect(crumbs(page).getByText("Electrical")).toHaveAttribute("aria-current", "page");
      await expect(filter(page).getByRole("link", { name: "Electrical", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );

      await filter(page)
        .getByRole("list", { name: "Sub-categories of Electrical" })
        .getByRole("link", { name: "Drills", exact: true })
        .click();
      await expect(page).toHaveURL(/\/tools\?category=drills$/);
      await expect(page.getByRole("heading", { level: 1, name: "Drills" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Electric Drill", exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Voltage Tester", exact: true })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `category-page-${screen.name}`);

      await page.getByRole("link", { name: "Electric Drill", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Electric Drill" })).toBeVisible();
      await expect(crumbs(page).getByRole("listitem")).toHaveText([
        "Home",
        "Tools",
        "Electrical",
        "Drills",
        "Electric Drill",
      ]);
      await expectNoSidewaysScroll(page);
      await shot(page, `product-breadcrumbs-${screen.name}`);

      await crumbs(page).getByRole("link", { name: "Electrical" }).click();
      await expect(page).toHaveURL(/\/tools\?category=electrical$/);
      await expect(page.getByRole("heading", { level: 1, name: "Electrical" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Wire Strippers", exact: true })).toBeVisible();
    });
  });
}

test("a category's page is there before any script runs, and a category no one has says so", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto("/tools?category=measuring");
    await expect(page.getByRole("heading", { level: 1, name: "Measuring" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tape Measure", exact: true })).toBeVisible();
    await expect(crumbs(page).getByRole("link", { name: "Mechanical" })).toHaveAttribute(
      "href",
      "/tools?category=mechanical",
    );
    const missing = await page.goto("/tools?category=chainsaws");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("There is no category “chainsaws”.")).toBeVisible();
  } finally {
    await context.close();
  }
});
