import { formatPrice } from "../lib/format";

/**
 * An amount of money in the shop's currency, as every screen shows one. It never breaks across lines:
 * the page lets long words break anywhere (index.css), which split "$1,068.00" into "$1,068.0" and "0"
 * in a narrow column; an amount is read as one figure, so it moves to the next line whole.
 */
export function Money({ amount }: { amount: number }) {
  return <span className="whitespace-nowrap">{formatPrice(amount)}</span>;
}
