import { isDeletable, isPayable } from "@toolshop/shared/order-lifecycle";
import type { Order } from "@toolshop/shared/orders";
import { Link } from "react-router";
import { Money } from "../../../components/money";
import { OrderLines } from "../../../components/order-lines";
import { InvoiceLink } from "../../../components/tax-document-link";
import { orderTitle } from "../../../lib/order-lines";
import { ReservationNote } from "./reservation-note";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const STATUS_LABELS: Record<Order["status"], string> = {
  unpaid: "Unpaid",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};
const STATUS_BADGES: Record<Order["status"], string> = {
  unpaid: "badge-warning",
  paid: "badge-success",
  shipped: "badge-info",
  delivered: "badge-success",
  cancelled: "badge-neutral",
  refunded: "badge-neutral",
};

interface OrderCardProps {
  order: Order;
  onDelete: (order: Order) => void;
}

/**
 * One order of My orders with its details. Paid orders show the payment id; an unpaid one how long its
 * stock stays reserved. Each order offers only the actions the lifecycle table allows its status (the
 * server answers the others with a 409): an unpaid one can be paid or deleted, a cancelled one deleted
 * and ordered again (it says why it was cancelled: its reservation expired, or the shop cancelled it).
 */
export function OrderCard({ order, onDelete }: OrderCardProps) {
  const headingId = `order-${order._id}-name`;
  const title = orderTitle(order);
  const payable = isPayable(order.status) && order.price > 0;
  const deletable = isDeletable(order.status);
  // A customer's delete removes the order; what is left cancelled was cancelled by the shop or by
  // the reservation's expiry (orders cancelled before reasons were kept have none).
  const cancelled = order.status === "cancelled";
  const cancelNote =
    order.cancelReason === "expiry"
      ? "Reservation expired"
      : order.cancelReason === "admin"
        ? "Cancelled by the shop"
        : null;
  return (
    <article
      aria-labelledby={headingId}
      className="card border border-base-300 bg-base-100 shadow-sm sm:card-side"
    >
      <figure className="h-36 shrink-0 bg-base-200 p-4 sm:h-auto sm:w-40">
        <img
          src={order.image}
          alt=""
          width={160}
          height={120}
          loading="lazy"
          className="h-full max-h-32 w-full object-contain"
        />
      </figure>
      <div className="card-body min-w-0 gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="card-title text-lg">
            {title}
          </h2>
          <span className={`badge ${STATUS_BADGES[order.status]}`}>{STATUS_LABELS[order.status]}</span>
        </div>
        {cancelled && cancelNote ? <p className="font-medium">{cancelNote}</p> : null}
        {order.status === "unpaid" ? <ReservationNote holdsUntil={order.holdsUntil} /> : null}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <OrderLines order={order} look="terms" title={title} />
          <dt className="text-base-content/70">Total</dt>
          <dd className="font-semibold">
            <Money amount={order.price} />
          </dd>
          <dt className="text-base-content/70">Address</dt>
          <dd className="break-words whitespace-pre-line">{order.address}</dd>
          <dt className="text-base-content/70">Phone</dt>
          <dd className="break-words">{order.phone}</dd>
          <dt className="text-base-content/70">Ordered</dt>
          <dd>
            <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
          </dd>
          {order.transactionId ? (
            <>
              <dt className="text-base-content/70">Payment id</dt>
              <dd className="font-mono break-all">{order.transactionId}</dd>
            </>
          ) : null}
        </dl>
        <Link to={`/dashboard/orders/${order._id}`} className="link self-start text-sm link-primary">
          Order details and receipt<span className="sr-only">: {title}</span>
        </Link>
        <span className="self-start text-sm">
          <InvoiceLink order={order} context={title} />
        </span>
        {payable || deletable ? (
          <div className="card-actions justify-end">
            {/* Ordering again makes an order of one tool (/checkout/:id): for a one-line order only. */}
            {cancelled && order.toolId && order.lines.length === 1 ? (
              <Link to={`/checkout/${order.toolId}`} className="btn btn-sm btn-primary">
                Order again<span className="sr-only">: {order.name}</span>
              </Link>
            ) : null}
            {payable ? (
              <Link to={`/dashboard/payment/${order._id}`} className="btn btn-sm btn-primary">
                Pay<span className="sr-only"> for {title}</span>
              </Link>
            ) : null}
            {deletable ? (
              <button
                type="button"
                className="btn btn-outline btn-sm btn-error"
                onClick={() => onDelete(order)}
              >
                Delete<span className="sr-only"> {title}</span>
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
