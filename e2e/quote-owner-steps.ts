import { expect, type Page } from "@playwright/test";
import { accessToken, signInAsAdmin, signOut, toast } from "./accounts-fixtures";

// The owner's side of a quote as a person does it in the browser: open the request on Quote requests,
// price each line, send the offer. The customer's specs call ownerSendsOffer to get an offer to answer.

/** `price` lowered by `percent`, to the cent. */
export function discounted(price: number, percent: number): number {
  return Math.round(price * (100 - percent)) / 100;
}

/** Whether the page is the shop with the admin signed in (an admin-only call succeeds with its token). */
async function adminSignedIn(page: Page): Promise<boolean> {
  if (!page.url().startsWith("http")) return false;
  const token = await accessToken(page);
  if (!token) return false;
  const answer = await page.request.get("/api/quotes/open-count", {
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.ok()) return true;
  // Someone else is signed in here: they sign out first, as the admin would.
  await signOut(page);
  return false;
}

/**
 * On the request open in Quote requests: lowers each line's unit price (prefilled with the tool's
 * price for the quantity) by `discountPercent`, writes a note, sends the offer and waits for the
 * confirmation. Answers the unit prices sent, line by line.
 */
export async function priceOfferWithDiscount(page: Page, discountPercent: number): Promise<number[]> {
  const offer = page.getByRole("form", { name: /^(Revised offer|Offer)$/ });
  const lines = offer.getByRole("list", { name: "Offer lines" }).getByRole("group");
  await expect(lines.first()).toBeVisible();
  const sent: number[] = [];
  for (const line of await lines.all()) {
    const price = line.getByRole("spinbutton", { name: "Unit price" });
    const lowered = discounted(Number(await price.inputValue()), discountPercent);
    await price.fill(lowered.toFixed(2));
    sent.push(lowered);
  }
  await offer
    .getByRole("textbox", { name: /^Note to the customer/ })
    .fill(`${discountPercent}% off the list prices.`);
  await offer.getByRole("button", { name: /^Send (offer|the revised offer)$/ }).click();
  await expect(toast(page, /offer is sent to/)).toBeVisible();
  await expect(
    page
      .getByRole("article", { name: /^Quote request from/ })
      .getByText("Offer sent", { exact: true })
      .first(),
  ).toBeVisible();
  return sent;
}

/**
 * The owner sends an offer on quote `quoteId`: signs in as the admin if the page is not signed in as
 * them (signing out whoever is), opens /dashboard/quote-requests?open=<id> (the sales mail's link),
 * lowers each unit price by `discountPercent`, sets a note and sends it; the confirmation is seen.
 */
export async function ownerSendsOffer(
  page: Page,
  quoteId: string,
  { discountPercent }: { discountPercent: number },
): Promise<void> {
  if (!(await adminSignedIn(page))) await signInAsAdmin(page);
  await page.goto(`/dashboard/quote-requests?open=${encodeURIComponent(quoteId)}`);
  await priceOfferWithDiscount(page, discountPercent);
}
