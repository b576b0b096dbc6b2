// Shipping costs (issue 62, decision 0067): the owner adds a shipping method at /dashboard/shipping; a
// customer's checkout offers it beside the others with its charge, the total includes the one chosen,
// and the order page lists it. On a shop of its own (its own server and data), since a shop with
// shipping methods asks every checkout to choose one, which the other specs' checkouts do not.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, request } from "@playwright/test";
import { launchServer, type ServerProcess, stopServer } from "../apps/server/src/testing/launch-server.mjs";
import { findLinkInOutbox, logIn, newAccount, signUp, toast } from "./accounts-fixtures";
import { expect, SCREENS, saveScreenshot, test } from "./fixtures";
import { expectNoSidewaysScroll, openCheckout, PHONE, seriousViolations } from "./orders-fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 30;
const baseURL = `http://127.0.0.1:${PORT}`;
const OWNER = { name: "Shipping Owner", email: "shipping.owner@example.com", password: "owner2024shipping" };
const serverEntry = path.join(import.meta.dirname, "..", "apps", "server", "dist", "server.js");

let server: ServerProcess | undefined;
let dataDir = "";
let owner: APIRequestContext | undefined;

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "toolshop-shipping-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    // The address the browser uses: cookies and trusted origins depend on it (as e2e/start-server.mjs).
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: OWNER.email,
    RATE_LIMIT_FACTOR: "100",
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  server = await launchServer({ entry: serverEntry, env, readyPath: "/api/tools" });
  // The owner proves the address in the session that signed up, as the shared admin does.
  owner = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await owner.post("/api/auth/sign-up/email", { data: OWNER })).ok()).toBe(true);
  const signIn = await owner.post("/api/auth/sign-in/email", {
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(signIn.ok()).toBe(true);
  const outbox = path.join(dataDir, "mail");
  await expect.poll(() => findLinkInOutbox(OWNER.email, "/api/auth/verify-email", outbox)).toBeTruthy();
  const link = new URL(findLinkInOutbox(OWNER.email, "/api/auth/verify-email", outbox) ?? "");
  expect((await owner.get(link.pathname + link.search, { maxRedirects: 0 })).status()).toBeLessThan(400);
});

test.afterAll(async () => {
  await owner?.dispose();
  if (server) await stopServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test("the owner adds a shipping method, and a customer chooses it at checkout and sees it on the order", async ({
      browser,
      page,
    }) => {
      const express = `Express ${screen.name}`;
      const ownerPage = await browser.newContext({ ...screen.use, baseURL });
      const shop = await ownerPage.newPage();
      await logIn(shop, OWNER);
      await shop.goto("/dashboard/shipping");
      const form = shop.getByRole("form", { name: "Add a shipping method" });
      await form.getByRole("textbox", { name: "Name" }).fill(express);
      await form.getByRole("textbox", { name: /^Note/ }).fill("Next working day");
      await form.getByRole("textbox", { name: "Price" }).fill("9.95");
      await form.getByRole("textbox", { name: /^Free from/ }).fill("1000");
      await form.getByRole("button", { name: "Add the method" }).click();
      await expect(toast(shop, `${express} was added.`)).toBeVisible();
      const listed = shop.getByRole("article", { name: express });
      await expect(listed).toContainText("$9.95");
      await expect(listed).toContainText("Free from$1,000.00");
      await saveScreenshot(shop, `shipping-owner-${screen.name}`);
      expect(await seriousViolations(shop)).toEqual([]);
      await ownerPage.close();

      const customer = newAccount(`shipping-${screen.name}`);
      await signUp(page, customer);
      await openCheckout(page, "Pliers");
      const main = page.getByRole("main");
      await main.getByLabel("Address").fill("1 Forge Lane\nSheffield");
      await main.getByRole("textbox", { name: "Phone" }).fill(PHONE);
      const methods = main.getByRole("group", { name: "Shipping" });
      // Placed without a method, the form asks for one.
      await main.getByRole("button", { name: "Place the order" }).click();
      await expect(methods.getByText("Choose how the order is shipped")).toBeVisible();
      await methods.getByRole("radio", { name: new RegExp(`^${express}`) }).check();
      const quantity = Number(await main.getByLabel(/Quantity/).inputValue());
      const total = (quantity * 12.5 + 9.95).toLocaleString("en-US", { style: "currency", currency: "USD" });
      await expect(main.getByText(`Total ${total}`)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `shipping-checkout-${screen.name}`);
      await main.getByRole("button", { name: "Place the order" }).click();
      await expect(toast(page, "order is placed go to my order")).toBeVisible();

      await page.goto("/dashboard");
      await page
        .getByRole("link", { name: /^Order details and receipt/ })
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: /^Order TS-\d{6,}$/ })).toBeVisible();
      await expect(main.getByRole("row", { name: `Shipping: ${express} $9.95` })).toBeVisible();
      await expect(main.getByRole("row", { name: `Order total ${total}` })).toBeVisible();
      await saveScreenshot(page, `shipping-order-page-${screen.name}`);
    });
  });
}
