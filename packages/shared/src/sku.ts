import { z } from "zod";

// Part numbers (issue 58, decision 0056): letters, digits and the separators `-`, `.` and `/`, each
// separator between two letters or digits, so that no SKU is a path step (`..`, `a//b`) or starts or
// ends with one. ASCII only: a Cyrillic "А" that looks like a Latin "A" would make a second SKU that
// reads as the first. Case is kept as the owner typed it; the shop matches SKUs without case.

export const SKU_MAX_LENGTH = 40;
export const SKU_PATTERN = /^[A-Za-z0-9]+(?:[./-][A-Za-z0-9]+)*$/;
export const SKU_REQUIRED = "SKU is required";
export const SKU_TOO_LONG = `The SKU must be at most ${SKU_MAX_LENGTH} characters`;
export const SKU_MALFORMED =
  "The SKU may hold only letters, digits and - . / (each between two letters or digits)";

/** A SKU as a body or form sends it: trimmed, then the rule above. */
export const skuSchema = z
  .string({ error: SKU_REQUIRED })
  .trim()
  .min(1, { error: SKU_REQUIRED, abort: true })
  .max(SKU_MAX_LENGTH, { error: SKU_TOO_LONG, abort: true })
  .regex(SKU_PATTERN, SKU_MALFORMED)
  .describe(
    `The part number: letters, digits and - . / (up to ${SKU_MAX_LENGTH}); unique in the shop without case`,
  );

/**
 * The SKU that a search's text is, when the text is exactly one by the rule (surrounding spaces
 * trimmed, any case); null for anything else: words, a SKU among words, a SKU of 41 characters. The
 * storefront's search opens the page of the tool that has it, if one does (issue 58).
 */
export function skuOfSearch(text: string): string | null {
  const parsed = skuSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** The sentence for a SKU that names no tool (by-sku's 404, a line's 400). */
export const skuNotFound = (sku: string) => `No tool has the SKU ${sku}.`;
/** The sentence for a SKU another tool has, whatever its case there. */
export const skuTaken = (sku: string) => `Another tool already has the SKU ${sku}.`;

/** GET /api/tools/by-sku/:sku. */
export const skuParamsSchema = z.object({ sku: skuSchema });

/** Whether two SKUs are the same part number (the database's unique index is on lower(sku)). */
export function sameSku(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export const LINE_TOOL_REQUIRED = "Each line needs its tool's toolId or its sku";
export const LINE_TOOL_TWICE = "A line names its tool by toolId or by sku, not both";

/**
 * The fields by which a line of an order, a cart or a quote names its tool: its id, or its SKU (any
 * case), exactly one of the two (checkLineTool). The server turns a SKU into its tool's id first.
 */
export function lineToolFields<Id extends z.ZodType<string>>(toolId: Id) {
  return {
    toolId: toolId.optional(),
    sku: skuSchema.optional().describe("The tool's SKU, in any case, instead of its toolId"),
  };
}

/** A line's superRefine: exactly one of toolId and sku. */
export function checkLineTool(line: { toolId?: unknown; sku?: unknown }, ctx: z.RefinementCtx): void {
  if (line.toolId === undefined && line.sku === undefined) {
    ctx.addIssue({ code: "custom", message: LINE_TOOL_REQUIRED, path: ["toolId"] });
  } else if (line.toolId !== undefined && line.sku !== undefined) {
    ctx.addIssue({ code: "custom", message: LINE_TOOL_TWICE, path: ["sku"] });
  }
}

/** What tells two lines' tools apart before the SKUs are looked up: the id, or the SKU without case. */
export const lineToolKey = (line: { toolId?: string | undefined; sku?: string | undefined }): string =>
  line.toolId ?? `sku:${line.sku?.toLowerCase()}`;
