// Net, tax and total of an amount, the same on the cart, the checkouts and the receipt (decision 0041).
import { showsTax, type TaxRule, taxBreakdown, taxLabel } from "@toolshop/shared/tax";
import { Money } from "./money";

/** An amount broken down, in currency units. */
export interface TaxedTotal extends TaxRule {
  net: number;
  tax: number;
  gross: number;
}

/**
 * What a cart or checkout will cost at the tax in force: the server's own rounding (per line, in cents),
 * so the preview matches the order it places to the cent. Without a rule yet (loading), no tax.
 */
export function previewTax(
  lines: readonly { price: number; quantity: number }[],
  rule: TaxRule | undefined,
): TaxedTotal {
  const applied = rule ?? { ratePercent: 0, pricesIncludeTax: false };
  const taxed = taxBreakdown(
    lines.map((line) => ({ unitPriceMinor: Math.round(line.price * 100), quantity: line.quantity })),
    applied,
  );
  return { ...applied, net: taxed.netMinor / 100, tax: taxed.taxMinor / 100, gross: taxed.grossMinor / 100 };
}

/**
 * The net and tax rows above a total, when tax is charged; nothing at a rate of 0, so a shop without
 * tax shows its total alone as it always did.
 */
export function TaxRows({ total, className = "" }: { total: TaxedTotal; className?: string }) {
  if (!showsTax(total)) return null;
  return (
    <dl className={`grid grid-cols-[auto_auto] justify-start gap-x-4 text-sm ${className}`}>
      <dt>Net</dt>
      <dd className="text-right">
        <Money amount={total.net} />
      </dd>
      <dt>{taxLabel(total)}</dt>
      <dd className="text-right">
        <Money amount={total.tax} />
      </dd>
    </dl>
  );
}
