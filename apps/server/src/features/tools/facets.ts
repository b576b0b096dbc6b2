// The search's attribute, price and stock filters and its facets (issue 58, decision 0061). Each facet is
// counted over the tools that match every other filter, so choosing a value changes the others' counts
// and not its own. One query counts every attribute's values, one the price range and the stock.
import type { Database } from "@toolshop/db/client";
import { attributeCategories, attributes, toolAttributeValues, tools } from "@toolshop/db/schema";
import {
  type AttributeFacet,
  type AttributeFilter,
  FACET_LIMITS,
  parseAttributeFilters,
  type ToolFacets,
} from "@toolshop/shared/tool-facets";
import type { ToolSearchQuery } from "@toolshop/shared/tools";
import { and, asc, type SQL, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import type { CategoryTree } from "../categories/tree";

type AttributeRow = Pick<typeof attributes.$inferSelect, "id" | "key" | "name" | "kind" | "unit" | "choices">;

/** A filter with its attribute, checked against the attribute's kind. */
interface ResolvedFilter extends AttributeFilter {
  attribute: AttributeRow;
}

/** What narrows a search beside its words and category. */
export interface SearchFilters {
  attributes: ResolvedFilter[];
  priceMinCents?: number;
  priceMaxCents?: number;
  inStock: boolean;
}

export const unknownAttributeKey = (key: string) => `There is no attribute with the key ${key}.`;

export const hasFilters = (filters: SearchFilters) =>
  filters.attributes.length > 0 ||
  filters.priceMinCents !== undefined ||
  filters.priceMaxCents !== undefined ||
  filters.inStock;

/** Whether a query narrows by anything the cached first page does not know. */
export function queryHasFilters(query: ToolSearchQuery): boolean {
  return (
    query.priceMinCents !== undefined ||
    query.priceMaxCents !== undefined ||
    query.inStock === "true" ||
    Object.keys(query).some((name) => name.startsWith("attr."))
  );
}

/** Every attribute with the categories it belongs to (none: every category). */
async function loadAttributes(db: Database) {
  const [rows, links] = await Promise.all([
    db
      .select({
        id: attributes.id,
        key: attributes.key,
        name: attributes.name,
        kind: attributes.kind,
        unit: attributes.unit,
        choices: attributes.choices,
      })
      .from(attributes)
      .orderBy(asc(attributes.position), asc(attributes.name)),
    db.select().from(attributeCategories),
  ]);
  return rows.map((row) => ({
    row,
    categoryIds: links.filter((link) => link.attributeId === row.id).map((link) => link.categoryId),
  }));
}

/**
 * The query's filters against the attributes as they are: a 400 with one sentence for a key no attribute
 * has, a range of a non-number, a value of a number, or a boolean other than true or false. The facets
 * are the attributes of the category (of a category above it or below it), every one without a category.
 */
export async function resolveFilters(
  db: Database,
  query: ToolSearchQuery,
  tree: CategoryTree,
  categoryId: string | undefined,
): Promise<{ filters: SearchFilters; facetAttributes: AttributeRow[] }> {
  const parsed = parseAttributeFilters(query);
  if ("error" in parsed) throw new HttpError(400, parsed.error);
  const all = await loadAttributes(db);
  const byKey = new Map(all.map((entry) => [entry.row.key, entry.row]));
  const resolved = parsed.filters.map((filter): ResolvedFilter => {
    const attribute = byKey.get(filter.key);
    if (!attribute) throw new HttpError(400, unknownAttributeKey(filter.key));
    const ranged = filter.min !== undefined || filter.max !== undefined;
    if (attribute.kind === "number" && filter.values.length > 0) {
      throw new HttpError(
        400,
        `${attribute.name} is a number: filter it by attr.${filter.key}.min and .max.`,
      );
    }
    if (attribute.kind !== "number" && ranged) {
      throw new HttpError(400, `${attribute.name} is not a number: it has no min or max.`);
    }
    if (
      attribute.kind === "boolean" &&
      filter.values.some((value) => value !== "true" && value !== "false")
    ) {
      throw new HttpError(400, `${attribute.name} is yes or no: filter it by true or false.`);
    }
    // A choice is matched in any case, as its value is taken (the owner's spelling is what is stored).
    const values =
      attribute.kind === "choice"
        ? filter.values.map(
            (value) =>
              attribute.choices.find((choice) => choice.toLowerCase() === value.toLowerCase()) ?? value,
          )
        : filter.values;
    return { ...filter, values, attribute };
  });
  const near = categoryId
    ? new Set([...tree.pathOf(categoryId).map((category) => category.id), ...tree.subtreeIds(categoryId)])
    : undefined;
  const facetAttributes = all
    .filter(
      (entry) => !near || entry.categoryIds.length === 0 || entry.categoryIds.some((id) => near.has(id)),
    )
    .map((entry) => entry.row);
  return {
    filters: {
      attributes: resolved,
      priceMinCents: query.priceMinCents,
      priceMaxCents: query.priceMaxCents,
      inStock: query.inStock === "true",
    },
    facetAttributes,
  };
}

/** A tool (of the outer query's `tools`) has a value of the filter's attribute that it asks for. */
function attributeMatch(filter: ResolvedFilter): SQL {
  const value = toolAttributeValues;
  const conditions: SQL[] = [
    sql`${value.toolId} = ${tools.id}`,
    sql`${value.attributeId} = ${filter.attribute.id}::uuid`,
  ];
  if (filter.attribute.kind === "number") {
    if (filter.min !== undefined) conditions.push(sql`${value.numberValue} >= ${filter.min}::numeric`);
    if (filter.max !== undefined) conditions.push(sql`${value.numberValue} <= ${filter.max}::numeric`);
  } else if (filter.attribute.kind === "boolean") {
    if (filter.values.length === 1)
      conditions.push(sql`${value.booleanValue} = ${filter.values[0]}::boolean`);
  } else if (filter.values.length > 0) {
    conditions.push(sql`${value.textValue} = any(${sql.param(filter.values)}::text[])`);
  }
  return sql`exists (select 1 from ${toolAttributeValues} where ${and(...conditions)})`;
}

function priceMatch(filters: SearchFilters): SQL | undefined {
  return and(
    filters.priceMinCents !== undefined
      ? sql`${tools.priceCents} >= ${filters.priceMinCents}::integer`
      : undefined,
    filters.priceMaxCents !== undefined
      ? sql`${tools.priceCents} <= ${filters.priceMaxCents}::integer`
      : undefined,
  );
}

const stockMatch = (filters: SearchFilters) => (filters.inStock ? sql`not ${tools.soldOut}` : undefined);

/** The conditions the page and its total add to the words and the category. */
export function filterConditions(filters: SearchFilters): (SQL | undefined)[] {
  return [...filters.attributes.map(attributeMatch), priceMatch(filters), stockMatch(filters)];
}

const flag = (condition: SQL | undefined) => condition ?? sql`true`;

/** Every facet of the tools matching `base` (words, category): each over all the other filters. */
export async function countFacets(
  db: Database,
  base: (SQL | undefined)[],
  filters: SearchFilters,
  facetAttributes: AttributeRow[],
): Promise<ToolFacets> {
  // Each row of the base: the tool with whether it passes each filter, so one scan serves every facet.
  const filterFlags = filters.attributes.map(
    (filter, index) => sql`${attributeMatch(filter)} as ${sql.raw(`f${index}`)}`,
  );
  const baseQuery = sql`select ${tools.id} as id, ${tools.priceCents} as price_cents, ${tools.soldOut} as sold_out,
    ${flag(priceMatch(filters))} as price_ok, ${flag(stockMatch(filters))} as stock_ok
    ${filterFlags.length > 0 ? sql`, ${sql.join(filterFlags, sql`, `)}` : sql``}
    from ${tools} ${and(...base) ? sql`where ${and(...base)}` : sql``}`;
  const allAttributes = filters.attributes.map((_, index) => sql.raw(`b.f${index}`));
  const everyAttribute = allAttributes.length > 0 ? sql.join(allAttributes, sql` and `) : sql`true`;
  // A value row counts when its tool passes every filter but the one of its own attribute.
  const othersThan = filters.attributes.map(
    (filter, index) => sql`(v.attribute_id = ${filter.attribute.id}::uuid or ${sql.raw(`b.f${index}`)})`,
  );
  const facetIds = facetAttributes.map((attribute) => attribute.id);
  const [valueRows, rangeRows] = await Promise.all([
    facetIds.length === 0
      ? Promise.resolve({ rows: [] })
      : db.execute(sql`with b as (${baseQuery})
          select v.attribute_id as "attributeId", coalesce(v.text_value, v.boolean_value::text) as value,
            count(*)::int as count, min(v.number_value)::float8 as min, max(v.number_value)::float8 as max
          from ${toolAttributeValues} v join b on b.id = v.tool_id
          where v.attribute_id = any(${sql.param(facetIds)}::uuid[]) and b.price_ok and b.stock_ok
            ${othersThan.length > 0 ? sql`and ${sql.join(othersThan, sql` and `)}` : sql``}
          group by v.attribute_id, 2`),
    db.execute(sql`with b as (${baseQuery})
      select min(price_cents) filter (where stock_ok and ${everyAttribute}) as "minCents",
        max(price_cents) filter (where stock_ok and ${everyAttribute}) as "maxCents",
        (count(*) filter (where not sold_out and price_ok and ${everyAttribute}))::int as "inStockCount"
      from b`),
  ]);
  const counted = (valueRows as unknown as { rows: ValueRow[] }).rows;
  const [range] = (rangeRows as unknown as { rows: RangeRow[] }).rows;
  return {
    attributes: facetAttributes.map((attribute) => facetOf(attribute, counted)),
    price:
      range && range.minCents !== null && range.maxCents !== null
        ? { minCents: Number(range.minCents), maxCents: Number(range.maxCents) }
        : null,
    inStockCount: range?.inStockCount ?? 0,
  };
}

interface ValueRow {
  attributeId: string;
  value: string | null;
  count: number;
  min: number | null;
  max: number | null;
}
interface RangeRow {
  minCents: number | string | null;
  maxCents: number | string | null;
  inStockCount: number;
}

/** A choice lists every choice in the owner's order (0 for the unused), a boolean both, text its commonest. */
function facetOf(attribute: AttributeRow, counted: ValueRow[]): AttributeFacet {
  const own = counted.filter((row) => row.attributeId === attribute.id);
  const countOf = (value: string) => own.find((row) => row.value === value)?.count ?? 0;
  const total = own.reduce((sum, row) => sum + row.count, 0);
  const facet = {
    key: attribute.key,
    name: attribute.name,
    kind: attribute.kind,
    unit: attribute.unit,
    count: total,
  };
  if (attribute.kind === "number") {
    const [row] = own;
    return { ...facet, values: [], min: row?.min ?? null, max: row?.max ?? null };
  }
  const values =
    attribute.kind === "choice"
      ? attribute.choices.map((value) => ({ value, count: countOf(value) }))
      : attribute.kind === "boolean"
        ? ["true", "false"].map((value) => ({ value, count: countOf(value) }))
        : own
            .filter((row) => row.value !== null)
            .map((row) => ({ value: row.value as string, count: row.count }))
            .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
            .slice(0, FACET_LIMITS.facetValues);
  return { ...facet, values, min: null, max: null };
}
