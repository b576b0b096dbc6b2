import { useQuery } from "@tanstack/react-query";
import { orderIdParamsSchema } from "@toolshop/shared/orders";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { MessagePanel } from "../../../components/message-panel";
import { Spinner } from "../../../components/spinner";
import { ApiRequestError } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { orderDetailQueryOptions } from "../api/order-detail-api";
import { OrderReceipt } from "./order-receipt";

/**
 * The page's print stylesheet. The navigation bar, the dashboard's side menu and its phone toggle, and
 * the footer belong to the layouts; these variants hide them (and tint nothing) only while this page
 * is on screen (`:has(&)`), so printing any other page is unchanged.
 */
const PRINT_CHROME = [
  "print:[body:has(&)_header]:hidden",
  "print:[body:has(&)_footer]:hidden",
  "print:[body:has(&)_aside]:hidden",
  "print:[body:has(&)_[aria-controls=dashboard-drawer]]:hidden",
  "print:[:root:has(&)]:bg-white",
  "print:[body:has(&)]:bg-white",
  "print:bg-white print:text-black",
].join(" ");

interface OrderDetailScreenProps {
  orderId: string;
  /** Where "back" goes: My orders for a customer, Manage Orders for an admin. */
  back: { to: string; label: string };
}

/** /dashboard/orders/:id: one order, its history and a printable receipt (owner or admin). */
export function OrderDetailScreen({ orderId, back }: OrderDetailScreenProps) {
  // A malformed id names no order: nothing to ask the server.
  const wellFormed = orderIdParamsSchema.safeParse({ id: orderId }).success;
  const query = useQuery({ ...orderDetailQueryOptions(orderId), enabled: wellFormed });
  const order = query.data;
  useDocumentTitle(order ? `Order ${order.number}` : "Order");

  let content: React.ReactNode;
  if (!wellFormed) {
    content = <MessagePanel alert message="There is no order with this id." link={back} />;
  } else if (query.isPending) {
    content = (
      <div className="grid place-items-center py-16">
        <Spinner label="Loading the order" />
      </div>
    );
  } else if (query.error || !order) {
    const error = query.error ?? new Error("Please try again.");
    const missing = error instanceof ApiRequestError && [400, 403, 404].includes(error.status);
    content = missing ? (
      <MessagePanel alert message={error.message} link={back} />
    ) : (
      <LoadError
        title="The order could not be loaded."
        error={error}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  } else {
    content = (
      <>
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            Print receipt
          </button>
          {order.status === "unpaid" ? (
            <Link to={`/dashboard/payment/${order._id}`} className="btn btn-outline">
              Pay
            </Link>
          ) : null}
          <Link to={back.to} className="link link-primary">
            {back.label}
          </Link>
        </div>
        <OrderReceipt order={order} />
      </>
    );
  }

  return (
    // The same <h1> in every state: the focus the route announcer gave it survives the data's arrival.
    <section aria-labelledby="screen-heading" className={`flex flex-col gap-4 ${PRINT_CHROME}`}>
      <div>
        <p className="hidden text-sm font-semibold print:block">Toolshop · Receipt</p>
        <h1 id="screen-heading" className="text-3xl font-bold break-words">
          {order ? `Order ${order.number}` : "Order"}
        </h1>
      </div>
      {content}
    </section>
  );
}
