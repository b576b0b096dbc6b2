import type { Page } from "@playwright/test";
import {
  expectSignedIn,
  fillLogin,
  newAccount,
  signInAsAdmin,
  signOut,
  signUp,
  toast,
} from "./accounts-fixtures";
import { expect, saveScreenshot, test } from "./fixtures";
import { ADDRESS, openCheckout, PHONE, placeOrder, seriousViolations } from "./orders-fixtures";

// Issue 12, "Fixes of what was seen": each at a phone's and a desktop's width.

// The shared admin's sign-up answers 422 in the console once another worker has created it.
test.use({ allowBrowserErrors: true });

/** Presses Tab until the focused element's text or label matches (at most 80 presses). */
async function tabTo(page: Page, name: RegExp) {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      // Not a control: the page itself (focus left the document, or the page was still loading), whose
      // text holds every label.
      if (!element || element.tabIndex < 0) return "";
      const labels = (element as HTMLInputElement).labels;
      const label = labels?.[0]?.textContent ?? "";
      return `${element.getAttribute("aria-label") ?? ""} ${label} ${element.textContent ?? ""}`.trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

const focusedHeading = (page: Page) =>
  page.evaluate(() => (document.activeElement?.tagName === "H1" ? document.activeElement.textContent : null));

for (const { label, viewport } of [
  { label: "375 px", viewport: { width: 375, height: 812 } },
  { label: "1280 px", viewport: { width: 1280, height: 800 } },
]) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test("a customer sent from an admin page to /login is told why and not sent back", async ({ page }) => {
      const customer = newAccount("not-admin");
      await signUp(page, customer);
      await page.goto("/dashboard/alluser");
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("alert")).toContainText("that page is for admins only");
      await saveScreenshot(page, `rough-edges-admin-only-${viewport.width}`);
      await fillLogin(page, customer.email, customer.password);
      await expectSignedIn(page);
      await expect(page).toHaveURL(/\/$/);
      // Signed in, /login and /signup send the visitor on.
      await page.goto("/signup");
      await expect(page).toHaveURL(/\/$/);
    });

    test("the quote form arrives in the home page's HTML and Request a quote lands on it", async ({
      page,
      request,
    }) => {
      const html = await (await request.get("/")).text();
      expect(html).toContain('id="quote-name"');
      await page.goto("/");
      await page.getByRole("link", { name: "Request a quote" }).first().click();
      await expect(page.getByRole("textbox", { name: "Name" })).toBeInViewport();
      await expect(page.getByRole("status", { name: "Loading the quote form" })).toHaveCount(0);
    });

    test("Forgot password? with no email asks for it in a dialog, then says check your email", async ({
      page,
    }) => {
      await page.goto("/login");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      const dialog = page.getByRole("dialog", { name: "Reset your password" });
      await expect(dialog.getByLabel("Email")).toBeFocused();
      await saveScreenshot(page, `rough-edges-forgot-${viewport.width}`, { fullPage: false });
      await page.keyboard.type("nobody.e2e@example.com");
      await page.keyboard.press("Enter");
      await expect(toast(page, "check your email")).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    test("checkout starts from the profile's address and phone, and saves typed ones to it", async ({
      page,
    }) => {
      await signUp(page, newAccount("saved-details"));
      await openCheckout(page, "Electric Drill");
      await placeOrder(page, undefined, { saveToProfile: true });
      await openCheckout(page, "Electric Drill");
      const main = page.getByRole("main");
      await expect(main.getByLabel("Address")).toHaveValue(ADDRESS);
      await expect(main.getByLabel("Phone")).toHaveValue(PHONE);
      await main.getByLabel("Address").fill("3 Other Road");
      await expect(main.getByLabel("Address")).toHaveValue("3 Other Road");
    });

    test("a file that is not a picture gets one error under Image as it is chosen, no preview", async ({
      page,
    }) => {
      await signInAsAdmin(page);
      await page.goto("/dashboard/addproduct");
      const form = page.getByRole("form", { name: "Add product" });
      await form.getByLabel(/^Image/).setInputFiles({
        name: "photo.png",
        mimeType: "image/png",
        buffer: Buffer.from("this is text, not a picture"),
      });
      await expect(form.getByText(/not a picture we can read/)).toHaveCount(1);
      await expect(form.getByRole("img")).toHaveCount(0);
      await saveScreenshot(page, `rough-edges-not-a-picture-${viewport.width}`, { fullPage: false });
    });

    // Under a full parallel run the focus was seen to leave the form once in a while (a keystroke then
    // lands on the header); not reproduced alone in 8 runs, so this one test gets a second retry while
    // it is looked into. The steps check where the focus is, so a failure says which one.
    test.describe("keyboard", () => {
      test.describe.configure({ retries: 2 });
      test("keyboard only: sign in, order, pay; focus follows each new page and the receipt", async ({
        page,
      }) => {
        test.slow();
        const customer = newAccount("keyboard");
        await signUp(page, customer);
        await signOut(page);
        await page.goto("/login");
        await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
        await tabTo(page, /Email/);
        await page.keyboard.type(customer.email);
        await page.keyboard.press("Tab");
        await page.keyboard.type(customer.password);
        await page.keyboard.press("Enter");
        await expectSignedIn(page);
        await expect.poll(() => focusedHeading(page)).toBeTruthy();

        await tabTo(page, /^Order now/);
        await page.keyboard.press("Enter");
        await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
        await expect.poll(() => focusedHeading(page)).toBe("Checkout");
        await expect(page.locator("[aria-live=polite]").filter({ hasText: /Checkout/ })).toHaveCount(1);
        expect(await seriousViolations(page)).toEqual([]);
        await tabTo(page, /Address/);
        await page.keyboard.press("ControlOrMeta+A");
        await page.keyboard.type(ADDRESS);
        await tabTo(page, /Phone/);
        await page.keyboard.press("ControlOrMeta+A");
        await page.keyboard.type(PHONE);
        await page.keyboard.press("Enter");
        await expect(toast(page, "order is placed go to my order")).toBeVisible();

        // My orders through the account menu: a menu button, opened and moved with the arrow keys.
        await tabTo(page, /Account menu/);
        await page.keyboard.press("ArrowDown");
        await expect(page.getByRole("menuitem", { name: "My Profile" })).toBeFocused();
        await page.keyboard.press("ArrowDown");
        await expect(page.getByRole("menuitem", { name: "My Orders" })).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(page.getByRole("button", { name: "Account menu" })).toBeFocused();
        await expect(page.getByRole("menu")).toHaveCount(0);
        // Enter opens the menu on its first item, My Profile.
        await page.keyboard.press("Enter");
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Enter");
        await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
        await expect.poll(() => focusedHeading(page)).toBe("My orders");

        await tabTo(page, /^Pay for/);
        await page.keyboard.press("Enter");
        await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
        // A person reads the page before typing: the payment is prepared by then (Pay enabled).
        await expect(page.getByRole("button", { name: "Pay" })).toBeEnabled();
        await tabTo(page, /Card number/);
        await page.keyboard.type("4242 4242 4242 4242");
        await page.keyboard.press("Tab");
        await page.keyboard.type("12/34");
        await page.keyboard.press("Tab");
        await page.keyboard.type("123");
        // Each keystroke reached its field: the focus stayed in the form.
        await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
        await expect(page.getByLabel("CVC")).toBeFocused();
        await page.keyboard.press("Enter");

        const receipt = page.getByRole("status", { name: "Congrats! Your payment is completed." });
        await expect(receipt).toBeFocused();
        await expect(receipt).toContainText(/Your transaction id/);
        await expect(page.getByText(/by card/)).toHaveCount(0);
        await expect(page.getByLabel("Card number")).toHaveCount(0);
        await expect(receipt.getByRole("link", { name: "Back to My orders" })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await saveScreenshot(page, `rough-edges-receipt-${viewport.width}`);
      });
    });
  });
}

