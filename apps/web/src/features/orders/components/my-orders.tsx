import { useInfiniteQuery } from "@tanstack/react-query";
import type { Order } from "@toolshop/shared/orders";
import { useState } from "react";
import { LoadError } from "../../../components/load-error";
import { MessagePanel } from "../../../components/message-panel";
import { Spinner } from "../../../components/spinner";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { myOrdersQueryOptions } from "../api/orders-api";
import { DeleteOrderDialog } from "./delete-order-dialog";
import { OrderCard } from "./order-card";

/** The dashboard's index: the signed-in customer's orders, newest first, a page at a time. */
export function MyOrders({ email }: { email: string }) {
  useDocumentTitle("My orders");
  const {
    data,
    error,
    isPending,
    isError,
    refetch,
    isRefetching,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useInfiniteQuery(myOrdersQueryOptions(email));
  const orders = data?.pages.flatMap((page) => page.orders) ?? [];
  const [orderToDelete, setOrderToDelete] = useState<Order | null>(null);

  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        My orders
      </h1>
      {isPending ? (
        <div className="grid place-items-center py-16">
          <Spinner label="Loading your orders" />
        </div>
      ) : isError && !isFetchNextPageError ? (
        <LoadError
          title="Your orders could not be loaded."
          error={error}
          onRetry={() => void refetch()}
          retrying={isRefetching}
        />
      ) : orders.length === 0 ? (
        <MessagePanel message="You have no orders yet." link={{ to: "/#tools", label: "Browse the tools" }} />
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {orders.map((order) => (
              <li key={order._id}>
                <OrderCard order={order} onDelete={setOrderToDelete} />
              </li>
            ))}
          </ul>
          {/* Announces the longer list after "Load more" (and a failure to load it). */}
          <div aria-live="polite" className="flex flex-col items-center gap-2">
            <p className="sr-only">
              {orders.length === 1 ? "1 order shown" : `${orders.length} orders shown`}
            </p>
            {isFetchNextPageError && error ? (
              <p role="alert" className="text-error">
                {error.message}
              </p>
            ) : null}
          </div>
          {hasNextPage ? (
            <button
              type="button"
              className="btn self-center"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? "Loading more orders…" : "Load more"}
            </button>
          ) : null}
        </>
      )}
      {orderToDelete ? (
        <DeleteOrderDialog
          key={orderToDelete._id}
          order={orderToDelete}
          onClose={() => setOrderToDelete(null)}
        />
      ) : null}
    </section>
  );
}
