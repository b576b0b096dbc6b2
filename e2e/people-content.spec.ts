// Issue 5 (people and content): All users with Make Admin, Add a Review, My Profile and the
// request-for-quote block with the admins' list, driven as people use them.
import type { Browser, Page } from "@playwright/test";
import { type Account, mainNav, newAccount, signInAsAdmin, signUp, toast } from "./accounts-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";

// signInAsAdmin's sign-up is refused (422) once the admin exists, and the 403 test's call is refused:
// the browser logs both as failed resources. Anything else in the console still fails the test.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter((error) => !/status of (403|422) /.test(error));
  expect(unexpected, "errors in the browser console").toEqual([]);
});

/** A customer signed up in a browser of their own (their own cookies and localStorage). */
async function customerInOwnBrowser(
  browser: Browser,
  label: string,
): Promise<{ page: Page; account: Account }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = newAccount(label);
  await signUp(page, account);
  return { page, account };
}

test("an admin promotes a customer: the button disappears and the customer is an admin on the server", async ({
  page,
  browser,
}) => {
  test.slow();
  const customer = await customerInOwnBrowser(browser, "promoted");
  await signInAsAdmin(page);
  await page.goto("/dashboard/alluser");
  await expect(page.getByRole("heading", { level: 1, name: "Make Admin" })).toBeVisible();

  // The shop's first account, the admin, opens the list (oldest first, 50 a page).
  const adminRow = page.getByRole("row").filter({ hasText: "e2e.admin@example.com" });
  await expect(adminRow.getByRole("cell", { name: "admin", exact: true })).toBeVisible();
  // The signed-in admin's own row offers nothing: no Make Admin, and no revoking oneself.
  await expect(adminRow.getByRole("button")).toHaveCount(0);
  await saveScreenshot(page, "people-all-users");

  // The customer, among however many accounts the other specs made, is found by the email search.
  await page.getByRole("searchbox", { name: "Search by email" }).fill(customer.account.email);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole("row").filter({ hasText: customer.account.email });
  await expect(row.getByRole("cell", { name: "Customer", exact: true })).toBeVisible();

  await row.getByRole("button", { name: /Make Admin/ }).click();
  await page
    .getByRole("dialog", { name: "Make this user an admin?" })
    .getByRole("button", { name: "Yes, make admin" })
    .click();
  await expect(toast(page, "Your admin added")).toBeVisible();
  await expect(row.getByRole("button", { name: /Make Admin/ })).toHaveCount(0);
  await expect(row.getByRole("button", { name: /Revoke admin/ })).toBeVisible();
  await expect(row.getByRole("cell", { name: "admin", exact: true })).toBeVisible();

  // The promotion is real: the customer, with the token they already hold, now opens an admin page.
  // Searched by email, as the admin did: the first page (oldest first) holds the other specs' accounts.
  await customer.page.goto(`/dashboard/alluser?q=${encodeURIComponent(customer.account.email)}`);
  await expect(customer.page.getByRole("heading", { level: 1, name: "Make Admin" })).toBeVisible();
  await expect(customer.page.getByRole("row").filter({ hasText: customer.account.email })).toBeVisible();
  await customer.page.context().close();
});

test("the server refuses Make Admin to a customer with 403", async ({ page }) => {
  // A customer cannot open the All users screen (the guard signs them out), so the call is made from
  // their page with their own token; the web's message for this 403 is shown in all-users.test.tsx.
  await signUp(page, newAccount("not-admin"));
  const status = await page.evaluate(async () => {
    const response = await fetch("/api/user/admin/e2e.admin%40example.com", {
      method: "PUT",
      headers: { Authorization: `Bearer ${localStorage.getItem("accessToken")}` },
    });
    return response.status;
  });
  expect(status).toBe(403);
});

