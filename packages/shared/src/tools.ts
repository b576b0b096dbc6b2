import { z } from "zod";
import { toolAttributeSchema } from "./attributes";
import { TOOL_SEARCH_MAX_LENGTH, toolSorts } from "./catalogue";
import { CATEGORY_SLUG_MAX_LENGTH, CATEGORY_SLUG_PATTERN, toolCategorySchema } from "./categories";
import { MAX_ORDER_QUANTITY } from "./orders";
import { pageQueryFields } from "./paging";
import { skuSchema } from "./sku";
import { multiLine, oneLine } from "./text";
import { parseAttributeFilters, toolFacetsSchema } from "./tool-facets";
import { toolDocumentSchema, toolImageSchema } from "./tool-media";
import { toolRelatedSchema } from "./tool-relations";
import { isWholeCents, MAX_PRICE_BREAKS, type PriceBreak } from "./unit-price";

// The catalogue's constants live in ./catalogue (no zod: the home page imports them); re-exported here
// for the server and the admin forms, which use them with the schemas.
export {
  TOOL_SEARCH_MAX_LENGTH,
  TOOL_SORT_LABELS,
  TOOLS_PAGE_SIZE,
  type ToolSort,
  toolSorts,
} from "./catalogue";
export type { ToolCategory } from "./categories";
export { MAX_PRICE_BREAKS, type PriceBreak, unitPriceFor } from "./unit-price";

export const CATEGORY_REQUIRED = "Category is required";
export const CATEGORY_NOT_A_SLUG = "The category must be the slug of a category, such as electrical";
/**
 * What POST /api/tools stores when the body has no category: docs/product.md's callers send none, and must
 * keep working. Mechanical, the root category the tools that existed before issue 12 went to.
 */
export const DEFAULT_TOOL_CATEGORY = "mechanical";
/**
 * A tool's category in a body: a category's slug (the old two values are the roots' slugs), or the
 * category as the tools' answers show it, whose slug is read: a tool's answer sent back as its edit
 * keeps working, as it did while the category was one of two strings.
 */
const categorySlugInput = z.preprocess(
  (value) =>
    typeof value === "object" && value !== null && "slug" in value
      ? (value as { slug: unknown }).slug
      : value,
  z
    .string({ error: (issue) => (issue.input === undefined ? CATEGORY_REQUIRED : CATEGORY_NOT_A_SLUG) })
    .trim()
    .toLowerCase()
    .min(1, { error: CATEGORY_REQUIRED, abort: true })
    .max(CATEGORY_SLUG_MAX_LENGTH, { error: CATEGORY_NOT_A_SLUG, abort: true })
    .regex(CATEGORY_SLUG_PATTERN, CATEGORY_NOT_A_SLUG),
);

/**
 * A tool as the API shows it: the spec's field names, `_id`, price in currency units, its category with
 * the category's path.
 */
export const toolSchema = z.object({
  _id: z.uuid(),
  /** The part number, case as the owner typed it (decision 0056). */
  sku: z.string(),
  name: z.string(),
  short: z.string(),
  image: z.string(),
  price: z.number(),
  minQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  category: toolCategorySchema,
  priceBreaks: z
    .array(z.object({ minQuantity: z.number().int(), unitPrice: z.number() }))
    .describe(
      "Prices by quantity, by rising minQuantity: from minQuantity units up each unit costs unitPrice (the lowest break reached wins; below the first, price). Empty when the tool has none.",
    ),
  images: z
    .array(toolImageSchema)
    .describe("The tool's pictures in their order (decision 0057); the first is its image"),
  documents: z
    .array(toolDocumentSchema)
    .describe("Its datasheet, manual, declaration of conformity: PDF downloads, with their size in bytes"),
  modelNumber: z
    .string()
    .nullable()
    .describe("The maker's model number (decision 0058), if the owner gave one"),
  discontinued: z
    .boolean()
    .describe("Still listed, but no order, cart or quote takes it; related.successor replaces it"),
  related: toolRelatedSchema.describe("What fits with what (decision 0058)"),
  attributes: z
    .array(toolAttributeSchema)
    .describe("Its specifications in the attributes' order (decision 0060): value a number, text or yes/no"),
});
export type Tool = z.infer<typeof toolSchema>;

/**
 * GET /api/tools/search?q=&category=&sort=&cursor=&limit=: the catalogue searched and paged on the
 * server (PostgreSQL full-text search over name and description, keyset paging). Every parameter is
 * optional; without any, the first page of the whole catalogue in its featured order.
 */
