// Issue 50: the owner opens the overview on a phone and a desktop. A customer's paid order of a tool
// that then runs low shows in the figures, the top tools and the low-stock list; the chart (its own
// lazy chunk) draws, its figures are also a table; the period switches to 90 days; the unpaid-orders
// card leads to Manage Orders filtered by status.
import { signInAsAdmin } from "./accounts-fixtures";
import { addTool, apiOf, customerInOwnBrowser, orderThroughApi, uniqueToolName } from "./api-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, seriousViolations } from "./orders-fixtures";

test.describe.configure({ timeout: 180_000 });

for (const screen of SCREENS) {
  test(`on a ${screen.name}: the owner sees revenue, top tools and low stock, and switches to 90 days`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(screen.use.viewport);
    await signInAsAdmin(page);
    const owner = await apiOf(page);
    // Dear and sold out by the order: at the top of the revenue and of the low-stock list (stock 0).
    const tool = await addTool(owner, {
      name: uniqueToolName("Aaa Overview Press"),
      short: "Added for the overview test.",
      minQuantity: 1,
      availableQuantity: 40,
      price: screen.name === "phone" ? 2_500 : 2_600,
    });
    const customer = await customerInOwnBrowser(browser, `overview-${screen.name}`, screen.use.viewport);
    await orderThroughApi(customer.api, tool._id, 40, { pay: true });
    await customer.close();

    await page.goto("/dashboard");
    // The side menu: a column on a desktop, a drawer behind its button on a phone.
    if (screen.name === "phone")
      await page.getByRole("button", { name: "Dashboard menu", exact: true }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const figures = main.getByRole("list", { name: "Figures" });
    await expect(figures.getByText("Revenue, 30 days")).toBeVisible();
    const top = main.getByRole("region", { name: "Top tools by revenue" });
    await expect(top.getByRole("link", { name: tool.name })).toBeVisible();
    const revenue = screen.name === "phone" ? "$100,000.00" : "$104,000.00";
    await expect(top.getByRole("listitem").filter({ hasText: tool.name })).toContainText(revenue);
    await expect(
      main.getByRole("region", { name: /^Low stock/ }).getByRole("link", { name: tool.name }),
    ).toBeVisible();
    // The chart drew (uPlot's canvas); the same figures are a table for screen readers and anyone.
    const chart = main.getByTestId("revenue-chart");
    await expect(chart.locator("canvas")).toBeVisible();
    // Its legend reads today's figures until a day is hovered, then that day's; never "--" or "–".
    const legend = chart.locator(".u-legend");
    await expect(legend).toContainText(/Revenue\s*\$[1-9][\d,]*\.\d\d/);
    await expect(legend).not.toContainText(/--|–/);
    const today = (await legend.locator("tr").first().textContent()) ?? "";
    const box = await chart.locator(".u-over").boundingBox();
    if (!box) throw new Error("The chart has no plot area.");
    await page.mouse.move(box.x + 5, box.y + box.height / 2);
    await expect(legend.locator("tr").first()).not.toHaveText(today);
    await expect(legend).toContainText(/Revenue\s*\$0\.00/);
    await page.mouse.move(0, 0);
    await main.getByText("Show the figures per day as a table").click();
    await expect(
      main.getByRole("table", { name: "Revenue and paid orders per day" }).getByRole("row"),
    ).toHaveCount(31);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, `owner-overview-${screen.name}`);

    await main.getByRole("button", { name: "90 days" }).click();
    await expect(main.getByRole("button", { name: "90 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/days=90/);
    await expect(figures.getByText("Revenue, 90 days")).toBeVisible();
    await expect(
      main.getByRole("table", { name: "Revenue and paid orders per day" }).getByRole("row"),
    ).toHaveCount(91);

    await figures.getByRole("link", { name: /Unpaid orders/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageorders\?status=unpaid/);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Orders" })).toBeVisible();
  });
}
