// The API shows prices as decimal units of the shop's currency (the server's CURRENCY, usd by
// default), which main.tsx reads from the page's <meta name="shop-currency"> before the first render
// (features/storefront/shop-currency.ts calls setPriceCurrency).
// The formats are made on first use: the first Intl object of a page is slow to make (tens of ms on a
// phone), which would otherwise lengthen the evaluation of the home page's code before it can hydrate.
let currency = "USD";
let priceFormat: Intl.NumberFormat | undefined;
let countFormat: Intl.NumberFormat | undefined;

/** The shop's currency (ISO 4217) for every price formatted from now on. */
export function setPriceCurrency(code: string): void {
  const upper = code.toUpperCase();
  if (upper === currency) return;
  currency = upper;
  priceFormat = undefined;
}

export function formatPrice(price: number): string {
  priceFormat ??= new Intl.NumberFormat("en-US", { style: "currency", currency });
  return priceFormat.format(price);
}

export function formatCount(count: number): string {
  countFormat ??= new Intl.NumberFormat("en-US");
  return countFormat.format(count);
}

/**
 * Makes both formats while the page has nothing else to do. The first Intl object of a page takes
 * 15-20 ms on a desktop core (ICU's start-up), several times that on a phone; made by the first card's
 * price instead, it lengthened the render of the tools list into one long task.
 */
export function makeFormatsWhenIdle(): void {
  const make = () => {
    formatPrice(0);
    formatCount(0);
  };
  if (typeof requestIdleCallback === "function") requestIdleCallback(make, { timeout: 1000 });
  else setTimeout(make, 0);
}
