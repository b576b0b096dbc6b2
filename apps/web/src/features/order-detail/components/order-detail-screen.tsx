import { useQuery } from "@tanstack/react-query";
import { isPayable } from "@toolshop/shared/order-lifecycle";
import { orderIdParamsSchema } from "@toolshop/shared/orders";
import { Link } from "react-router";
import { MessagePanel } from "../../../components/message-panel";
import { QueryView } from "../../../components/query-view";
import { Screen } from "../../../components/screen";
import { ApiRequestError } from "../../../lib/api-client";
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
  // A missing order (or another customer's) is said plainly, without a retry that cannot help.
  const missing =
    query.error instanceof ApiRequestError && [400, 403, 404].includes(query.error.status)
      ? query.error
      : null;

  return (
    // The same <h1> in every state: the focus the route announcer gave it survives the data's arrival.
    <Screen
      title={query.data ? `Order ${query.data.number}` : "Order"}
      aboveTitle={<p className="hidden text-sm font-semibold print:block">Toolshop · Receipt</p>}
      className={`flex flex-col gap-4 ${PRINT_CHROME}`}
    >
      {!wellFormed ? (
        <MessagePanel alert message="There is no order with this id." link={back} />
      ) : missing ? (
        <MessagePanel alert message={missing.message} link={back} />
      ) : (
        <QueryView query={query} pendingLabel="Loading the order" errorTitle="The order could not be loaded.">
          {(order) => (
            <>
              <div className="flex flex-wrap items-center gap-3 print:hidden">
                <button type="button" className="btn btn-primary" onClick={() => window.print()}>
                  Print receipt
                </button>
                {isPayable(order.status) ? (
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
          )}
        </QueryView>
      )}
    </Screen>
  );
}
