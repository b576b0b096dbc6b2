// What fits with what (issue 58, decision 0058): the relations of the tools an answer shows, read in one
// query for the whole page, and the owner's whole-list writes of a tool's relations, successor, model
// number and discontinued flag.
import type { Database } from "@toolshop/db/client";
import { type ToolRelationKind, toolRelations, tools } from "@toolshop/db/schema";
import {
  modelNumberTaken,
  noRelations,
  type RelatedTool,
  successorCycle,
  TOOL_OWN_SUCCESSOR,
  TOOL_RELATED_TO_ITSELF,
  type ToolRelated,
  type ToolRelationsValues,
} from "@toolshop/shared/tool-relations";
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { DomainEventPublisher } from "../../lib/domain-events";
import { HttpError } from "../../lib/http-errors";

const NO_SUCH_TOOL = "There is no tool with this id.";

export interface ToolRelationsContext {
  db: Database;
  events: DomainEventPublisher;
}

type ListName = "accessories" | "spareParts" | "fits" | "worksWith";

interface RelationRow {
  owner: string;
  list: ListName | "successor";
  id: string;
  name: string;
  sku: string;
}

/**
 * The relations of these tools, both directions, in one query: each tool's own lists (by the primary
 * key), the spare parts and works-with that name it from the other side (by the index on
 * related_tool_id) and its successor. A works-with is stored once and shows on both tools.
 */
export async function relationsOfTools(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, ToolRelated>> {
  const related = new Map<string, ToolRelated>(ids.map((id) => [id, noRelations()]));
  if (ids.length === 0) return related;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select owner, list, id, name, sku from (
      select r.tool_id as owner,
        case r.kind when 'accessory' then 'accessories' when 'spare_part' then 'spareParts' else 'worksWith' end as list,
        0 as side, r.position, t.id, t.name, t.sku
      from tool_relations r join tools t on t.id = r.related_tool_id
      where r.tool_id in (${list})
      union all
      select r.related_tool_id, case r.kind when 'spare_part' then 'fits' else 'worksWith' end,
        1, 0, t.id, t.name, t.sku
      from tool_relations r join tools t on t.id = r.tool_id
      where r.related_tool_id in (${list}) and r.kind in ('spare_part', 'works_with')
      union all
      select s.id, 'successor', 0, 0, t.id, t.name, t.sku
      from tools s join tools t on t.id = s.successor_id
      where s.id in (${list})
    ) rows
    order by owner, list, side, position, name, id
  `)) as unknown as { rows: RelationRow[] };
  for (const row of result.rows) {
    const entry = related.get(row.owner);
    if (!entry) continue;
    const tool: RelatedTool = { _id: row.id, name: row.name, sku: row.sku };
    if (row.list === "successor") entry.successor = tool;
    else entry[row.list].push(tool);
  }
  return related;
}

/** The ids of a tool's spare parts in their order (GET /tools/:id/spare-parts answers them as tools). */
export async function sparePartIdsOf(db: Database, toolId: string): Promise<string[]> {
  const rows = await db
    .select({ id: toolRelations.relatedToolId })
    .from(toolRelations)
    .where(and(eq(toolRelations.toolId, toolId), eq(toolRelations.kind, "spare_part")))
    .orderBy(toolRelations.position);
  return rows.map((row) => row.id);
}

/** The id of the tool whose model number or SKU is `q`, without case; undefined for none. */
export async function toolIdOfModelOrSku(db: Database, q: string): Promise<string | undefined> {
  // A model number first: a tool's SKU and another's model number may read alike.
  const [row] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(or(sql`lower(${tools.modelNumber}) = lower(${q})`, sql`lower(${tools.sku}) = lower(${q})`))
    .orderBy(sql`lower(${tools.modelNumber}) = lower(${q}) is not true`)
    .limit(1);
  return row?.id;
}

/**
 * PUT /tools/:id/relations (admin): the tool's lists replaced by the body's, its successor, model number
 * and discontinued flag set, in one transaction. Every named tool must exist and not be this one; a
 * successor must not lead back to this tool. Publishes ToolChanged, which drops the cached catalogue
 * (the other side's answers change too).
 */
export async function setToolRelations(
  ctx: ToolRelationsContext,
  toolId: string,
  body: ToolRelationsValues,
): Promise<void> {
  const named = [...body.accessories, ...body.spareParts, ...body.worksWith];
  if (named.includes(toolId)) throw new HttpError(400, TOOL_RELATED_TO_ITSELF);
  if (body.successorId === toolId) throw new HttpError(400, TOOL_OWN_SUCCESSOR);
  await withModelNumberUnique(body.modelNumber, () => writeRelations(ctx.db, toolId, named, body));
  await ctx.events.publish({ type: "ToolChanged", toolId, change: "updated" });
}

async function writeRelations(
  db: Database,
  toolId: string,
  named: readonly string[],
  body: ToolRelationsValues,
): Promise<void> {
  await db.transaction(async (tx) => {
    // One writer of successors at a time: two edits that each close half a circle cannot both pass.
    if (body.successorId) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tool_successors'))`);
    const [tool] = await tx
      .select({ id: tools.id, name: tools.name })
      .from(tools)
      .where(eq(tools.id, toolId))
      .for("update");
    if (!tool) throw new HttpError(404, NO_SUCH_TOOL);
    const wanted = [...new Set(body.successorId ? [...named, body.successorId] : named)];
    if (wanted.length > 0) {
      const found = await tx.select({ id: tools.id }).from(tools).where(inArray(tools.id, wanted));
      const missing = wanted.find((id) => !found.some((row) => row.id === id));
      if (missing) throw new HttpError(400, `There is no tool with the id ${missing}.`);
    }
    if (body.successorId) await refuseSuccessorCycle(tx, tool, body.successorId);
    if (body.modelNumber) await refuseTakenModelNumber(tx, body.modelNumber, toolId);
    await tx
      .update(tools)
      .set({ modelNumber: body.modelNumber, discontinued: body.discontinued, successorId: body.successorId })
      .where(eq(tools.id, toolId));
    await tx.delete(toolRelations).where(
      or(
        eq(toolRelations.toolId, toolId),
        // A works-with is one row, whichever side it was saved from: this tool's list is all of them.
        and(eq(toolRelations.relatedToolId, toolId), eq(toolRelations.kind, "works_with")),
      ),
    );
    const rows = [
      ...rowsOf(toolId, body.accessories, "accessory"),
      ...rowsOf(toolId, body.spareParts, "spare_part"),
      ...rowsOf(toolId, body.worksWith, "works_with"),
    ];
    if (rows.length > 0) await tx.insert(toolRelations).values(rows);
  });
}

