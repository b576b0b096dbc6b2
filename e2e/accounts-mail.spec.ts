import {
  expectSignedIn,
  expectSignedOut,
  fillLogin,
  linkFromMail,
  newAccount,
  passwordDescription,
  signOut,
  signUp,
  toast,
  uniqueEmail,
} from "./accounts-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";

// The old password's refusal is a 401, which the browser logs as a failed resource.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter((error) => !/status of 40[01] /.test(error));
  expect(unexpected, "errors in the browser console").toEqual([]);
});

async function askForReset(page: import("@playwright/test").Page, email: string) {
  await page.goto("/login");
  await page.getByRole("main").getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(toast(page, "check your email")).toBeVisible();
}

test('"Forgot password?" says "check your email", whether or not the address has an account', async ({
  page,
}) => {
  // A whole account flow: it can take more than the default 30 s on a busy machine.
  test.slow();
  await askForReset(page, uniqueEmail("nobody"));
  const account = newAccount("forgetful");
  await signUp(page, account);
  await signOut(page);
  await askForReset(page, account.email);
});

test("the reset link from the mail sets a new password, which then signs in", async ({ page }) => {
  // A whole account flow: it can take more than the default 30 s on a busy machine.
  test.slow();
  const account = newAccount("reset");
  await signUp(page, account);
  await signOut(page);
  await askForReset(page, account.email);

  const link = await linkFromMail(account.email, "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Reset password" })).toBeVisible();
  const password = page.getByLabel("New password");
  // The sign-up rule and message apply.
  await password.fill("lettersonly");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(password).toHaveAccessibleDescription(passwordDescription("1 capital letter 1number"));
  await saveScreenshot(page, "accounts-reset-password");

  const newPassword = "changed2024";
  await password.fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toast(page, "Your password is changed")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await fillLogin(page, account.email, account.password);
  await expect(toast(page, "Invalid email or password")).toBeVisible();
  await expectSignedOut(page);

  await fillLogin(page, account.email, newPassword);
  await expectSignedIn(page);

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password").fill("another2024");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toast(page, "This link is invalid or has expired")).toBeVisible();
});

test("the verification link from the sign-up mail says the email is verified", async ({ page }) => {
  // A whole account flow: it can take more than the default 30 s on a busy machine.
  test.slow();
  const account = newAccount("verify");
  await signUp(page, account);
  const link = await linkFromMail(account.email, "/api/auth/verify-email");
  await page.goto(link);
  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByText("Your email is verified")).toBeVisible();
  await saveScreenshot(page, "accounts-verify-email");

  await page.goto("/verify-email?error=INVALID_TOKEN");
  await expect(page.getByText("Your email could not be verified")).toBeVisible();
  await saveScreenshot(page, "accounts-verify-email-error");
});