const priceBound = z.coerce
  .number({ error: "A price bound must be a whole number of cents" })
  .int("A price bound must be a whole number of cents")
  .min(0, "A price bound must be at least 0")
  .max(99_999_999, "A price bound is too large");

export const toolSearchQuerySchema = z
  .object({
    q: oneLine(
      z
        .string()
        .trim()
        .max(TOOL_SEARCH_MAX_LENGTH, `The search must be at most ${TOOL_SEARCH_MAX_LENGTH} characters`),
      "The search",
    )
      .optional()
      .describe("Words of the tool's name or description; the last word may be the start of a word"),
    category: z
      .string({ error: CATEGORY_NOT_A_SLUG })
      .trim()
      .toLowerCase()
      .max(CATEGORY_SLUG_MAX_LENGTH, { error: CATEGORY_NOT_A_SLUG, abort: true })
      .regex(CATEGORY_SLUG_PATTERN, CATEGORY_NOT_A_SLUG)
      .optional()
      .describe("A category's slug: the tools of that category and of its sub-categories"),
    sort: z
      .enum(toolSorts, { error: "The sort must be featured, price, price-desc, name or newest" })
      .optional()
      .describe("Featured when absent"),
    priceMinCents: priceBound.optional().describe("The lowest unit price, in cents"),
    priceMaxCents: priceBound.optional().describe("The highest unit price, in cents"),
    inStock: z
      .enum(["true", "false"], { error: "inStock must be true or false" })
      .optional()
      .describe("true: only the tools that can be ordered now"),
    // The cursor carries the last tool's name (up to 120 characters, 3 UTF-8 bytes each), base64url-encoded.
    ...pageQueryFields({ cursorMaxLength: 1000, cursorSource: "The nextCursor of the previous page" }),
  })
  // attr.<key>=<value> (repeatable: any of), attr.<key>.min / .max (decision 0061); other names are ignored.
  .catchall(z.unknown())
  .superRefine((query, ctx) => {
    const parsed = parseAttributeFilters(query);
    if ("error" in parsed) ctx.addIssue({ code: "custom", message: parsed.error });
  });
export type ToolSearchQuery = z.infer<typeof toolSearchQuerySchema>;

/** One page of a tool search; `total` counts every match (an estimate when `totalIsEstimate`). */
export const toolSearchPageSchema = z.object({
  tools: z.array(toolSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalIsEstimate: z.boolean(),
  /**
   * Each facet counted over the tools matching every other filter (decision 0061); null on a next page
   * (a cursor's), since the first page's facets hold for every page of the same search.
   */
  facets: toolFacetsSchema.nullable(),
});
export type ToolSearchPage = z.infer<typeof toolSearchPageSchema>;

/**
 * GET /api/shop: what the web app needs to know about the shop: the server's CURRENCY (upper case),
 * the tax in force for a cart and checkout (TAX_RATE, PRICES_INCLUDE_TAX; an order keeps its own), and
 * the seller's details for the printed receipt (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID).
 */
export const shopSchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/, "The currency must be an ISO 4217 code such as USD"),
  tax: z.object({ ratePercent: z.number().min(0).max(100), pricesIncludeTax: z.boolean() }),
  seller: z.object({
    name: z.string(),
    /** The address, one entry a line; empty when the shop did not set one. */
    addressLines: z.array(z.string()),
    taxId: z.string().nullable(),
  }),
});
export type Shop = z.infer<typeof shopSchema>;

export const toolIdParamsSchema = z.object({
  // The canonical spelling: one cache entry and one database read per tool, however the URL spells it.
  id: z.uuid({ message: "The tool id must be a UUID" }).toLowerCase(),
});

// docs/product.md section 5 (add product): every field is required; "Product Name is required" and
// "image is required" are the spec's own messages, the others follow their pattern.
export const PRODUCT_NAME_REQUIRED = "Product Name is required";
export const SHORT_REQUIRED = "Short description is required";
export const MIN_QUANTITY_REQUIRED = "Minimum quantity is required";
export const AVAILABLE_QUANTITY_REQUIRED = "Available quantity is required";
export const MIN_QUANTITY_TOO_SMALL = "Minimum quantity must be at least 1";
/** Stock may be anything from 0 up: the minimum quantity governs orders, not stock (0 shows Sold out). */
export const AVAILABLE_QUANTITY_NEGATIVE = "Available quantity must be at least 0";
export const PRODUCT_IMAGE_REQUIRED = "image is required";
export const PRODUCT_IMAGE_NOT_OURS = "The image must be a picture uploaded to this shop";

