// The owner's attributes and a tool's values (issue 58, decision 0060). Each value is checked against
// its attribute's kind, and an attribute applies to a tool only in the categories it belongs to.
import type { Database } from "@toolshop/db/client";
import { attributeCategories, attributes, categories, toolAttributeValues, tools } from "@toolshop/db/schema";
import type {
  Attribute,
  CreateAttributeBody,
  ToolAttribute,
  ToolAttributeValuesBody,
} from "@toolshop/shared/attributes";
import { asc, eq, inArray, max } from "drizzle-orm";
import type { DomainEventPublisher } from "../../lib/domain-events";
import { HttpError } from "../../lib/http-errors";
import { loadCategoryTree } from "../categories/tree";
import { attributesOfTools } from "./tool-attributes";
import { notOfToolCategory, storedAttributeValue } from "./values";

export interface AttributesContext {
  db: Database;
  events: DomainEventPublisher;
}

export async function listAttributes(db: Database): Promise<Attribute[]> {
  const rows = await db.select().from(attributes).orderBy(asc(attributes.position), asc(attributes.name));
  const links = await db
    .select({ attributeId: attributeCategories.attributeId, slug: categories.slug })
    .from(attributeCategories)
    .innerJoin(categories, eq(categories.id, attributeCategories.categoryId));
  return rows.map((row) => ({
    _id: row.id,
    key: row.key,
    name: row.name,
    kind: row.kind,
    unit: row.unit,
    choices: row.choices,
    categories: links.filter((link) => link.attributeId === row.id).map((link) => link.slug),
  }));
}

/** POST /attributes: last in the order; its key is unique (409 otherwise). */
export async function createAttribute(ctx: AttributesContext, body: CreateAttributeBody): Promise<Attribute> {
  const created = await ctx.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: attributes.id })
      .from(attributes)
      .where(eq(attributes.key, body.key));
    if (taken) throw new HttpError(409, `Another attribute already has the key ${body.key}.`);
    const categoryIds = await categoryIdsOf(tx, body.categories);
    const [last] = await tx.select({ position: max(attributes.position) }).from(attributes);
    const [row] = await tx
      .insert(attributes)
      .values({
        key: body.key,
        name: body.name,
        kind: body.kind,
        unit: body.unit ?? null,
        choices: body.choices,
        position: (last?.position ?? -1) + 1,
      })
      .returning();
    if (!row) throw new Error("An attribute was not inserted.");
    if (categoryIds.length > 0) {
      await tx
        .insert(attributeCategories)
        .values(categoryIds.map((categoryId) => ({ attributeId: row.id, categoryId })));
    }
    return row;
  });
  const [answer] = (await listAttributes(ctx.db)).filter((attribute) => attribute._id === created.id);
  if (!answer) throw new Error("A created attribute was not found.");
  return answer;
}

async function categoryIdsOf(db: Database, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, [...slugs]));
  const missing = slugs.find((slug) => !rows.some((row) => row.slug === slug));
  if (missing) throw new HttpError(400, `There is no category with the slug ${missing}.`);
  return rows.map((row) => row.id);
}

/** DELETE /attributes/:id: its values go with it, and the tools that had one are answered anew. */
export async function deleteAttribute(ctx: AttributesContext, id: string): Promise<{ deletedCount: number }> {
  const holders = await ctx.db
    .select({ toolId: toolAttributeValues.toolId })
    .from(toolAttributeValues)
    .where(eq(toolAttributeValues.attributeId, id));
  const deleted = await ctx.db
    .delete(attributes)
    .where(eq(attributes.id, id))
    .returning({ id: attributes.id });
  for (const { toolId } of holders)
    await ctx.events.publish({ type: "ToolChanged", toolId, change: "updated" });
  return { deletedCount: deleted.length };
}

/**
 * PUT /tools/:id/attributes: the tool's whole list of values. Each key must name an attribute of the
 * tool's category (or of a category above it), and each value fit its kind.
 */
export async function setToolAttributes(
  ctx: AttributesContext,
  toolId: string,
  body: ToolAttributeValuesBody,
): Promise<ToolAttribute[]> {
  await ctx.db.transaction(async (tx) => {
    const [tool] = await tx
      .select({ categoryId: tools.categoryId })
      .from(tools)
      .where(eq(tools.id, toolId))
      .for("update");
    if (!tool) throw new HttpError(404, "There is no tool with this id.");
    const keys = body.values.map((value) => value.key);
    const rows =
      keys.length === 0 ? [] : await tx.select().from(attributes).where(inArray(attributes.key, keys));
    const tree = await loadCategoryTree(tx);
    const above = new Set(tree.pathOf(tool.categoryId).map((category) => category.id));
    const links =
      rows.length === 0
        ? []
        : await tx
            .select()
            .from(attributeCategories)
            .where(
              inArray(
                attributeCategories.attributeId,
                rows.map((row) => row.id),
              ),
            );
    const values = body.values.map(({ key, value }) => {
      const attribute = rows.find((row) => row.key === key);
      if (!attribute) throw new HttpError(400, `No attribute has the key ${key}.`);
      const own = links.filter((link) => link.attributeId === attribute.id);
      if (own.length > 0 && !own.some((link) => above.has(link.categoryId))) {
        throw new HttpError(400, notOfToolCategory(attribute.name));
      }
      const checked = storedAttributeValue(attribute, value);
      if ("refusal" in checked) throw new HttpError(400, checked.refusal);
      return { toolId, attributeId: attribute.id, ...checked.stored };
    });
    await tx.delete(toolAttributeValues).where(eq(toolAttributeValues.toolId, toolId));
    if (values.length > 0) await tx.insert(toolAttributeValues).values(values);
  });
  await ctx.events.publish({ type: "ToolChanged", toolId, change: "updated" });
  return (await attributesOfTools(ctx.db, [toolId])).get(toolId) ?? [];
}
