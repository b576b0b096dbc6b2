import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, MENU_BUTTON, openPage, publicPages, scrollThrough, test } from "./fixtures";

/** Serious and critical axe violations, one line each with the elements concerned. */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

for (const target of publicPages) {
  test(`axe finds no serious or critical violation on ${target.path}`, async ({ page }) => {
    await openPage(page, target);
    // Lazily loaded parts (images, the quote form) are checked too.
    await scrollThrough(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("axe finds no serious or critical violation in the phone menu and the sign-up errors", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/signup");
  await page.getByRole("main").getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Main" }).getByRole("button", MENU_BUTTON);
  await menu.click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blogs" }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
