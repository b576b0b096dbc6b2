// Sales tax on an order's lines (issue 50, decision 0041). Pure arithmetic in integer minor units.
//
// The rounding rule: each line is rounded once, to a whole minor unit, half away from zero (half up:
// amounts are never negative), and a total is the sum of its lines. So the lines always add up to the
// totals exactly, on the receipt, the invoice and a credit note alike; the total's tax may differ from
// the rate applied to the total's net by at most half a minor unit per line.
// - Prices without tax (pricesIncludeTax false): net = unit × quantity, tax = round(net × rate / 100),
//   gross = net + tax.
// - Prices with tax (pricesIncludeTax true): gross = unit × quantity, net = round(gross × 100 / (100 +
//   rate)), tax = gross − net. The customer pays the shelf price; the tax is carved out of it.
// The rate is a percent with at most three decimals (8.875); it is held as a whole number of
// thousandths of a percent so that no floating-point error reaches a rounding decision.

/** The highest rate the shop accepts, in percent. */
export const MAX_TAX_RATE_PERCENT = 100;
/** Decimals a rate may have: 8.875 %. */
export const TAX_RATE_DECIMALS = 3;
const RATE_SCALE = 10 ** TAX_RATE_DECIMALS;

/** The tax in force: a percent (0 to 100, at most three decimals) and whether prices already hold it. */
export interface TaxRule {
  ratePercent: number;
  pricesIncludeTax: boolean;
}

/** A line to tax: its unit price in minor units (cents) and how many. */
export interface TaxLineInput {
  unitPriceMinor: number;
  quantity: number;
}

/** Amounts in minor units; net + tax = gross always. */
export interface TaxAmounts {
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

/** Each line's amounts, in the order given, and their sums. */
export interface TaxBreakdown extends TaxAmounts {
  lines: TaxAmounts[];
}

/** The rate in thousandths of a percent (8.875 → 8875); throws for a rate outside the rule. */
export function taxRateThousandths(ratePercent: number): number {
  const scaled = Math.round(ratePercent * RATE_SCALE);
  if (
    !Number.isFinite(ratePercent) ||
    scaled < 0 ||
    scaled > MAX_TAX_RATE_PERCENT * RATE_SCALE ||
    Math.abs(scaled - ratePercent * RATE_SCALE) > 1e-6
  ) {
    throw new RangeError(`A tax rate is 0 to 100 percent with at most three decimals, not ${ratePercent}.`);
  }
  return scaled;
}

/** numerator / denominator rounded half up, both non-negative. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function wholeMinor(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole non-negative number, not ${value}.`);
  }
  return BigInt(value);
}

/** One line's net, tax and gross in minor units, rounded by the rule above. */
export function taxLine(line: TaxLineInput, rule: TaxRule): TaxAmounts {
  const amount = wholeMinor(line.unitPriceMinor, "A unit price") * wholeMinor(line.quantity, "A quantity");
  const rate = BigInt(taxRateThousandths(rule.ratePercent));
  const hundred = BigInt(100 * RATE_SCALE);
  if (rule.pricesIncludeTax) {
    const net = divideRoundingHalfUp(amount * hundred, hundred + rate);
    return { netMinor: Number(net), taxMinor: Number(amount - net), grossMinor: Number(amount) };
  }
  const tax = divideRoundingHalfUp(amount * rate, hundred);
  return { netMinor: Number(amount), taxMinor: Number(tax), grossMinor: Number(amount + tax) };
}

/** Every line taxed by the rule, and the totals as the sums of the lines. */
export function taxBreakdown(lines: readonly TaxLineInput[], rule: TaxRule): TaxBreakdown {
  const taxed = lines.map((line) => taxLine(line, rule));
  const sum = (pick: (amounts: TaxAmounts) => number) => {
    const total = taxed.reduce((subtotal, line) => subtotal + pick(line), 0);
    if (!Number.isSafeInteger(total))
      throw new RangeError("The lines' amounts are too large to add up exactly.");
    return total;
  };
  return {
    netMinor: sum((line) => line.netMinor),
    taxMinor: sum((line) => line.taxMinor),
    grossMinor: sum((line) => line.grossMinor),
    lines: taxed,
  };
}

/**
 * The share of a line's amounts that `count` more units take once `already` units are counted (a refund
 * of some units, its credit note): the line taxed at already + count units less the line at already. So
 * a line refunded in parts adds up to the whole line exactly, cent for cent.
 */
export function taxOfUnits(
  unitPriceMinor: number,
  already: number,
  count: number,
  rule: TaxRule,
): TaxAmounts {
  const before = taxLine({ unitPriceMinor, quantity: already }, rule);
  const after = taxLine({ unitPriceMinor, quantity: already + count }, rule);
  return {
    netMinor: after.netMinor - before.netMinor,
    taxMinor: after.taxMinor - before.taxMinor,
    grossMinor: after.grossMinor - before.grossMinor,
  };
}

const percent = new Intl.NumberFormat("en-US", { maximumFractionDigits: TAX_RATE_DECIMALS });

/**
 * The tax row's label wherever an amount is broken down (cart, checkout, order page, receipt, mails):
 * "Tax 8.875%", or "Tax 20% included" when the prices held it. A rate of 0 shows no tax rows at all.
 */
export function taxLabel(rule: TaxRule): string {
  return `Tax ${percent.format(rule.ratePercent)}%${rule.pricesIncludeTax ? " included" : ""}`;
}

/** Whether an amount shows its net and tax rows: only when tax was charged (a rate above 0). */
export function showsTax(rule: TaxRule): boolean {
  return rule.ratePercent > 0;
}
