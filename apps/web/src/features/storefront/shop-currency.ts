import type { Shop } from "@toolshop/shared/tools";
import { apiRequest } from "../../lib/api-client";
import { setPriceCurrency } from "../../lib/format";

/**
 * The `<meta>` the server writes into every page it sends (apps/server/src/plugins/web-app.ts, and the
 * server-rendered product pages) with the shop's currency.
 */
export const SHOP_CURRENCY_META = "shop-currency";

/** Vite's development server sends index.html as it is: without the meta. It waits this long at most. */
const SHOP_WAIT_MS = 4000;

const isCurrencyCode = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Za-z]{3}$/.test(value);

/** The shop's currency as the page carries it, or undefined when it does not say. */
export function readShopCurrency(page: Pick<Document, "querySelector"> = document): string | undefined {
  const content = page.querySelector(`meta[name="${SHOP_CURRENCY_META}"]`)?.getAttribute("content");
  return isCurrencyCode(content) ? content : undefined;
}

/**
 * Formats every price in the shop's currency from now on. The page says it, so main.tsx renders at once:
 * undefined is answered. Only a page without it (the development server's) asks GET /api/shop, and
 * answers a promise for main.tsx to wait on before the first render, so that no price shows in the
 * wrong currency. In a build, such a page keeps USD rather than wait for a round trip.
 */
export function applyShopCurrency(
  page: Pick<Document, "querySelector"> = document,
  isDevServer: boolean = import.meta.env.DEV,
): Promise<void> | undefined {
  const currency = readShopCurrency(page);
  if (currency) {
    setPriceCurrency(currency);
    return undefined;
  }
  return isDevServer ? loadShopCurrency() : undefined;
}

/** Asks the server which currency the shop sells in (GET /api/shop). It never rejects. */
export async function loadShopCurrency(): Promise<void> {
  try {
    const shop = await apiRequest<Shop>("/shop", {
      withoutAccessToken: true,
      signal: AbortSignal.timeout(SHOP_WAIT_MS),
    });
    // Checked by hand: zod would add its weight to the entry chunk that every page loads.
    if (isCurrencyCode(shop?.currency)) setPriceCurrency(shop.currency);
  } catch {
    // The pages show their own errors when the API cannot be reached; their prices stay in USD.
  }
}
