// GET /api/orders/export.csv (decisions 0045, issue 62): the orders placed in a range of UTC days for the
// accountant, oldest first. Each order is an `order` row with its totals, then a `line` row per line
// with the line's net, tax and gross, a `shipping` row for its shipping charge (decision 0067), then a
// `credit-note` row per line of each credit note, its amounts negative. Amounts are never repeated: a column's sum counts each once. Read in keyset batches on
// (created_at, id), so a million orders stream through one batch of memory.
import type { Database } from "@toolshop/db/client";
import { orderLines, orders, users } from "@toolshop/db/schema";
import { formatOrderNumber } from "@toolshop/shared/orders";
import type { OrdersExportQuery } from "@toolshop/shared/spreadsheets";
import { type TaxAmounts, taxBreakdown } from "@toolshop/shared/tax";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { asCursorTimestamp, cursorTimestampOf } from "../../lib/keyset-page";
import { minorToFixed } from "../../lib/money";
import { type CreditNoteOfExport, exportedDocumentsOfOrders } from "../invoices/documents";

type LineRow = typeof orderLines.$inferSelect;

/** An order as the export prints it: its row, its documents' numbers, its buyer and its totals. */
interface ExportedOrder extends Omit<typeof orders.$inferSelect, "number"> {
  number: string;
  invoiceNumber: string;
  customerName: string;
  totals: TaxAmounts;
}

/** What a `line` or `credit-note` row prints of its line; amounts in minor units, negative on a credit. */
interface ExportedItem {
  position: string;
  toolId: string;
  sku: string;
  tool: string;
  unitPriceCents: number;
  quantity: number;
  refundedQuantity: string;
  amounts: TaxAmounts;
  creditNote?: CreditNoteOfExport;
}

export type ExportRowKind = "order" | "line" | "shipping" | "credit-note";

interface ExportRow {
  kind: ExportRowKind;
  order: ExportedOrder;
  item?: ExportedItem;
}

/** One column of the export, one entry each; `amount`: a number a spreadsheet sums (never guarded). */
interface OrderColumn {
  header: string;
  amount?: true;
  cell(row: ExportRow, money: (minor: number) => string, currency: string): string;
}

const time = (value: Date | null | undefined) => value?.toISOString() ?? "";
const ofOrder = (pick: (order: ExportedOrder) => string | null): OrderColumn["cell"] => {
  return ({ order }) => pick(order) ?? "";
};
const ofItem = (pick: (item: ExportedItem) => string): OrderColumn["cell"] => {
  return ({ item }) => (item ? pick(item) : "");
};
const orderTotal = (pick: (totals: TaxAmounts) => number): OrderColumn["cell"] => {
  return ({ kind, order }, money) => (kind === "order" ? money(pick(order.totals)) : "");
};

/** README.md, "Orders CSV", says what each column holds. */
export const ORDER_EXPORT_COLUMNS: readonly OrderColumn[] = [
  { header: "kind", cell: ({ kind }) => kind },
  { header: "order", cell: ofOrder((order) => order.number) },
  { header: "orderId", cell: ofOrder((order) => order.id) },
  { header: "placedAt", cell: ofOrder((order) => time(order.createdAt)) },
  { header: "paidAt", cell: ofOrder((order) => time(order.paidAt)) },
  { header: "status", cell: ofOrder((order) => order.status) },
  { header: "customerName", cell: ofOrder((order) => order.customerName) },
  { header: "company", cell: ofOrder((order) => order.buyerCompany) },
  { header: "vatNumber", cell: ofOrder((order) => order.buyerTaxId) },
  { header: "email", cell: ofOrder((order) => order.email) },
  { header: "address", cell: ofOrder((order) => order.address) },
  { header: "phone", cell: ofOrder((order) => order.phone) },
  { header: "paymentId", cell: ofOrder((order) => order.paymentIntentId ?? order.transactionId) },
  { header: "invoiceNumber", cell: ofOrder((order) => order.invoiceNumber) },
  { header: "creditNoteNumber", cell: ofItem((item) => item.creditNote?.number ?? "") },
  { header: "creditNoteDate", cell: ofItem((item) => time(item.creditNote?.issuedAt)) },
  { header: "carrier", cell: ofOrder((order) => order.carrier) },
  { header: "trackingNumber", cell: ofOrder((order) => order.trackingNumber) },
  { header: "line", cell: ofItem((item) => item.position) },
  { header: "toolId", cell: ofItem((item) => item.toolId) },
  { header: "sku", cell: ofItem((item) => item.sku) },
  { header: "tool", cell: ofItem((item) => item.tool) },
  { header: "unitPrice", amount: true, cell: ({ item }, money) => (item ? money(item.unitPriceCents) : "") },
  { header: "quantity", amount: true, cell: ofItem((item) => String(item.quantity)) },
  { header: "refundedQuantity", amount: true, cell: ofItem((item) => item.refundedQuantity) },
  { header: "net", amount: true, cell: ({ item }, money) => (item ? money(item.amounts.netMinor) : "") },
  { header: "tax", amount: true, cell: ({ item }, money) => (item ? money(item.amounts.taxMinor) : "") },
  { header: "gross", amount: true, cell: ({ item }, money) => (item ? money(item.amounts.grossMinor) : "") },
  { header: "orderNet", amount: true, cell: orderTotal((totals) => totals.netMinor) },
  { header: "orderTax", amount: true, cell: orderTotal((totals) => totals.taxMinor) },
  { header: "orderGross", amount: true, cell: orderTotal((totals) => totals.grossMinor) },
  { header: "taxRate", amount: true, cell: ofOrder((order) => String(order.taxRatePercent)) },
  { header: "pricesIncludeTax", cell: ofOrder((order) => String(order.pricesIncludeTax)) },
  { header: "currency", cell: (_row, _money, currency) => currency.toUpperCase() },
];

