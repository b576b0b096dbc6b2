// Part numbers (decision 0056): found without case, kept unique by the database's index on lower(sku),
// and made by the shop for a tool the API adds without one. Lines of orders, carts and quotes may name
// their tool by SKU: toolIdsOfLines turns those into tool ids before the feature's own work.
import type { Database } from "@toolshop/db/client";
import { tools } from "@toolshop/db/schema";
import { skuNotFound, skuTaken } from "@toolshop/shared/sku";
import { toolDiscontinued } from "@toolshop/shared/tool-relations";
import { inArray, or, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";

/** The condition "this tool's SKU is `sku`", without case: what the unique index reads. */
export const skuIs = (sku: string) => sql`lower(${tools.sku}) = lower(${sku})`;

/** The id and SKU of the tool whose SKU is `sku` in any case; undefined for none. */
export async function toolOfSku(db: Database, sku: string): Promise<{ id: string; sku: string } | undefined> {
  const [row] = await db.select({ id: tools.id, sku: tools.sku }).from(tools).where(skuIs(sku));
  return row;
}

/** 409 when a tool other than `exceptId` has `sku` in any case. */
export async function refuseTakenSku(db: Database, sku: string, exceptId?: string): Promise<void> {
  const holder = await toolOfSku(db, sku);
  if (holder && holder.id !== exceptId) throw new HttpError(409, skuTaken(sku));
}

/**
 * `write`, with a race lost to the unique index answered as the check before it would have: two
 * creates of one SKU at once both pass refuseTakenSku, and the second insert meets the index.
 */
export async function withSkuUnique<T>(sku: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatesSkuIndex(error)) throw new HttpError(409, skuTaken(sku));
    throw error;
  }
}

function violatesSkuIndex(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "tools_sku_unique") return true;
    current = current.cause;
  }
  return false;
}

const ASSIGN_ATTEMPTS = 5;

/**
 * The next SKU of the shop's own series for a tool of the category `categorySlug`: its first three
 * letters or digits in capitals and the sequence's next number (ELE-00009), as migration 0038 gave the
 * tools that existed. A number the owner happened to type as a SKU of their own is passed over.
 */
export async function assignedSku(db: Database, categorySlug: string): Promise<string> {
  const prefix = categorySlug.replaceAll("-", "").slice(0, 3).toUpperCase();
  for (let attempt = 0; attempt < ASSIGN_ATTEMPTS; attempt++) {
    const result = (await db.execute(sql`select nextval('tool_sku_numbers') as n`)) as {
      rows: { n: string | number }[];
    };
    const sku = `${prefix}-${String(result.rows[0]?.n).padStart(5, "0")}`;
    if (!(await toolOfSku(db, sku))) return sku;
  }
  throw new Error("No free SKU in the shop's series after several numbers.");
}

/** A line that names its tool by id or by SKU (the shared schemas allow exactly one). */
export interface LineByIdOrSku {
  toolId?: string | undefined;
  sku?: string | undefined;
}

/**
 * `lines` with every SKU turned into its tool's id (one query for all the lines' tools), the other
 * fields kept. A SKU no tool has is a 400 naming it; two lines that turn out to be one tool (its id on
 * one, its SKU on the other) are a 400 with `repeated`, the sentence the schema gives two lines of one
 * id. A discontinued tool is a 409 (decision 0058): this is where orders, carts and quotes all pass, so
 * none of them takes one. An id no tool has is left to the feature, which has its own sentence.
 */
export async function linesWithToolIds<Line extends LineByIdOrSku>(
  db: Pick<Database, "select">,
  lines: readonly Line[],
  repeated: string,
): Promise<(Omit<Line, "sku" | "toolId"> & { toolId: string })[]> {
  const skus = [
    ...new Set(lines.flatMap((line) => (line.sku === undefined ? [] : [line.sku.toLowerCase()]))),
  ];
  const ids = [...new Set(lines.flatMap((line) => (line.toolId === undefined ? [] : [line.toolId])))];
  const rows =
    lines.length === 0
      ? []
      : await db
          .select({
            id: tools.id,
            sku: sql<string>`lower(${tools.sku})`,
            name: tools.name,
            discontinued: tools.discontinued,
          })
          .from(tools)
          .where(
            or(
              ids.length > 0 ? inArray(tools.id, ids) : undefined,
              skus.length > 0 ? inArray(sql`lower(${tools.sku})`, skus) : undefined,
            ),
          );
  const idOfSku = new Map(rows.map((row) => [row.sku, row.id]));
  const resolved = lines.map(({ sku, toolId, ...rest }) => {
    if (toolId !== undefined) return { ...rest, toolId };
    const id = idOfSku.get(sku?.toLowerCase() ?? "");
    if (!id) throw new HttpError(400, skuNotFound(sku ?? ""));
    return { ...rest, toolId: id };
  });
  if (new Set(resolved.map((line) => line.toolId)).size < resolved.length) throw new HttpError(400, repeated);
  const discontinued = rows.find((row) => row.discontinued);
  if (discontinued) throw new HttpError(409, toolDiscontinued(discontinued.name));
  return resolved;
}
