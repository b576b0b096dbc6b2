// Money is stored in integer minor units (cents); the API shows it in currency units (1250 -> 12.5).
export function minorToAmount(minor: number, currency: string): number {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
  return minor / 10 ** (digits ?? 2);
}
