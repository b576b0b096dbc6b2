// POST /api/tools/import (decision 0045): a catalogue file previewed (dryRun) or applied all or nothing,
// in one transaction, with the same checks as the admin's edit and the same ToolChanged events after
// the commit, which clear the catalogue caches on every process.
import { randomUUID } from "node:crypto";
import { toolAttributeValues, tools } from "@toolshop/db/schema";
import { TOOL_IMPORT_MAX_ROWS, type ToolImportResult } from "@toolshop/shared/spreadsheets";
import { and, eq, inArray } from "drizzle-orm";
import { parseCsv } from "../../lib/csv";
import type { DomainEvent } from "../../lib/domain-events";
import { HttpError } from "../../lib/http-errors";
import { listAttributes } from "../attributes/service";
import { type CategoryTree, categoryTreeOf, loadCategoryTree } from "../categories/tree";
import { toolCsvColumns } from "./csv-columns";
import { type ImageCheck, type PlannedWrite, planImport } from "./import-plan";
import { listTools, type ToolsContext, toRowValues } from "./service";

export interface ToolImportContext extends ToolsContext {
  imageIsOurs: ImageCheck;
}

export interface ToolImportOutcome {
  /** 200 previewed or applied; 422 refused because rows have errors (nothing was changed). */
  statusCode: 200 | 422;
  result: ToolImportResult;
}

export const PREVIEW_OUTDATED =
  "The catalogue changed since the preview (an order or another admin changed a tool): nothing was imported. Please preview the file again.";

/** Creates are inserted this many rows to a statement; events are published this many at once. */
const BATCH = 500;

export async function importTools(
  ctx: ToolImportContext,
  csv: string,
  options: { dryRun: boolean; expect?: string | undefined },
): Promise<ToolImportOutcome> {
  // The header is a record too.
  const records = parseCsv(csv, TOOL_IMPORT_MAX_ROWS + 1);
  const planFor = async (db: ToolsContext["db"], tree: CategoryTree) => {
    const [catalogue, attributes] = await Promise.all([
      listTools(db, ctx.currency, categoryTreeOf(db)),
      listAttributes(db),
    ]);
    return planImport(records, catalogue, toolCsvColumns(ctx.currency, tree), ctx.imageIsOurs, {
      attributes,
      tree,
    });
  };
  if (options.dryRun) {
    const plan = await planFor(ctx.db, await loadCategoryTree(ctx.db));
    return { statusCode: 200, result: plan.result };
  }

  // Planned again inside the transaction, against the catalogue as it is now; with `expect`, only if
  // that is still exactly what the owner previewed.
  const applied = await ctx.db.transaction(async (tx) => {
    const tree = await loadCategoryTree(tx);
    const plan = await planFor(tx, tree);
    // Rows with errors: nothing is written, and the answer says which and why.
    if (plan.result.counts.error > 0) return { result: plan.result, events: undefined };
    if (options.expect !== undefined && options.expect !== plan.result.fingerprint) {
      throw new HttpError(409, PREVIEW_OUTDATED);
    }
    const events = await writePlan(tx, ctx, tree, plan.writes);
    return { result: plan.result, events };
  });
  if (!applied.events) return { statusCode: 422, result: applied.result };
  for (let start = 0; start < applied.events.length; start += BATCH) {
    await Promise.all(applied.events.slice(start, start + BATCH).map((event) => ctx.events.publish(event)));
  }
  return { statusCode: 200, result: { ...applied.result, applied: true } };
}

/**
 * The creates and updates; an update whose stock moved since it was read undoes everything (409), as
 * does a category deleted since (the foreign key refuses the write).
 */
async function writePlan(
  tx: ToolsContext["db"],
  { currency, restocked }: Pick<ToolsContext, "currency" | "restocked">,
  tree: CategoryTree,
  writes: PlannedWrite[],
) {
  const events: DomainEvent[] = [];
  const updatedIds: string[] = [];
  // Every row's category was read from `tree`, by path.
  const categoryIdOf = (slug: string) => tree.findBySlug(slug)?.id as string;
  const creates = writes.filter((write) => !write.current);
  for (let start = 0; start < creates.length; start += BATCH) {
    const batch = creates.slice(start, start + BATCH).map((write) => {
      // The id is chosen here so that the preview's row can name the tool it created.
      write.row.toolId = randomUUID();
      events.push({ type: "ToolChanged", toolId: write.row.toolId, change: "created" });
      const categoryId = categoryIdOf(write.values.category);
      // The plan refuses a new tool's row without one.
      const { sku } = write.values;
      if (!sku) throw new Error("A new tool was planned without a SKU.");
      return { id: write.row.toolId, ...toRowValues(write.values, currency, categoryId), categoryId, sku };
    });
    await tx.insert(tools).values(batch);
  }
  for (const write of writes) {
    const { current } = write;
    if (!current) continue;
    const updated = await tx
      .update(tools)
      .set(toRowValues(write.values, currency, categoryIdOf(write.values.category)))
      .where(and(eq(tools.id, current._id), eq(tools.availableQuantity, current.availableQuantity)))
      .returning({ id: tools.id });
    if (updated.length === 0) throw new HttpError(409, PREVIEW_OUTDATED);
    events.push({ type: "ToolChanged", toolId: current._id, change: "updated" });
    updatedIds.push(current._id);
  }
  await writeSpecifications(tx, writes);
  // The tools the file brought back in stock mail their waiting alerts with the import.
  await restocked?.(tx, updatedIds);
  return events;
}

/** The whole lists of the tools whose specifications the file changes: one delete, inserts in batches. */
async function writeSpecifications(tx: ToolsContext["db"], writes: PlannedWrite[]) {
  const changed = writes.filter((write) => write.specifications && write.row.toolId);
  if (changed.length === 0) return;
  const ids = changed.map((write) => write.row.toolId as string);
  for (let start = 0; start < ids.length; start += BATCH) {
    await tx
      .delete(toolAttributeValues)
      .where(inArray(toolAttributeValues.toolId, ids.slice(start, start + BATCH)));
  }
  const values = changed.flatMap((write) =>
    (write.specifications ?? []).map(({ attributeId, stored }) => ({
      toolId: write.row.toolId as string,
      attributeId,
      ...stored,
    })),
  );
  for (let start = 0; start < values.length; start += BATCH) {
    await tx.insert(toolAttributeValues).values(values.slice(start, start + BATCH));
  }
}
