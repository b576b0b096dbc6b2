// Keyset paging of order lists (My orders, Manage Orders), newest first on (created_at, id): each page
// costs the same however deep, and orders placed between pages never shift the next page.
import type { Database } from "@toolshop/db/client";
import { orders } from "@toolshop/db/schema";
import { and, desc, lte, type SQL, sql } from "drizzle-orm";
import {
  asCursorTimestamp,
  cursorCodec,
  cursorTimestampOf,
  cursorValue,
  keysetPage,
} from "../../lib/keyset-page";
import { type Bind, createPreparedQueries, placeholders } from "../../lib/prepared-queries";
import { type OrderViewRow, orderViewColumns } from "./dto";

export interface OrdersPage {
  /** With the order's sequence number, which the receipt shows as TS-000123 (not part of the view). */
  rows: (OrderViewRow & { number: number })[];
  /** Opaque: where the next page starts, or null after the last one. */
  nextCursor: string | null;
}

// The cursor carries the last row's created_at to the microsecond and its id, not just the id: an
// order deleted since keeps its place in the keyset.
const ordersCursor = cursorCodec(cursorValue.timestamp, cursorValue.id);

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
  const after = page.cursor ? ordersCursor.decode(page.cursor) : undefined;
  const query = prepared(db, `${filter.shape}|${after ? "after" : "first"}`, () => {
    const conditions = [filter.where(placeholders)];
    if (after) {
      const [afterCreatedAt, afterId] = [sql.placeholder("afterCreatedAt"), sql.placeholder("afterId")];
      conditions.push(
        lte(orders.createdAt, asCursorTimestamp(afterCreatedAt)),
        sql`(${orders.createdAt}, ${orders.id}) < (${asCursorTimestamp(afterCreatedAt)}, ${afterId}::uuid)`,
      );
    }
    return db
      .select({
        ...orderViewColumns,
        number: orders.number,
        position: cursorTimestampOf(orders.createdAt),
      })
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder("limit"))
      .prepare("");
  });
  const found = await query.execute({
    ...filter.values,
    ...(after ? { afterCreatedAt: after[0], afterId: after[1] } : {}),
    limit: page.limit + 1,
  });
  const { rows, nextCursor } = keysetPage(found, page.limit, (last) =>
    ordersCursor.encode([last.position, last.id]),
  );
  return { rows: rows.map(({ position: _, ...row }) => row), nextCursor };
}
