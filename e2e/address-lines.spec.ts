// Issue 62, item 1: the checkout's Address box is several lines high, and a postal address has lines.
// A customer types one of three lines (Enter between them), places the order, and finds it in three
// lines on the order page and the payment screen, and in their profile; the owner's Manage Orders card
// shows the same three lines to pack by.
import { newAccount, signUp, toast } from "./accounts-fixtures";
import { adminInOwnBrowser } from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import {
  expectNoSidewaysScroll,
  openCheckout,
  openMyOrders,
  orderCard,
  PHONE,
  seriousViolations,
} from "./orders-fixtures";

const [FIRST, ...REST] = ["Unit 4, Forge Park", "Sheffield", "S1 2AB"] as const;
const LINES = [FIRST, ...REST];

test.describe.configure({ timeout: 120_000 });

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test("a customer types a three-line address at checkout and sees it in three lines on the order page", async ({
      browser,
      page,
    }) => {
      const account = newAccount("address-lines");
      await signUp(page, account);
      await openCheckout(page, "Pliers");
      const main = page.getByRole("main");
      await main.getByLabel("Address").click();
      for (const [index, line] of LINES.entries()) {
        if (index > 0) await page.keyboard.press("Enter");
        await page.keyboard.type(line);
      }
      await main.getByLabel("Phone").fill(PHONE);
      await main.getByRole("checkbox", { name: "Save to my profile" }).check();
      await saveScreenshot(page, `address-lines-checkout-${screen.name}`);
      await main.getByRole("button", { name: "Place the order" }).click();
      await expect(toast(page, "order is placed go to my order")).toBeVisible();

      await openMyOrders(page);
      await orderCard(page, "Pliers")
        .getByRole("link", { name: /^Order details and receipt/ })
        .click();
      const heading = page.getByRole("heading", { level: 1, name: /^Order TS-\d{6,}$/ });
      await expect(heading).toBeVisible();
      const number = (await heading.textContent())?.replace("Order ", "") ?? "";
      // What the reader sees: innerText follows the page's CSS, so the line breaks are there only if
      // they are shown.
      const address = main.getByRole("definition").filter({ hasText: FIRST });
      await expect
        .poll(() => address.evaluate((element) => (element as HTMLElement).innerText))
        .toBe(LINES.join("\n"));
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `address-lines-order-page-${screen.name}`);

      // The payment screen says where it goes, in the same lines.
      await main.getByRole("link", { name: "Pay", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
      const deliverTo = main.getByText(/^Deliver to:/);
      await expect
        .poll(() => deliverTo.evaluate((element) => (element as HTMLElement).innerText))
        .toBe(["Deliver to:", ...LINES].join("\n"));
      await saveScreenshot(page, `address-lines-payment-${screen.name}`, { fullPage: false });

      // Saved to the profile as lines, where the next checkout fills them from.
      await page.goto("/dashboard/myhistory");
      await expect(main.getByRole("textbox", { name: /^Address/ })).toHaveValue(LINES.join("\n"));
      await saveScreenshot(page, `address-lines-profile-${screen.name}`, { fullPage: false });

      // The owner packs it from the same three lines.
      const owner = await adminInOwnBrowser(browser);
      await owner.page.setViewportSize(screen.use.viewport);
      await owner.page.goto(`/dashboard/manageorders?q=${number}`);
      const card = owner.page.getByRole("article", { name: `Pliers for ${account.email}` });
      const packing = card.getByText(FIRST);
      await expect
        .poll(() => packing.evaluate((element) => (element as HTMLElement).innerText))
        .toBe(LINES.join("\n"));
      await saveScreenshot(owner.page, `address-lines-manage-orders-${screen.name}`, { fullPage: false });
      await owner.close();
    });
  });
}
