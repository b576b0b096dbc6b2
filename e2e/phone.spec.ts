import type { Page } from "@playwright/test";
import { expect, MENU_BUTTON, openPage, publicPages, saveScreenshot, scrollThrough, test } from "./fixtures";
import { expectNoSidewaysScroll, horizontalOverflow } from "./orders-fixtures";

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

/**
 * Elements that stick out of the 375 px screen. Content inside a scroll box (a wide table, code) is
 * fine; a page-wide `overflow: hidden/clip` is not taken as an excuse, since it only hides the damage.
 */
function elementsWiderThanTheScreen(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const withinScrollBox = (element: Element) => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const { overflowX } = getComputedStyle(parent);
        const box = parent.getBoundingClientRect();
        if (overflowX === "auto" || overflowX === "scroll") return true;
        if ((overflowX === "hidden" || overflowX === "clip") && box.width < width) return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll("*")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        if (box.left >= -1 && box.right <= width + 1) return false;
        return !withinScrollBox(element) && !element.closest("[aria-hidden='true']");
      })
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`);
  });
}

for (const target of publicPages) {
  test(`${target.path} fits a 375 px phone without horizontal scrolling`, async ({ page }) => {
    await openPage(page, target);
    await scrollThrough(page);
    expect((await horizontalOverflow(page)).clientWidth).toBe(375);
    await expectNoSidewaysScroll(page);
    expect(await elementsWiderThanTheScreen(page)).toEqual([]);
    await saveScreenshot(page, `${target.name}-phone`);
  });
}

test("on a phone the menu button opens the navigation links", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const menu = nav.getByRole("button", MENU_BUTTON);
  await expect(nav.getByRole("link", { name: "Blogs", exact: true })).toBeHidden();

  // One tap, whenever it comes: the menu is HTML's own popover, which opens before the server-rendered
  // page has hydrated too (docs/decisions/0049).
  await menu.click();
  await expect(nav.getByRole("listitem")).toHaveText(["Home", "Blogs", "MyPortfolio", "Login"]);
  await saveScreenshot(page, "menu-phone", { fullPage: false });

  await nav.getByRole("link", { name: "Blogs", exact: true }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Blogs", exact: true })).toBeHidden();

  // Escape closes it again and gives the focus back to the button.
  await menu.click();
  await expect(nav.getByRole("link", { name: "Blogs", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link", { name: "Blogs", exact: true })).toBeHidden();
  await expect(menu).toBeFocused();
});
