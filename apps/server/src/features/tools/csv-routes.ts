import { apiErrorSchema } from "@toolshop/shared/errors";
import {
  TOOL_IMPORT_CONTENT_TYPE,
  TOOL_IMPORT_MAX_BYTES,
  TOOL_IMPORT_MAX_ROWS,
  TOOLS_EXPORT_FILE_NAME,
  toolImportQuerySchema,
  toolImportResultSchema,
} from "@toolshop/shared/spreadsheets";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { csvStream, decodeUtf8, sendCsv } from "../../lib/csv";
import { listAttributes } from "../attributes/service";
import { CategoryTree, categoryTreeOf, loadCategoryTree } from "../categories/tree";
import { appRestockMailer } from "../stock-alerts/restock";
import type { ToolsAdminOptions } from "./admin-routes";
import { ID_HEADER, toolCsvColumns, toolCsvValues } from "./csv-columns";
import { attributeHeader, attributeValueCell } from "./csv-specifications";
import { importTools } from "./import";
import { listTools } from "./service";

const errors = (...codes: (400 | 401 | 403 | 409 | 413 | 415)[]) =>
  Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/** The catalogue as a spreadsheet (admin): its export, and its import with a preview. */
export const toolsCsvRoutes: FastifyPluginAsyncZod<ToolsAdminOptions> = async (app, { uploadExists }) => {
  const { currency } = app.config;
  // Only their headers here: each export and import reads the categories as they are then.
  const headers = [
    ID_HEADER,
    ...toolCsvColumns(currency, new CategoryTree([])).map((column) => column.header),
  ];

  app.get(
    "/tools/export.csv",
    {
      onRequest: app.requireAdmin,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "The catalogue as a CSV file (admin)",
        description: `UTF-8 with a byte-order mark, CRLF lines; columns ${headers.join(", ")}, then one attr:<key> column per attribute (its value, empty for none). Cells that a spreadsheet would run as a formula (= + - @, tab, CR first) start with a ' that the import takes off again.`,
        produces: ["text/csv"],
        response: { 200: z.string().describe("The CSV file"), ...errors(401, 403) },
      },
    },
    async (_request, reply) => {
      const tree = await loadCategoryTree(app.db);
      const columns = toolCsvColumns(currency, tree);
      const [tools, attributes] = await Promise.all([
        listTools(app.db, currency, categoryTreeOf(app.db)),
        listAttributes(app.db),
      ]);
      const rows = tools.map((tool) => {
        const values = toolCsvValues(tool);
        const specification = new Map(tool.attributes.map((value) => [value.key, value.value]));
        return [
          tool._id,
          ...columns.map((column) => column.cell(values)),
          ...attributes.map((attribute) => attributeValueCell(specification.get(attribute.key))),
        ];
      });
      const header = [...headers, ...attributes.map((attribute) => attributeHeader(attribute.key))];
      return sendCsv(reply, TOOLS_EXPORT_FILE_NAME, csvStream(header, rows));
    },
  );

  // Only CSV here: another content type is a 415 before the route runs.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [TOOL_IMPORT_CONTENT_TYPE, "application/csv"],
    { parseAs: "buffer", bodyLimit: TOOL_IMPORT_MAX_BYTES },
    (_request, body, done) => {
      try {
        done(null, decodeUtf8(body as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  app.post(
    "/tools/import",
    {
      onRequest: app.requireAdmin,
      bodyLimit: TOOL_IMPORT_MAX_BYTES,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ["tools"],
        summary: "Add and change tools from a CSV file, or preview what that would do (admin)",
        description: [
          `A text/csv body in UTF-8 (a byte-order mark is fine), up to ${TOOL_IMPORT_MAX_ROWS} rows and`,
          `${TOOL_IMPORT_MAX_BYTES / 1024 / 1024} MiB. Its first line names the columns (${headers.join(", ")}),`,
          "in any order; a missing column keeps each tool's value. A row with an id changes that tool; one",
          "without changes the tool of that exact name, or adds a new tool when there is none. Every row is",
          "checked like the product form. dryRun=true answers what each row would do and changes nothing;",
          "otherwise all rows are saved in one transaction, or none: 422 with each row's errors and line.",
          "Give the preview's fingerprint as expect to refuse (409) when the catalogue changed meanwhile.",
        ].join(" "),
        consumes: [TOOL_IMPORT_CONTENT_TYPE],
        querystring: toolImportQuerySchema,
        body: z
          .string({ error: "Send the CSV file as the body, with Content-Type: text/csv" })
          .describe("The CSV file"),
        response: {
          200: toolImportResultSchema,
          422: toolImportResultSchema,
          ...errors(400, 401, 403, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const outcome = await importTools(
        {
          db: app.db,
          currency,
          events: app.events,
          restocked: appRestockMailer(app),
          imageIsOurs: uploadExists,
        },
        request.body,
        { dryRun: request.query.dryRun, expect: request.query.expect },
      );
      return reply.code(outcome.statusCode).send(outcome.result);
    },
  );
};
