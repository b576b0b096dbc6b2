#!/usr/bin/env node
// The dashboard screens at the large size in Chromium: how long from the navigation to the list's first
// row on screen. The built server runs on a clone of the large template; the admin (the generator's
// user 1) and the customer with 1,000 orders (user 2) sign up through the identity service with their
// seeded emails (then the login form), so the shop rows they get are the seeded ones. Each screen is
// opened by URL three times in the same signed-in browser context: the first with the screen's code
// not yet in the HTTP cache (the login page loaded the app's main bundle), then twice with it warm. The time is the page's own clock (performance.now(), from the
// navigation's start) when a MutationObserver first sees the row attached and visible.
//   node bench/screens.mjs [--reuse-seed] [--tools N --users N --orders N --reviews N]
import { randomBytes } from "node:crypto";
import { chromium } from "@playwright/test";
import { BENCH_ADMIN_EMAIL, BENCH_CUSTOMER_EMAIL, templateFromCommandLine } from "./large-data.mjs";
import { ensureSnapshot, isMain, round, scratchPostgres, startServer } from "./lib.mjs";
import { median } from "./proc.mjs";

/** issue 13: content visible within a second. */
export const SCREEN_TARGET_MS = 1000;
const LOADS = 3;
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const PASSWORD = "benchPassword1";

/** Each screen, who opens it, and its list's first row (the markup of its feature's component). */
const SCREENS = [
  { name: "All users", path: "/dashboard/alluser", as: "admin", row: "table tbody tr" },
  {
    name: "Manage Orders",
    path: "/dashboard/manageorders",
    as: "admin",
    row: 'ul[aria-label="Orders"] > li',
  },
  {
    name: "Manage Products",
    path: "/dashboard/manageproducts",
    as: "admin",
    row: 'ul[aria-label="Products"] > li',
  },
  {
    name: "Review moderation",
    path: "/dashboard/reviews",
    as: "admin",
    row: 'ul[aria-label="Reviews"] > li',
  },
  {
    name: "Quote requests",
    path: "/dashboard/quote-requests",
    as: "admin",
    row: 'ul[aria-label="Quote requests"] > li',
  },
  { name: "My orders", path: "/dashboard", as: "customer", row: "ul > li > article" },
];

/** Records when the first element matching the selector is attached and visible (page's clock). */
function watchFirstRow(selector) {
  const look = () => {
    const row = document.querySelector(selector);
    if (row?.checkVisibility()) {
      window.__firstRowAt = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (look()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

export async function screens(template) {
  ensureSnapshot();
  const scratch = await scratchPostgres("screens", { template: template.name });
  let server;
  let browser;
  try {
    server = await startServer({ databaseUrl: scratch.url });
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
    const contexts = {
      admin: await signedIn(browser, server.base, BENCH_ADMIN_EMAIL),
      customer: await signedIn(browser, server.base, BENCH_CUSTOMER_EMAIL),
    };
    const results = {};
    for (const screen of SCREENS) {
      const context = contexts[screen.as];
      const loads = [];
      for (let load = 0; load < LOADS; load++) loads.push(await openScreen(context, server.base, screen));
      const slowest = Math.max(...loads.map((entry) => entry.firstRowMs));
      results[screen.name] = {
        path: screen.path,
        as:
          screen.as === "admin"
            ? `admin (${BENCH_ADMIN_EMAIL})`
            : `customer with 1,000 orders (${BENCH_CUSTOMER_EMAIL})`,
        firstRowSelector: screen.row,
        coldMs: loads[0].firstRowMs,
        warmMedianMs: round(median(loads.slice(1).map((entry) => entry.firstRowMs))),
        slowestMs: slowest,
        withinTarget: slowest <= SCREEN_TARGET_MS,
        loads,
      };
    }
    for (const context of Object.values(contexts)) await context.close();
    return {
      command: "node bench/screens.mjs",
      browser: `Chromium ${browser.version()} (/usr/bin/chromium, ${CHROMIUM_ARGS.join(" ")}), 1280x800`,
      measures: `navigation start to the first row attached and visible, page clock; ${LOADS} loads per screen by URL in one signed-in context (the first with the screen's code not yet cached)`,
      targetMs: SCREEN_TARGET_MS,
      screens: results,
      serverMemory: server.memory(),
    };
  } finally {
    await browser?.close();
    await server?.stop();
    await scratch.drop();
  }
}

/**
 * A browser context signed in as the seeded user with this email: an identity account made through
 * the API, then the login form, as a person signs in (the app keeps the access token it gets).
 */
async function signedIn(browser, base, email) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const response = await context.request.post("/api/auth/sign-up/email", {
    headers: { origin: base },
    data: { name: `Bench ${randomBytes(2).toString("hex")}`, email, password: PASSWORD },
  });
  if (!response.ok())
    throw new Error(`sign-up of ${email} failed: ${response.status()} ${await response.text()}`);
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
  await page.close();
  return context;
}

async function openScreen(context, base, screen) {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchFirstRow, screen.row);
    const started = performance.now();
    await page.goto(`${base}${screen.path}`, { waitUntil: "commit" });
    await page.waitForFunction(() => window.__firstRowAt !== undefined, undefined, { timeout: 30_000 });
    const wallMs = performance.now() - started;
    const firstRowMs = await page.evaluate(() => window.__firstRowAt);
    return { firstRowMs: round(firstRowMs), wallClockMs: round(wallMs) };
  } catch (error) {
    const text = await page
      .locator("main")
      .innerText()
      .catch(() => "");
    throw new Error(
      `${screen.name}: no first row (${error.message.split("\n")[0]}); the page shows: ${text.slice(0, 300)}`,
    );
  } finally {
    await page.close();
  }
}

if (isMain(import.meta.url)) {
  console.log(JSON.stringify(await screens(await templateFromCommandLine()), null, 2));
}
