import type { Database } from "@toolshop/db/client";
import { orderLines, orders, type StoredPriceBreak, tools } from "@toolshop/db/schema";
import type { ToolAttribute } from "@toolshop/shared/attributes";
import { noRelations, type ToolRelated } from "@toolshop/shared/tool-relations";
import { type PriceBreak, priceBreakIssues, type Tool, type ToolStockSettings } from "@toolshop/shared/tools";
import { and, asc, eq, getTableColumns, inArray, notExists, sql } from "drizzle-orm";
import type { DomainEventPublisher } from "../../lib/domain-events";
import { HttpError } from "../../lib/http-errors";
import { amountToMinor, minorToAmount } from "../../lib/money";
import { attributesOfTools } from "../attributes/tool-attributes";
import { categoryIdOfSlug } from "../categories/service";
import { type CategoryTree, type CategoryTreeSource, categoryTreeOf } from "../categories/tree";
import type { RestockMailer } from "../stock-alerts/restock-mailer";
import { mediaOfTools, type ToolMedia } from "../tool-media/service";
import { relationsOfTools } from "../tool-relations/service";
import { assignedSku, refuseTakenSku, skuIs, withSkuUnique } from "./skus";

// The columns a tool's API view reads: not the full-text document, which only SQL reads, nor
// created_at, which only sorts (a Date made per row for nothing).
const { search: _search, createdAt: _createdAt, ...columns } = getTableColumns(tools);
export const toolColumns = columns;
export type ToolRow = Omit<typeof tools.$inferSelect, "search" | "createdAt">;

/** What the admin's writes work with; each publishes ToolChanged once it has committed. */
export interface ToolsContext {
  db: Database;
  /** Lower-case ISO 4217 code; prices are stored in its minor units. */
  currency: string;
  events: DomainEventPublisher;
  /** Mails the stock alerts of a tool whose edit put it back in stock, in the edit's transaction. */
  restocked?: RestockMailer | undefined;
}

/**
 * A database row as the API shows it: the spec's field names, `_id`, price in currency units, its
 * category with its path (from `categories`, a tree that holds it: CategoryTreeSource.covering), its
 * pictures and documents (decision 0057), and what it goes with (decision 0058).
 */
export function toToolResponse(
  row: ToolRow,
  currency: string,
  categories: CategoryTree,
  media: ToolMedia,
  related: ToolRelated,
  attributes: ToolAttribute[],
): Tool {
  return {
    _id: row.id,
    sku: row.sku,
    name: row.name,
    short: row.short,
    image: row.image,
    price: minorToAmount(row.priceCents, currency),
    minQuantity: row.minQuantity,
    availableQuantity: row.availableQuantity,
    category: categories.toolCategory(row.categoryId),
    priceBreaks: priceBreaksResponse(row.priceBreaks, currency),
    images: media.images,
    documents: media.documents,
    modelNumber: row.modelNumber,
    discontinued: row.discontinued,
    related,
    attributes,
  };
}

/** A tool's stored price breaks (minor units) as the API shows them (currency units). */
export function priceBreaksResponse(stored: readonly StoredPriceBreak[], currency: string): PriceBreak[] {
  return stored.map((priceBreak) => ({
    minQuantity: priceBreak.minQuantity,
    unitPrice: minorToAmount(priceBreak.unitPriceCents, currency),
  }));
}

/** The rows as the API shows them, with a tree that holds each one's category, their media and relations. */
export async function toToolResponses(
  db: Database,
  rows: readonly ToolRow[],
  currency: string,
  categories: CategoryTreeSource,
): Promise<Tool[]> {
  const ids = rows.map((row) => row.id);
  const [tree, media, related, specifications] = await Promise.all([
    categories.covering(rows.map((row) => row.categoryId)),
    mediaOfTools(db, rows),
    relationsOfTools(db, ids),
    attributesOfTools(db, ids),
  ]);
  return rows.map((row) =>
    toToolResponse(
      row,
      currency,
      tree,
      mediaOf(media, row),
      related.get(row.id) ?? noRelations(),
      specifications.get(row.id) ?? [],
    ),
  );
}

