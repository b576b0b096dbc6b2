import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MANAGED_ORDER_STATUSES, type ManagedOrderStatus } from "@toolshop/shared/admin-orders";
import type { Order } from "@toolshop/shared/orders";
import { useState } from "react";
import { LoadError } from "../../../components/load-error";
import { MessagePanel } from "../../../components/message-panel";
import { Spinner } from "../../../components/spinner";
import { notify } from "../../../lib/toast";
import { ALL_ORDERS_QUERY_KEY, allOrdersQueryOptions, shipOrder } from "../api/admin-orders-api";
import { AdminOrderCard, statusLabel } from "./admin-order-card";

const FILTERS: { value: ManagedOrderStatus | undefined; label: string }[] = [
  { value: undefined, label: "All" },
  ...MANAGED_ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

export const orderShippedMessage = (order: Pick<Order, "name" | "email">) =>
  `${order.name} for ${order.email} is marked shipped`;

/** Manage Orders (admin): every order, newest first, filtered by status; paid orders can be shipped. */
export function ManageOrders() {
  const [status, setStatus] = useState<ManagedOrderStatus | undefined>();
  const queryClient = useQueryClient();
  const { data: orders, error, isPending, refetch, isRefetching } = useQuery(allOrdersQueryOptions(status));
  const shipping = useMutation({
    mutationFn: (order: Order) => shipOrder(order._id),
    onSuccess: (order) => notify.success(orderShippedMessage(order)),
    onError: (failure) => notify.error(failure.message),
    // Shipped or refused, the lists (the customer's too) are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_ORDERS_QUERY_KEY }),
  });

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">Filter by status</legend>
        <span aria-hidden="true" className="text-sm font-medium">
          Show
        </span>
        <div className="flex flex-wrap gap-1">
          {FILTERS.map((filter) => (
            <input
              key={filter.label}
              type="radio"
              name="order-status"
              className="btn btn-sm"
              aria-label={filter.label}
              checked={status === filter.value}
              onChange={() => setStatus(filter.value)}
            />
          ))}
        </div>
      </fieldset>
      {isPending ? (
        <div className="grid place-items-center py-16">
          <Spinner label="Loading the orders" />
        </div>
      ) : error ? (
        <LoadError
          title="The orders could not be loaded."
          error={error}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      ) : orders.length === 0 ? (
        <MessagePanel message={status ? `There are no ${status} orders.` : "There are no orders yet."} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Orders">
          {orders.map((order) => (
            <li key={order._id}>
              <AdminOrderCard
                order={order}
                onShip={() => shipping.mutate(order)}
                shipping={shipping.isPending && shipping.variables?._id === order._id}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
