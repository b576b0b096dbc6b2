// Facets (issue 58, decision 0061): the search's attribute, price and stock filters as the URL spells
// them, and the counts the answer gives for each, every facet counted over the tools that match all
// the other filters.
import { z } from "zod";
import { ATTRIBUTE_KINDS, ATTRIBUTE_LIMITS } from "./attributes";
import { CATEGORY_SLUG_PATTERN } from "./categories";

/** The URL's prefix of an attribute filter: `attr.<key>=<value>` (repeatable), `attr.<key>.min|.max`. */
export const ATTRIBUTE_FILTER_PREFIX = "attr.";

export const FACET_LIMITS = {
  /** Attributes one search may filter by. */
  attributes: 20,
  /** Values of one choice or text attribute (any of them matches). */
  valuesPerAttribute: 20,
  /** Values a choice or text facet lists, the commonest first. */
  facetValues: 50,
} as const;

export const FILTER_NUMBER_MAX = 1e12;

/** A choice, text or boolean filter (any of the values) or a number's range. */
export interface AttributeFilter {
  key: string;
  values: string[];
  min?: number;
  max?: number;
}

const tooManyAttributes = `At most ${FACET_LIMITS.attributes} attributes may filter one search`;

const filterValue = z
  .string()
  .trim()
  .min(1, { error: "An attribute filter's value may not be empty", abort: true })
  .max(ATTRIBUTE_LIMITS.text, {
    error: `An attribute filter's value must be at most ${ATTRIBUTE_LIMITS.text} characters`,
    abort: true,
  });

const filterNumber = z.coerce
  .number({ error: "An attribute's min and max must be numbers" })
  .refine((value) => Number.isFinite(value) && Math.abs(value) <= FILTER_NUMBER_MAX, {
    error: "An attribute's min and max must be numbers",
  });

/** `attr.torque.min` → ["torque", "min"]; undefined for a name that is no attribute filter. */
function filterName(name: string): [string, "values" | "min" | "max"] | undefined {
  if (!name.startsWith(ATTRIBUTE_FILTER_PREFIX)) return undefined;
  const rest = name.slice(ATTRIBUTE_FILTER_PREFIX.length);
  const bound = /\.(min|max)$/.exec(rest);
  const key = bound ? rest.slice(0, bound.index) : rest;
  if (key.length > ATTRIBUTE_LIMITS.key || !CATEGORY_SLUG_PATTERN.test(key)) return undefined;
  return [key, bound ? (bound[1] as "min" | "max") : "values"];
}

/**
 * The attribute filters of a query string's fields (the other fields are left alone); the issues for
 * a field that is not one (`attr.Bad Key`), a hostile value, or too many of them.
 */
export function parseAttributeFilters(
  fields: Record<string, unknown>,
): { filters: AttributeFilter[] } | { error: string } {
  const byKey = new Map<string, AttributeFilter>();
  for (const [name, raw] of Object.entries(fields)) {
    if (!name.startsWith(ATTRIBUTE_FILTER_PREFIX)) continue;
    const parsedName = filterName(name);
    if (!parsedName) return { error: `${name.slice(0, 80)} is not an attribute filter` };
    const [key, part] = parsedName;
    const filter = byKey.get(key) ?? { key, values: [] };
    if (!byKey.has(key) && byKey.size >= FACET_LIMITS.attributes) return { error: tooManyAttributes };
    byKey.set(key, filter);
    const list = Array.isArray(raw) ? raw : [raw];
    if (part === "values") {
      if (list.length + filter.values.length > FACET_LIMITS.valuesPerAttribute) {
        return { error: `At most ${FACET_LIMITS.valuesPerAttribute} values of ${key} may filter one search` };
      }
      for (const item of list) {
        const value = filterValue.safeParse(item);
        if (!value.success) return { error: value.error.issues[0]?.message ?? "Bad filter value" };
        if (!filter.values.includes(value.data)) filter.values.push(value.data);
      }
    } else {
      if (list.length !== 1) return { error: `${name} may be given once` };
      const value = filterNumber.safeParse(list[0]);
      if (!value.success) return { error: value.error.issues[0]?.message ?? "Bad filter number" };
      filter[part] = value.data;
    }
  }
  return { filters: [...byKey.values()] };
}

/** One attribute's facet: a number's range, or each value with how many tools have it. */
export const attributeFacetSchema = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(ATTRIBUTE_KINDS),
  unit: z.string().nullable(),
  /** Choices, text values and booleans ("true"/"false"); empty for a number. */
  values: z.array(z.object({ value: z.string(), count: z.number().int() })),
  /** A number's smallest and largest value; null for the other kinds or when no tool has one. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Tools with a value of this attribute. */
  count: z.number().int(),
});
export type AttributeFacet = z.infer<typeof attributeFacetSchema>;

export const toolFacetsSchema = z.object({
  attributes: z.array(attributeFacetSchema),
  /** The cheapest and dearest unit price in cents; null when nothing matches. */
  price: z.object({ minCents: z.number().int(), maxCents: z.number().int() }).nullable(),
  /** How many of the tools matching the other filters are in stock. */
  inStockCount: z.number().int(),
});
export type ToolFacets = z.infer<typeof toolFacetsSchema>;

/** The facets of an answer that found nothing to count (tests' fakes, an empty catalogue). */
export const NO_FACETS: ToolFacets = { attributes: [], price: null, inStockCount: 0 };
