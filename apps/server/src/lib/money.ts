// Money is stored in integer minor units (cents); the API shows it in currency units (1250 -> 12.5).
export function minorToAmount(minor: number, currency: string): number {
  return minor / minorUnitsPerAmount(currency);
}

/** The inverse of minorToAmount, rounded to whole minor units (12.5 -> 1250). */
export function amountToMinor(amount: number, currency: string): number {
  return Math.round(amount * minorUnitsPerAmount(currency));
}

/**
 * A currency's formatter, built once per locale and currency: a NumberFormat costs tens of
 * microseconds to build. A page of orders converts two prices per order (the profile of My orders at
 * the large size showed building them at a sixth of the server's CPU), and every paid order's
 * confirmation mail formats three (a fifteenth of a payment's).
 */
const formats = new Map<string, Intl.NumberFormat>();
export function currencyFormat(currency: string, locale = "en"): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formats.set(key, format);
  }
  return format;
}

/** 100 for USD, 1 for JPY, 1000 for KWD: once per currency (resolvedOptions() is not cheap either). */
const unitsPerCurrency = new Map<string, number>();
function minorUnitsPerAmount(currency: string): number {
  let units = unitsPerCurrency.get(currency);
  if (units === undefined) {
    units = 10 ** (currencyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2);
    unitsPerCurrency.set(currency, units);
  }
  return units;
}

/** Minor units as a plain decimal with the currency's digits, for files (1250 USD -> "12.50"). */
export function minorToFixed(minor: number, currency: string): string {
  const units = minorUnitsPerAmount(currency);
  return (minor / units).toFixed(Math.round(Math.log10(units)));
}
