import { useInfiniteQuery } from "@tanstack/react-query";
import type { Order } from "@toolshop/shared/orders";
import { useState } from "react";
import { MessagePanel } from "../../../components/message-panel";
import { QueryView } from "../../../components/query-view";
import { Screen } from "../../../components/screen";
import { myOrdersQueryOptions } from "../api/orders-api";
import { DeleteOrderDialog } from "./delete-order-dialog";
import { OrderCard } from "./order-card";

/** The dashboard's index: the signed-in customer's orders, newest first, a page at a time. */
export function MyOrders({ email }: { email: string }) {
  const query = useInfiniteQuery(myOrdersQueryOptions(email));
  const { error, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];
  const [orderToDelete, setOrderToDelete] = useState<Order | null>(null);

  return (
    <Screen title="My orders">
      <QueryView
        query={query}
        pendingLabel="Loading your orders"
        errorTitle="Your orders could not be loaded."
        isEmpty={() => orders.length === 0}
        empty={
          <MessagePanel
            message="You have no orders yet."
            link={{ to: "/#tools", label: "Browse the tools" }}
          />
        }
      >
        {() => (
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
      </QueryView>
      {orderToDelete ? (
        <DeleteOrderDialog
          key={orderToDelete._id}
          order={orderToDelete}
          onClose={() => setOrderToDelete(null)}
        />
      ) : null}
    </Screen>
  );
}
