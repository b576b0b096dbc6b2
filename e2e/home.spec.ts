import type { Review } from "@toolshop/shared/reviews";
import type { Tool } from "@toolshop/shared/tools";
import { expect, findToolOnHome, saveScreenshot, scrollThrough, test } from "./fixtures";

const HEADLINE = "Best Electrical Tool is Here !";
// The demo catalogue's tools, by their exact names: other specs add products of their own meanwhile.
const NAMED_TOOLS = [
  /^pliers$/i,
  /^screwdrivers$/i,
  /^tape measure$/i,
  /^electric drill$/i,
  /^level$/i,
  /^wire strippers$/i,
  /^fish tape$/i,
  /^voltage tester$/i,
];

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const count = new Intl.NumberFormat("en-US");

test.beforeEach(async ({ page }) => {
  await page.goto("/");
});

test("the hero shows the headline, an image, the blurb, and Get Started leads to the tools", async ({
  page,
}) => {
  const hero = page.getByRole("region", { name: HEADLINE });
  await expect(hero.getByRole("heading", { level: 1, name: HEADLINE, exact: true })).toBeVisible();
  await expect(hero.getByRole("img")).toBeVisible();
  await expect(hero.getByRole("paragraph").filter({ hasText: /tools/ }).first()).toBeVisible();

  await hero.getByRole("link", { name: "Get Started" }).click();
  await expect(page.getByRole("heading", { name: "Tools", exact: true })).toBeInViewport();
  await expect(page.getByRole("region", { name: "Tools" }).getByRole("article").first()).toBeInViewport();
  await saveScreenshot(page, "home");
});

test.describe("before any script has run", () => {
  test.use({ javaScriptEnabled: false });

  test("the page already shows the navigation and the hero (pre-rendered by the build)", async ({ page }) => {
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    const hero = page.getByRole("region", { name: HEADLINE });
    await expect(hero.getByRole("heading", { level: 1, name: HEADLINE, exact: true })).toBeVisible();
    await expect(hero.getByRole("img")).toBeVisible();
    await expect(hero.getByRole("link", { name: "Get Started" })).toBeVisible();
  });

  test("other pages do not show the home page's markup", async ({ page }) => {
    await page.goto("/blogs");
    await expect(page.getByRole("heading", { name: HEADLINE })).toHaveCount(0);
  });
});

test("the tools list shows the eight tools, each with image, price, quantities and an order link", async ({
  page,
  request,
}) => {
  const catalogue: Tool[] = await (await request.get("/api/tools")).json();
  const tools = catalogue.filter((tool) => NAMED_TOOLS.some((name) => name.test(tool.name)));
  expect(tools).toHaveLength(NAMED_TOOLS.length);

  // The specs share one shop: products added by the admin specs are listed too.
  const cards = page.getByRole("region", { name: "Tools" }).getByRole("article");
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(NAMED_TOOLS.length);
  // The list is paged (24 a page), and tools the other specs add may come first: each demo tool is
  // looked up as a shopper would, with the search box's URL.
  for (const tool of tools) {
    const card = await findToolOnHome(page, tool.name);
    await card.scrollIntoViewIfNeeded();

    const image = card.getByRole("img", { name: tool.name });
    await expect(image).toHaveAttribute("src", /^\/(?!\/)/); // shipped with the shop, not hot-linked
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(card.getByRole("paragraph").filter({ hasText: tool.short })).toBeVisible();
    await expect(card).toContainText(usd.format(tool.price));
    await expect(card.getByRole("term")).toHaveText(["Minimum order", "Available"]);
    // The order specs buy these tools at the same time: the stock shown is compared with the stock at
    // that moment, after a reload when an order came in since the page was loaded.
    await expect(async () => {
      await expect(card.getByRole("definition")).toHaveCount(2);
      const current: Tool = await (await request.get(`/api/tools/${tool._id}`)).json();
      const expected = [count.format(current.minQuantity), count.format(current.availableQuantity)];
      const shown = await card.getByRole("definition").allTextContents();
      if (shown.join("|") !== expected.join("|")) await page.reload();
      expect(shown).toEqual(expected);
    }).toPass({ timeout: 20_000 });
    await expect(card.getByRole("link", { name: /order/i })).toHaveAttribute("href", `/checkout/${tool._id}`);
  }
});

