// Keyset paging of order lists (My orders, Manage Orders), newest first on (created_at, id): each page
// costs the same however deep, and orders placed between pages never shift the next page.
import type { Database } from "@toolshop/db/client";
import { orders } from "@toolshop/db/schema";
import { CURSOR_NOT_OURS } from "@toolshop/shared/paging";
import { and, desc, lte, type SQL, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { keysetPage } from "../../lib/keyset-page";
import { type Bind, createPreparedQueries, placeholders } from "../../lib/prepared-queries";
import { type OrderViewRow, orderViewColumns } from "./dto";

export interface OrdersPage {
  /** With the order's sequence number, which the receipt shows as TS-000123 (not part of the view). */
  rows: (OrderViewRow & { number: number })[];
  /** Opaque: where the next page starts, or null after the last one. */
  nextCursor: string | null;
}

// The cursor carries the last row's created_at to the microsecond (a JavaScript Date keeps only
// milliseconds) and its id, not just the id: an order deleted since keeps its place in the keyset.
const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, "utf8").toString("base64url");
}

/** The position a cursor names; 400 for anything this server did not give. */
function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const [, seconds = "", id = ""] = CURSOR_PATTERN.exec(text) ?? [];
  if (!isRealTime(seconds)) throw new HttpError(400, CURSOR_NOT_OURS);
  return { createdAt: text.slice(0, text.indexOf("|")), id };
}

/** A time PostgreSQL accepts: no 2026-02-31 or 25:00 (a 500 there), nothing before 1970. */
function isRealTime(seconds: string): boolean {
  const time = new Date(`${seconds}Z`);
  return time.getTime() >= 0 && time.toISOString().slice(0, 19) === seconds;
}

/**
 * A filter of an order list: `shape` names which conditions `where` makes (the same shape, the same
 * SQL), and `values` fills the names `where` binds.
 */
export interface OrdersFilter {
  shape: string;
  where: (bind: Bind) => SQL | undefined;
  values: Record<string, unknown>;
}

const prepared = createPreparedQueries();

/**
 * One page of the orders matching `filter`, newest first. The cursor condition repeats created_at
 * alone so that every index on (..., created_at, id) starts its backward scan at the cursor.
 */
export async function pageOfOrders(
  db: Database,
  filter: OrdersFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<OrdersPage> {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const query = prepared(db, `${filter.shape}|${after ? "after" : "first"}`, () => {
    const conditions = [filter.where(placeholders)];
    if (after) {
      const [afterCreatedAt, afterId] = [sql.placeholder("afterCreatedAt"), sql.placeholder("afterId")];
      conditions.push(
        lte(orders.createdAt, sql`${afterCreatedAt}::timestamptz`),
        sql`(${orders.createdAt}, ${orders.id}) < (${afterCreatedAt}::timestamptz, ${afterId}::uuid)`,
      );
    }
    return db
      .select({
        ...orderViewColumns,
        number: orders.number,
        position: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder("limit"))
      .prepare("");
  });
  const found = await query.execute({
    ...filter.values,
    ...(after ? { afterCreatedAt: after.createdAt, afterId: after.id } : {}),
    limit: page.limit + 1,
  });
  const { rows, nextCursor } = keysetPage(found, page.limit, (last) => encodeCursor(last.position, last.id));
  return { rows: rows.map(({ position: _, ...row }) => row), nextCursor };
}
