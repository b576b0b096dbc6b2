import { queryOptions } from "@tanstack/react-query";
import type { OrderDetail } from "@toolshop/shared/order-detail";
import { apiRequest } from "../../../lib/api-client";
import { ORDERS_QUERY_KEY } from "../../orders/api/orders-api";

/**
 * GET /api/orders/:id/detail: one order for its page and receipt (owner or admin). Under the orders'
 * key, so that paying or any admin command that refreshes the orders refreshes this page too.
 */
export function orderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "detail", orderId],
    queryFn: ({ signal }) =>
      apiRequest<OrderDetail>(`/orders/${encodeURIComponent(orderId)}/detail`, { signal }),
  });
}
