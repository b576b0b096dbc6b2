// Issue 47, finding 1: a stranger who signs up with someone else's address never keeps the account
// once its owner proves the address. The owner opens the link mailed to them in their own browser,
// chooses a new password and is signed in; the stranger's session and password are gone, and the
// owner's address (in ADMIN_EMAILS) is an admin.
import {
  expectSignedIn,
  fillLogin,
  linkFromMail,
  mainNav,
  passwordDescription,
  signUp,
  toast,
} from "./accounts-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";

const OWNER_EMAIL = process.env.E2E_OWNER_EMAIL ?? "e2e.owner@example.com";

// The stranger's refused sign-in is a 401, which the browser logs as a failed resource.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter((error) => !/status of 40[13] /.test(error));
  expect(unexpected, "errors in the browser console").toEqual([]);
});

test("the owner who opens the mailed link in their own browser takes the account from a stranger", async ({
  page,
  browser,
}) => {
  // A whole account flow in two browsers: it can take more than the default 30 s on a busy machine.
  test.slow();
  const stranger = { name: "Not The Owner", email: OWNER_EMAIL, password: "stranger2024" };
  await signUp(page, stranger);

  // The owner opens the link from their mailbox in a fresh browser.
  const { baseURL } = test.info().project.use;
  const ownerBrowser = await browser.newContext({ baseURL });
  const owner = await ownerBrowser.newPage();
  await owner.goto(await linkFromMail(OWNER_EMAIL, "/api/auth/verify-email"));
  await expect(owner.getByText(/To verify your email in this browser, choose a new password/)).toBeVisible();
  const password = owner.getByLabel("New password");
  await password.fill("lettersonly");
  await owner.getByRole("button", { name: "Verify and set password" }).click();
  await expect(password).toHaveAccessibleDescription(passwordDescription("1 capital letter 1number"));
  await saveScreenshot(owner, "accounts-verify-with-new-password");

  await password.fill("owner2025");
  await owner.getByRole("button", { name: "Verify and set password" }).click();
  await expect(toast(owner, "Your email is verified and your new password is set.")).toBeVisible();
  await expectSignedIn(owner);

  // The owner is an admin: the all-users screen opens for them.
  await mainNav(owner).getByRole("link", { name: "Dashboard", exact: true }).click();
  await owner.goto("/dashboard/alluser");
  await expect(owner.getByRole("heading", { level: 1, name: "Make Admin" })).toBeVisible();
  await ownerBrowser.close();

  // The stranger's session is over: the dashboard sends them to the login screen.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  // And their password no longer signs in.
  await fillLogin(page, OWNER_EMAIL, stranger.password);
  await expect(toast(page, "Invalid email or password")).toBeVisible();
});
