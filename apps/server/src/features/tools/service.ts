import type { Database } from "@toolshop/db/client";
import { tools } from "@toolshop/db/schema";
import type { Tool } from "@toolshop/shared/tools";
import { asc, eq } from "drizzle-orm";
import { minorToAmount } from "../../lib/money";

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
