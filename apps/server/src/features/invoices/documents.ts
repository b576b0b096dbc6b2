// The invoices and credit notes an order's answer lists (issue 50), read for a page of orders at once.
import type { Database } from "@toolshop/db/client";
import { taxDocuments } from "@toolshop/db/schema";
import { asc, inArray } from "drizzle-orm";

export interface CreditNoteRow {
  ordinal: number;
  number: string;
  issuedAt: Date;
  grossCents: number;
}

export interface OrderDocuments {
  invoiceNumber: string | null;
  creditNotes: readonly CreditNoteRow[];
}

export const NO_DOCUMENTS: OrderDocuments = Object.freeze({ invoiceNumber: null, creditNotes: [] });

/** The documents of these orders, in one query (by tax_documents_order_ordinal_unique). */
export async function documentsOfOrders(
  db: Pick<Database, "select">,
  orderIds: readonly string[],
): Promise<Map<string, OrderDocuments>> {
  const byOrder = new Map<string, { invoiceNumber: string | null; creditNotes: CreditNoteRow[] }>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: taxDocuments.orderId,
      ordinal: taxDocuments.ordinal,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
      grossCents: taxDocuments.grossCents,
    })
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, [...new Set(orderIds)]))
    .orderBy(asc(taxDocuments.orderId), asc(taxDocuments.ordinal));
  for (const { orderId, ...row } of rows) {
    let documents = byOrder.get(orderId);
    if (!documents) {
      documents = { invoiceNumber: null, creditNotes: [] };
      byOrder.set(orderId, documents);
    }
    if (row.ordinal === 0) documents.invoiceNumber = row.number;
    else documents.creditNotes.push(row);
  }
  return byOrder;
}
