import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { isPagePath } from "@toolshop/shared/page-paths";

/** Every public screen of docs/product.md section 2, with a text that proves the right screen is shown. */
export const publicPages = [
  { name: "home", path: "/", ready: { role: "heading", name: "Best Electrical Tool is Here !" } },
  { name: "blogs", path: "/blogs", ready: { role: "heading", name: "Blogs" } },
  { name: "portfolio", path: "/myportfolio", ready: { role: "heading", name: "Developer Portfolio" } },
  { name: "legal", path: "/legal", ready: { role: "heading", name: "Terms, privacy and cookies" } },
  { name: "login", path: "/login", ready: { role: "heading", name: "Login" } },
  { name: "signup", path: "/signup", ready: { role: "heading", name: "Sign Up" } },
  { name: "loading", path: "/loading", ready: { role: "status", name: "Loading" } },
  {
    name: "not-found",
    path: "/no-such-page",
    ready: { role: "heading", name: "You are in the wrong place" },
  },
] as const;

export type PublicPage = (typeof publicPages)[number];

/** Opens a public page and waits until its own content (not just the app shell) is on screen. */
export async function openPage(page: Page, target: PublicPage) {
  await page.goto(target.path);
  await expect(page.getByRole(target.ready.role, { name: target.ready.name, exact: true })).toBeVisible();
}

/**
 * The home page searched for a tool, as a shopper finds one among thousands: the list is paged, so a
 * tool added by another spec may not be on the first page of the unfiltered list. Answers its card.
 */
/** Waits until React has taken the server's markup over (hydrateRoot marks each node it owns). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const nav = document.querySelector("nav");
    return nav !== null && Object.keys(nav).some((key) => key.startsWith("__reactFiber"));
  });
}

export async function findToolOnHome(page: Page, name: string) {
  await page.goto("/");
  // The server's page has the first tools; the search works before the code has taken it over too.
  await expect(page.locator("#tools").getByRole("article").first()).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search tools" });
  await search.fill(name);
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  const card = page
    .locator("#tools")
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toHaveCount(1);
  // The list may render the search's answer twice (a refetch as it settles): wait until the page is
  // quiet, so that the card handed back stays the one on screen.
  await page.waitForLoadState("networkidle");
  return card;
}

/** The two screens the customer's and the owner's journeys are each walked through on. */
export const SCREENS = [
  { name: "phone", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
] as const;

/** The navigation bar's menu button, shown instead of the links on a narrow screen. */
export const MENU_BUTTON = { name: /^(main )?menu$/i } as const;

const screenshotDir = path.join(import.meta.dirname, "screenshots");

/**
 * Saves a screenshot under e2e/screenshots/ so a person can look at each screen. A full-page one
 * scrolls through the page first so that lazily loaded images and sections are in the picture; not
 * with `scroll: false`, for a page without JavaScript (the scrolling runs in the page, and with scripting
 * off the browser loads lazy images at once anyway).
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  { fullPage = true, scroll }: { fullPage?: boolean; scroll?: boolean } = {},
) {
  if (scroll ?? fullPage) {
    await scrollThrough(page);
    await page.evaluate(() => {
      for (const image of document.querySelectorAll("img[loading='lazy']"))
        image.setAttribute("loading", "eager");
    });
  }
  // Every image in the picture has arrived (a viewport shot only needs the ones on screen).
  await expect
    .poll(() =>
      page.evaluate(
        (wholePage) =>
          [...document.images].every((image) => {
            const box = image.getBoundingClientRect();
            return image.complete || (!wholePage && (box.bottom < 0 || box.top > window.innerHeight));
          }),
        fullPage,
      ),
    )
    .toBe(true);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}

/**
 * Scrolls to the bottom a screen at a time, as a reader would, waits there until the parts this brought
 * in have loaded (their spinners, "Loading tools" and the like, are gone), then returns to the top.
 */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    // Two frames per position, so that the browser renders (and observes intersections) at each one.
    const nextFrames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y });
      await nextFrames();
    }
  });
  // Lazy parts download and render in parallel; a busy CI machine needs more than the default 5 s.
  await expect(page.getByRole("status", { name: /^Loading \S/ })).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

type Options = { allowBrowserErrors: boolean };

/**
 * Chromium logs the 404 of the page's own document. At a path where the app has no page that status
 * is meant (the server says "not found" to crawlers, the app shows its not-found page): no error.
 */
function isNotFoundDocument(page: Page, url: string, text: string): boolean {
  return url === page.url() && text.includes("status of 404") && !isPagePath(new URL(url).pathname);
}

/**
 * Fails a test when the page throws or logs an error (a blocked inline script, a failed request, a
 * React warning), unless the spec expects errors and sets `allowBrowserErrors`.
 */
export const test = base.extend<Options & { browserErrors: string[] }>({
  allowBrowserErrors: [false, { option: true }],
  browserErrors: [
    async ({ page, allowBrowserErrors }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const { url } = message.location();
        if (url && isNotFoundDocument(page, url, message.text())) return;
        errors.push(url ? `${message.text()} (${url})` : message.text());
      });
      await use(errors);
      if (!allowBrowserErrors) expect(errors, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
