// The owner's spreadsheets (issue 50, decision 0045): the orders and the catalogue as CSV, and the
// catalogue's import from CSV with its preview. The columns themselves are the server's
// (features/tools/csv-columns.ts, features/orders/export-columns.ts); these are the API's shapes.
import { z } from "zod";
import { DATE_RANGE_REVERSED, dateField } from "./admin-orders";
import type { PriceBreak } from "./unit-price";

/** The largest import: a catalogue of 10,000 tools, each with a long description, fits under it. */
export const TOOL_IMPORT_MAX_ROWS = 10_000;
/** The import's body limit: 10,000 rows of ~400 bytes is 4 MB; twice that, and no more. */
export const TOOL_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const TOOL_IMPORT_CONTENT_TYPE = "text/csv";

/** GET /api/orders/export.csv?from=&to= (admin): both UTC days, included, both required. */
export const ordersExportQuerySchema = z
  .object({
    from: dateField("The start date"),
    to: dateField("The end date"),
  })
  .refine((query) => query.from <= query.to, { error: DATE_RANGE_REVERSED, path: ["to"] });
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;

/** POST /api/tools/import?dryRun=&expect= (admin). */
export const toolImportQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false"], { error: "dryRun must be true or false" })
    .optional()
    .transform((value) => value === "true")
    .describe("true: answer the preview and change nothing"),
  expect: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "expect must be the fingerprint of a preview")
    .optional()
    .describe(
      "The preview's fingerprint: the import is refused (409) if what it would change is no longer what was previewed",
    ),
});

export const toolImportActions = ["create", "update", "unchanged", "error"] as const;

/** One changed column of a row: the cell as the catalogue has it and as the file has it. */
export const toolImportChangeSchema = z.object({
  column: z.string(),
  from: z.string(),
  to: z.string(),
});

/** One row of the file: what importing it does, or why it cannot be imported. */
export const toolImportRowSchema = z.object({
  /** The line of the file the row starts on (the header is line 1), as a text editor numbers them. */
  line: z.number().int(),
  action: z.enum(toolImportActions),
  /** The tool it updates (null for a new tool or a row that names none). */
  toolId: z.string().nullable(),
  name: z.string(),
  changes: z.array(toolImportChangeSchema),
  errors: z.array(z.string()),
});
export type ToolImportRow = z.infer<typeof toolImportRowSchema>;

export const toolImportResultSchema = z.object({
  /** True once the changes were saved; a preview (dryRun) or a refused import is false. */
  applied: z.boolean(),
  /** A hash of what the import would do: give it back as `expect` to confirm exactly this preview. */
  fingerprint: z.string(),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  rows: z.array(toolImportRowSchema),
});
export type ToolImportResult = z.infer<typeof toolImportResultSchema>;

/** The file names the exports offer (Content-Disposition). */
export const ordersExportFileName = ({ from, to }: OrdersExportQuery) => `orders-${from}-to-${to}.csv`;
export const TOOLS_EXPORT_FILE_NAME = "tools.csv";

/** The catalogue file's specification columns are headed by this and an attribute's key (decision 0062). */
export const ATTRIBUTE_COLUMN_PREFIX = "attr:";

/** How a catalogue file writes a tool's price breaks, in its "price breaks" column. */
export const PRICE_BREAKS_CELL_FORMAT =
  "quantity:unit price pairs separated by semicolons, like 50:9.00;200:8.20 (empty: none)";

// "50:9.00": a whole quantity, a colon, a plain decimal price (no thousands separator, no comma).
const PRICE_BREAK_CELL_PART = /^(\d+)\s*:\s*(\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The breaks a "price breaks" cell names, as written (the tool schema then checks them, as it checks
 * the product form's); none for an empty cell; undefined for a cell that is not in the format.
 */
export function readPriceBreaksCell(cell: string): PriceBreak[] | undefined {
  const parts = cell
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const breaks: PriceBreak[] = [];
  for (const part of parts) {
    const match = PRICE_BREAK_CELL_PART.exec(part);
    if (!match) return undefined;
    breaks.push({ minQuantity: Number(match[1]), unitPrice: Number(match[2]) });
  }
  return breaks;
}

/** The "price breaks" cell of these breaks, each unit price written by `price` ("9.00"). */
export function priceBreaksCell(breaks: readonly PriceBreak[], price: (amount: number) => string): string {
  return breaks.map((priceBreak) => `${priceBreak.minQuantity}:${price(priceBreak.unitPrice)}`).join(";");
}
