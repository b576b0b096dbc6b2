// Issue 11 (review moderation): a customer's review, one a day; an admin hides it (it leaves the home
// page), shows it again and deletes it, each after a confirmation, from Dashboard > Reviews.
import type { Page } from "@playwright/test";
import { newAccount, signInAsAdmin, signUp, toast } from "./accounts-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";

// The customer's second review of the day is refused (429): the browser logs it as a failed resource.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter((error) => !/status of (429|422) /.test(error));
  expect(unexpected, "errors in the browser console").toEqual([]);
});

async function postReview(page: Page, comment: string) {
  await page.goto("/dashboard/myreview");
  await expect(page.getByRole("heading", { level: 1, name: "Add a Review" })).toBeVisible();
  await page.getByLabel("Rating").selectOption("2");
  await page.getByLabel("Comment").fill(comment);
  await page.getByRole("button", { name: "Add Review" }).click();
}

/** The review's card in the home page's "Our Review" section (fetched afresh). */
async function homeCard(page: Page, comment: string) {
  await page.goto("/");
  const reviews = page.getByRole("region", { name: "Our Review" });
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByRole("article").first()).toBeVisible();
  return reviews.getByRole("article").filter({ hasText: comment });
}

test("an admin hides a customer's review, shows it again and deletes it", async ({ page, browser }) => {
  test.slow();
  const customer = await (await browser.newContext()).newPage();
  const account = newAccount("review-moderation");
  await signUp(customer, account);
  const comment = `Moderate me ${Date.now()}`;
  await postReview(customer, comment);
  await expect(toast(customer, "Thank you! Your review was added")).toBeVisible();
  // One a day: the second one is refused, and the form says when the next may be posted.
  await postReview(customer, `${comment} again`);
  const refusal = customer.locator("form").getByRole("alert");
  await expect(refusal).toContainText(/You can post your next review after .* UTC\./);
  await saveScreenshot(customer, "review-moderation-one-a-day");
  await expect(await homeCard(customer, comment)).toBeVisible();

  await signInAsAdmin(page);
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reviews" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const review = page.getByRole("article").filter({ hasText: comment });
  await expect(review).toContainText(account.name);
  await expect(review).toContainText(account.email);
  await expect(review).toContainText("Shown");
  await saveScreenshot(page, "review-moderation-list");

  await review.getByRole("button", { name: /^Hide/ }).click();
  const hide = page.getByRole("dialog", { name: "Hide this review?" });
  await saveScreenshot(page, "review-moderation-hide-dialog", { fullPage: false });
  await hide.getByRole("button", { name: "Yes, hide" }).click();
  await expect(toast(page, "The review is hidden from the home page")).toBeVisible();
  await expect(review).toContainText("Hidden");
  await expect(await homeCard(customer, comment)).toHaveCount(0);

  await review.getByRole("button", { name: /^Show/ }).click();
  await page
    .getByRole("dialog", { name: "Show this review again?" })
    .getByRole("button", { name: "Yes, show" })
    .click();
  await expect(toast(page, "The review is shown on the home page again")).toBeVisible();
  await expect(review).toContainText("Shown");
  await expect(await homeCard(customer, comment)).toBeVisible();

  await review.getByRole("button", { name: /^Delete/ }).click();
  await page
    .getByRole("dialog", { name: "Delete this review?" })
    .getByRole("button", { name: "Yes, delete" })
    .click();
  await expect(toast(page, "The review was deleted")).toBeVisible();
  await expect(review).toHaveCount(0);
  await expect(await homeCard(customer, comment)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: comment })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the Reviews screen fits the screen", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/dashboard/reviews");
    await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, "review-moderation-phone");
  });
});
