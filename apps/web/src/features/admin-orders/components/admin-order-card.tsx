import type { Order } from "@toolshop/shared/orders";
import { Link } from "react-router";
import { Money } from "../../../components/money";
import { OrderLines } from "../../../components/order-lines";
import { ProductThumbnail } from "../../../components/product-thumbnail";
import { orderTitle } from "../../../lib/order-lines";
import { commandsOf, type OrderCommandKind } from "../order-commands";

const BADGE: Record<Order["status"], string> = {
  unpaid: "badge-warning",
  paid: "badge-info",
  shipped: "badge-success",
  delivered: "badge-success",
  cancelled: "badge-ghost",
  refunded: "badge-ghost",
};

export function statusLabel(status: Order["status"]): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

interface AdminOrderCardProps {
  order: Order;
  onCommand: (kind: OrderCommandKind) => void;
}

/** One order as the shop sees it: its number, who, what, where to, and whether it is paid or shipped. */
export function AdminOrderCard({ order, onCommand }: AdminOrderCardProps) {
  const commands = commandsOf(order);
  const title = orderTitle(order);
  return (
    <article
      aria-label={`${title} for ${order.email}`}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 md:flex-row md:items-start"
    >
      <div className="flex min-w-0 flex-1 gap-4">
        <ProductThumbnail src={order.image} size="small" />
        <div className="min-w-0 text-sm">
          {/* The receipt's number: what a customer quotes, and what the search above finds. */}
          <p className="font-mono text-xs font-semibold tracking-wide text-base-content/70">{order.number}</p>
          <OrderLines order={order} look="heading" title={title} />
          <p className="break-all">{order.email}</p>
          {/* The packing details: the address line by line, as it goes on the parcel. */}
          <p className="break-words whitespace-pre-line text-base-content/70">{order.address}</p>
          <p className="text-base-content/70">{order.phone}</p>
          <p className="text-base-content/70">
            Ordered <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
          </p>
          {order.transactionId ? (
            <p className="break-all text-base-content/70">Payment id: {order.transactionId}</p>
          ) : null}
          <Link to={`/dashboard/orders/${order._id}`} className="link link-primary">
            Order details
            <span className="sr-only">
              : {title} for {order.email}
            </span>
          </Link>
        </div>
      </div>
      {/* On a phone the buttons take a row of their own when they do not fit beside the price and status. */}
      <div className="flex flex-wrap items-center justify-between gap-3 md:flex-col md:flex-nowrap md:items-end">
        <p className="font-semibold">
          <Money amount={order.price} />
        </p>
        <span className={`badge ${BADGE[order.status]}`}>{statusLabel(order.status)}</span>
        {commands.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {commands.map((command) => (
              <button
                key={command.kind}
                type="button"
                className={`btn btn-sm ${command.style}`}
                onClick={() => onCommand(command.kind)}
              >
                {command.label}
                <span className="sr-only">
                  {" "}
                  {title} for {order.email}
                </span>
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}
