// The facet filters of the tools page (issue 58, decision 0061) as its URL and its filter form spell
// them: `attr.<key>=<value>` (repeatable), `attr.<key>.min` / `.max`, `priceMin` / `priceMax` in the
// shop's currency units, `inStock=true`. The API takes the same names but the price's, in cents there.
// Without zod: the home page reads its URL with this too, and zod would weigh on it (catalogue.ts).
import type { AttributeFilter } from "@toolshop/shared/tool-facets";

export interface FacetFilters {
  /** By key; each with its values (any of them) or a number's range. */
  attributes: AttributeFilter[];
  priceMinCents: number | null;
  priceMaxCents: number | null;
  inStock: boolean;
}

export const NO_FACET_FILTERS: FacetFilters = {
  attributes: [],
  priceMinCents: null,
  priceMaxCents: null,
  inStock: false,
};

const PREFIX = "attr.";
// The server's caps (shared/tool-facets.ts, attributes.ts): past them a URL is read as far as they go
// instead of the page answering the server's 400.
const MAX_ATTRIBUTES = 20;
const MAX_VALUES = 20;
const MAX_VALUE_LENGTH = 200;
const MAX_KEY_LENGTH = 60;
const NUMBER_MAX = 1e12;
const PRICE_MAX_CENTS = 99_999_999;
const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The URL's names the facets use (besides `attr.*`). */
export const FACET_FIELD_NAMES = ["priceMin", "priceMax", "inStock"] as const;

export const isFacetFieldName = (name: string) =>
  name.startsWith(PREFIX) || (FACET_FIELD_NAMES as readonly string[]).includes(name);

/** `attr.torque.min` → ["torque", "min"]; undefined for a name that is no attribute filter. */
function attributeField(name: string): [string, "values" | "min" | "max"] | undefined {
  if (!name.startsWith(PREFIX)) return undefined;
  const rest = name.slice(PREFIX.length);
  const bound = /\.(min|max)$/.exec(rest);
  const key = bound ? rest.slice(0, bound.index) : rest;
  if (key.length > MAX_KEY_LENGTH || !KEY_PATTERN.test(key)) return undefined;
  return [key, bound ? (bound[1] as "min" | "max") : "values"];
}

/** A number as a field spells it ("", "12", "1e3"); null when it is none. */
function numberOf(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= NUMBER_MAX ? value : null;
}

function centsOf(text: string | null): number | null {
  const units = text === null ? null : numberOf(text);
  if (units === null || units < 0) return null;
  return Math.min(Math.round(units * 100), PRICE_MAX_CENTS);
}

/**
 * The facet filters of a URL's (or a submitted form's) fields. Empty fields (a range left blank) are
 * none; a misspelt name or value is left out, as the other filters read theirs.
 */
export function readFacetFilters(params: URLSearchParams): FacetFilters {
  const byKey = new Map<string, AttributeFilter>();
  for (const [name, raw] of params) {
    const field = attributeField(name);
    const text = raw.trim();
    if (!field || text === "") continue;
    const [key, part] = field;
    let filter = byKey.get(key);
    if (!filter) {
      if (byKey.size >= MAX_ATTRIBUTES) continue;
      filter = { key, values: [] };
      byKey.set(key, filter);
    }
    if (part === "values") {
      if (
        text.length <= MAX_VALUE_LENGTH &&
        filter.values.length < MAX_VALUES &&
        !filter.values.includes(text)
      )
        filter.values.push(text);
    } else {
      const value = numberOf(text);
      if (value !== null && filter[part] === undefined) filter[part] = value;
    }
  }
  const attributes = [...byKey.values()]
    .filter((filter) => filter.values.length > 0 || filter.min !== undefined || filter.max !== undefined)
    .map((filter) => ({ ...filter, values: [...filter.values].sort() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    attributes,
    priceMinCents: centsOf(params.get("priceMin")),
    priceMaxCents: centsOf(params.get("priceMax")),
    inStock: params.get("inStock") === "true",
  };
}

/** The fields of `facets`, as the URL spells them (`api`: as GET /api/tools/search does). */
export function facetFields(facets: FacetFilters, spelling: "url" | "api" = "url"): [string, string][] {
  const fields: [string, string][] = [];
  for (const { key, values, min, max } of facets.attributes) {
    for (const value of values) fields.push([`${PREFIX}${key}`, value]);
    if (min !== undefined) fields.push([`${PREFIX}${key}.min`, String(min)]);
    if (max !== undefined) fields.push([`${PREFIX}${key}.max`, String(max)]);
  }
  const price = (name: "Min" | "Max", cents: number | null) => {
    if (cents === null) return;
    fields.push(
      spelling === "api" ? [`price${name}Cents`, String(cents)] : [`price${name}`, String(cents / 100)],
    );
  };
  price("Min", facets.priceMinCents);
  price("Max", facets.priceMaxCents);
  if (facets.inStock) fields.push(["inStock", "true"]);
  return fields;
}

/** The URL's search with `facets` in place of the facet filters it had; other parameters are kept. */
export function writeFacetFilters(params: URLSearchParams, facets: FacetFilters): URLSearchParams {
  const next = new URLSearchParams([...params].filter(([name]) => !isFacetFieldName(name)));
  for (const [name, value] of facetFields(facets)) next.append(name, value);
  return next;
}

/** How many filters are chosen: each value, each range, the price's range, in stock. */
export function countFacetFilters(facets: FacetFilters): number {
  let count = facets.inStock ? 1 : 0;
  if (facets.priceMinCents !== null || facets.priceMaxCents !== null) count += 1;
  for (const filter of facets.attributes) {
    count += filter.values.length;
    if (filter.min !== undefined || filter.max !== undefined) count += 1;
  }
  return count;
}

export const hasFacetFilters = (facets: FacetFilters) => countFacetFilters(facets) > 0;
