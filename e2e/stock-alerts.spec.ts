// Back in stock (issue 58, decision 0059): a visitor on a sold-out tool's page asks to be mailed when it
// is back, confirms the alert from the mail, and gets one mail once the owner has restocked it, whose
// link opens the tool ready to order. On a phone and a desktop: the form sits under the sold-out note.
import { linkFromMail, mailContaining, uniqueEmail } from "./accounts-fixtures";
import { addTool, adminInOwnBrowser, uniqueToolName } from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, seriousViolations } from "./orders-fixtures";

test.use({ allowBrowserErrors: true });
test.afterEach(({ browserErrors }) => {
  // signInAsAdmin's sign-up is refused (422) once the admin exists, which the browser logs.
  const unexpected = browserErrors.filter(
    (error) => !/status of 422 .*\/api\/auth\/sign-up\/email/.test(error),
  );
  expect(unexpected, "errors in the browser console").toEqual([]);
});
test.describe.configure({ timeout: 120_000 });

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test("a visitor asks for a mail on a sold-out tool, confirms it, and is mailed once it is back", async ({
      page,
      browser,
    }) => {
      const owner = await adminInOwnBrowser(browser);
      const name = uniqueToolName("Alert Crimper");
      const tool = await addTool(owner.api, {
        name,
        short: "Ratchet crimper for insulated terminals.",
        minQuantity: 5,
        availableQuantity: 2,
        price: 39,
      });

      await page.goto(`/tools/${tool._id}`);
      await expect(page.getByText("Sold out", { exact: true })).toBeVisible();
      const alert = page.getByRole("region", { name: "Email me when it is back" });
      const email = uniqueEmail(`alert-${screen.name}`);
      await alert.getByRole("button", { name: "Email me" }).click();
      await expect(alert.getByText("Email is required")).toBeVisible();
      await alert.getByRole("textbox", { name: "Your email" }).fill("not an address");
      await alert.getByRole("button", { name: "Email me" }).click();
      await expect(alert.getByText("Please Enter Valid Email")).toBeVisible();
      await alert.getByRole("textbox", { name: "Your email" }).fill(email);
      await saveScreenshot(page, `stock-alert-form-${screen.name}`, { fullPage: false });
      await alert.getByRole("button", { name: "Email me" }).click();
      await expect(page.getByRole("status").filter({ hasText: `We sent a link to ${email}` })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);

      await page.goto(await linkFromMail(email, "/stock-alerts/confirm"));
      await page.getByRole("button", { name: "Confirm the alert" }).click();
      await expect(page.getByRole("status")).toHaveText(
        `Confirmed: we will email you once when ${name} is back in stock.`,
      );
      await saveScreenshot(page, `stock-alert-confirmed-${screen.name}`, { fullPage: false });

      const current = await owner.api<{ sku: string; image: string; category: { slug: string } }>(
        "GET",
        `/api/tools/${tool._id}`,
      );
      await owner.api("PATCH", `/api/tools/${tool._id}`, {
        data: {
          sku: current.sku,
          name,
          short: "Ratchet crimper for insulated terminals.",
          image: current.image,
          category: current.category.slug,
          price: 39,
          minQuantity: 5,
          availableQuantity: 40,
          previousAvailableQuantity: 2,
        },
      });
      await mailContaining(email, `${name} is back in stock`);
      await page.goto(await linkFromMail(email, `/tools/${tool._id}`));
      await expect(page.getByRole("button", { name: /add to cart/i })).toBeVisible();
      await owner.close();
    });
  });
}
