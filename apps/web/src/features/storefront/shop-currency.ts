import type { Shop } from "@toolshop/shared/tools";
import { apiRequest } from "../../lib/api-client";
import { setPriceCurrency } from "../../lib/format";

/** The first render waits this long at most; after it, prices show in the default currency (USD). */
const SHOP_WAIT_MS = 4000;

/**
 * Asks the server which currency the shop sells in (GET /api/shop) and formats every price in it.
 * main.tsx awaits this before the first render, so that no price is ever shown in the wrong currency;
 * it runs alongside the download of the first page's code. It never rejects.
 */
export async function loadShopCurrency(): Promise<void> {
  try {
    const shop = await apiRequest<Shop>("/shop", {
      withoutAccessToken: true,
      signal: AbortSignal.timeout(SHOP_WAIT_MS),
    });
    // Checked by hand: zod would add its weight to the entry chunk that every page loads.
    if (typeof shop?.currency === "string" && /^[A-Za-z]{3}$/.test(shop.currency)) {
      setPriceCurrency(shop.currency);
    }
  } catch {
    // The pages show their own errors when the API cannot be reached; their prices stay in USD.
  }
}
