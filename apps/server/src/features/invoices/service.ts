// An order's invoice or credit note as a PDF (issue 50): for the order's customer or an admin, and
// attached to the mail that goes with it.
import type { Database } from "@toolshop/db/client";
import { taxDocuments } from "@toolshop/db/schema";
import { and, eq } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import type { MailAttachment } from "../../plugins/mail";
import { type Actor, findAccessibleOrder, type OrdersContext } from "../orders/context";
import { type Paper, pdfFileName, renderTaxDocumentPdf } from "./pdf";
import type { TaxDocumentSnapshot } from "./snapshot";

export interface TaxDocumentPdf {
  fileName: string;
  pdf: Buffer;
}

async function renderedPdf(
  document: { number: string; snapshot: unknown },
  paper: Paper,
): Promise<TaxDocumentPdf> {
  const pdf = await renderTaxDocumentPdf(document.number, document.snapshot as TaxDocumentSnapshot, paper);
  return { fileName: pdfFileName(document.number), pdf };
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
  return renderedPdf(document, paper);
}

/**
 * The document numbered `number` as a mail's attachment, drawn from its snapshot, which never changes:
 * a mail sent again a day later carries the same PDF, and no mail keeps the bytes. A4, as the
 * download's default.
 */
export async function taxDocumentAttachment(
  db: Pick<Database, "select">,
  number: string,
): Promise<MailAttachment> {
  const [document] = await db
    .select({ number: taxDocuments.number, snapshot: taxDocuments.snapshot })
    .from(taxDocuments)
    .where(eq(taxDocuments.number, number));
  if (!document) throw new Error(`There is no invoice or credit note numbered ${number}.`);
  const { fileName, pdf } = await renderedPdf(document, "a4");
  return { fileName, contentType: "application/pdf", content: pdf };
}
