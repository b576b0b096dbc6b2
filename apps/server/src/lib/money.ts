// Money is stored in integer minor units (cents); the API shows it in currency units (1250 -> 12.5).
export function minorToAmount(minor: number, currency: string): number {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
  return minor / 10 ** (digits ?? 2);
}

/** The inverse of minorToAmount, rounded to whole minor units (12.5 -> 1250). */
export function amountToMinor(amount: number, currency: string): number {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
  return Math.round(amount * 10 ** (digits ?? 2));
}