async function oneToolResponse(
  db: Database,
  row: ToolRow,
  currency: string,
  categories: CategoryTreeSource,
): Promise<Tool> {
  const [tool] = await toToolResponses(db, [row], currency, categories);
  if (!tool) throw new Error("A tool's row gave no answer.");
  return tool;
}

const mediaOf = (media: Map<string, ToolMedia>, row: ToolRow): ToolMedia =>
  media.get(row.id) ?? { images: [{ url: row.image, alt: "" }], documents: [] };

/** Every tool, in one query, ordered by name (docs/product.md: no pagination). */
export async function listTools(
  db: Database,
  currency: string,
  categories: CategoryTreeSource = categoryTreeOf(db),
): Promise<Tool[]> {
  const rows = await db.select(toolColumns).from(tools).orderBy(asc(tools.name), asc(tools.id));
  return toToolResponses(db, rows, currency, categories);
}

export async function findTool(
  db: Database,
  id: string,
  currency: string,
  categories: CategoryTreeSource = categoryTreeOf(db),
): Promise<Tool | undefined> {
  const [row] = await db.select(toolColumns).from(tools).where(eq(tools.id, id));
  return row ? oneToolResponse(db, row, currency, categories) : undefined;
}

/** GET /tools/by-sku/:sku: the tool whose SKU is `sku` in any case. */
export async function findToolBySku(
  db: Database,
  sku: string,
  currency: string,
  categories: CategoryTreeSource = categoryTreeOf(db),
): Promise<Tool | undefined> {
  const [row] = await db.select(toolColumns).from(tools).where(skuIs(sku));
  return row ? oneToolResponse(db, row, currency, categories) : undefined;
}

/** GET /tools/:id/stock-settings (admin): the owner's low-stock threshold; undefined for no such tool. */
export async function findStockSettings(db: Database, id: string): Promise<ToolStockSettings | undefined> {
  const [row] = await db
    .select({ lowStockThreshold: tools.lowStockThreshold })
    .from(tools)
    .where(eq(tools.id, id));
  return row;
}

/** The values a tool is created or updated with (validated by the shared product schema). */
export interface ToolValues {
  /** Absent on create: the shop assigns one (assignedSku); on an edit: the tool keeps its own. */
  sku?: string | undefined;
  name: string;
  short: string;
  image: string;
  price: number;
  minQuantity: number;
  availableQuantity: number;
  /** A category's slug: always given on create (the schema defaults it); absent on an edit, the tool keeps its own. */
  category?: string;
  /** Null: the default (minimum x 2); absent: the tool keeps its own. */
  lowStockThreshold?: number | null | undefined;
  /** As the category; kept breaks must still hold for the new price and minimum. */
  priceBreaks?: PriceBreak[];
}

/** The row's values; `categoryId` is the category's id when `values` names one (categoryIdOfSlug). */
export function toRowValues(values: ToolValues, currency: string, categoryId?: string) {
  return {
    sku: values.sku,
    name: values.name,
    short: values.short,
    image: values.image,
    priceCents: amountToMinor(values.price, currency),
    minQuantity: values.minQuantity,
    availableQuantity: values.availableQuantity,
    categoryId,
    lowStockThreshold: values.lowStockThreshold,
    priceBreaks: values.priceBreaks?.map(
      (row): StoredPriceBreak => ({
        minQuantity: row.minQuantity,
        unitPriceCents: amountToMinor(row.unitPrice, currency),
      }),
    ),
  };
}

/** POST /tools (admin): a new tool, as the API shows it. */
export async function createTool(
  ctx: ToolsContext,
  values: ToolValues & { category: string },
): Promise<Tool> {
  const categoryId = await categoryIdOfSlug(ctx.db, values.category);
  const sku = values.sku ?? (await assignedSku(ctx.db, values.category));
  await refuseTakenSku(ctx.db, sku);
  const [row] = await withSkuUnique(sku, () =>
    ctx.db
      .insert(tools)
      .values({ ...toRowValues(values, ctx.currency, categoryId), categoryId, sku })
      .returning(toolColumns),
  );
  if (!row) throw new Error("The new tool was not returned.");
  await ctx.events.publish({ type: "ToolChanged", toolId: row.id, change: "created" });
  return oneToolResponse(ctx.db, row, ctx.currency, categoryTreeOf(ctx.db));
}