/** `write`, with a race lost to the unique index on lower(model_number) answered as the check would. */
async function withModelNumberUnique(modelNumber: string | null, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    for (let current = error, depth = 0; current instanceof Error && depth < 10; depth++) {
      const { code, constraint } = current as { code?: unknown; constraint?: unknown };
      if (code === "23505" && constraint === "tools_model_number_unique" && modelNumber) {
        throw new HttpError(409, modelNumberTaken(modelNumber));
      }
      current = current.cause;
    }
    throw error;
  }
}

const rowsOf = (toolId: string, ids: readonly string[], kind: ToolRelationKind) =>
  ids.map((relatedToolId, position) => ({ toolId, relatedToolId, kind, position }));

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** 400 when `successorId`'s chain of successors reaches `tool`: A → B → … → A would have no newest. */
async function refuseSuccessorCycle(
  tx: Transaction,
  tool: { id: string; name: string },
  successorId: string,
): Promise<void> {
  const result = (await tx.execute(sql`
    with recursive chain(id, successor_id, depth) as (
      select id, successor_id, 1 from tools where id = ${successorId}
      union all
      select t.id, t.successor_id, chain.depth + 1 from tools t join chain on t.id = chain.successor_id
      where chain.depth < 10000
    )
    select (select name from tools where id = ${successorId}) as name,
      exists (select 1 from chain where successor_id = ${tool.id}) as cycle
  `)) as unknown as { rows: { name: string; cycle: boolean }[] };
  const [answer] = result.rows;
  if (answer?.cycle) throw new HttpError(400, successorCycle(tool.name, answer.name));
}

async function refuseTakenModelNumber(tx: Transaction, modelNumber: string, exceptId: string): Promise<void> {
  const [holder] = await tx
    .select({ id: tools.id })
    .from(tools)
    .where(and(sql`lower(${tools.modelNumber}) = lower(${modelNumber})`, ne(tools.id, exceptId)));
  if (holder) throw new HttpError(409, modelNumberTaken(modelNumber));
}
