// Prices by quantity (issue 49): a tool's price breaks and the one rule that turns them into the unit
// price of a quantity. No zod here: the cart and product screens import it, and the server prices
// orders with it, so what the customer is shown is what the order charges.

/** From `minQuantity` units up, each unit costs `unitPrice` (in the same units as the list price). */
export interface PriceBreak {
  minQuantity: number;
  unitPrice: number;
}

/** The most price breaks one tool may have. */
export const MAX_PRICE_BREAKS = 10;

/**
 * The unit price of `quantity` units: the lowest of the list price and every break the quantity reaches.
 * Validated breaks fall as quantities rise, so that is the last break reached; taking the lowest keeps
 * the answer right (never above the list price, never rising with the quantity) whatever order the
 * breaks come in. Works in any unit (currency amounts on the web, minor units on the server).
 */
export function unitPriceFor(listPrice: number, breaks: readonly PriceBreak[], quantity: number): number {
  let best = listPrice;
  for (const priceBreak of breaks) {
    if (quantity >= priceBreak.minQuantity && priceBreak.unitPrice < best) best = priceBreak.unitPrice;
  }
  return best;
}

/** Whole cents: 12.5 and 12.49, not 12.499 (with a tolerance for binary fractions). */
export function isWholeCents(amount: number): boolean {
  return Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}
