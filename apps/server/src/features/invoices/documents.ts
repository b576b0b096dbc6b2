// The invoices and credit notes an order's answer lists (issue 50), read for a page of orders at once.
import type { Database } from "@toolshop/db/client";
import { taxDocuments } from "@toolshop/db/schema";
import { asc, inArray, sql } from "drizzle-orm";
import type { DocumentLine } from "./snapshot";

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

/** A credit note as the orders CSV lists it: its number, date and the lines it credits (positive). */
export interface CreditNoteOfExport {
  number: string;
  issuedAt: Date;
  lines: readonly DocumentLine[];
}

/** What the orders CSV prints of an order's documents (issue 62). */
export interface ExportedDocuments {
  invoiceNumber: string;
  /** The buyer's name as the invoice prints it. */
  buyerName: string | null;
  creditNotes: CreditNoteOfExport[];
}

/**
 * The documents of these orders for the orders CSV, in one query: the invoice's number and buyer's
 * name, and each credit note's lines from its snapshot (what it credited, rounded as it was printed).
 */
export async function exportedDocumentsOfOrders(
  db: Pick<Database, "select">,
  orderIds: readonly string[],
): Promise<Map<string, ExportedDocuments>> {
  const byOrder = new Map<string, ExportedDocuments>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: taxDocuments.orderId,
      ordinal: taxDocuments.ordinal,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
      buyerName: sql<string | null>`${taxDocuments.snapshot}->'buyer'->>'name'`,
      lines: sql<DocumentLine[] | null>`${taxDocuments.snapshot}->'lines'`,
    })
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, [...new Set(orderIds)]))
    .orderBy(asc(taxDocuments.orderId), asc(taxDocuments.ordinal));
  for (const row of rows) {
    if (row.ordinal === 0) {
      byOrder.set(row.orderId, { invoiceNumber: row.number, buyerName: row.buyerName, creditNotes: [] });
      continue;
    }
    byOrder
      .get(row.orderId)
      ?.creditNotes.push({ number: row.number, issuedAt: row.issuedAt, lines: row.lines ?? [] });
  }
  return byOrder;
}
