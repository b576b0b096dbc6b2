import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MANAGED_ORDER_STATUSES, type ManagedOrderStatus } from "@toolshop/shared/admin-orders";
import type { Order } from "@toolshop/shared/orders";
import { useState } from "react";
import { LoadError } from "../../../components/load-error";
import { MessagePanel } from "../../../components/message-panel";
import { Spinner } from "../../../components/spinner";
import { notify } from "../../../lib/toast";
import {
  ALL_ORDERS_QUERY_KEY,
  allOrdersQueryOptions,
  type OrderCommand,
  runOrderCommand,
} from "../api/admin-orders-api";
import { AdminOrderCard, statusLabel } from "./admin-order-card";
import { OrderCommandDialog, type OrderCommandKind } from "./order-command-dialog";

const FILTERS: { value: ManagedOrderStatus | undefined; label: string }[] = [
  { value: undefined, label: "All" },
  ...MANAGED_ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

const DONE: Record<OrderCommandKind, string> = {
  ship: "is marked shipped",
  deliver: "is marked delivered",
  cancel: "is cancelled",
  refund: "is refunded",
};

export const orderCommandMessage = (order: Pick<Order, "name" | "email">, kind: OrderCommandKind) =>
  `${order.name} for ${order.email} ${DONE[kind]}`;

/** Manage Orders (admin): every order, newest first, filtered by status; cancel, ship or deliver, after asking. */
export function ManageOrders() {
  const [status, setStatus] = useState<ManagedOrderStatus | undefined>();
  const queryClient = useQueryClient();
  const { data: orders, error, isPending, refetch, isRefetching } = useQuery(allOrdersQueryOptions(status));
  const [asking, setAsking] = useState<{ order: Order; kind: OrderCommandKind } | null>(null);
  const running = useMutation({
    mutationFn: ({ order, command }: { order: Order; command: OrderCommand; close: () => void }) =>
      runOrderCommand(order._id, command),
    onSuccess: (order, { command, close }) => {
      notify.success(orderCommandMessage(order, command.kind));
      close();
    },
    onError: (failure) => notify.error(failure.message),
    // Done or refused, the lists (the customer's too) are out of date.
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
                onCommand={(kind) => {
                  running.reset();
                  setAsking({ order, kind });
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {asking ? (
        <OrderCommandDialog
          order={asking.order}
          kind={asking.kind}
          error={running.error}
          busy={running.isPending}
          onConfirm={(command, close) => running.mutate({ order: asking.order, command, close })}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
