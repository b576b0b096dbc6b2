// Tools of given ids as the tools' answers show them, for the spare-parts reads.
import type { Database } from "@toolshop/db/client";
import { tools } from "@toolshop/db/schema";
import type { Tool } from "@toolshop/shared/tools";
import { inArray } from "drizzle-orm";
import type { CategoryTreeSource } from "../categories/tree";
import { toolColumns, toToolResponses } from "../tools/service";

/** The tools of these ids as the API shows them, in the ids' order (one that is gone is left out). */
export async function toolsOfIds(
  db: Database,
  ids: readonly string[],
  currency: string,
  categories: CategoryTreeSource,
): Promise<Tool[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(toolColumns)
    .from(tools)
    .where(inArray(tools.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return toToolResponses(db, ordered, currency, categories);
}
