// The numbers of invoices and credit notes (decision 0042): one gap-free series per kind and calendar
// year (UTC), "INV-2026-000001" and "INV-CN-2026-000001". The number is claimed and the document written
// in one statement, the last of the transaction that pays or refunds, so the counter row stays locked
// only until that transaction commits: a rollback gives the number back, and a concurrent payment on
// any process waits for the row and takes the next one.
import type { Database } from "@toolshop/db/client";
import { taxDocumentCounters, taxDocuments } from "@toolshop/db/schema";
import { sql } from "drizzle-orm";

export type TaxDocumentKind = (typeof taxDocuments.$inferSelect)["kind"];

/** The digits after the year; a longer number keeps all its digits. */
const SEQ_DIGITS = 6;

/** The part of a number before its year: INVOICE_PREFIX, and "-CN" after it for a credit note. */
export function seriesPrefix(kind: TaxDocumentKind, invoicePrefix: string): string {
  return kind === "invoice" ? invoicePrefix : `${invoicePrefix}-CN`;
}

export interface NewTaxDocument {
  kind: TaxDocumentKind;
  prefix: string;
  orderId: string;
  ordinal: number;
  correctsId: string | null;
  issuedAt: Date;
  snapshot: unknown;
  grossCents: number;
}

/** Claims the next number of the document's series and year and writes the document; answers both. */
export async function insertTaxDocument(
  tx: Database,
  document: NewTaxDocument,
): Promise<{ id: string; number: string }> {
  const { kind, prefix, issuedAt } = document;
  const year = issuedAt.getUTCFullYear();
  const claim = tx.$with("claim").as(
    tx
      .insert(taxDocumentCounters)
      .values({ kind, year, lastSeq: 1 })
      .onConflictDoUpdate({
        target: [taxDocumentCounters.kind, taxDocumentCounters.year],
        set: { lastSeq: sql`${taxDocumentCounters.lastSeq} + 1` },
      })
      .returning({ seq: taxDocumentCounters.lastSeq }),
  );
  const seq = sql`${claim.seq}`;
  const [written] = await tx
    .with(claim)
    .insert(taxDocuments)
    // Every column, in the table's order (Drizzle's rule for INSERT ... SELECT).
    .select(
      tx
        .select({
          id: sql<string>`uuid_v7()`.as("id"),
          kind: sql<TaxDocumentKind>`${kind}`.as("kind"),
          number:
            sql<string>`${`${prefix}-${year}-`} || lpad(${seq}::text, greatest(${SEQ_DIGITS}, length(${seq}::text)), '0')`.as(
              "number",
            ),
          year: sql<number>`${year}::integer`.as("year"),
          seq: sql<number>`${seq}`.as("seq"),
          orderId: sql<string>`${document.orderId}::uuid`.as("order_id"),
          ordinal: sql<number>`${document.ordinal}::smallint`.as("ordinal"),
          correctsId: sql<string | null>`${document.correctsId}::uuid`.as("corrects_id"),
          issuedAt: sql<Date>`${issuedAt.toISOString()}::timestamptz`.as("issued_at"),
          snapshot: sql<unknown>`${JSON.stringify(document.snapshot)}::jsonb`.as("snapshot"),
          grossCents: sql<number>`${document.grossCents}::integer`.as("gross_cents"),
        })
        .from(claim),
    )
    .returning({ id: taxDocuments.id, number: taxDocuments.number });
  if (!written) throw new Error(`No ${kind} was written for the order ${document.orderId}.`);
  return written;
}
