import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  adminOrdersQuerySchema,
  MANAGED_ORDER_STATUSES,
  type ManagedOrderStatus,
} from "@toolshop/shared/admin-orders";
import type { Order } from "@toolshop/shared/orders";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { MessagePanel } from "../../../components/message-panel";
import { QueryView } from "../../../components/query-view";
import { formatPrice } from "../../../lib/format";
import { orderTitle, refundAmount } from "../../../lib/order-lines";
import { notify } from "../../../lib/toast";
import {
  ALL_ORDERS_QUERY_KEY,
  allOrdersQueryOptions,
  type OrderCommand,
  type OrderFilters,
  type OrdersTotal,
  runOrderCommand,
} from "../api/admin-orders-api";
import type { OrderCommandKind } from "../order-commands";
import { AdminOrderCard, statusLabel } from "./admin-order-card";
import { OrderCommandDialog } from "./order-command-dialog";
import { OrderSearchForm } from "./order-filters";
import { OrdersExportForm } from "./orders-export-form";

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

/** The toast after a command; a refund of chosen lines says the amount that went back. */
export function orderCommandMessage(
  order: Pick<Order, "name" | "email" | "lines" | "tax">,
  command: OrderCommand,
) {
  const done = `${orderTitle(order)} for ${order.email} ${DONE[command.kind]}`;
  if (command.kind !== "refund" || !command.body) return done;
  const units = new Map(command.body.lines.map((line) => [line.toolId, line.quantity]));
  const unitsOf = (line: Order["lines"][number]) => (line.toolId ? (units.get(line.toolId) ?? 0) : 0);
  // The order is the answer after the refund: the units refunded now are counted in it already.
  const amount = refundAmount(
    order.tax,
    order.lines,
    unitsOf,
    (line) => line.refundedQuantity - unitsOf(line),
  );
  return `${formatPrice(amount)} of ${done}`;
}

const FILTER_NAMES = ["status", "q", "from", "to"] as const;
const estimateFormat = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 2 });
const countFormat = new Intl.NumberFormat("en-US");

/** "3 orders", or "about 750,000 orders" when the server estimated a large total. */
export function totalLabel({ count, estimated }: OrdersTotal): string {
  const noun = count === 1 && !estimated ? "order" : "orders";
  return estimated ? `about ${estimateFormat.format(count)} ${noun}` : `${countFormat.format(count)} ${noun}`;
}

/**
 * The filters in the URL (so that a search can be shared and Back returns to it), checked with the
 * route's own schema: a wrong one is explained instead of sent.
 */
function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const raw = Object.fromEntries(
    FILTER_NAMES.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : [])),
  );
  const parsed = adminOrdersQuerySchema.safeParse(raw);
  const issue = parsed.error?.issues[0];
  const update = (changes: Partial<OrderFilters>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });
  return {
    filters: raw as OrderFilters,
    valid: parsed.success ? parsed.data : null,
    error: issue
      ? { field: issue.path[0] === "q" ? ("q" as const) : ("dates" as const), message: issue.message }
      : null,
    update,
  };
}

/**
 * Manage Orders (admin): every order, newest first, a page at a time, filtered by status, date range
 * and an order number or customer email; cancel, ship, deliver or refund, after asking.
 */
export function ManageOrders() {
  const { filters, valid, error: filterError, update } = useOrderFilters();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...allOrdersQueryOptions({ status: valid?.status, q: valid?.q, from: valid?.from, to: valid?.to }),
    enabled: valid !== null,
  });
  const { data, error, isPending, isFetchNextPageError } = query;
  const orders = data?.pages.flatMap((page) => page.orders) ?? [];
  const total = data?.pages[0]?.total ?? null;
  const [asking, setAsking] = useState<{ order: Order; kind: OrderCommandKind } | null>(null);
  const running = useMutation({
    mutationFn: ({ order, command }: { order: Order; command: OrderCommand; close: () => void }) =>
      runOrderCommand(order._id, command),
    onSuccess: (order, { command, close }) => {
      notify.success(orderCommandMessage(order, command));
      close();
    },
    onError: (failure) => notify.error(failure.message),
    // Done or refused, the lists (the customer's too) are out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALL_ORDERS_QUERY_KEY }),
  });
  const filtered = Boolean(filters.q || filters.from || filters.to);

  return (
    <div className="flex flex-col gap-4">
      <OrderSearchForm
        key={`${filters.q ?? ""}|${filters.from ?? ""}|${filters.to ?? ""}`}
        filters={filters}
        error={filterError}
        onSearch={update}
      />
      <OrdersExportForm initial={{ from: valid?.from, to: valid?.to }} />
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
              checked={filters.status === filter.value}
              onChange={() => update({ status: filter.value })}
            />
          ))}
        </div>
      </fieldset>
      <p role="status" className="text-sm text-base-content/70">
        {total && !isPending
          ? `${totalLabel(total)}${orders.length < total.count ? `, ${orders.length} shown` : ""}`
          : ""}
      </p>
      {valid === null ? null : (
        <QueryView
          query={query}
          pendingLabel="Loading the orders"
          errorTitle="The orders could not be loaded."
          isEmpty={() => orders.length === 0}
          empty={
            <MessagePanel
              message={
                filtered
                  ? "No orders match this search."
                  : filters.status
                    ? `There are no ${filters.status} orders.`
                    : "There are no orders yet, apart from cancelled ones."
              }
            />
          }
        >
          {() => (
            <>
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
              {isFetchNextPageError ? (
                <p role="alert" className="text-center text-error">
                  {error?.message}
                </p>
              ) : null}
              {query.hasNextPage ? (
                <button
                  type="button"
                  className="btn self-center"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                >
                  {query.isFetchingNextPage ? "Loading more orders…" : "Load more"}
                </button>
              ) : null}
            </>
          )}
        </QueryView>
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
