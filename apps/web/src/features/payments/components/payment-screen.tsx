import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type Order, orderIdParamsSchema } from "@toolshop/shared/orders";
import { PAYMENT_SUCCESS_MESSAGE, type PaymentConfig } from "@toolshop/shared/payments";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ChunkErrorBoundary } from "../../../components/chunk-error-boundary";
import { LoadError } from "../../../components/load-error";
import { MessagePanel } from "../../../components/message-panel";
import { Money } from "../../../components/money";
import { OrderLines } from "../../../components/order-lines";
import { ProductThumbnail } from "../../../components/product-thumbnail";
import { type QueryState, QueryView } from "../../../components/query-view";
import { Screen } from "../../../components/screen";
import { Spinner } from "../../../components/spinner";
import { ApiRequestError } from "../../../lib/api-client";
import { loadChunk } from "../../../lib/chunk-load";
import { orderTitle } from "../../../lib/order-lines";
import { ORDERS_QUERY_KEY, orderForPaymentQueryOptions } from "../../orders/api/orders-api";
import {
  paymentConfigQueryOptions,
  paymentIntentQueryOptions,
  recordOrderPayment,
} from "../api/payments-api";
import { TestCardForm } from "./test-card-form";

const BACK_TO_MY_ORDERS = { to: "/dashboard", label: "Back to My orders" };

// Stripe.js and its React bindings: a chunk of their own, downloaded only when the gateway is Stripe.
const StripeCardForm = lazy(() => loadChunk(() => import("./stripe-card-form")));

interface PaymentScreenProps {
  orderId: string;
  billing: { name: string; email: string };
}

/** /dashboard/payment/:id: the order's details and the card form of the configured gateway. */
export function PaymentScreen({ orderId, billing }: PaymentScreenProps) {
  const queryClient = useQueryClient();
  // A malformed id names no order: nothing to ask the server.
  const wellFormed = orderIdParamsSchema.safeParse({ id: orderId }).success;
  const orderQuery = useQuery({ ...orderForPaymentQueryOptions(orderId), enabled: wellFormed });
  const config = useQuery(paymentConfigQueryOptions);
  // The order this visit has just paid: the success message stays while the order is fetched again.
  const [paidNow, setPaidNow] = useState<Order | null>(null);
  const order = orderQuery.data;
  const intent = useQuery({
    ...paymentIntentQueryOptions(orderId),
    enabled: order?.status === "unpaid" && paidNow === null,
  });
  const intentError = intent.error;
  const refetchOrder = orderQuery.refetch;
  useEffect(() => {
    // "This order is already paid." (paid elsewhere meanwhile): show it as paid.
    if (intentError instanceof ApiRequestError && intentError.status === 409) void refetchOrder();
  }, [intentError, refetchOrder]);

  const onConfirmed = async (paymentIntentId: string) => {
    const paid = await recordOrderPayment(orderId, paymentIntentId);
    setPaidNow(paid);
    queryClient.setQueryData(orderForPaymentQueryOptions(orderId).queryKey, paid);
    // My orders (and this order) are fetched again in the background.
    void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
  };

  // The order and the gateway's settings, waited for as one.
  const loading: QueryState<{ order: Order; gateway: PaymentConfig }> = {
    data: order && config.data ? { order, gateway: config.data } : undefined,
    error: orderQuery.error ?? config.error,
    isPending: orderQuery.isPending || config.isPending,
    isRefetching: orderQuery.isRefetching || config.isRefetching,
    refetch: () => {
      void orderQuery.refetch();
      void config.refetch();
    },
  };
  const failure = loading.error;
  // A missing order (or another customer's) is said plainly, without a retry that cannot help.
  const missing =
    failure instanceof ApiRequestError && [400, 403, 404].includes(failure.status) ? failure : null;

  return (
    <Screen title="Payment">
      {!wellFormed ? (
        <MessagePanel alert message="There is no order with this id." link={BACK_TO_MY_ORDERS} />
      ) : missing ? (
        <MessagePanel alert message={missing.message} link={BACK_TO_MY_ORDERS} />
      ) : (
        <QueryView
          query={loading}
          pendingLabel="Loading the order"
          errorTitle="The order could not be loaded."
        >
          {({ order, gateway }) => {
            const cardFormProps = {
              clientSecret: intent.data?.clientSecret ?? null,
              billing,
              onConfirmed,
            };
            const settled = order.status === "paid" || order.status === "shipped";
            return (
              <>
                <OrderSummary order={order} />
                <div className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
                  {paidNow ? (
                    <PaymentReceipt order={paidNow} />
                  ) : settled ? (
                    <div className="flex flex-col gap-2">
                      <p className="text-lg font-semibold">
                        <span className="badge badge-success">
                          {order.status === "shipped" ? "Shipped" : "Paid"}
                        </span>
                      </p>
                      <p className="break-all">
                        Payment id: <span className="font-mono">{order.transactionId}</span>
                      </p>
                      <Link to="/dashboard" className="link link-primary">
                        Back to My orders
                      </Link>
                    </div>
                  ) : order.status === "cancelled" ? (
                    <p>This order was cancelled and cannot be paid.</p>
                  ) : (
                    <>
                      <h2 className="mb-3 text-xl font-semibold">
                        Pay <Money amount={order.price} /> by card
                      </h2>
                      {intentError &&
                      !(intentError instanceof ApiRequestError && intentError.status === 409) ? (
                        <LoadError
                          title="The payment could not be prepared."
                          error={intentError}
                          onRetry={() => void intent.refetch()}
                          retrying={intent.isRefetching}
                        />
                      ) : null}
                      {gateway.gateway === "stripe" && gateway.publishableKey ? (
                        <ChunkErrorBoundary>
                          <Suspense fallback={<Spinner label="Loading the card form" />}>
                            <StripeCardForm publishableKey={gateway.publishableKey} {...cardFormProps} />
                          </Suspense>
                        </ChunkErrorBoundary>
                      ) : (
                        <TestCardForm {...cardFormProps} />
                      )}
                    </>
                  )}
                </div>
              </>
            );
          }}
        </QueryView>
      )}
    </Screen>
  );
}

/** After paying: the card form is gone; a receipt takes its place and gets the focus (issue 12). */
function PaymentReceipt({ order }: { order: Order }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-labelledby="receipt-heading"
      className="flex flex-col gap-3 rounded-field border-2 border-success bg-base-100 p-4"
    >
      <h2 id="receipt-heading" className="text-xl font-semibold">
        {PAYMENT_SUCCESS_MESSAGE}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Order number</dt>
        <dd className="font-mono font-semibold">{order.number}</dd>
        <dt>Amount paid</dt>
        <dd className="font-semibold">
          <Money amount={order.price} />
        </dd>
        <dt>Your transaction id</dt>
        <dd className="font-mono font-semibold break-all">{order.transactionId}</dd>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        {/* docs/product.md section 4: after success the pay button stays, disabled. */}
        <button type="button" className="btn btn-success" disabled>
          Paid
        </button>
        <Link to={BACK_TO_MY_ORDERS.to} className="link link-primary">
          {BACK_TO_MY_ORDERS.label}
        </Link>
      </div>
    </div>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const title = orderTitle(order);
  return (
    <article className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-4">
      <ProductThumbnail src={order.image} size="wide" loading="eager" />
      <div className="min-w-0">
        <h2 className="text-lg font-semibold">{title}</h2>
        <OrderLines order={order} look="priced" title={title} listLabel="Tools in this order" />
        <p className="text-sm break-words whitespace-pre-line text-base-content/80">
          Deliver to:{"\n"}
          {order.address}
        </p>
      </div>
    </article>
  );
}
