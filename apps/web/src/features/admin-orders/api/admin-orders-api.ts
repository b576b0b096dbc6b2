import { queryOptions } from "@tanstack/react-query";
import type { ManagedOrderStatus } from "@toolshop/shared/admin-orders";
import type { Order } from "@toolshop/shared/orders";
import { apiRequest } from "../../../lib/api-client";

/** Under the orders key of features/orders, so that any order change refreshes this list too. */
const ADMIN_ORDERS_KEY = ["orders", "all"] as const;

/** GET /api/orders (admin): every order, newest first; one status, or all but cancelled ones. */
export function allOrdersQueryOptions(status: ManagedOrderStatus | undefined) {
  return queryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, status ?? "any"],
    queryFn: ({ signal }) => apiRequest<Order[]>(status ? `/orders?status=${status}` : "/orders", { signal }),
  });
}

/** POST /api/orders/:id/ship (admin): a paid order becomes shipped; an unpaid one is refused (409). */
export function shipOrder(orderId: string): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}/ship`, { method: "POST" });
}

/** Every query of orders (the customer's own lists too). */
export const ALL_ORDERS_QUERY_KEY = ["orders"] as const;