// One run: the width under test is 320 px whatever the describe blocks above use.
test("a 200-character word in a tool's name and description wraps on a 320 px screen", async ({ page }) => {
  await signInAsAdmin(page);
  const word = "W".repeat(200);
  const status = await page.evaluate(async (word) => {
    const auth = { Authorization: `Bearer ${localStorage.getItem("accessToken")}` };
    // A new tool needs an uploaded picture: any real one will do, drawn here.
    const canvas = Object.assign(document.createElement("canvas"), { width: 64, height: 64 });
    const picture = await new Promise<Blob>((resolve) =>
      canvas.toBlob((blob) => resolve(blob as Blob), "image/png"),
    );
    const form = new FormData();
    form.append("image", new File([picture], "long.png", { type: "image/png" }));
    const upload = await (await fetch("/api/uploads", { method: "POST", headers: auth, body: form })).json();
    const response = await fetch("/api/tools", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({
        name: `Long${word}`.slice(0, 80),
        short: word,
        image: upload.data.url,
        minQuantity: 1,
        availableQuantity: 50,
        price: 3,
      }),
    });
    return `${response.status} ${await response.text()}`;
  }, word);
  expect(status).toMatch(/^201 /);
  await page.setViewportSize({ width: 320, height: 700 });
  // Searched for, as the catalogue is paged: the tool is on the list's first page whatever others added.
  await page.goto("/?q=LongW");
  await expect(page.getByText(word).first()).toBeAttached();
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(320);
  await page
    .getByRole("link", { name: /^Order now\s*:\s*LongW/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  expect(await width()).toBeLessThanOrEqual(320);
  await saveScreenshot(page, "rough-edges-320-checkout");
});
