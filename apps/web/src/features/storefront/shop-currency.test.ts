import { afterEach, describe, expect, it } from "vitest";
import { formatPrice, setPriceCurrency } from "../../lib/format";
import { sendJson, startTestApi } from "../../test/http-test-server";
import { loadShopCurrency } from "./shop-currency";

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
