// Finding tools on the home page (issues 12 and 13), as a shopper does it: a category tab, a word in
// the search box, a sort, and "Load more"; the URL holds it all, so a reload keeps it and Back undoes
// the last step. The other specs add tools to the same shop meanwhile, so the tools of this spec carry
// a word of their own, and every count is taken with that word searched. They are named to come last
// in the home page's first (featured) page, after the demo tools the other specs look for there.
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { addTool, adminInOwnBrowser, uploadPicture } from "./api-fixtures";
import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll } from "./orders-fixtures";

// The admin adds 30 tools through the API first; Chromium and the server share two cores with others.
test.describe.configure({ timeout: 120_000 });

const MECHANICAL = 28;
const ELECTRICAL = 2;
const PAGE_SIZE = 24;

/**
 * A word found in the tools of this beforeAll only, e.g. "gauge3fa90c2b1e7d4a6". It is made in
 * beforeAll, not when the worker loads the file: the specs run fully parallel, so a worker that takes
 * both tests of this file as two jobs runs beforeAll twice, and one word would then name 56 tools (CI
 * saw it). Searches match words by their start, so every word has the same length: none can be the
 * start of another's.
 */
let WORD = "";

/** The admin adds the tools: mechanical ones first, each a euro dearer than the one before. */
async function addTools(browser: Browser) {
  const admin = await adminInOwnBrowser(browser);
  try {
    // One picture for all of them: uploading 30 would only slow the set-up down.
    const image = await uploadPicture(admin.api);
    for (let n = 1; n <= MECHANICAL + ELECTRICAL; n++) {
      await addTool(admin.api, {
        name: `Zeta gauge ${WORD} ${String(n).padStart(2, "0")}`,
        short: "Measures wire and sheet thickness.",
        image,
        minQuantity: 1,
        availableQuantity: 50,
        price: 10 + n,
        category: n <= MECHANICAL ? "mechanical" : "electrical",
      });
    }
  } finally {
    await admin.close();
  }
}

test.beforeAll(async ({ browser }) => {
  WORD = `gauge${randomBytes(7).toString("hex")}`;
  await addTools(browser);
});

const tools = (page: Page) => page.locator("#tools").getByRole("article");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search tools" });
const sortSelect = (page: Page) => page.getByRole("combobox", { name: "Sort by" });
const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Tool categories" }).getByRole("link", { name, exact: true });
const count = (page: Page) => page.locator("#tools p[role=status]");

/** The list's state as the address bar holds it. */
async function expectUrlState(
  page: Page,
  state: { category: string | null; q: string | null; sort: string | null },
) {
  await expect
    .poll(() => {
      const params = new URL(page.url()).searchParams;
      return { category: params.get("category"), q: params.get("q"), sort: params.get("sort") };
    })
    .toEqual(state);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`a shopper narrows the tools down and pages through them (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await page.locator("#tools").scrollIntoViewIfNeeded();
    await expect(tab(page, "All")).toHaveAttribute("aria-current", "page");

    await tab(page, "Mechanical").click();
    await expect(tab(page, "Mechanical")).toHaveAttribute("aria-current", "page");
    await expect(tab(page, "All")).not.toHaveAttribute("aria-current");

    // Typing is enough: the list follows once the typing pauses.
    await searchBox(page).pressSequentially(WORD);
    await expect(count(page)).toHaveText(`${MECHANICAL} tools`);
    await expect(tools(page)).toHaveCount(PAGE_SIZE);

    await sortSelect(page).selectOption({ label: "Price: low to high" });
    await expect(tools(page).first().getByRole("heading")).toHaveText(`Zeta gauge ${WORD} 01`);
    await expectUrlState(page, { category: "mechanical", q: WORD, sort: "price" });

    // A reload (or the link, shared) shows the same list.
    await page.reload();
    await expect(count(page)).toHaveText(`${MECHANICAL} tools`);
    await expect(tab(page, "Mechanical")).toHaveAttribute("aria-current", "page");
    await expect(searchBox(page)).toHaveValue(WORD);
    await expect(sortSelect(page)).toHaveValue("price");
    await expect(tools(page).first().getByRole("heading")).toHaveText(`Zeta gauge ${WORD} 01`);

    // Load more appends the rest, cheapest first still.
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(tools(page)).toHaveCount(MECHANICAL);
    await expect(tools(page).last().getByRole("heading")).toHaveText(`Zeta gauge ${WORD} ${MECHANICAL}`);
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // axe with the filters applied: no violation at all.
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // Back undoes the sort, then the search, then the tab.
    await page.goBack();
    await expect(sortSelect(page)).toHaveValue("featured");
    await expectUrlState(page, { category: "mechanical", q: WORD, sort: null });
    await expect(count(page)).toHaveText(`${MECHANICAL} tools`);
    await page.goBack();
    await expect(searchBox(page)).toHaveValue("");
    await expectUrlState(page, { category: "mechanical", q: null, sort: null });
    await page.goBack();
    await expect(tab(page, "All")).toHaveAttribute("aria-current", "page");

    // Every category with the word: all 30, and nothing for a word no tool has.
    await searchBox(page).fill(WORD);
    await searchBox(page).press("Enter");
    await expect(count(page)).toHaveText(`${MECHANICAL + ELECTRICAL} tools`);
    await tab(page, "Electrical").click();
    await expect(count(page)).toHaveText(`${ELECTRICAL} tools`);
    await searchBox(page).fill(`${WORD}x`);
    await searchBox(page).press("Enter");
    await expect(page.getByText(`No tools match “${WORD}x” in Electrical.`)).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expectUrlState(page, { category: null, q: null, sort: null });
    await expect(tab(page, "All")).toHaveAttribute("aria-current", "page");
  });
}