/**
 * PATCH /tools/:id (admin). The stock is only overwritten if it is still what the admin saw when the
 * edit began: orders reserve stock meanwhile, and an edit of the price must not give it back.
 */
export async function updateTool(
  ctx: ToolsContext,
  id: string,
  values: ToolValues & { previousAvailableQuantity: number },
): Promise<Tool> {
  const categoryId = values.category ? await categoryIdOfSlug(ctx.db, values.category) : undefined;
  const { sku } = values;
  if (sku) await refuseTakenSku(ctx.db, sku, id);
  // One transaction with the stock alerts' mails: an edit that brings the tool back mails them.
  const update = () =>
    ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(tools)
        .set(toRowValues(values, ctx.currency, categoryId))
        .where(
          and(
            eq(tools.id, id),
            eq(tools.availableQuantity, values.previousAvailableQuantity),
            values.priceBreaks ? undefined : keptBreaksHold(values, ctx.currency),
          ),
        )
        .returning(toolColumns);
      if (updated.length > 0) await ctx.restocked?.(tx, [id]);
      return updated;
    });
  const [row] = sku ? await withSkuUnique(sku, update) : await update();
  if (row) {
    await ctx.events.publish({ type: "ToolChanged", toolId: row.id, change: "updated" });
    return oneToolResponse(ctx.db, row, ctx.currency, categoryTreeOf(ctx.db));
  }

  const [current] = await ctx.db.select().from(tools).where(eq(tools.id, id));
  if (!current) throw new HttpError(404, "There is no tool with this id.");
  if (!values.priceBreaks) refuseBrokenKeptBreaks(current, values, ctx.currency);
  throw new HttpError(
    409,
    `The stock of ${current.name} changed while you were editing: ${current.availableQuantity} units are available now. Please check the stock and save again.`,
  );
}

/**
 * An edit without priceBreaks keeps the tool's, if they still hold for the new price and minimum: in
 * the UPDATE's own condition, so breaks another admin saved meanwhile are checked too (the first
 * break is the lowest quantity and the highest price, the rows being checked against each other when
 * they were saved).
 */
function keptBreaksHold(values: ToolValues, currency: string) {
  const priceCents = amountToMinor(values.price, currency);
  return sql`(jsonb_array_length(${tools.priceBreaks}) = 0 or (
    (${tools.priceBreaks} -> 0 ->> 'minQuantity')::integer > ${values.minQuantity}
    and (${tools.priceBreaks} -> 0 ->> 'unitPriceCents')::integer < ${priceCents}))`;
}

function refuseBrokenKeptBreaks(current: ToolRow, values: ToolValues, currency: string): void {
  const kept = priceBreaksResponse(current.priceBreaks, currency);
  const [issue] = priceBreakIssues(kept, values);
  if (issue) {
    throw new HttpError(
      400,
      `The price breaks of ${current.name} do not hold for the new price or minimum (row ${issue.index + 1}: ${issue.message}). Please send priceBreaks with the edit.`,
    );
  }
}

/**
 * DELETE /tools/:id (admin). A tool that customers have paid for stays: its orders still have to be
 * shipped and accounted for. Its unpaid orders keep their own copy of name, image and price.
 */
export async function deleteTool(ctx: ToolsContext, id: string): Promise<{ deletedCount: number }> {
  const paidOrders = ctx.db
    .select({ one: sql`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.toolId, id), inArray(orders.status, ["paid", "shipped"])));
  const deleted = await ctx.db
    .delete(tools)
    .where(and(eq(tools.id, id), notExists(paidOrders)))
    .returning({ id: tools.id });
  if (deleted.length > 0) {
    await ctx.events.publish({ type: "ToolChanged", toolId: id, change: "deleted" });
    return { deletedCount: 1 };
  }

  const [current] = await ctx.db.select({ name: tools.name }).from(tools).where(eq(tools.id, id));
  if (!current) return { deletedCount: 0 };
  throw new HttpError(
    409,
    `${current.name} cannot be deleted: customers have paid for it, and their orders must keep it on record.`,
  );
}
