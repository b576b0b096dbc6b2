import { expect, test } from "./fixtures";

test("the navigation bar lists Home, Blogs, MyPortfolio and Login and marks the page you are on", async ({
  page,
}) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const link = (name: string) => nav.getByRole("link", { name, exact: true });
  await expect(nav.getByRole("listitem")).toHaveText(["Home", "Blogs", "MyPortfolio", "Login"]);
  await expect(link("Home")).toHaveAttribute("aria-current", "page");

  const visits = [
    { name: "Blogs", url: /\/blogs$/, heading: "Blogs" },
    { name: "MyPortfolio", url: /\/myportfolio$/, heading: "Developer Portfolio" },
    { name: "Login", url: /\/login$/, heading: "Login" },
    { name: "Home", url: /\/$/, heading: "Best Electrical Tool is Here !" },
  ];
  for (const { name, url, heading } of visits) {
    await link(name).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(link(name)).toHaveAttribute("aria-current", "page");
    // Exactly one link on screen is marked at a time (the phone menu's copies are hidden here).
    await expect(nav.locator("[aria-current='page']:visible")).toHaveCount(1);
  }
});

test("the avatar dropdown offers Login to a visitor", async ({ page }) => {
  await page.goto("/blogs");
  const avatar = page.getByRole("button", { name: "Account menu" });
  await expect(avatar).toHaveAttribute("aria-expanded", "false");

  await avatar.click();
  await expect(avatar).toHaveAttribute("aria-expanded", "true");
  const dropdown = page.locator(`[id="${await avatar.getAttribute("aria-controls")}"]`);
  await expect(dropdown.getByRole("menuitem")).toHaveText(["Login"]);
  await expect(dropdown).not.toContainText("My Profile");

  await page.keyboard.press("Escape");
  await expect(avatar).toHaveAttribute("aria-expanded", "false");
  await expect(dropdown).toBeHidden();

  await avatar.click();
  await dropdown.getByRole("menuitem", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
});
