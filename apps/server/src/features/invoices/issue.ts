// Issuing an order's invoice when it is paid, and a credit note for each refund (issue 50, decision
// 0042). Both run inside the transaction that pays or refunds, so an order is never paid without its
// invoice, nor refunded without its credit note. The snapshot holds everything the PDF prints.
import type { Database } from "@toolshop/db/client";
import { orderLines, taxDocuments, users } from "@toolshop/db/schema";
import { formatOrderNumber } from "@toolshop/shared/orders";
import { type TaxRule, taxBreakdown } from "@toolshop/shared/tax";
import { and, asc, eq, sql } from "drizzle-orm";
import type { OrderLineRow, OrderRow } from "../orders/row-types";
import { insertTaxDocument, seriesPrefix } from "./series";
import type { DocumentLine, TaxDocumentSnapshot } from "./snapshot";

/** What issuing needs from the configuration (env.ts). */
export interface InvoiceSettings {
  invoicePrefix: string;
  seller: { name: string; addressLines: readonly string[]; taxId?: string | undefined };
  /** Lower-case ISO 4217 code. */
  currency: string;
}

/** A line to put on a document: the order's line and how many of its units. */
export interface LineToDocument {
  line: Pick<OrderLineRow, "toolId" | "name" | "sku" | "unitPriceCents">;
  quantity: number;
}

/**
 * An order's shipping as a document's line of one unit, after the tools (decision 0067): the invoice
 * prints it, and a whole refund's credit note gives it back. None for an order placed without one.
 */
export function shippingDocumentLine(
  order: Pick<OrderRow, "shippingName" | "shippingCents">,
): LineToDocument | undefined {
  if (order.shippingName === null) return undefined;
  return {
    line: {
      toolId: null,
      name: `Shipping: ${order.shippingName}`,
      sku: null,
      unitPriceCents: order.shippingCents,
    },
    quantity: 1,
  };
}

function documentLines(lines: readonly LineToDocument[], rule: TaxRule) {
  const breakdown = taxBreakdown(
    lines.map(({ line, quantity }) => ({ unitPriceMinor: line.unitPriceCents, quantity })),
    rule,
  );
  const documented = lines.map(({ line, quantity }, index): DocumentLine => {
    const amounts = breakdown.lines[index] ?? { netMinor: 0, taxMinor: 0, grossMinor: 0 };
    return {
      toolId: line.toolId,
      name: line.name,
      sku: line.sku,
      quantity,
      unitPriceCents: line.unitPriceCents,
      netCents: amounts.netMinor,
      taxCents: amounts.taxMinor,
      grossCents: amounts.grossMinor,
    };
  });
  const totals = {
    netCents: breakdown.netMinor,
    taxCents: breakdown.taxMinor,
    grossCents: breakdown.grossMinor,
  };
  return { lines: documented, totals };
}

/** The transaction's time (now() is the same for all its statements). */
async function transactionTime(tx: Database): Promise<Date> {
  const [row] = await tx.select({ now: sql<string>`now()` }).from(sql`(select 1) as one`);
  return new Date(row?.now ?? Date.now());
}

/**
 * The order's lines and its buyer's name (the account's display name) in one query: every order has a
 * line, so each row carries the name.
 */
export async function linesAndBuyerName(tx: Database, order: OrderRow): Promise<PaidOrderContents> {
  const rows = await tx
    .select({ line: orderLines, buyerName: users.displayName })
    .from(orderLines)
    .innerJoin(users, eq(users.id, order.userId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return { lines: rows.map((row) => row.line), buyerName: rows[0]?.buyerName?.trim() || null };
}

function sellerOf(settings: InvoiceSettings): TaxDocumentSnapshot["seller"] {
  const { name, addressLines, taxId } = settings.seller;
  return { name, addressLines: [...addressLines], taxId: taxId ?? null };
}

/** What an invoice lists of a paid order: its lines and its buyer's name (linesAndBuyerName). */
export interface PaidOrderContents {
  lines: OrderLineRow[];
  buyerName: string | null;
}

/**
 * The invoice of an order that has just become paid in `tx`, dated when it was paid, with every line
 * as it was ordered. Answers its number.
 */
export async function issueInvoice(
  tx: Database,
  settings: InvoiceSettings,
  order: OrderRow,
  { lines, buyerName }: PaidOrderContents,
): Promise<string> {
  const issuedAt = order.paidAt ?? (await transactionTime(tx));
  // The rule the order was placed and charged under (decision 0041), not today's TAX_RATE.
  const rule: TaxRule = { ratePercent: order.taxRatePercent, pricesIncludeTax: order.pricesIncludeTax };
  const shipping = shippingDocumentLine(order);
  const { lines: documented, totals } = documentLines(
    [...lines.map((line) => ({ line, quantity: line.quantity })), ...(shipping ? [shipping] : [])],
    rule,
  );
  const snapshot: TaxDocumentSnapshot = {
    version: 1,
    kind: "invoice",
    issuedAt: issuedAt.toISOString(),
    corrects: null,
    orderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    currency: settings.currency,
    paymentId: order.transactionId,
    seller: sellerOf(settings),
    buyer: {
      name: buyerName,
      company: order.buyerCompany,
      taxId: order.buyerTaxId,
      email: order.email,
      address: order.address,
    },
    tax: rule,
    lines: documented,
    totals,
  };
  const { number } = await insertTaxDocument(tx, {
    kind: "invoice",
    prefix: seriesPrefix("invoice", settings.invoicePrefix),
    orderId: order.id,
    ordinal: 0,
    correctsId: null,
    issuedAt,
    snapshot,
    grossCents: totals.grossCents,
  });
  return number;
}

/**
 * The credit note for units refunded from an invoiced order, in `tx` (which holds the order's row
 * lock, so the order's credit notes are numbered 1, 2... without a race). Seller, buyer and tax rule
 * are the invoice's: a credit note corrects that invoice, whatever changed since. An order with no
 * invoice (paid before invoices existed) gets none.
 */
export async function issueCreditNote(
  tx: Database,
  settings: Pick<InvoiceSettings, "invoicePrefix">,
  orderId: string,
  refunded: readonly LineToDocument[],
): Promise<string | undefined> {
  const [invoice] = await tx
    .select({ id: taxDocuments.id, number: taxDocuments.number, snapshot: taxDocuments.snapshot })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.ordinal, 0)));
  if (!invoice) return undefined;
  const invoiced = invoice.snapshot as TaxDocumentSnapshot;
  const [last] = await tx
    .select({ ordinal: sql<number>`max(${taxDocuments.ordinal})` })
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId));
  const issuedAt = await transactionTime(tx);
  const { lines, totals } = documentLines(refunded, invoiced.tax);
  const snapshot: TaxDocumentSnapshot = {
    ...invoiced,
    kind: "credit_note",
    issuedAt: issuedAt.toISOString(),
    corrects: invoice.number,
    lines,
    totals,
  };
  const { number } = await insertTaxDocument(tx, {
    kind: "credit_note",
    prefix: seriesPrefix("credit_note", settings.invoicePrefix),
    orderId,
    ordinal: (last?.ordinal ?? 0) + 1,
    correctsId: invoice.id,
    issuedAt,
    snapshot,
    grossCents: totals.grossCents,
  });
  return number;
}
