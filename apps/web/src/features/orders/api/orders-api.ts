import { queryOptions } from "@tanstack/react-query";
import type { CreateOrderBody, DeleteOrderResponse, Order } from "@toolshop/shared/orders";
import type { Tool } from "@toolshop/shared/tools";
import { apiRequest } from "../../../lib/api-client";

/** Every query about orders starts with this key, so that one invalidation refreshes them all. */
export const ORDERS_QUERY_KEY = ["orders"] as const;

/** GET /api/tools/:id: the tool being ordered on /checkout/:id. */
export function checkoutToolQueryOptions(toolId: string) {
  return queryOptions({
    queryKey: ["tools", toolId],
    queryFn: ({ signal }) => apiRequest<Tool>(`/tools/${encodeURIComponent(toolId)}`, { signal }),
  });
}

/** GET /api/orders/:email: the signed-in customer's orders, newest first. */
export function myOrdersQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "by-email", email],
    queryFn: ({ signal }) => apiRequest<Order[]>(`/orders/${encodeURIComponent(email)}`, { signal }),
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
