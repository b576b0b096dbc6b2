import type { Database } from "@toolshop/db/client";
import { orderLines, orders } from "@toolshop/db/schema";
import { reservationEndsAt } from "@toolshop/shared/order-lifecycle";
import { formatOrderNumber, type Order, type OrderLine } from "@toolshop/shared/orders";
import { type TaxAmounts, type TaxBreakdown, taxBreakdown } from "@toolshop/shared/tax";
import { asc, inArray } from "drizzle-orm";
import { minorToAmount } from "../../lib/money";
import { documentsOfOrders, NO_DOCUMENTS, type OrderDocuments } from "../invoices/documents";
import type { OrderLineRow, OrderRow } from "./row-types";

/** The columns an order's API view reads: lists select these, not the whole row. */
export const orderViewColumns = {
  id: orders.id,
  number: orders.number,
  address: orders.address,
  phone: orders.phone,
  email: orders.email,
  totalCents: orders.totalCents,
  status: orders.status,
  transactionId: orders.transactionId,
  createdAt: orders.createdAt,
  cancelReason: orders.cancelReason,
  taxRatePercent: orders.taxRatePercent,
  pricesIncludeTax: orders.pricesIncludeTax,
  quoteId: orders.quoteId,
  shippingName: orders.shippingName,
  shippingPickup: orders.shippingPickup,
  shippingCountry: orders.shippingCountry,
  shippingCents: orders.shippingCents,
};
export type OrderViewRow = Pick<OrderRow, keyof typeof orderViewColumns>;

/** What an order's API view needs beside its row (OrdersContext and app.config both have these). */
export interface OrderView {
  /** Lower-case ISO 4217 code; prices are stored in its minor units. */
  currency: string;
  /** How long an unpaid order holds its stock (UNPAID_ORDER_HOLD_MINUTES). */
  unpaidOrderHoldMinutes: number;
}

/** The lines of these orders, in one query, each order's in its placing order. */
export async function linesOfOrders(
  db: Pick<Database, "select">,
  orderIds: readonly string[],
): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...new Set(orderIds)]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** Orders as the API shows them, their lines read in one query. */
export async function toOrderResponses(
  db: Pick<Database, "select">,
  rows: readonly OrderViewRow[],
  view: OrderView,
): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  // Only an order that was paid has an invoice: an unpaid page asks for no documents.
  const invoiced = rows.filter((row) => row.status !== "unpaid" && row.transactionId).map((row) => row.id);
  const [lines, documents] = await Promise.all([linesOfOrders(db, ids), documentsOfOrders(db, invoiced)]);
  return rows.map((row) =>
    toOrderResponse(row, lines.get(row.id) ?? [], view, documents.get(row.id) ?? NO_DOCUMENTS),
  );
}

/** One order as the API shows it, its lines read. */
export async function orderResponse(
  db: Pick<Database, "select">,
  row: OrderViewRow,
  view: OrderView,
): Promise<Order> {
  const [order] = await toOrderResponses(db, [row], view);
  if (!order) throw new Error("An order without its answer.");
  return order;
}

/**
 * A database row and its lines as the API shows them: the spec's field names, `_id`, money in currency
 * units. The spec's one-tool fields are derived from the lines (docs/api/orders-and-payment.md): the
 * tool, name, picture and unit price are the first line's, the quantity the sum of the lines' (the
 * same for one line), the price the order's total.
 */
export function toOrderResponse(
  row: OrderViewRow,
  lines: readonly OrderLineRow[],
  view: OrderView,
  documents: OrderDocuments = NO_DOCUMENTS,
): Order {
  const { currency } = view;
  const [first] = lines;
  if (!first) throw new Error(`The order ${row.id} has no lines.`);
  const breakdown = orderTaxBreakdown(row, lines);
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    toolId: first.toolId,
    name: first.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    image: first.image,
    price: minorToAmount(row.totalCents, currency),
    unitPrice: minorToAmount(first.unitPriceCents, currency),
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    // A shipped or delivered order has been paid too (a refunded one no longer is).
    paid: row.status === "paid" || row.status === "shipped" || row.status === "delivered",
    status: row.status,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    // Computed, not stored: the same rule expiry.ts applies, so the screen and the expiry agree.
    holdsUntil:
      row.status === "unpaid"
        ? reservationEndsAt(row.createdAt, view.unpaidOrderHoldMinutes).toISOString()
        : null,
    cancelReason: row.status === "cancelled" ? (row.cancelReason ?? null) : null,
    quoteId: row.quoteId,
    lines: lines.map((line, index) => toLineResponse(line, breakdown.lines[index] as TaxAmounts, currency)),
    shipping:
      row.shippingName === null
        ? null
        : {
            name: row.shippingName,
            pickup: row.shippingPickup,
            country: row.shippingCountry,
            charge: minorToAmount(row.shippingCents, currency),
            // The breakdown's last line: orderTaxBreakdown taxes the shipping after the lines.
            ...amounts(breakdown.lines[lines.length] as TaxAmounts, currency),
          },
    tax: {
      ratePercent: row.taxRatePercent,
      pricesIncludeTax: row.pricesIncludeTax,
      ...amounts(breakdown, currency),
    },
    invoiceNumber: documents.invoiceNumber,
    creditNotes: documents.creditNotes.map((note) => ({
      n: note.ordinal,
      number: note.number,
      issuedAt: note.issuedAt.toISOString(),
      amount: minorToAmount(note.grossCents, currency),
    })),
  };
}

/**
 * An order's net, tax and gross in minor units, per line and in total, at the rate it was placed with;
 * an order with shipping has its charge taxed as one more line of one unit, after the others. Its gross
 * is the order's total.
 */
export function orderTaxBreakdown(
  row: Pick<OrderViewRow, "taxRatePercent" | "pricesIncludeTax" | "shippingName" | "shippingCents">,
  lines: readonly Pick<OrderLineRow, "unitPriceCents" | "quantity">[],
): TaxBreakdown {
  const taxed = lines.map((line) => ({ unitPriceMinor: line.unitPriceCents, quantity: line.quantity }));
  if (row.shippingName !== null) taxed.push({ unitPriceMinor: row.shippingCents, quantity: 1 });
  return taxBreakdown(taxed, { ratePercent: row.taxRatePercent, pricesIncludeTax: row.pricesIncludeTax });
}

function amounts(taxed: TaxAmounts, currency: string): { net: number; tax: number; gross: number } {
  return {
    net: minorToAmount(taxed.netMinor, currency),
    tax: minorToAmount(taxed.taxMinor, currency),
    gross: minorToAmount(taxed.grossMinor, currency),
  };
}

function toLineResponse(line: OrderLineRow, taxed: TaxAmounts, currency: string): OrderLine {
  return {
    toolId: line.toolId,
    name: line.name,
    image: line.image,
    sku: line.sku,
    unitPrice: minorToAmount(line.unitPriceCents, currency),
    quantity: line.quantity,
    total: minorToAmount(line.totalCents, currency),
    refundedQuantity: line.refundedQuantity,
    ...amounts(taxed, currency),
  };
}
