import { afterEach, describe, expect, it } from "vitest";
import { formatPrice, setPriceCurrency } from "../../lib/format";
import { sendJson, startTestApi } from "../../test/http-test-server";
import { applyShopCurrency, loadShopCurrency, readShopCurrency } from "./shop-currency";

describe("the shop's currency", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
    setPriceCurrency("USD");
  });

  async function serveShop(status: number, body: unknown) {
    const paths: string[] = [];
    const api = await startTestApi((request, response) => {
      paths.push(request.url ?? "");
      sendJson(response, status, body);
    });
    close = api.close;
    return paths;
  }

  /** A page as the server sends it: the currency's meta in its head (apps/server/src/plugins/web-app.ts). */
  function page(meta: string): Document {
    return new DOMParser().parseFromString(
      `<!doctype html><html><head><meta charset="UTF-8" />${meta}</head><body><div id="root"></div></body></html>`,
      "text/html",
    );
  }

  it("reads the currency the server wrote into the page, at once and without asking the API", async () => {
    const paths = await serveShop(200, { currency: "GBP" });
    const served = page('<meta name="shop-currency" content="EUR" />');
    expect(readShopCurrency(served)).toBe("EUR");
    // Synchronous: nothing to wait for, even where the development server would ask.
    expect(applyShopCurrency(served, true)).toBeUndefined();
    expect(formatPrice(1234.5)).toBe("€1,234.50");
    expect(paths).toEqual([]);
  });

  it("ignores a missing or malformed meta, and asks GET /api/shop only on the development server", async () => {
    for (const meta of [
      "",
      '<meta name="shop-currency" content="<script>" />',
      '<meta name="shop-currency" />',
    ]) {
      expect(readShopCurrency(page(meta)), meta).toBeUndefined();
    }
    const paths = await serveShop(200, { currency: "EUR" });
    expect(applyShopCurrency(page(""), false)).toBeUndefined();
    expect(formatPrice(2)).toBe("$2.00");
    expect(paths).toEqual([]);

    await applyShopCurrency(page(""), true);
    expect(paths).toEqual(["/api/shop"]);
    expect(formatPrice(2)).toBe("€2.00");
  });

  it("formats every price in the currency GET /api/shop names", async () => {
    const paths = await serveShop(200, { currency: "EUR" });
    expect(formatPrice(1234.5)).toBe("$1,234.50");
    await loadShopCurrency();
    expect(paths).toEqual(["/api/shop"]);
    expect(formatPrice(1234.5)).toBe("€1,234.50");
    setPriceCurrency("jpy");
    expect(formatPrice(1250)).toBe("¥1,250");
  });

  it("keeps USD when the server cannot say, without throwing", async () => {
    await serveShop(500, { statusCode: 500, error: "Internal Server Error", message: "Down." });
    await loadShopCurrency();
    expect(formatPrice(2)).toBe("$2.00");
    await close?.();
    close = undefined;
    await serveShop(200, { currency: "<script>" });
    await loadShopCurrency();
    expect(formatPrice(2)).toBe("$2.00");
  });
});
