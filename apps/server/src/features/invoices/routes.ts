import { apiErrorSchema } from "@toolshop/shared/errors";
import { creditNoteParamsSchema, orderIdParamsSchema, taxDocumentQuerySchema } from "@toolshop/shared/orders";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth/guards";
import type { OrdersContext } from "../orders/context";
import { type TaxDocumentPdf, taxDocumentPdf } from "./service";

const errors = (...codes: (400 | 401 | 403 | 404 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

const pdfResponse = z.string().meta({ format: "binary", description: "application/pdf" });

const PAPER_DESCRIPTION =
  "A4 unless `?paper=letter` (US Letter). The text is real text: a PDF reader or pdftotext reads it.";

function sendPdf(reply: FastifyReply, { fileName, pdf }: TaxDocumentPdf): FastifyReply {
  return (
    reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${fileName}"`)
      // The customer's own document: no shared cache keeps it.
      .header("cache-control", "private, no-store")
      .send(pdf)
  );
}

/** An order's invoice and credit notes as PDFs (its customer or an admin). */
export const taxDocumentRoutes: FastifyPluginAsyncZod<{ orders: OrdersContext }> = async (
  app,
  { orders },
) => {
  app.get(
    "/orders/:id/invoice.pdf",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary: "The order's invoice as a PDF, once it is paid (owner or admin)",
        description: PAPER_DESCRIPTION,
        params: orderIdParamsSchema,
        querystring: taxDocumentQuerySchema,
        response: { 200: pdfResponse, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      await app.enforceRateLimit(request, reply, "taxDocumentPdf", actor.email);
      const document = await taxDocumentPdf(orders, actor, request.params.id, 0, request.query.paper);
      return sendPdf(reply, document);
    },
  );

  app.get(
    "/orders/:id/credit-notes/:n.pdf",
    {
      onRequest: app.requireUser,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary:
          "The order's n-th credit note (from 1, as its creditNotes list them) as a PDF (owner or admin)",
        description: PAPER_DESCRIPTION,
        params: creditNoteParamsSchema,
        querystring: taxDocumentQuerySchema,
        response: { 200: pdfResponse, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      await app.enforceRateLimit(request, reply, "taxDocumentPdf", actor.email);
      const { id, n } = request.params;
      const document = await taxDocumentPdf(orders, actor, id, n, request.query.paper);
      return sendPdf(reply, document);
    },
  );
};
