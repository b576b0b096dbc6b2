// The owner's Quote requests (issue 49) on a phone and a desktop: the requests of one trade customer
// filtered by state and paged, one opened from the list, priced 10% under the tools' prices (a price
// break included) and sent; then the offer withdrawn after a confirmation. Each test adds its own
// tools and requests, found by their company's unique name.
import { signInAsAdmin, toast } from "./accounts-fixtures";
import { type Api, addTool, apiOf, customerInOwnBrowser, uniqueToolName } from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, seriousViolations } from "./orders-fixtures";
import { ownerSendsOffer, priceOfferWithDiscount } from "./quote-owner-steps";

// Two browsers (the owner's and the customer's) and two dozen requests on shared cores.
test.describe.configure({ timeout: 180_000 });

/** Visitors' messages beside the customer's request: one more than a page (20). */
const VISITOR_MESSAGES = 21;

interface OfferedLine {
  unitPrice: number | null;
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test("the owner filters and pages the requests, prices one with a discount and sends it, then withdraws an offer", async ({
      browser,
      page,
      request,
    }) => {
      await signInAsAdmin(page);
      const admin: Api = await apiOf(page);
      // 60 pliers reach their price break (11.00 from 50); the drill has none (40.00).
      const pliers = await addTool(admin, {
        name: uniqueToolName("Quote Pliers"),
        short: "Pliers for the quote requests test.",
        minQuantity: 1,
        availableQuantity: 500,
        price: 12.5,
        priceBreaks: [{ minQuantity: 50, unitPrice: 11 }],
      });
      const drill = await addTool(admin, {
        name: uniqueToolName("Quote Drill"),
        short: "A drill for the quote requests test.",
        minQuantity: 1,
        availableQuantity: 500,
        price: 40,
      });
      const company = uniqueToolName("Trade");
      const customer = await customerInOwnBrowser(browser, `quote-owner-${screen.name}`, screen.use.viewport);
      const ask = (lines: { toolId: string; quantity: number }[]) =>
        customer.api<{ _id: string }>("POST", "/api/quotes", {
          data: { lines, company, message: "Prices for the spring season, please." },
        });
      const asked = await ask([
        { toolId: pliers._id, quantity: 60 },
        { toolId: drill._id, quantity: 10 },
      ]);
      // Another request of the customer's, offered at once: the one "Offer sent" of this company.
      const other = await ask([{ toolId: drill._id, quantity: 5 }]);
      await ownerSendsOffer(page, other._id, { discountPercent: 5 });
      for (let n = 1; n <= VISITOR_MESSAGES; n++) {
        const sent = await request.post("/api/quotes", {
          data: {
            name: `Visitor ${n}`,
            email: `visitor${n}.${Date.now()}@example.com`,
            company,
            message: `Message ${n}`,
          },
        });
        expect(sent.ok(), await sent.text()).toBe(true);
      }

      // This company's requests: by state, then a page at a time.
      await page.goto("/dashboard/quote-requests");
      const main = page.getByRole("main");
      await main.getByRole("searchbox", { name: "Search by email, name or company" }).fill(company);
      await expect(page).toHaveURL(/[?&]q=/);
      const state = main.getByRole("combobox", { name: "State" });
      await state.selectOption({ label: "Offer sent" });
      const cards = main.getByRole("list", { name: "Quote requests" }).getByRole("article");
      await expect(main.getByText("1 request shown.")).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText("Offer sent");
      await state.selectOption({ label: "Requested" });
      await expect(main.getByText("20 requests shown, more to load.")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `quote-requests-list-${screen.name}`, { fullPage: false });
      // The customer asked first: their request is on the second page.
      await main.getByRole("button", { name: "Load more" }).click();
      await expect(main.getByText("22 requests shown.")).toBeVisible();

      await main
        .getByRole("link", { name: `Open and price the request from ${customer.account.name}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`[?&]open=${asked._id}`));
      const quote = main.getByRole("article", { name: `Quote request from ${customer.account.name}` });
      await expect(quote.getByText("Prices for the spring season, please.")).toBeVisible();
      const pliersLine = quote.getByRole("group", { name: pliers.name });
      await expect(pliersLine.getByRole("spinbutton", { name: "Unit price" })).toHaveValue("11");
      await expect(
        quote.getByRole("group", { name: drill.name }).getByRole("spinbutton", { name: "Unit price" }),
      ).toHaveValue("40");
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `quote-offer-editor-${screen.name}`);

      expect(await priceOfferWithDiscount(page, 10)).toEqual([9.9, 36]);
      const offered = await admin<{ state: string; lines: OfferedLine[] }>("GET", `/api/quotes/${asked._id}`);
      expect(offered.state).toBe("offered");
      expect(offered.lines.map((line) => line.unitPrice)).toEqual([9.9, 36]);
      await expect(quote.getByText("Offer total")).toContainText("$954.00");

      // Withdrawn after asking: the customer can no longer accept it.
      await quote.getByRole("button", { name: "Withdraw" }).click();
      const dialog = page.getByRole("dialog", { name: "Withdraw this offer?" });
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await dialog.getByRole("button", { name: "Yes, withdraw" }).click();
      await expect(toast(page, `The offer to ${customer.account.email} is withdrawn.`)).toBeVisible();
      await expect(quote.getByRole("region", { name: "History" })).toContainText("Withdrawn");
      await expect(quote.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `quote-withdrawn-${screen.name}`);
      await customer.close();
    });
  });
}