test("a review posted in the dashboard appears in Our Review, its <script> shown as text", async ({
  page,
}) => {
  test.slow();
  const account = newAccount("reviewer");
  await signUp(page, account);
  await page.goto("/dashboard/myreview");
  await expect(page.getByRole("heading", { level: 1, name: "Add a Review" })).toBeVisible();
  const comment = `<script>window.pwned = true</script> Sturdy pliers ${Date.now()}`;
  await page.getByLabel("Rating").selectOption("4");
  await page.getByLabel("Comment").fill(comment);
  await saveScreenshot(page, "people-add-review");
  await page.getByRole("button", { name: "Add Review" }).click();
  await expect(toast(page, "Thank you! Your review was added")).toBeVisible();
  await expect(page.getByLabel("Comment")).toHaveValue("");

  await mainNav(page).getByRole("link", { name: "Home", exact: true, includeHidden: true }).first().click();
  const reviews = page.getByRole("region", { name: "Our Review" });
  await reviews.scrollIntoViewIfNeeded();
  const card = reviews.getByRole("article").filter({ hasText: comment });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Review Star: 4");
  await expect(card).toContainText(account.name);
  expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  expect(await card.locator("script").count()).toBe(0);
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, "people-review-on-home", { fullPage: false });
});

test("a profile is saved and shown again, and its name is the account's name", async ({ page }) => {
  test.slow();
  await signUp(page, newAccount("profile"));
  await page.goto("/dashboard/myhistory");
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  const values = {
    Name: "Grace Hopper",
    Address: "12 Foundry Road, Springfield",
    Education: "PhD Mathematics",
    "Phone number": "+1 555-0100",
    Location: "Springfield",
    LinkedIn: "https://www.linkedin.com/in/grace",
  };
  for (const [label, value] of Object.entries(values)) {
    await page.getByRole("textbox", { name: new RegExp(`^${label}`) }).fill(value);
  }
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("TP");
  await page.getByRole("button", { name: "Update profile" }).click();
  await expect(toast(page, "updated profile")).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("GH");

  await page.reload();
  for (const [label, value] of Object.entries(values)) {
    await expect(page.getByRole("textbox", { name: new RegExp(`^${label}`) })).toHaveValue(value);
  }
  await saveScreenshot(page, "people-profile");
  // The avatar shows the initials of the identity's name, which the server changed too.
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveText("GH");
});

test("a visitor's quote request is thanked, listed for an admin and marked handled", async ({
  page,
  browser,
}) => {
  test.slow();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const company = `Builder & Sons ${Date.now()}`;
  await visitor.goto("/");
  const quote = visitor.getByRole("region", { name: "Request a Quote" });
  await quote.scrollIntoViewIfNeeded();
  await quote.getByRole("textbox", { name: "Name" }).fill("Bob Builder");
  await quote.getByRole("textbox", { name: "Email" }).fill("bob.builder@example.com");
  await quote.getByRole("textbox", { name: /Company/ }).fill(company);
  await quote.getByRole("spinbutton", { name: /Quantity/ }).fill("250");
  await quote.getByRole("textbox", { name: "Message" }).fill("250 pairs of pliers by March, please.");
  await quote.getByRole("button", { name: "Send request" }).click();
  await expect(quote.getByRole("status")).toContainText("Thank you, Bob Builder!");
  await expect(quote.getByRole("button", { name: "Send request" })).toHaveCount(0);
  await saveScreenshot(visitor, "people-quote-thank-you", { fullPage: false });
  await visitorContext.close();

  await signInAsAdmin(page);
  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: /^Quote requests/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Quote requests" })).toBeVisible();
  const request = page.getByRole("article").filter({ hasText: company });
  await expect(request).toContainText("Bob Builder");
  await expect(request).toContainText("250 pairs of pliers by March, please.");
  await expect(request).toContainText("Requested");
  await saveScreenshot(page, "people-quote-requests");
  await request.getByRole("button", { name: /Mark handled/ }).click();
  await expect(request).toContainText("Handled");
  await expect(request.getByRole("button", { name: /Mark as open/ })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("article").filter({ hasText: company })).toContainText("Handled");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the people screens fit the screen", async ({ page }) => {
    test.slow();
    await signInAsAdmin(page);
    for (const [path, heading, name] of [
      ["/dashboard/alluser", "Make Admin", "people-all-users-phone"],
      ["/dashboard/myreview", "Add a Review", "people-add-review-phone"],
      ["/dashboard/myhistory", "My Profile", "people-profile-phone"],
      ["/dashboard/quote-requests", "Quote requests", "people-quote-requests-phone"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await saveScreenshot(page, name);
    }
  });
});
