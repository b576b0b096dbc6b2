import { expectSignedIn, mainNav } from "./accounts-fixtures";
import { expect, test } from "./fixtures";

// Both providers run a real OAuth authorization-code flow against the oauth2-mock-server instances
// the e2e launcher starts (GOOGLE_ISSUER_URL, GITHUB_ISSUER_URL).
// The launcher's providers always sign in the same person.
const providers = [
  { provider: "Google", email: "google.user@example.com" },
  { provider: "GitHub", email: "github.user@example.com" },
];

for (const { provider, email } of providers) {
  test(`"Continue with ${provider}" signs in through a popup window`, async ({ page }) => {
    await page.goto("/login");
    const button = page.getByRole("button", { name: `Continue with ${provider}` });
    await expect(button).toBeEnabled();
    await expect(button).not.toContainText("not configured");

    const popupOpened = page.waitForEvent("popup");
    await button.click();
    const popup = await popupOpened;
    // The provider approves at once; the popup lands on /auth/popup-complete, reports and closes.
    await popup.waitForEvent("close");

    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByText(email)).toBeVisible();
    await mainNav(page).getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My orders" })).toBeVisible();
  });
}