test("the business summary shows both sets of figures", async ({ page }) => {
  const summary = page.getByRole("region", { name: "Millions of Business Trust Us" });
  for (const claim of ["100+ customers", "120M+ annual revenue", "33K+ reviews", "50+ tools"]) {
    await expect(summary).toContainText(claim);
  }
  await expect(summary.getByRole("listitem")).toHaveText([
    /^\s*100\+\s*Customer\s*$/,
    /^\s*120k\+\s*Revenue\s*$/,
    /^\s*500\+\s*Review\s*$/,
    /^\s*250\+\s*Tools\s*$/,
  ]);
});

test("Our Review shows every review with its star value, comment and name", async ({ page, request }) => {
  const reviews: Review[] = await (await request.get("/api/review")).json();
  expect(reviews.length).toBeGreaterThan(0);

  const section = page.getByRole("region", { name: "Our Review" });
  const cards = section.getByRole("article");
  await expect(cards.first()).toBeVisible();
  // The first cards at once, the rest a click away each.
  const showMore = section.getByRole("button", { name: "Show more reviews" });
  while (await showMore.isVisible()) await showMore.click();
  await expect(cards).toHaveCount(reviews.length);
  for (const [index, review] of reviews.entries()) {
    const card = cards.nth(index);
    await expect(card).toContainText(`Review Star: ${review.review}`);
    await expect(card).toContainText(review.comment);
    await expect(card).toContainText(review.name);
  }
});

test("the selling progress block has five bars at 0, 10, 40, 70 and 100 percent", async ({ page }) => {
  const bars = page.getByRole("progressbar");
  await expect(bars).toHaveCount(5);
  const values = await bars.evaluateAll((elements) =>
    elements.map((bar) => [(bar as HTMLProgressElement).value, (bar as HTMLProgressElement).max]),
  );
  expect(values).toEqual([
    [0, 100],
    [10, 100],
    [40, 100],
    [70, 100],
    [100, 100],
  ]);
  for (const bar of await bars.all()) {
    await expect(bar).toHaveAccessibleName(/\S/);
  }
});

test("the quote block validates what is typed before sending", async ({ page }) => {
  const quote = page.getByRole("region", { name: "Request a Quote" });
  await quote.scrollIntoViewIfNeeded();

  const name = quote.getByRole("textbox", { name: "Name" });
  const email = quote.getByRole("textbox", { name: "Email" });
  const message = quote.getByRole("textbox", { name: "Message" });
  await name.click();
  await email.click();
  await email.fill("not-an-email");
  await message.click();
  await message.blur();

  await expect(name).toHaveAccessibleDescription("Name is required");
  await expect(email).toHaveAccessibleDescription("Please Enter Valid Email");
  await expect(message).toHaveAccessibleDescription("Message is required");

  // Nothing is sent while a field is wrong: the form stays, with its messages.
  await quote.getByRole("button", { name: "Send request" }).click();
  await expect(quote.getByRole("status")).toHaveCount(0);
  await expect(name).toBeFocused();
});

test("the footer has service, company and legal links", async ({ page }) => {
  const footer = page.getByRole("contentinfo");
  for (const group of ["Services", "Company", "Legal"]) {
    const links = footer.getByRole("navigation", { name: group }).getByRole("link");
    expect(await links.count()).toBeGreaterThan(1);
  }
  await expect(footer.getByRole("link", { name: "Privacy policy" })).toBeVisible();

  await footer.getByRole("link", { name: "Blogs" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole("heading", { name: "Blogs", exact: true })).toBeVisible();
});

test("every image on the home page comes from the shop itself", async ({ page, baseURL }) => {
  await scrollThrough(page);
  const sources = await page
    .getByRole("img")
    .evaluateAll((elements) =>
      elements.filter((element) => element instanceof HTMLImageElement).map((image) => image.src),
    );
  expect(sources.length).toBeGreaterThanOrEqual(9);
  for (const source of sources) expect(new URL(source).origin).toBe(new URL(baseURL ?? "").origin);
});
