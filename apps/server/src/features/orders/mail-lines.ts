// How the customer's mails name an order's tools: a one-line order as it always was ("4 x Pliers",
// a Tool and a Quantity row), an order of several lines with a row per line.
import type { Order } from "@toolshop/shared/orders";
import { showsTax, taxLabel } from "@toolshop/shared/tax";
import type { MailDetail } from "../../lib/email-layout";

/** "4 x Pliers", or "4 x Pliers and 2 more tools", for subjects. */
export function orderSummary(order: Order): string {
  const [first, ...others] = order.lines;
  if (!first || others.length === 0) return `${order.quantity} x ${order.name}`;
  return `${first.quantity} x ${first.name} and ${others.length} more ${others.length === 1 ? "tool" : "tools"}`;
}

/**
 * The order's tools as mail details. With `money`, a several-line order's rows carry each line's
 * total, and a one-line order's its unit price (as the confirmation mail always showed).
 */
export function lineDetails(order: Order, money?: Intl.NumberFormat): MailDetail[] {
  if (order.lines.length <= 1) {
    const details: MailDetail[] = [
      ["Tool", order.name],
      ["Quantity", String(order.quantity)],
    ];
    if (money) details.push(["Unit price", money.format(order.unitPrice)]);
    return details;
  }
  return order.lines.map((line, index): MailDetail => {
    const total = money ? ` (${money.format(line.total)})` : "";
    return [`Tool ${index + 1}`, `${line.quantity} x ${line.name}${total}`];
  });
}

/**
 * The order's amount: its shipping (decision 0067), then with tax charged its net and tax rows and the
 * total (the gross) under `totalLabel`; at a rate of 0 the total alone (decision 0041).
 */
export function amountDetails(order: Order, money: Intl.NumberFormat, totalLabel: string): MailDetail[] {
  const total: MailDetail = [totalLabel, money.format(order.price)];
  const shipping: MailDetail[] = order.shipping
    ? [
        [
          "Shipping",
          `${order.shipping.name} (${order.shipping.charge === 0 ? "free" : money.format(order.shipping.charge)})`,
        ],
      ]
    : [];
  if (!showsTax(order.tax)) return [...shipping, total];
  return [
    ...shipping,
    ["Net", money.format(order.tax.net)],
    [taxLabel(order.tax), money.format(order.tax.tax)],
    total,
  ];
}