export const PRODUCT_NAME_MAX_LENGTH = 120;
export const SHORT_MAX_LENGTH = 1000;
/** Keeps every stock figure well inside a database integer. */
export const MAX_STOCK_QUANTITY = 10_000_000;
/** Stripe's largest card payment in two-decimal currencies; no single unit may cost more. */
export const MAX_PRICE = 999_999.99;

/** A picture served by this site: an upload (/uploads/<hash>.webp) or a bundled one (/images/…). */
export const SITE_IMAGE_PATH = /^\/(?:uploads|images)\/(?:[\w-]+\/)*[\w-]+\.(?:webp|png|jpe?g|gif|avif|svg)$/;

const wholeNumber = (required: string, label: string) =>
  z
    .number({ error: required })
    .int({ error: `${label} must be a whole number`, abort: true })
    .max(MAX_STOCK_QUANTITY, `${label} must be at most ${MAX_STOCK_QUANTITY}`);

/**
 * The stock below which the owner's overview lists the tool as low: whole units, or null for the
 * default, LOW_STOCK_DEFAULT_FACTOR times the minimum order quantity. An empty number field (NaN) is null.
 */
export const LOW_STOCK_DEFAULT_FACTOR = 2;
export const lowStockThresholdSchema = z.preprocess(
  (value) => (value === "" || (typeof value === "number" && Number.isNaN(value)) ? null : value),
  z
    .number({ error: "The low-stock threshold must be a number, or empty for the default" })
    .int({ error: "The low-stock threshold must be a whole number", abort: true })
    .min(0, "The low-stock threshold must be at least 0")
    .max(MAX_STOCK_QUANTITY, `The low-stock threshold must be at most ${MAX_STOCK_QUANTITY}`)
    .nullable(),
);

/** GET /api/tools/:id/stock-settings (admin): what the Edit product dialog shows beside the public tool. */
export const toolStockSettingsSchema = z.object({ lowStockThreshold: z.number().int().nullable() });
export type ToolStockSettings = z.infer<typeof toolStockSettingsSchema>;

/** A price in currency units: above 0, at most MAX_PRICE, whole cents. */
export const moneyAmount = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .gt(0, { error: `${label} must be more than 0`, abort: true })
    .max(MAX_PRICE, `${label} must be at most ${MAX_PRICE}`)
    .refine(isWholeCents, `${label} can have at most 2 decimals`);

export const PRICE_BREAKS_TOO_MANY = `A tool may have at most ${MAX_PRICE_BREAKS} price breaks`;

/**
 * One price break as the admin enters it. Each row is checked alone here; how the rows relate to each
 * other and to the tool is priceBreakIssues' work.
 */
export const priceBreakSchema = z.object(
  {
    minQuantity: z
      .number({ error: "The quantity is required" })
      .int({ error: "The quantity must be a whole number", abort: true })
      .min(2, "The quantity must be at least 2")
      .max(MAX_ORDER_QUANTITY, `The quantity must be at most ${MAX_ORDER_QUANTITY}`),
    unitPrice: moneyAmount("The unit price"),
  },
  { error: "Each price break must have a quantity and a unit price" },
);

export const priceBreaksSchema = z
  .array(priceBreakSchema, { error: "The price breaks must be a list" })
  .max(MAX_PRICE_BREAKS, PRICE_BREAKS_TOO_MANY);

export interface PriceBreakIssue {
  index: number;
  field: keyof PriceBreak;
  message: string;
}

/**
 * How a tool's breaks may relate, one message per row at fault. A break starts above the minimum order
 * (at the minimum it would only be a second list price), each one at a larger quantity than the row
 * before, and each one cheaper than the list price and the row before: a larger quantity never costs
 * more per unit, and every row means something. Rows come in rising order, as the product page lists
 * them.
 */
export function priceBreakIssues(
  breaks: readonly PriceBreak[],
  tool: { price: number; minQuantity: number },
): PriceBreakIssue[] {
  const issues: PriceBreakIssue[] = [];
  breaks.forEach((row, index) => {
    const before = breaks[index - 1];
    if (!before && row.minQuantity <= tool.minQuantity) {
      issues.push({
        index,
        field: "minQuantity",
        message: `The quantity must be more than the minimum order (${tool.minQuantity})`,
      });
    } else if (before && row.minQuantity <= before.minQuantity) {
      issues.push({
        index,
        field: "minQuantity",
        message: `The quantity must be more than the row above (${before.minQuantity})`,
      });
    }
    if (row.unitPrice >= tool.price) {
      issues.push({
        index,
        field: "unitPrice",
        message: `The unit price must be below the list price (${tool.price.toFixed(2)})`,
      });
    } else if (before && row.unitPrice >= before.unitPrice) {
      issues.push({
        index,
        field: "unitPrice",
        message: `The unit price must be below the row above (${before.unitPrice.toFixed(2)})`,
      });
    }
  });
  return issues;
}

