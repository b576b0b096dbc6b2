// GET /tools/compare?ids=: up to four tools in one answer, for the comparison page (issue 58,
// decision 0061): one query and one reading of their pictures, relations and specifications,
// instead of one GET /tools/:id per tool.
import type { Database } from "@toolshop/db/client";
import { tools } from "@toolshop/db/schema";
import { compareUnknownIds } from "@toolshop/shared/tool-compare";
import type { Tool } from "@toolshop/shared/tools";
import { inArray } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import type { CategoryTreeSource } from "../categories/tree";
import { toolColumns, toToolResponses } from "./service";

/** The tools of `ids` in that order; a 404 naming the ids no tool has. */
export async function compareTools(
  db: Database,
  ids: readonly string[],
  currency: string,
  categories: CategoryTreeSource,
): Promise<Tool[]> {
  const rows = await db
    .select(toolColumns)
    .from(tools)
    .where(inArray(tools.id, [...ids]));
  const found = new Map(
    (await toToolResponses(db, rows, currency, categories)).map((tool) => [tool._id, tool]),
  );
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) throw new HttpError(404, compareUnknownIds(unknown));
  return ids.flatMap((id) => found.get(id) ?? []);
}
