// GET /tools/search: the catalogue searched, filtered and paged in PostgreSQL (issues 12 and 13).

import type { Database } from "@toolshop/db/client";
import { tools } from "@toolshop/db/schema";
import { CURSOR_NOT_OURS } from "@toolshop/shared/paging";
import {
  TOOLS_PAGE_SIZE,
  type ToolSearchPage,
  type ToolSearchQuery,
  type ToolSort,
} from "@toolshop/shared/tools";
import { and, type Column, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import {
  asCursorTimestamp,
  type CursorCodec,
  cursorCodec,
  cursorTimestampOf,
  cursorValue,
  keysetPage,
} from "../../lib/keyset-page";
import { type Bind, boundValues, createPreparedQueries, placeholders } from "../../lib/prepared-queries";
import type { DerivedCache } from "../../plugins/derived-cache";
import { unknownCategorySlug } from "../categories/service";
import type { CategoryTree, CategoryTreeSource } from "../categories/tree";
import { countFacets, filterConditions, hasFilters, resolveFilters } from "./facets";
import { type ToolRow, toolColumns, toToolResponses } from "./service";

const createdAtKey = cursorTimestampOf(tools.createdAt);

type Row = ToolRow & { createdAtKey?: string };
type SortValue = string | number | boolean;

/**
 * Each sort: its columns (all ascending or all descending, then the id, so that a row comparison is
 * the keyset condition and a btree of 0009 serves it), the values a cursor carries, and its codec.
 */
interface SortPlan {
  keys: (SQL | Column)[];
  descending: boolean;
  /** What the page reads beside the tool's own columns for its cursor (only newest needs any). */
  cursorColumns?: { createdAtKey: typeof createdAtKey };
  valuesOf(row: Row): SortValue[];
  /** The cursor: the sort's name, the last tool's sort values, its id. */
  cursor: CursorCodec<[ToolSort, ...SortValue[]]>;
  /** How each value is written into SQL: typed, so PostgreSQL never guesses. */
  casts: ((value: SQL) => SQL)[];
}

const asText = (value: SQL) => sql`${value}::text`;
const asInteger = (value: SQL) => sql`${value}::integer`;
const asBoolean = (value: SQL) => sql`${value}::boolean`;
const asUuid = (value: SQL) => sql`${value}::uuid`;

const nameValue = cursorValue.text(1000);
const sortCursor = (sort: ToolSort, ...values: z.ZodType<SortValue>[]) =>
  cursorCodec(z.literal(sort), ...values, cursorValue.id) as CursorCodec<[ToolSort, ...SortValue[]]>;

const priceSort = (sort: ToolSort, descending: boolean): SortPlan => ({
  keys: [tools.priceCents],
  descending,
  valuesOf: (row) => [row.priceCents],
  cursor: sortCursor(sort, cursorValue.integer),
  casts: [asInteger],
});

const SORTS: Record<ToolSort, SortPlan> = {
  // In stock first (false < true), then grouped by category (its id: a grouping, not an order), then by name.
  featured: {
    keys: [tools.soldOut, tools.categoryId, tools.name],
    descending: false,
    valuesOf: (row) => [row.availableQuantity < row.minQuantity, row.categoryId, row.name],
    cursor: sortCursor("featured", cursorValue.boolean, cursorValue.id, nameValue),
    casts: [asBoolean, asUuid, asText],
  },
  price: priceSort("price", false),
  "price-desc": priceSort("price-desc", true),
  name: {
    keys: [tools.name],
    descending: false,
    valuesOf: (row) => [row.name],
    cursor: sortCursor("name", nameValue),
    casts: [asText],
  },
  newest: {
    keys: [tools.createdAt],
    descending: true,
    cursorColumns: { createdAtKey },
    valuesOf: (row) => [row.createdAtKey ?? ""],
    cursor: sortCursor("newest", cursorValue.timestamp),
    casts: [asCursorTimestamp],
  },
};

const prepared = createPreparedQueries();

export const CURSOR_OTHER_SORT = "The cursor belongs to another sort; start again from the first page.";

/** The sort values and the id of the cursor's tool; a 400 for anything this server did not write. */
function parseCursor(sort: ToolSort, cursor: string): unknown[] {
  const values = SORTS[sort].cursor.parse(cursor);
  if (values) return values.slice(1);
  const otherSort = Object.values(SORTS).some((plan) => plan.cursor.parse(cursor));
  throw new HttpError(400, otherSort ? CURSOR_OTHER_SORT : CURSOR_NOT_OURS);
}

/** The keyset condition after the cursor's tool, whose values `bind` names after0, after1, …. */
function afterCursor(plan: SortPlan, bind: Bind): SQL {
  const left = sql.join([...plan.keys, tools.id], sql`, `);
  const right = sql.join(
    [
      ...plan.casts.map((cast, index) => cast(bind(`after${index}`))),
      sql`${bind(`after${plan.casts.length}`)}::uuid`,
    ],
    sql`, `,
  );
  return plan.descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

const cursorValues = (values: unknown[]) =>
  Object.fromEntries(values.map((value, index) => [`after${index}`, value]));

/** The words of q that can match: those with a letter or digit. */
function searchWords(q: string | undefined): string[] {
  return (q ?? "").split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/**
 * Every word must match; the last one may be the start of a word (typed as the person types). Words
 * without a letter or digit are left out; a q of only such words is no search. No text of q is ever
 * read as tsquery syntax: the complete words go through plainto_tsquery, and the last word is one
 * quoted, escaped tsquery string ('...':*), which PostgreSQL's 'simple' parser splits as it split the
 * tools (so "chrome-van", "0.5" and "RX10" work). Hostile input ('&|!():*\) is thus only text.
 * Both are bound values that PostgreSQL folds into constants, so the planner sees the lexemes and
 * uses tools_search_idx when they are selective.
 */
export function searchCondition(q: string | undefined): SQL | undefined {
  const terms = searchTerms(q);
  return terms && searchMatch(boundValues(terms));
}

/** The values searchMatch binds, or undefined when q searches for nothing. */
function searchTerms(q: string | undefined): { words: string; prefix: string } | undefined {
  const words = searchWords(q);
  const last = words.pop();
  if (last === undefined) return undefined;
  return { words: words.join(" "), prefix: `'${last.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*` };
}

const searchMatch = (bind: Bind) =>
  sql`${tools.search} @@ (plainto_tsquery('simple', ${bind("words")}::text) && to_tsquery('simple', ${bind("prefix")}::text))`;

/**
 * Where a search's total is kept between requests: it depends only on the words, the category (with its
 * sub-categories) and the tools' names and descriptions, so it holds until a tool or a category changes
 * (ToolChanged, CategoryChanged), whatever orders do to the stock. Counting every match of a common word was most of a search's cost in PostgreSQL at 10,000
 * tools (bench/results/latest.md).
 */
export type SearchCounts = Pick<DerivedCache, "get">;

/** The key of a search's total: its category and the words that take part in it. */
const countKey = (query: ToolSearchQuery) => JSON.stringify([query.category ?? null, searchWords(query.q)]);

/**
 * The categories a search is filtered to: the category of the slug and its sub-categories, at any depth
 * (decision 0055); undefined for no filter, a 400 for a slug no category has.
 */
function categoryFilter(slug: string | undefined, tree: CategoryTree): string[] | undefined {
  if (slug === undefined) return undefined;
  const category = tree.findBySlug(slug);
  if (!category) throw new HttpError(400, unknownCategorySlug(slug));
  return tree.subtreeIds(category.id);
}

/**
 * A category without sub-categories is an equality, which the featured index (sold_out, category_id,
 * name, id) serves in its order; several are `= any`, a filter PostgreSQL 15 applies while it reads that
 * index in order (it cannot use the array past the index's first column to seek), or the category index
 * for a count (tools-search-plan.test.ts).
 */
const categoryMatch = (ids: readonly string[], bind: Bind) =>
  ids.length === 1
    ? sql`${tools.categoryId} = ${bind("category")}::uuid`
    : sql`${tools.categoryId} = any(${bind("categories")}::uuid[])`;

/** The filter to `ids` (a category and its sub-categories) with its values bound: for the plan's test. */
export function categoryCondition(ids: readonly string[]): SQL {
  // sql.param: one array value (a bare array in Drizzle's sql would be a list of values).
  return categoryMatch(ids, boundValues({ category: ids[0], categories: sql.param(ids) }));
}

/**
 * One page of the search. The total is exact (a count over the same filter, through `counts` when
 * given), so totalIsEstimate is always false.
 */
export async function searchTools(
  db: Database,
  query: ToolSearchQuery,
  currency: string,
  categories: CategoryTreeSource,
  counts?: SearchCounts,
): Promise<ToolSearchPage> {
  const sort = query.sort ?? "featured";
  const plan = SORTS[sort];
  const limit = query.limit ?? TOOLS_PAGE_SIZE;
  const terms = searchTerms(query.q);
  const after = query.cursor ? parseCursor(sort, query.cursor) : undefined;
  const tree = await categories.tree();
  const categoryIds = categoryFilter(query.category, tree);
  const { filters: narrowing, facetAttributes } = await resolveFilters(db, query, tree, categoryIds?.[0]);
  // Attribute, price and stock filters vary in shape without end: those queries are not prepared, and
  // their totals are not kept (the stock changes them).
  const filtered = hasFilters(narrowing);
  const categoryShape = categoryIds ? (categoryIds.length === 1 ? "category" : "categories") : "";
  const filtersShape = `${terms ? "words" : ""},${categoryShape}`;
  const filters = (bind: Bind): (SQL | undefined)[] => [
    terms && searchMatch(bind),
    categoryIds && categoryMatch(categoryIds, bind),
  ];
  const values = {
    ...terms,
    category: categoryIds?.[0],
    categories: categoryIds,
    ...(after && cursorValues(after)),
    limit: limit + 1,
  };

  // sql.param: the categories are one array value (a bare array in Drizzle's sql would be a list).
  const bound = boundValues({ ...values, categories: categoryIds && sql.param(categoryIds) });
  const direction = (key: SQL | Column) => (plan.descending ? sql`${key} desc` : sql`${key} asc`);
  const countQuery = (bind: Bind) =>
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tools)
      .where(and(...filters(bind), ...filterConditions(narrowing)));
  const countMatches = async () => {
    const [counted] = filtered
      ? await countQuery(bound)
      : await prepared(db, `count|${filtersShape}`, () => countQuery(placeholders).prepare("")).execute(
          values,
        );
    return counted?.total ?? 0;
  };
  const pageQuery = (bind: Bind) =>
    db
      .select({ ...toolColumns, ...plan.cursorColumns })
      .from(tools)
      .where(and(...filters(bind), ...filterConditions(narrowing), after && afterCursor(plan, bind)))
      .orderBy(...[...plan.keys, tools.id].map(direction))
      .limit(bind === placeholders ? sql.placeholder("limit") : limit + 1);
  const readPage = () =>
    filtered
      ? pageQuery(bound)
      : prepared(db, `page|${sort}|${filtersShape}|${after ? "after" : ""}`, () =>
          pageQuery(placeholders).prepare(""),
        ).execute(values);
  const [rows, total, facets] = await Promise.all([
    readPage(),
    counts && !filtered ? counts.get(countKey(query), countMatches) : countMatches(),
    after ? null : countFacets(db, filters(bound), narrowing, facetAttributes),
  ]);
  const page = keysetPage(rows, limit, (last) => plan.cursor.encode([sort, ...plan.valuesOf(last), last.id]));
  return {
    tools: await toToolResponses(db, page.rows, currency, categories),
    nextCursor: page.nextCursor,
    total,
    totalIsEstimate: false,
    facets,
  };
}
