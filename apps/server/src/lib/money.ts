// Money is stored in integer minor units (cents); the API shows it in currency units (1250 -> 12.5).
export function minorToAmount(minor: number, currency: string): number {
  return minor / minorUnitsPerAmount(currency);
}

/** The inverse of minorToAmount, rounded to whole minor units (12.5 -> 1250). */
export function amountToMinor(amount: number, currency: string): number {
  return Math.round(amount * minorUnitsPerAmount(currency));
}

/**
 * 100 for USD, 1 for JPY, 1000 for KWD: from Intl, once per currency. A NumberFormat costs tens of
 * microseconds to build, and a page of orders converts two prices per order (the profile of My orders
 * at the large size showed it at a sixth of the server's CPU).
 */
const unitsPerCurrency = new Map<string, number>();
function minorUnitsPerAmount(currency: string): number {
  let units = unitsPerCurrency.get(currency);
  if (units === undefined) {
    const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits;
    units = 10 ** (digits ?? 2);
    unitsPerCurrency.set(currency, units);
  }
  return units;
}
