import type { Database } from "@toolshop/db/client";
import { orders } from "@toolshop/db/schema";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrdersQuery,
  parseOrderNumber,
  type ShipOrderBody,
} from "@toolshop/shared/admin-orders";
import type { Order } from "@toolshop/shared/orders";
import { and, count, type SQL, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { startsWith } from "../../lib/like-pattern";
import { boundValues, createPreparedQueries, placeholders } from "../../lib/prepared-queries";
import { findOrder, type OrdersContext } from "./context";
import { type OrderView, toOrderResponses } from "./dto";
import type { EstimatedTotals } from "./estimated-totals";
import { runTransition } from "./order-process";
import { type OrdersFilter, pageOfOrders } from "./paging";
import { closePaymentBeforeCancel, refundAfterCancel } from "./payment";

export interface AdminOrdersPage {
  orders: Order[];
  nextCursor: string | null;
  /** On the first page only: how many orders match, exact or the planner's estimate. */
  total?: OrdersTotal;
}

export interface OrdersTotal {
  count: number;
  estimated: boolean;
}

/** Up to this many matches are counted exactly: the count stops reading after one more. */
export const EXACT_TOTAL_LIMIT = 1000;

/**
 * GET /orders (admin): one page of the orders matching the filters, newest first. Without a status,
 * every order, cancelled ones too (orders_created_id_idx serves that list),
 * except when searching for an order number.
 */
export async function listAllOrders(
  db: Database,
  view: OrderView,
  query: AdminOrdersQuery,
  estimates?: EstimatedTotals,
): Promise<AdminOrdersPage> {
  const filter = adminOrdersFilter(query);
  // The first page's total is counted alongside the page, on a second connection.
  const [page, total] = await Promise.all([
    pageOfOrders(db, filter, { cursor: query.cursor, limit: query.limit ?? ADMIN_ORDERS_PAGE_SIZE }),
    query.cursor ? undefined : totalOf(db, filter, filterKey(query), estimates),
  ]);
  return {
    orders: await toOrderResponses(db, page.rows, view),
    nextCursor: page.nextCursor,
    ...(total ? { total } : {}),
  };
}

/** What the total depends on: the filters, not the page. */
const filterKey = ({ status, from, to, q }: AdminOrdersQuery) => JSON.stringify([status, from, to, q]);

async function totalOf(
  db: Database,
  filter: OrdersFilter,
  key: string,
  estimates: EstimatedTotals | undefined,
): Promise<OrdersTotal> {
  const kept = estimates?.get(key);
  if (kept !== undefined) return { count: kept, estimated: true };
  const total = await countOrders(db, filter);
  if (total.estimated) estimates?.set(key, total.count);
  return total;
}

function adminOrdersFilter(query: AdminOrdersQuery): OrdersFilter {
  const number = query.q ? parseOrderNumber(query.q) : null;
  // Which conditions apply; their values are bound by name.
  const byStatus = query.status ? "status" : "";
  const byText = number !== null ? "number" : query.q ? "email" : "";
  return {
    shape: [byStatus, query.from ? "from" : "", query.to ? "to" : "", byText].join(","),
    where: (bind) => {
      const filters: SQL[] = [];
      if (byStatus === "status") filters.push(sql`${orders.status} = ${bind("status")}`);
      // Dates are UTC days, both ends included.
      if (query.from) filters.push(sql`${orders.createdAt} >= ${bind("from")}::timestamptz`);
      if (query.to) filters.push(sql`${orders.createdAt} < ${bind("to")}::timestamptz`);
      if (byText === "number") filters.push(sql`${orders.number} = ${bind("number")}`);
      else if (byText === "email") filters.push(sql`${orders.email} like ${bind("emailPrefix")}`);
      return and(...filters);
    },
    values: {
      status: query.status,
      from: query.from && `${query.from}T00:00:00Z`,
      to: query.to && new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS).toISOString(),
      number,
      emailPrefix: query.q && startsWith(query.q.toLowerCase()),
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

const prepared = createPreparedQueries();

/**
 * An exact count costs a scan of every match: it is taken only up to EXACT_TOTAL_LIMIT matches (at
 * most that many index entries). Beyond that the answer is EXPLAIN's row estimate for the same filter,
 * from the planner's statistics: "about N", never below what was counted.
 */
async function countOrders(db: Database, filter: OrdersFilter): Promise<OrdersTotal> {
  const countUpToLimit = prepared(db, filter.shape, () => {
    const capped = db
      .select({ one: sql`1` })
      .from(orders)
      .where(filter.where(placeholders))
      .limit(EXACT_TOTAL_LIMIT + 1)
      .as("capped");
    return db.select({ count: count() }).from(capped).prepare("");
  });
  const [counted] = await countUpToLimit.execute(filter.values);
  const exact = counted?.count ?? 0;
  if (exact <= EXACT_TOTAL_LIMIT) return { count: exact, estimated: false };
  const where = filter.where(boundValues(filter.values));
  const explained = (await db.execute(
    sql`explain (format json) ${db.select({ one: sql`1` }).from(orders).where(where)}`,
  )) as { rows: { "QUERY PLAN": unknown }[] };
  // node-postgres parses the plan's JSON, PGlite answers it as text.
  const plan = explained.rows[0]?.["QUERY PLAN"];
  const [root] = (typeof plan === "string" ? JSON.parse(plan) : plan) as [
    { Plan?: { "Plan Rows"?: number } },
  ];
  const estimate = Math.round(Number(root?.Plan?.["Plan Rows"]) || 0);
  return { count: Math.max(estimate, exact), estimated: true };
}

/** POST /orders/:id/ship (admin): a paid order leaves with a carrier and a tracking number. */
export async function shipOrder(ctx: OrdersContext, orderId: string, body: ShipOrderBody): Promise<Order> {
  const { carrier, trackingNumber } = body;
  return (await runTransition(ctx, orderId, { to: "shipped", carrier, trackingNumber })).order;
}

/** POST /orders/:id/deliver (admin): a shipped order arrived. */
export async function deliverOrder(ctx: OrdersContext, orderId: string): Promise<Order> {
  return (await runTransition(ctx, orderId, { to: "delivered" })).order;
}

/**
 * POST /orders/:id/cancel (admin): an unpaid order is cancelled and its stock released. An open payment
 * is closed first (closePaymentBeforeCancel), so that nobody pays for a cancelled order; if it had just
 * paid the order, the order is recorded as paid and the cancellation refused (409); one that does not
 * pay it (another amount or currency) is refunded once the order is cancelled.
 */
export async function cancelOrder(ctx: OrdersContext, orderId: string): Promise<Order> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new HttpError(404, "There is no order with this id.");
  // Any other status is refused by the transition, with its sentence.
  const closed = order.status === "unpaid" ? await closePaymentBeforeCancel(ctx, order) : undefined;
  // Refused (409) as well when the payment paid the order instead.
  const cancelled = await runTransition(ctx, orderId, { to: "cancelled", reason: "admin" });
  return (closed && (await refundAfterCancel(ctx, closed))) ?? cancelled.order;
}
