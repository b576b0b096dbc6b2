import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  type Account,
  expectSignedIn,
  expectSignedOut,
  fillLogin,
  fillSignUp,
  GOOD_PASSWORD,
  hasIdentitySession,
  logIn,
  mainNav,
  newAccount,
  passwordDescription,
  signInAsAdmin,
  signOut,
  signUp,
  toast,
  uniqueEmail,
} from "./accounts-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";

// Refused sign-ins are answered 401, which the browser logs as a failed resource; anything else in
// the console still fails the test.
test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  const unexpected = browserErrors.filter((error) => !/status of 40[13] /.test(error));
  expect(unexpected, "errors in the browser console").toEqual([]);
});

/** Trying to log in with an address that was never signed up fails, as it should. */
async function expectNoAccount(page: Page, email: string, password: string) {
  await page.goto("/login");
  await fillLogin(page, email, password);
  await expect(toast(page, "Invalid email or password")).toBeVisible();
  await expectSignedOut(page);
}

test.describe("sign-up refuses bad input with the spec's message and creates no account", () => {
  const name = "Ada Lovelace";
  const cases: { label: string; account: Partial<Account>; field: string; message: string }[] = [
    {
      label: "no name",
      account: { name: "", password: GOOD_PASSWORD },
      field: "Name",
      message: "Name is required",
    },
    {
      label: "no email",
      account: { name, email: "", password: GOOD_PASSWORD },
      field: "Email",
      message: "Email is required",
    },
    {
      label: "a malformed email",
      account: { name, email: "ada.example.com", password: GOOD_PASSWORD },
      field: "Email",
      message: "Please Enter Valid Email",
    },
    {
      label: "no password",
      account: { name, password: "" },
      field: "Password",
      message: "password is required",
    },
    {
      label: "a short password",
      account: { name, password: "abc123" },
      field: "Password",
      message: "1 capital letter 1number",
    },
    {
      label: "a password without a digit",
      account: { name, password: "abcdefghij" },
      field: "Password",
      message: "1 capital letter 1number",
    },
    {
      label: "a password without a letter",
      account: { name, password: "1234567890" },
      field: "Password",
      message: "1 capital letter 1number",
    },
    {
      label: "a password with a symbol",
      account: { name, password: "abcd1234!" },
      field: "Password",
      message: "1 capital letter 1number",
    },
  ];

  for (const { label, account, field, message } of cases) {
    test(`${label}: "${message}"`, async ({ page }) => {
      const email = account.email ?? uniqueEmail("refused");
      await fillSignUp(page, { ...account, email });
      const main = page.getByRole("main");
      const input =
        field === "Password"
          ? main.getByLabel("Password", { exact: true })
          : main.getByRole("textbox", { name: field });
      await expect(input).toHaveAccessibleDescription(
        field === "Password" ? passwordDescription(message) : message,
      );
      await expect(page).toHaveURL(/\/signup$/);
      await expectSignedOut(page);
      // No account: logging in with these details fails.
      if (email.includes("@")) await expectNoAccount(page, email, account.password || GOOD_PASSWORD);
    });
  }

  test("the server refuses the same input with the same message", async ({ page, baseURL }) => {
    const response = await page.request.post("/api/auth/sign-up/email", {
      headers: { origin: baseURL ?? "" },
      data: { name: "Ada", email: uniqueEmail("server-refused"), password: "lettersonly" },
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toContain("1 capital letter 1number");
  });
});

test("sign up, sign out and log in again", async ({ page }) => {
  // A whole account flow: it can take more than the default 30 s on a busy machine.
  test.slow();
  const account = newAccount("cycle");
  await signUp(page, account);
  await expect(page).toHaveURL(/\/$/);

  // The avatar dropdown: who is signed in, My Profile, My Orders and Sign out.
  const avatar = page.getByRole("button", { name: "Account menu" });
  await avatar.click();
  const dropdown = page.locator(`[id="${await avatar.getAttribute("aria-controls")}"]`);
  await expect(page.getByRole("banner")).toContainText(account.email);
  await expect(dropdown.getByRole("menuitem")).toHaveText(["My Profile", "My Orders", "Sign out"]);
  await dropdown.getByRole("menuitem", { name: "My Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myhistory$/);
  await expect(page.getByRole("main")).toContainText(account.email);

  // A reload keeps the session.
  await page.reload();
  await expectSignedIn(page);

  await signOut(page);
  await expect(page).toHaveURL(/\/$/);
  expect(await hasIdentitySession(page)).toBe(false);

  await logIn(page, account);
  await expect(page).toHaveURL(/\/$/);
  await mainNav(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
});

test("a visitor sent to /login from a signed-in page comes back to it after logging in", async ({ page }) => {
  // A whole account flow: it can take more than the default 30 s on a busy machine.
  test.slow();
  const account = newAccount("remembered");
  await signUp(page, account);
  await signOut(page);

  await page.goto("/dashboard/myreview");
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard\/myreview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add a Review" })).toBeVisible();
  await expectSignedIn(page);
});

for (const [label, viewport] of [
  ["1280 px", { width: 1280, height: 800 }],
  ["375 px", { width: 375, height: 812 }],
] as const) {
  test(`the welcome toast opens below the navigation bar, which stays usable (${label})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const account = newAccount("toast");
    await signUp(page, account);
    const welcome = toast(page, `Welcome, ${account.name}!`);
    await expect(welcome).toBeVisible();
    const toastBox = await welcome.boundingBox();
    const barBox = await page.getByRole("banner").boundingBox();
    expect(toastBox?.y ?? 0).toBeGreaterThanOrEqual((barBox?.y ?? 0) + (barBox?.height ?? 0));
    // While it shows, a click on the bar's last control (the account menu, or the phone menu) reaches
    // it: the control is what lies at its centre. Asked of the page at once, not through a trial click,
    // whose steps can outlast the toast's 5 s on a busy machine.
    const control = page.getByRole("banner").getByRole("button").last();
    const reachable = await control.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(reachable, "a click at the control's centre reaches the control, not the toast").toBe(true);
    await expect(welcome).toBeVisible();
    await saveScreenshot(page, `accounts-welcome-toast-${viewport.width}`, { fullPage: false });
  });
}

test("a customer who opens an admin page is signed out and sent to /login", async ({ page }) => {
  await signUp(page, newAccount("customer"));
  await page.goto("/dashboard/alluser");
  await expect(page).toHaveURL(/\/login$/);
  await expectSignedOut(page);
  expect(await hasIdentitySession(page)).toBe(false);
  await saveScreenshot(page, "accounts-admin-refused");
});

test("an admin opens the admin-only pages", async ({ page }) => {
  // A whole account flow: it can take more than the default 30 s on a busy machine.
  test.slow();
  await signInAsAdmin(page);
  for (const [path, heading] of [
    ["/dashboard/alluser", "Make Admin"],
    ["/dashboard/manageorders", "Manage Orders"],
    ["/dashboard/manageproducts", "Manage Products"],
    ["/dashboard/addproduct", "Add Product"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectSignedIn(page);
  }
  await saveScreenshot(page, "accounts-admin-add-product");
});

test("the dashboard lists every menu entry, My orders first", async ({ page }) => {
  await signUp(page, newAccount("dashboard"));
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("link")).toHaveText([
    "My Profile",
    "Make Admin",
    "Manage Orders",
    "Manage Products",
    "Add Product",
    "My orders",
    "Add a Review",
    "My quotes",
  ]);
  await expect(menu.getByRole("link", { name: "My orders" })).toHaveAttribute("aria-current", "page");
  // My orders and the checkout are built (e2e/orders.spec.ts): a new account has no orders yet.
  await expect(page.getByRole("main")).toContainText("You have no orders yet.");
  await saveScreenshot(page, "accounts-dashboard");

  await page.goto("/checkout/some-tool");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("This tool does not exist or is no longer sold.");
  await saveScreenshot(page, "accounts-checkout");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the dashboard menu is a drawer", async ({ page }) => {
    await signUp(page, newAccount("phone"));
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toHaveCount(0);
    await saveScreenshot(page, "accounts-dashboard-phone");

    const toggle = page.getByRole("button", { name: "Dashboard menu", exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const drawer = page.getByRole("navigation", { name: "Dashboard" });
    // The spec's seven entries and My quotes (issue 49).
    await expect(drawer.getByRole("link")).toHaveCount(8);
    await saveScreenshot(page, "accounts-dashboard-drawer-phone", { fullPage: false });

    await drawer.getByRole("link", { name: "Add a Review" }).click();
    await expect(page).toHaveURL(/\/dashboard\/myreview$/);
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  test("login and sign-up fit the screen", async ({ page }) => {
    for (const [path, name] of [
      ["/login", "accounts-login-phone"],
      ["/signup", "accounts-signup-phone"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: /Continue with GitHub/ })).toHaveCount(
        path === "/login" ? 1 : 0,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await saveScreenshot(page, name);
    }
  });
});

test.describe("axe finds no serious or critical violation", () => {
  async function seriousViolations(page: Page) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
  }

  test("on login (with a toast), sign-up and the dashboard", async ({ page }) => {
    // A whole account flow: it can take more than the default 30 s on a busy machine.
    test.slow();
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    await fillLogin(page, uniqueEmail("axe"), "wrong1234");
    await expect(toast(page, "Invalid email or password")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "accounts-login-refused");

    await page.goto("/signup");
    await page.getByRole("main").getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await signUp(page, newAccount("axe"));
    await page.goto("/dashboard/myhistory");
    await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "accounts-profile");
  });
});