export const ORDER_EXPORT_HEADER = ORDER_EXPORT_COLUMNS.map((column) => column.header);
/** The indexes of the amount columns, written as plain numbers (a credit's minus is no formula). */
export const ORDER_EXPORT_AMOUNT_COLUMNS: ReadonlySet<number> = new Set(
  ORDER_EXPORT_COLUMNS.flatMap((column, index) => (column.amount ? [index] : [])),
);

/** Orders per batch: with their lines, a few hundred kilobytes at a time. */
export const ORDER_EXPORT_BATCH = 500;

/** The day after a YYYY-MM-DD day, at midnight UTC: the range's end, excluded. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

const negated = ({ netMinor, taxMinor, grossMinor }: TaxAmounts): TaxAmounts => ({
  netMinor: -netMinor,
  taxMinor: -taxMinor,
  grossMinor: -grossMinor,
});

/** The order's rows: its own, its lines' (taxed by the order's rule, decision 0041), its credits'. */
function* rowsOfOrder(
  order: Omit<ExportedOrder, "totals">,
  lines: readonly LineRow[],
  creditNotes: readonly CreditNoteOfExport[],
): Generator<ExportRow> {
  const rule = { ratePercent: order.taxRatePercent, pricesIncludeTax: order.pricesIncludeTax };
  // The shipping is taxed as one more line of one unit, after the tools (decision 0067).
  const taxed = lines.map((line) => ({ unitPriceMinor: line.unitPriceCents, quantity: line.quantity }));
  if (order.shippingName !== null) taxed.push({ unitPriceMinor: order.shippingCents, quantity: 1 });
  const breakdown = taxBreakdown(taxed, rule);
  const exported = { ...order, totals: breakdown };
  yield { kind: "order", order: exported };
  for (const [index, line] of lines.entries()) {
    yield {
      kind: "line",
      order: exported,
      item: {
        position: String(line.position + 1),
        toolId: line.toolId ?? "",
        sku: line.sku ?? "",
        tool: line.name,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        refundedQuantity: String(line.refundedQuantity),
        amounts: breakdown.lines[index] ?? { netMinor: 0, taxMinor: 0, grossMinor: 0 },
      },
    };
  }
  if (order.shippingName !== null) {
    yield {
      kind: "shipping",
      order: exported,
      item: {
        position: "",
        toolId: "",
        sku: "",
        tool: `Shipping: ${order.shippingName}`,
        unitPriceCents: order.shippingCents,
        quantity: 1,
        refundedQuantity: "",
        amounts: breakdown.lines[lines.length] ?? { netMinor: 0, taxMinor: 0, grossMinor: 0 },
      },
    };
  }
  for (const creditNote of creditNotes) {
    for (const line of creditNote.lines) {
      const position = lines.findIndex(
        (ordered) => ordered.toolId !== null && ordered.toolId === line.toolId,
      );
      yield {
        kind: "credit-note",
        order: exported,
        item: {
          position: position < 0 ? "" : String(position + 1),
          toolId: line.toolId ?? "",
          sku: line.sku ?? "",
          tool: line.name,
          unitPriceCents: line.unitPriceCents,
          quantity: -line.quantity,
          refundedQuantity: "",
          amounts: negated({ netMinor: line.netCents, taxMinor: line.taxCents, grossMinor: line.grossCents }),
          creditNote,
        },
      };
    }
  }
}

/** The export's rows, read batch by batch as the response is consumed. */
export async function* orderExportRows(
  db: Database,
  currency: string,
  range: OrdersExportQuery,
  batchSize = ORDER_EXPORT_BATCH,
): AsyncGenerator<string[]> {
  const money = (minor: number) => minorToFixed(minor, currency);
  const inRange = and(
    gte(orders.createdAt, new Date(`${range.from}T00:00:00Z`)),
    lt(orders.createdAt, dayAfter(range.to)),
  );
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const batch = await db
      .select({
        order: orders,
        accountName: users.displayName,
        cursorAt: cursorTimestampOf(orders.createdAt),
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(
        after
          ? and(
              inRange,
              sql`(${orders.createdAt}, ${orders.id}) > (${asCursorTimestamp(after.at)}, ${after.id}::uuid)`,
            )
          : inRange,
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batchSize);
    const last = batch.at(-1);
    if (!last) return;
    const ids = batch.map(({ order }) => order.id);
    const lines = await db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    const documents = await exportedDocumentsOfOrders(db, ids);
    const linesOf = new Map<string, LineRow[]>();
    for (const line of lines) {
      const list = linesOf.get(line.orderId);
      if (list) list.push(line);
      else linesOf.set(line.orderId, [line]);
    }
    for (const { order, accountName } of batch) {
      const issued = documents.get(order.id);
      const exported = {
        ...order,
        number: formatOrderNumber(order.number),
        invoiceNumber: issued?.invoiceNumber ?? "",
        // The name the invoice bills once there is one; before, the account's name now.
        customerName: (issued ? issued.buyerName : accountName)?.trim() ?? "",
      };
      for (const row of rowsOfOrder(exported, linesOf.get(order.id) ?? [], issued?.creditNotes ?? [])) {
        yield ORDER_EXPORT_COLUMNS.map((column) => column.cell(row, money, currency));
      }
    }
    if (batch.length < batchSize) return;
    after = { at: last.cursorAt, id: last.order.id };
  }
}
