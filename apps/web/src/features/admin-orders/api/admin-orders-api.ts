import { queryOptions } from "@tanstack/react-query";
import type { ManagedOrderStatus, ShipOrderBody } from "@toolshop/shared/admin-orders";
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

/** The owner's commands on an order (admin); the server refuses an illegal one with a sentence (409). */
export type OrderCommand =
  | { kind: "ship"; body: ShipOrderBody }
  | { kind: "deliver" }
  | { kind: "cancel" }
  | { kind: "refund" };

/** POST /api/orders/:id/ship | deliver | cancel | refund (admin). */
export function runOrderCommand(orderId: string, command: OrderCommand): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}/${command.kind}`, {
    method: "POST",
    ...(command.kind === "ship" ? { json: command.body } : {}),
  });
}

/** Every query of orders (the customer's own lists too). */
export const ALL_ORDERS_QUERY_KEY = ["orders"] as const;
