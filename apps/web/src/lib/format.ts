// The server's CURRENCY defaults to usd; the API shows prices as decimal currency units.
// The formats are made on first use: the first Intl object of a page is slow to make (tens of ms on a
// phone), which would otherwise lengthen the evaluation of the home page's code before it can hydrate.
let priceFormat: Intl.NumberFormat | undefined;
let countFormat: Intl.NumberFormat | undefined;

export function formatPrice(price: number): string {
  priceFormat ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return priceFormat.format(price);
}

export function formatCount(count: number): string {
  countFormat ??= new Intl.NumberFormat("en-US");
  return countFormat.format(count);
}
