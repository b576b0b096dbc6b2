// Invoices and the catalogue spreadsheet (issue 50), on a phone and a desktop: a customer pays an order
// by card and opens its invoice from the order page and from My orders; the owner imports a catalogue
// file with one bad row, sees that row's error and line, fixes the file and imports it.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { newAccount, signInAsAdmin, signUp, toast } from "./accounts-fixtures";
import { addTool, adminInOwnBrowser, apiOf, orderThroughApi, uniqueToolName } from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, fillCard, openMyOrders, orderCard } from "./orders-fixtures";

// Two browsers (the owner's and a customer's) on shared cores.
test.describe.configure({ timeout: 180_000 });

/**
 * Clicks an invoice button as a person does and answers what the browser got: the API's answer to the
 * page's own request (with its session) and the file it saved.
 */
async function openPdf(page: Page, button: Locator) {
  const [response, download] = await Promise.all([
    page.waitForResponse((answer) =>
      /\/api\/orders\/[^/]+\/invoice\.pdf$/.test(new URL(answer.url()).pathname),
    ),
    page.waitForEvent("download"),
    button.click(),
  ]);
  const bytes = await readFile(await download.path());
  return {
    status: response.status(),
    contentType: response.headers()["content-type"],
    fileName: download.suggestedFilename(),
    start: bytes.subarray(0, 5).toString("latin1"),
  };
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);
    const width = screen.use.viewport.width;

    test("a customer pays an order by card and opens its invoice from the order page and from My orders", async ({
      page,
      browser,
    }) => {
      const owner = await adminInOwnBrowser(browser);
      const tool = await addTool(owner.api, {
        name: uniqueToolName("Invoice Pliers"),
        short: "Added for the invoices test.",
        minQuantity: 1,
        availableQuantity: 20,
        price: 12.5,
      });
      await owner.close();
      await signUp(page, newAccount(`invoice-${width}`));
      const order = await orderThroughApi(await apiOf(page), tool._id, 2);

      await page.goto(`/dashboard/orders/${order._id}`);
      const main = page.getByRole("main");
      await expect(page.getByRole("heading", { level: 1, name: /^Order TS-/ })).toBeVisible();
      // Unpaid: no invoice yet.
      await expect(main.getByRole("button", { name: /^Invoice \(PDF\)/ })).toHaveCount(0);
      await main.getByRole("link", { name: "Pay", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
      await fillCard(page, "4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page.getByText("Congrats! Your payment is completed.")).toBeVisible();

      await page.goto(`/dashboard/orders/${order._id}`);
      const invoiceNumber = main.getByText(/^INV-\d{4}-\d{6}$/);
      await expect(invoiceNumber).toBeVisible();
      const number = (await invoiceNumber.textContent()) ?? "";
      const fromOrderPage = await openPdf(
        page,
        main.getByRole("button", { name: "Invoice (PDF)", exact: true }),
      );
      expect(fromOrderPage).toEqual({
        status: 200,
        contentType: "application/pdf",
        fileName: `${number}.pdf`,
        start: "%PDF-",
      });
      await expectNoSidewaysScroll(page);
      await invoiceNumber.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `invoices-order-page-${width}`, { fullPage: false });

      await openMyOrders(page);
      const card = orderCard(page, tool.name);
      const fromMyOrders = await openPdf(page, card.getByRole("button", { name: /^Invoice \(PDF\)/ }));
      expect(fromMyOrders).toEqual(fromOrderPage);
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `invoices-my-orders-${width}`, { fullPage: false });
    });

    test("the owner imports a catalogue file: a bad row's error with its line first, then the fixed file", async ({
      page,
    }) => {
      await signInAsAdmin(page);
      const names = [
        uniqueToolName("Import Saw"),
        uniqueToolName("Import Level"),
        uniqueToolName("Import Tape"),
      ];
      // Each new row names its part number (decision 0056), unique to this run and width.
      const stamp = `${Date.now().toString(36)}-${width}`.toUpperCase();
      const skus = ["SAW", "LVL", "TAPE"].map((kind) => `E2E-${kind}-${stamp}`);
      const file = (sawPrice: string) => ({
        name: `catalogue-${width}.csv`,
        mimeType: "text/csv",
        buffer: Buffer.from(
          [
            "sku,name,short,price,minimum,stock,category,image,price breaks",
            `${skus[0]},${names[0]},Cuts wood.,"${sawPrice}",1,30,mechanical,/images/tools/level.svg,10:17.00;50:15.50`,
            `${skus[1]},${names[1]},Shows level.,9.90,1,40,mechanical,/images/tools/level.svg,`,
            `${skus[2]},${names[2]},Measures.,7.25,2,50,mechanical,/images/tools/level.svg,`,
            "",
          ].join("\r\n"),
        ),
      });

      await page.goto("/dashboard/manageproducts");
      const spreadsheet = page.getByRole("region", { name: "Spreadsheet" });
      await spreadsheet.getByLabel("Import CSV").setInputFiles(file("18,50"));
      const preview = spreadsheet.getByRole("region", { name: /^Import preview/ });
      await expect(preview.getByRole("status")).toHaveText(
        "2 tools to add, 0 tools to change, 0 unchanged, 1 row with errors.",
      );
      const badRow = preview.getByRole("row").filter({ hasText: names[0] ?? "" });
      await expect(badRow.getByRole("cell").first()).toHaveText("2");
      await expect(badRow).toContainText("The price must be a number like 12.50, not “18,50”");
      await expect(preview.getByRole("button", { name: "Confirm import" })).toBeDisabled();
      await expectNoSidewaysScroll(page);
      await badRow.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `invoices-import-error-${width}`, { fullPage: false });

      // Fixed in the file and chosen again: every row is added at once.
      await spreadsheet.getByLabel("Import CSV").setInputFiles(file("18.50"));
      await expect(preview.getByRole("status")).toHaveText(
        "3 tools to add, 0 tools to change, 0 unchanged, 0 rows with errors.",
      );
      await expect(preview.getByRole("row").filter({ hasText: names[0] ?? "" })).toContainText(
        "price breaks: 10:17.00;50:15.50",
      );
      await saveScreenshot(page, `invoices-import-ready-${width}`, { fullPage: false });
      await preview.getByRole("button", { name: "Confirm import" }).click();
      await expect(toast(page, "Imported: 3 added, 0 changed.")).toBeVisible();
      await expect(preview).toHaveCount(0);

      for (const [index, price] of ["$18.50", "$9.90", "$7.25"].entries()) {
        const name = names[index] ?? "";
        await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(name)}`);
        await expect(page.getByRole("article", { name })).toContainText(price);
      }
    });
  });
}
