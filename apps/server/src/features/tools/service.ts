import type { Database } from "@toolshop/db/client";
import { orders, tools } from "@toolshop/db/schema";
import type { Tool } from "@toolshop/shared/tools";
import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { amountToMinor, minorToAmount } from "../../lib/money";

type ToolRow = typeof tools.$inferSelect;

/** A database row as the API shows it: the spec's field names, `_id`, price in currency units. */
export function toToolResponse(row: ToolRow, currency: string): Tool {
  return {
    _id: row.id,
    name: row.name,
    short: row.short,
    image: row.image,
    price: minorToAmount(row.priceCents, currency),
    minQuantity: row.minQuantity,
    availableQuantity: row.availableQuantity,
  };
}

/** Every tool, in one query, ordered by name (SPEC.md: no pagination). */
export async function listTools(db: Database, currency: string): Promise<Tool[]> {
  const rows = await db.select().from(tools).orderBy(asc(tools.name), asc(tools.id));
  return rows.map((row) => toToolResponse(row, currency));
}

export async function findTool(db: Database, id: string, currency: string): Promise<Tool | undefined> {
  const [row] = await db.select().from(tools).where(eq(tools.id, id));
  return row ? toToolResponse(row, currency) : undefined;
}

/** The values a tool is created or updated with (validated by the shared product schema). */
export interface ToolValues {
  name: string;
  short: string;
  image: string;
  price: number;
  minQuantity: number;
  availableQuantity: number;
}

function toRowValues(values: ToolValues, currency: string) {
  return {
    name: values.name,
    short: values.short,
    image: values.image,
    priceCents: amountToMinor(values.price, currency),
    minQuantity: values.minQuantity,
    availableQuantity: values.availableQuantity,
  };
}

/** POST /tools (admin): a new tool, as the API shows it. */
export async function createTool(db: Database, values: ToolValues, currency: string): Promise<Tool> {
  const [row] = await db.insert(tools).values(toRowValues(values, currency)).returning();
  if (!row) throw new Error("The new tool was not returned.");
  return toToolResponse(row, currency);
}

/**
 * PATCH /tools/:id (admin). The stock is only overwritten if it is still what the admin saw when the
 * edit began: orders reserve stock meanwhile, and an edit of the price must not give it back.
 */
export async function updateTool(
  db: Database,
  id: string,
  values: ToolValues & { previousAvailableQuantity: number },
  currency: string,
): Promise<Tool> {
  const [row] = await db
    .update(tools)
    .set(toRowValues(values, currency))
    .where(and(eq(tools.id, id), eq(tools.availableQuantity, values.previousAvailableQuantity)))
    .returning();
  if (row) return toToolResponse(row, currency);

  const [current] = await db.select().from(tools).where(eq(tools.id, id));
  if (!current) throw new HttpError(404, "There is no tool with this id.");
  throw new HttpError(
    409,
    `The stock of ${current.name} changed while you were editing: ${current.availableQuantity} units are available now. Please check the stock and save again.`,
  );
}

/**
 * DELETE /tools/:id (admin). A tool that customers have paid for stays: its orders still have to be
 * shipped and accounted for. Its unpaid orders keep their own copy of name, image and price.
 */
export async function deleteTool(db: Database, id: string): Promise<{ deletedCount: number }> {
  const paidOrders = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(eq(orders.toolId, id), inArray(orders.status, ["paid", "shipped"])));
  const deleted = await db
    .delete(tools)
    .where(and(eq(tools.id, id), notExists(paidOrders)))
    .returning({ id: tools.id });
  if (deleted.length > 0) return { deletedCount: 1 };

  const [current] = await db.select({ name: tools.name }).from(tools).where(eq(tools.id, id));
  if (!current) return { deletedCount: 0 };
  throw new HttpError(
    409,
    `${current.name} cannot be deleted: customers have paid for it, and their orders must keep it on record.`,
  );
}
