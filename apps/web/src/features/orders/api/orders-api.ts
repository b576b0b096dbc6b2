import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { CreateOrderBody, DeleteOrderResponse, Order } from "@toolshop/shared/orders";
import { apiPageRequest, apiRequest } from "../../../lib/api-client";

/** Every query about orders starts with this key, so that one invalidation refreshes them all. */
export const ORDERS_QUERY_KEY = ["orders"] as const;

/** One page of an order list: the body's orders, and the next page's cursor (null after the last). */
export interface OrdersPage {
  orders: Order[];
  nextCursor: string | null;
}

/** `path` with the query parameters that have a value. */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * GET /api/orders/:email: the signed-in customer's orders, newest first, a page at a time (the first
 * page is the spec's array; "Load more" asks for the next with its cursor).
 */
export function myOrdersQueryOptions(email: string) {
  return infiniteQueryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "by-email", email],
    queryFn: async ({ pageParam, signal }): Promise<OrdersPage> => {
      const path = withQuery(`/orders/${encodeURIComponent(email)}`, { cursor: pageParam });
      const page = await apiPageRequest<Order[]>(path, { signal });
      return { orders: page.body, nextCursor: page.nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** GET /api/payment/:id: one order of the signed-in customer, for the payment screen. */
export function orderForPaymentQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "for-payment", orderId],
    queryFn: ({ signal }) => apiRequest<Order>(`/payment/${encodeURIComponent(orderId)}`, { signal }),
  });
}

/**
 * POST /api/orders. The same `idempotencyKey` on every submit of one checkout visit makes a double
 * click or a retry place one order: the server answers the first order again.
 */
export function placeOrder(body: CreateOrderBody, idempotencyKey: string): Promise<Order> {
  return apiRequest<Order>("/orders", {
    method: "POST",
    json: body,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** DELETE /api/orders/:id: deletedCount 1 when deleted, 0 when there was no such order any more. */
export function deleteOrder(orderId: string): Promise<DeleteOrderResponse> {
  return apiRequest<DeleteOrderResponse>(`/orders/${encodeURIComponent(orderId)}`, { method: "DELETE" });
}

/** A fresh key for one checkout visit; randomUUID needs a secure context, so plain http gets a fallback. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
