// GET /tools/search: the catalogue searched, filtered and paged in PostgreSQL (issues 12 and 13).

import type { Database } from "@toolshop/db/client";
import { tools } from "@toolshop/db/schema";
import { CURSOR_NOT_OURS } from "@toolshop/shared/paging";
import {
  TOOLS_PAGE_SIZE,
  type ToolSearchPage,
  type ToolSearchQuery,
  type ToolSort,
  toolCategories,
} from "@toolshop/shared/tools";
import { and, type Column, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { keysetPage } from "../../lib/keyset-page";
import { type Bind, boundValues, createPreparedQueries, placeholders } from "../../lib/prepared-queries";
import type { DerivedCache } from "../../plugins/derived-cache";
import { type ToolRow, toolColumns, toToolResponse } from "./service";

/**
 * created_at to the microsecond, in UTC: a JavaScript Date would round it to the millisecond and a
 * cursor would then skip or repeat tools created in the same millisecond.
 */
const createdAtKey = sql<string>`to_char(${tools.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

type Row = ToolRow & { createdAtKey?: string };

/**
 * Each sort: its columns (all ascending or all descending, then the id, so that a row comparison is
 * the keyset condition and a btree of 0009 serves it), the values a cursor carries, and their checks.
 */
interface SortPlan {
  keys: (SQL | Column)[];
  descending: boolean;
  /** What the page reads beside the tool's own columns for its cursor (only newest needs any). */
  cursorColumns?: { createdAtKey: typeof createdAtKey };
  valuesOf(row: Row): (string | number | boolean)[];
  /** The cursor's values, checked: anything else was not written by this server. */
  values: z.ZodType<(string | number | boolean)[]>;
  /** How each value is written into SQL: typed, so PostgreSQL never guesses. */
  casts: ((value: SQL) => SQL)[];
}

const asText = (value: SQL) => sql`${value}::text`;
const asInteger = (value: SQL) => sql`${value}::integer`;
const asBoolean = (value: SQL) => sql`${value}::boolean`;
const asUtcTimestamp = (value: SQL) => sql`(${value}::timestamp at time zone 'UTC')`;

const nameValue = z.string().max(1000);
const priceValue = z.number().int().min(0).max(2_147_483_647);
const timestampValue = z
  .string()
  // A well-formed but impossible date (February 31st) would make PostgreSQL fail: refuse it here.
  .refine((value) => {
    const date = new Date(`${value.slice(0, 23)}Z`);
    return (
      TIMESTAMP_KEY.test(value) &&
      !Number.isNaN(date.getTime()) &&
      date.toISOString().startsWith(value.slice(0, 23))
    );
  });

const priceSort = (descending: boolean): SortPlan => ({
  keys: [tools.priceCents],
  descending,
  valuesOf: (row) => [row.priceCents],
  values: z.tuple([priceValue]),
  casts: [asInteger],
});

const SORTS: Record<ToolSort, SortPlan> = {
  // In stock first (false < true), then grouped by category, then by name.
  featured: {
    keys: [tools.soldOut, tools.category, tools.name],
    descending: false,
    valuesOf: (row) => [row.availableQuantity < row.minQuantity, row.category, row.name],
    values: z.tuple([z.boolean(), z.enum(toolCategories), nameValue]),
    casts: [asBoolean, asText, asText],
  },
  price: priceSort(false),
  "price-desc": priceSort(true),
  name: {
    keys: [tools.name],
    descending: false,
    valuesOf: (row) => [row.name],
    values: z.tuple([nameValue]),
    casts: [asText],
  },
  newest: {
    keys: [tools.createdAt],
    descending: true,
    cursorColumns: { createdAtKey },
    valuesOf: (row) => [row.createdAtKey ?? ""],
    values: z.tuple([timestampValue]),
    casts: [asUtcTimestamp],
  },
};

const prepared = createPreparedQueries();

export const CURSOR_OTHER_SORT = "The cursor belongs to another sort; start again from the first page.";

/** The cursor: base64url JSON of [sort, ...the last tool's sort values, its id]. */
function encodeCursor(sort: ToolSort, row: Row): string {
  return Buffer.from(JSON.stringify([sort, ...SORTS[sort].valuesOf(row), row.id])).toString("base64url");
}

const cursorShape = z.tuple([z.enum(Object.keys(SORTS) as ToolSort[])], z.unknown());

/** The sort values and the id of the cursor's tool; a 400 for anything this server did not write. */
function parseCursor(sort: ToolSort, cursor: string): unknown[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new HttpError(400, CURSOR_NOT_OURS);
  }
  const shape = cursorShape.safeParse(decoded);
  if (!shape.success) throw new HttpError(400, CURSOR_NOT_OURS);
  if (shape.data[0] !== sort) throw new HttpError(400, CURSOR_OTHER_SORT);
  const rest = shape.data.slice(1);
  const values = SORTS[sort].values.safeParse(rest.slice(0, -1));
  const id = z.uuid().safeParse(rest.at(-1));
  if (!values.success || !id.success) throw new HttpError(400, CURSOR_NOT_OURS);
  return [...values.data, id.data];
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
 * Where a search's total is kept between requests: it depends only on the words, the category and the
 * tools' names and descriptions, so it holds until a tool changes (ToolChanged), whatever orders do to
 * the stock. Counting every match of a common word was most of a search's cost in PostgreSQL at 10,000
 * tools (bench/results/latest.md).
 */
export type SearchCounts = Pick<DerivedCache, "get">;

/** The key of a search's total: its category and the words that take part in it. */
const countKey = (query: ToolSearchQuery) => JSON.stringify([query.category ?? null, searchWords(query.q)]);

/**
 * One page of the search. The total is exact (a count over the same filter, through `counts` when
 * given), so totalIsEstimate is always false.
 */
export async function searchTools(
  db: Database,
  query: ToolSearchQuery,
  currency: string,
  counts?: SearchCounts,
): Promise<ToolSearchPage> {
  const sort = query.sort ?? "featured";
  const plan = SORTS[sort];
  const limit = query.limit ?? TOOLS_PAGE_SIZE;
  const terms = searchTerms(query.q);
  const after = query.cursor ? parseCursor(sort, query.cursor) : undefined;
  const filtersShape = `${terms ? "words" : ""},${query.category ? "category" : ""}`;
  const filters = (): (SQL | undefined)[] => [
    terms && searchMatch(placeholders),
    query.category ? sql`${tools.category} = ${sql.placeholder("category")}` : undefined,
  ];
  const values = { ...terms, category: query.category, ...(after && cursorValues(after)), limit: limit + 1 };

  const direction = (key: SQL | Column) => (plan.descending ? sql`${key} desc` : sql`${key} asc`);
  const countMatches = async () => {
    const countQuery = prepared(db, `count|${filtersShape}`, () =>
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(tools)
        .where(and(...filters()))
        .prepare(""),
    );
    const [counted] = await countQuery.execute(values);
    return counted?.total ?? 0;
  };
  const pageQuery = prepared(db, `page|${sort}|${filtersShape}|${after ? "after" : ""}`, () =>
    db
      .select({ ...toolColumns, ...plan.cursorColumns })
      .from(tools)
      .where(and(...filters(), after && afterCursor(plan, placeholders)))
      .orderBy(...[...plan.keys, tools.id].map(direction))
      .limit(sql.placeholder("limit"))
      .prepare(""),
  );
  const [rows, total] = await Promise.all([
    pageQuery.execute(values),
    counts ? counts.get(countKey(query), countMatches) : countMatches(),
  ]);
  const page = keysetPage(rows, limit, (last) => encodeCursor(sort, last));
  return {
    tools: page.rows.map((row) => toToolResponse(row, currency)),
    nextCursor: page.nextCursor,
    total,
    totalIsEstimate: false,
  };
}
