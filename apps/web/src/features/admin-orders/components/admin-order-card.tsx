import type { Order } from "@toolshop/shared/orders";
import { ProductThumbnail } from "../../../components/product-thumbnail";
import { formatCount, formatPrice } from "../../../lib/format";

const BADGE: Record<Order["status"], string> = {
  unpaid: "badge-warning",
  paid: "badge-info",
  shipped: "badge-success",
  cancelled: "badge-ghost",
};

export function statusLabel(status: Order["status"]): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

interface AdminOrderCardProps {
  order: Order;
  onShip: () => void;
  shipping: boolean;
}

/** One order as the shop sees it: who, what, where to, and whether it is paid or shipped. */
export function AdminOrderCard({ order, onShip, shipping }: AdminOrderCardProps) {
  return (
    <article
      aria-label={`${order.name} for ${order.email}`}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 md:flex-row md:items-start"
    >
      <div className="flex min-w-0 flex-1 gap-4">
        <ProductThumbnail src={order.image} size="small" />
        <div className="min-w-0 text-sm">
          <h2 className="text-base font-semibold">
            {formatCount(order.quantity)} × {order.name}
          </h2>
          <p className="break-all">{order.email}</p>
          <p className="text-base-content/70">
            {order.address} · {order.phone}
          </p>
          <p className="text-base-content/70">
            Ordered <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
          </p>
          {order.transactionId ? (
            <p className="break-all text-base-content/70">Payment id: {order.transactionId}</p>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 md:flex-col md:items-end">
        <p className="font-semibold">{formatPrice(order.price)}</p>
        <span className={`badge ${BADGE[order.status]}`}>{statusLabel(order.status)}</span>
        {order.status === "paid" ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={onShip} disabled={shipping}>
            {shipping ? "Shipping…" : "Ship"}
            <span className="sr-only">
              {" "}
              {order.name} for {order.email}
            </span>
          </button>
        ) : null}
      </div>
    </article>
  );
}
