// A tool's values as its answer shows them (decision 0060): one query for every tool of an answer.
import type { Database } from "@toolshop/db/client";
import { attributes, toolAttributeValues } from "@toolshop/db/schema";
import type { ToolAttribute } from "@toolshop/shared/attributes";
import { asc, eq, inArray } from "drizzle-orm";

/** Each tool's spec lines, in the attributes' order; a tool without values is absent. */
export async function attributesOfTools(
  db: Database,
  toolIds: readonly string[],
): Promise<Map<string, ToolAttribute[]>> {
  const byTool = new Map<string, ToolAttribute[]>();
  if (toolIds.length === 0) return byTool;
  const rows = await db
    .select({
      toolId: toolAttributeValues.toolId,
      key: attributes.key,
      name: attributes.name,
      unit: attributes.unit,
      numberValue: toolAttributeValues.numberValue,
      textValue: toolAttributeValues.textValue,
      booleanValue: toolAttributeValues.booleanValue,
    })
    .from(toolAttributeValues)
    .innerJoin(attributes, eq(attributes.id, toolAttributeValues.attributeId))
    .where(inArray(toolAttributeValues.toolId, [...toolIds]))
    .orderBy(asc(attributes.position), asc(attributes.name));
  for (const row of rows) {
    const value = row.numberValue ?? row.textValue ?? row.booleanValue;
    if (value === null) continue;
    const list = byTool.get(row.toolId) ?? [];
    list.push({ key: row.key, name: row.name, value, unit: row.unit });
    byTool.set(row.toolId, list);
  }
  return byTool;
}
