// An order's invoice or credit note as a PDF, for the order's customer or an admin (issue 50).
import { taxDocuments } from "@toolshop/db/schema";
import { and, eq } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { type Actor, findAccessibleOrder, type OrdersContext } from "../orders/context";
import { type Paper, pdfFileName, renderTaxDocumentPdf } from "./pdf";
import type { TaxDocumentSnapshot } from "./snapshot";

export interface TaxDocumentPdf {
  fileName: string;
  pdf: Buffer;
}

/**
 * The document `ordinal` of the order (0: its invoice; n: its n-th credit note): 404 for an order that
 * does not exist or has no such document (an unpaid order has no invoice), 403 for someone else's.
 */
export async function taxDocumentPdf(
  ctx: OrdersContext,
  actor: Actor,
  orderId: string,
  ordinal: number,
  paper: Paper,
): Promise<TaxDocumentPdf> {
  const order = await findAccessibleOrder(ctx, actor, orderId, { adminToo: true });
  const [document] = await ctx.db
    .select({ number: taxDocuments.number, snapshot: taxDocuments.snapshot })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.ordinal, ordinal)));
  if (!document) {
    throw new HttpError(
      404,
      ordinal === 0
        ? "This order has no invoice: it gets one when it is paid."
        : `This order has no credit note ${ordinal}.`,
    );
  }
  const pdf = await renderTaxDocumentPdf(document.number, document.snapshot as TaxDocumentSnapshot, paper);
  return { fileName: pdfFileName(document.number), pdf };
}