/** Adds priceBreakIssues to a product schema's issues, at each row's field. */
function checkPriceBreaks(
  product: { price: number; minQuantity: number; priceBreaks?: readonly PriceBreak[] | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const issue of priceBreakIssues(product.priceBreaks ?? [], product)) {
    ctx.addIssue({ code: "custom", message: issue.message, path: ["priceBreaks", issue.index, issue.field] });
  }
}

const productFields = {
  sku: skuSchema,
  name: oneLine(
    z
      .string({ error: PRODUCT_NAME_REQUIRED })
      .trim()
      .min(1, { error: PRODUCT_NAME_REQUIRED, abort: true })
      .max(PRODUCT_NAME_MAX_LENGTH, {
        error: `The Product Name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`,
        abort: true,
      }),
    "The Product Name",
  ),
  short: multiLine(
    z
      .string({ error: SHORT_REQUIRED })
      .trim()
      .min(1, { error: SHORT_REQUIRED, abort: true })
      .max(SHORT_MAX_LENGTH, {
        error: `The short description must be at most ${SHORT_MAX_LENGTH} characters`,
        abort: true,
      }),
    "The short description",
  ),
  minQuantity: wholeNumber(MIN_QUANTITY_REQUIRED, "Minimum quantity").min(1, MIN_QUANTITY_TOO_SMALL),
  availableQuantity: wholeNumber(AVAILABLE_QUANTITY_REQUIRED, "Available quantity").min(
    0,
    AVAILABLE_QUANTITY_NEGATIVE,
  ),
  price: moneyAmount("Price"),
  category: categorySlugInput.describe("The slug of the tool's category"),
  lowStockThreshold: lowStockThresholdSchema.optional(),
};

/**
 * The product form and the tool routes' body: the same fields and rules, with the image as whatever
 * the caller has: a chosen file in the browser (checked there only), the uploaded picture's path on
 * the server.
 */
export function productSchema<Image extends z.ZodType>(image: Image) {
  return z.object({ ...productFields, image, priceBreaks: priceBreaksSchema }).superRefine(checkPriceBreaks);
}

export const productImagePathSchema = z
  .string({ error: PRODUCT_IMAGE_REQUIRED })
  .trim()
  .min(1, { error: PRODUCT_IMAGE_REQUIRED, abort: true })
  .regex(SITE_IMAGE_PATH, PRODUCT_IMAGE_NOT_OURS);

/**
 * POST /api/tools (admin): a new tool; the image was uploaded first (POST /api/uploads). The category
 * may be left out (docs/product.md's body has none): it is then DEFAULT_TOOL_CATEGORY. The form always sends it.
 * So may the price breaks: none. So may the SKU, for the same callers: the shop then gives the next of
 * its own series (decision 0056); the form requires one.
 */
export const createToolBodySchema = z
  .object({
    ...productFields,
    sku: skuSchema.optional(),
    image: productImagePathSchema,
    category: categorySlugInput.default(DEFAULT_TOOL_CATEGORY),
    priceBreaks: priceBreaksSchema.default([]),
  })
  .superRefine(checkPriceBreaks);
export type CreateToolBody = z.infer<typeof createToolBodySchema>;

/**
 * PATCH /api/tools/:id (admin): the tool's new values, and the stock the admin saw when editing began.
 * Orders change the stock meanwhile; when it has changed the server refuses (409) rather than
 * overwrite what customers reserved. Without a category the tool keeps its own (older callers).
 */
export const updateToolBodySchema = z
  .object({
    ...productFields,
    image: productImagePathSchema,
    category: categorySlugInput.optional(),
    sku: skuSchema.optional().describe("Without it the tool keeps its SKU"),
    priceBreaks: priceBreaksSchema
      .optional()
      .describe(
        "Without it the tool keeps its breaks, if they still hold for the new price and minimum (400 otherwise)",
      ),
    previousAvailableQuantity: z.number().int().min(0),
  })
  .superRefine(checkPriceBreaks);
export type UpdateToolBody = z.infer<typeof updateToolBodySchema>;

/** DELETE /api/tools/:id: 1 when the tool was deleted, 0 when there was none. */
export const deleteToolResponseSchema = z.object({ deletedCount: z.number().int() });
export type DeleteToolResponse = z.infer<typeof deleteToolResponseSchema>;
