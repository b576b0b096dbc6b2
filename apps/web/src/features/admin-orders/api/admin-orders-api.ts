import { infiniteQueryOptions } from "@tanstack/react-query";
import {
  type AdminOrdersQuery,
  type ShipOrderBody,
  TOTAL_COUNT_HEADER,
  TOTAL_ESTIMATED_HEADER,
} from "@toolshop/shared/admin-orders";
import type { Order, RefundLinesBody } from "@toolshop/shared/orders";
import { apiPageRequest, apiRequest } from "../../../lib/api-client";
import { type OrdersPage, withQuery } from "../../orders/api/orders-api";

/** Under the orders key of features/orders, so that any order change refreshes this list too. */
const ADMIN_ORDERS_KEY = ["orders", "all"] as const;

/** Manage Orders' filters, as the URL holds them. */
export type OrderFilters = Pick<AdminOrdersQuery, "status" | "q" | "from" | "to">;

/** How many orders match: exact, or the server's estimate ("about N") for a large list. */
export interface OrdersTotal {
  count: number;
  estimated: boolean;
}

/** A page of Manage Orders: the orders, the next cursor and, on the first page, the total. */
export interface AdminOrdersPage extends Omit<OrdersPage, "orders"> {
  orders: Order[];
  total: OrdersTotal | null;
}

/** GET /api/orders with its headers: the next page's cursor and, on the first page, the total. */
async function fetchAdminOrdersPage(path: string, signal: AbortSignal): Promise<AdminOrdersPage> {
  const page = await apiPageRequest<Order[]>(path, { signal });
  const count = page.headers.get(TOTAL_COUNT_HEADER);
  return {
    orders: page.body,
    nextCursor: page.nextCursor,
    total: count
      ? { count: Number(count), estimated: page.headers.get(TOTAL_ESTIMATED_HEADER) === "true" }
      : null,
  };
}

/**
 * GET /api/orders (admin): the orders matching the filters, newest first, a page at a time. Without a
 * status, every order, cancelled ones included.
 */
export function allOrdersQueryOptions(filters: OrderFilters) {
  return infiniteQueryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, filters],
    queryFn: ({ pageParam, signal }) =>
      fetchAdminOrdersPage(withQuery("/orders", { ...filters, cursor: pageParam }), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The owner's commands on an order (admin); the server refuses an illegal one with a sentence (409). */
export type OrderCommand =
  | { kind: "ship"; body: ShipOrderBody }
  | { kind: "deliver" }
  | { kind: "cancel" }
  /** Without a body the whole order; with one, those units of those lines. */
  | { kind: "refund"; body?: RefundLinesBody };

/** POST /api/orders/:id/ship | deliver | cancel | refund (admin). */
export function runOrderCommand(orderId: string, command: OrderCommand): Promise<Order> {
  const body = command.kind === "ship" || command.kind === "refund" ? command.body : undefined;
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}/${command.kind}`, {
    method: "POST",
    ...(body ? { json: body } : {}),
  });
}

/** Every query of orders (the customer's own lists too). */
export const ALL_ORDERS_QUERY_KEY = ["orders"] as const;
