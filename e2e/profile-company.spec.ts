// Issue 62 item 5: a trade buyer gives the company they buy for and its VAT number on My Profile, on a
// phone and a desktop; a VAT number with stray characters is refused with a sentence, then saved.
import { newAccount, signUp, toast } from "./accounts-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test("the profile keeps the company and VAT number billed on the invoices", async ({ page }) => {
      test.slow();
      await signUp(page, newAccount("company"));
      await page.goto("/dashboard/myhistory");
      await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
      const company = page.getByRole("textbox", { name: /^Company/ });
      const vatNumber = page.getByRole("textbox", { name: /^VAT number/ });
      await expect(company).toHaveAccessibleDescription("Billed on your invoices");

      await company.fill("Buyer Electrical Ltd");
      await vatNumber.fill("GB 123 <4567>");
      await page.getByRole("button", { name: "Update profile" }).click();
      await expect(
        page.getByText(
          "VAT number must be letters and digits, with spaces, dots, dashes or slashes between them",
        ),
      ).toBeVisible();
      await expect(vatNumber).toHaveAttribute("aria-invalid", "true");

      await vatNumber.fill("GB 123 4567 89");
      await page.getByRole("button", { name: "Update profile" }).click();
      await expect(toast(page, "updated profile")).toBeVisible();
      await page.reload();
      await expect(company).toHaveValue("Buyer Electrical Ltd");
      await expect(vatNumber).toHaveValue("GB 123 4567 89");
      await vatNumber.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `profile-company-${screen.name}`);
      await page.screenshot({ path: `/tmp/company-csv-profile-${screen.name}.png`, fullPage: true });
    });
  });
}
