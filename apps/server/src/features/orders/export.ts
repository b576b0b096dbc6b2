// GET /api/orders/export.csv (decision 0045): the orders placed in a range of UTC days, one row per
// line with its order's fields repeated (what an accountant filters and sums), oldest first. Read in
// keyset batches on (created_at, id), so a million orders stream through one batch of memory.
import type { Database } from "@toolshop/db/client";
import { orderLines, orders, taxDocuments } from "@toolshop/db/schema";
import { formatOrderNumber } from "@toolshop/shared/orders";
import type { OrdersExportQuery } from "@toolshop/shared/spreadsheets";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { asCursorTimestamp, cursorTimestampOf } from "../../lib/keyset-page";
import { minorToFixed } from "../../lib/money";

/** An order as the export reads it: its row and its invoice's number (null before it is paid). */
type OrderRow = typeof orders.$inferSelect & { invoiceNumber: string | null };
type LineRow = typeof orderLines.$inferSelect;

/** One column of the export, one entry each. */
interface OrderColumn {
  header: string;
  cell(order: OrderRow, line: LineRow, currency: string): string;
}

const time = (value: Date | null) => value?.toISOString() ?? "";

export const ORDER_EXPORT_COLUMNS: readonly OrderColumn[] = [
  { header: "order", cell: (order) => formatOrderNumber(order.number) },
  { header: "orderId", cell: (order) => order.id },
  { header: "placedAt", cell: (order) => time(order.createdAt) },
  { header: "paidAt", cell: (order) => time(order.paidAt) },
  { header: "status", cell: (order) => order.status },
  { header: "email", cell: (order) => order.email },
  { header: "address", cell: (order) => order.address },
  { header: "phone", cell: (order) => order.phone },
  { header: "paymentId", cell: (order) => order.paymentIntentId ?? order.transactionId ?? "" },
  { header: "invoiceNumber", cell: (order) => order.invoiceNumber ?? "" },
  { header: "carrier", cell: (order) => order.carrier ?? "" },
  { header: "trackingNumber", cell: (order) => order.trackingNumber ?? "" },
  { header: "line", cell: (_order, line) => String(line.position + 1) },
  { header: "toolId", cell: (_order, line) => line.toolId ?? "" },
  { header: "sku", cell: (_order, line) => line.sku ?? "" },
  { header: "tool", cell: (_order, line) => line.name },
  { header: "unitPrice", cell: (_order, line, currency) => minorToFixed(line.unitPriceCents, currency) },
  { header: "quantity", cell: (_order, line) => String(line.quantity) },
  { header: "refundedQuantity", cell: (_order, line) => String(line.refundedQuantity) },
  { header: "lineTotal", cell: (_order, line, currency) => minorToFixed(line.totalCents, currency) },
  { header: "orderTotal", cell: (order, _line, currency) => minorToFixed(order.totalCents, currency) },
  { header: "currency", cell: (_order, _line, currency) => currency.toUpperCase() },
];

export const ORDER_EXPORT_HEADER = ORDER_EXPORT_COLUMNS.map((column) => column.header);

/** Orders per batch: with their lines, a few hundred kilobytes at a time. */
export const ORDER_EXPORT_BATCH = 500;

/** The day after a YYYY-MM-DD day, at midnight UTC: the range's end, excluded. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The export's rows, read batch by batch as the response is consumed. */
export async function* orderExportRows(
  db: Database,
  currency: string,
  range: OrdersExportQuery,
  batchSize = ORDER_EXPORT_BATCH,
): AsyncGenerator<string[]> {
  const inRange = and(
    gte(orders.createdAt, new Date(`${range.from}T00:00:00Z`)),
    lt(orders.createdAt, dayAfter(range.to)),
  );
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const batch = await db
      .select({
        order: orders,
        invoiceNumber: taxDocuments.number,
        cursorAt: cursorTimestampOf(orders.createdAt),
      })
      .from(orders)
      // The invoice is the order's document 0 (tax_documents_order_ordinal_unique).
      .leftJoin(taxDocuments, and(eq(taxDocuments.orderId, orders.id), eq(taxDocuments.ordinal, 0)))
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
    const lines = await db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          batch.map(({ order }) => order.id),
        ),
      )
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    const linesOf = new Map<string, LineRow[]>();
    for (const line of lines) {
      const list = linesOf.get(line.orderId);
      if (list) list.push(line);
      else linesOf.set(line.orderId, [line]);
    }
    for (const { order, invoiceNumber } of batch) {
      const exported = { ...order, invoiceNumber };
      for (const line of linesOf.get(order.id) ?? []) {
        yield ORDER_EXPORT_COLUMNS.map((column) => column.cell(exported, line, currency));
      }
    }
    if (batch.length < batchSize) return;
    after = { at: last.cursorAt, id: last.order.id };
  }
}
