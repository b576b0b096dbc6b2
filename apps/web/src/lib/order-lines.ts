import type { Order, OrderLine } from "@toolshop/shared/orders";
import { type TaxRule, taxOfUnits } from "@toolshop/shared/tax";
import { formatCount } from "./format";

/**
 * An order named in a few words: a one-line order by its tool, as always; one of several lines by its
 * first tool and how many more ("Cart Clamp and 1 more tool"). The full list is on the order's page.
 */
export function orderTitle(order: Pick<Order, "name" | "lines">): string {
  const more = order.lines.length - 1;
  if (more < 1) return order.name;
  return `${order.name} and ${formatCount(more)} more ${more === 1 ? "tool" : "tools"}`;
}

/** Units of a line not refunded yet: what the owner can still refund. */
export const unitsLeft = (line: OrderLine): number => line.quantity - line.refundedQuantity;

/** Money in cents, so that sums of prices add up exactly (0.1 + 0.2 is not 0.3 in floating point). */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * What refunding these units of each line gives back, tax included at the order's rate: each line's
 * share of its gross after the units `already` counted (by default those refunded before), as the
 * server computes it (decision 0041).
 */
export function refundAmount(
  rule: TaxRule,
  lines: readonly OrderLine[],
  units: (line: OrderLine) => number,
  already: (line: OrderLine) => number = (line) => line.refundedQuantity,
): number {
  const total = lines.reduce(
    (sum, line) => sum + taxOfUnits(cents(line.unitPrice), already(line), units(line), rule).grossMinor,
    0,
  );
  return total / 100;
}

/**
 * Every line in words, "4 × Cart Clamp, 3 × Cart Meter"; a one-line order reads "20 × Pliers", as
 * always. A quote's lines read the same.
 */
export function linesInWords(order: { lines: readonly Pick<OrderLine, "name" | "quantity">[] }): string {
  return order.lines.map((line) => `${formatCount(line.quantity)} × ${line.name}`).join(", ");
}
