import { apiErrorSchema } from "@toolshop/shared/errors";
import { ordersExportFileName, ordersExportQuerySchema } from "@toolshop/shared/spreadsheets";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { csvStream, sendCsv } from "../../lib/csv";
import { ORDER_EXPORT_AMOUNT_COLUMNS, ORDER_EXPORT_HEADER, orderExportRows } from "./export";

const errors = (...codes: (400 | 401 | 403)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/** The orders as a spreadsheet for the accountant (admin). */
export const ordersExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { currency } = app.config;
  app.get(
    "/orders/export.csv",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["orders"],
        summary: "The orders placed in a range of days as a CSV file for the accountant (admin)",
        description: [
          "from/to: UTC days, both included, as Manage Orders filters them; every status is listed (the",
          "status column tells paid from unpaid); oldest first. Each order is a row of kind `order` with its",
          "totals (orderNet, orderTax, orderGross), then a `line` row per line with its net, tax and gross,",
          "then a `credit-note` row per line of each credit note (creditNoteNumber), its amounts negative;",
          "the order's fields are repeated on each of its rows, amounts never: a column's sum counts each once.",
          `Columns (README.md, "Orders CSV"): ${ORDER_EXPORT_HEADER.join(", ")}. UTF-8 with a byte-order`,
          "mark, CRLF lines; text cells a spreadsheet would run as a formula start with a '. Streamed.",
        ].join(" "),
        querystring: ordersExportQuerySchema,
        produces: ["text/csv"],
        response: { 200: z.string().describe("The CSV file"), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        ordersExportFileName(request.query),
        csvStream(
          ORDER_EXPORT_HEADER,
          orderExportRows(app.db, currency, request.query),
          ORDER_EXPORT_AMOUNT_COLUMNS,
        ),
      ),
  );
};
