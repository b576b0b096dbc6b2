import type { OrderDetail } from "@toolshop/shared/order-detail";
import type { Shop } from "@toolshop/shared/tools";
import { Money } from "../../../components/money";
import { OrderLines } from "../../../components/order-lines";
import { StatusBadge } from "../../../components/status-badge";
import { InvoiceLink, TaxDocumentLink } from "../../../components/tax-document-link";
import { useShop } from "../../storefront/api/shop-api";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
}

const capitalised = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

// On paper: black on white, no tinted panels or coloured badges.
const PANEL =
  "rounded-box border border-base-300 bg-base-100 p-4 sm:p-6 print:rounded-none print:border-0 print:border-b print:border-black print:bg-white print:px-0 print:py-3";
const LABEL = "text-base-content/70 print:text-black";

/**
 * The carrier's tracking page, for a carrier the server knows. https only, though the server's answer
 * is checked already: an address from elsewhere (javascript:, http:) never becomes a link. Not on paper.
 */
function TrackingLink({ order }: { order: OrderDetail }) {
  if (!order.trackingUrl?.toLowerCase().startsWith("https://")) return null;
  return (
    <a href={order.trackingUrl} className="link link-primary print:hidden">
      Track your parcel with {order.carrier}
    </a>
  );
}

/** Who sold: the seller's name, address and tax id from the shop's configuration (issue 51, item 9). */
function SellerPanel({ seller }: { seller: Shop["seller"] }) {
  return (
    <section aria-labelledby="order-seller-heading" className={PANEL}>
      <h2 id="order-seller-heading" className="mb-2 text-xl font-semibold">
        Sold by
      </h2>
      <address className="text-sm not-italic">
        <span className="block font-semibold">{seller.name}</span>
        {seller.addressLines.map((line, index) => (
          // The lines are the configuration's, in order; two may read the same.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <span key={index} className="block break-words">
            {line}
          </span>
        ))}
        {seller.taxId ? <span className="block">Tax id: {seller.taxId}</span> : null}
      </address>
    </section>
  );
}

/** The order as its receipt: lines, delivery, payment and shipment, and its status history. */
export function OrderReceipt({ order }: { order: OrderDetail }) {
  const seller = useShop()?.seller;
  return (
    <div className="flex flex-col gap-4 print:gap-2">
      {seller ? <SellerPanel seller={seller} /> : null}
      <section aria-labelledby="order-lines-heading" className={PANEL}>
        <h2 id="order-lines-heading" className="mb-2 text-xl font-semibold">
          Items
        </h2>
        <OrderLines order={order} look="receipt" />
      </section>

      <section aria-labelledby="order-details-heading" className={PANEL}>
        <h2 id="order-details-heading" className="mb-2 text-xl font-semibold">
          Details
        </h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className={LABEL}>Status</dt>
          <dd>
            <span className="print:hidden">
              <StatusBadge kind="order" value={order.status} />
            </span>
            <span className="hidden print:inline">{capitalised(order.status)}</span>
          </dd>
          <dt className={LABEL}>Ordered</dt>
          <dd>
            <DateTime iso={order.createdAt} />
          </dd>
          <dt className={LABEL}>Deliver to</dt>
          <dd className="break-words whitespace-pre-line">{order.address}</dd>
          <dt className={LABEL}>Phone</dt>
          <dd className="break-words">{order.phone}</dd>
          <dt className={LABEL}>Email</dt>
          <dd className="break-all">{order.email}</dd>
          {order.transactionId ? (
            <>
              <dt className={LABEL}>Payment id</dt>
              <dd className="font-mono break-all">{order.transactionId}</dd>
            </>
          ) : null}
          {order.invoiceNumber ? (
            <>
              <dt className={LABEL}>Invoice</dt>
              <dd className="flex flex-col items-start gap-1">
                <span className="font-mono break-all">{order.invoiceNumber}</span>
                <span className="print:hidden">
                  <InvoiceLink order={order} />
                </span>
              </dd>
            </>
          ) : null}
          {order.creditNotes.length > 0 ? (
            <>
              <dt className={LABEL}>Credit notes</dt>
              <dd>
                <ul className="flex flex-col gap-1">
                  {order.creditNotes.map((note) => (
                    <li key={note.n} className="flex flex-wrap items-baseline gap-x-2">
                      <span className="font-mono break-all">{note.number}</span>
                      <Money amount={note.amount} />
                      <span className="print:hidden">
                        <TaxDocumentLink
                          path={`/orders/${encodeURIComponent(order._id)}/credit-notes/${note.n}.pdf`}
                          fileName={`${note.number}.pdf`}
                          label={`Credit note ${note.n} (PDF)`}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          {order.carrier ? (
            <>
              <dt className={LABEL}>Carrier</dt>
              <dd className="break-words">{order.carrier}</dd>
            </>
          ) : null}
          {order.trackingNumber ? (
            <>
              <dt className={LABEL}>Tracking number</dt>
              <dd className="flex flex-col items-start gap-1">
                <span className="font-mono break-all">{order.trackingNumber}</span>
                <TrackingLink order={order} />
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="order-history-heading" className={PANEL}>
        <h2 id="order-history-heading" className="mb-2 text-xl font-semibold">
          History
        </h2>
        <ol aria-label="Status history" className="flex flex-col gap-2 text-sm">
          {order.history.map((change) => (
            <li key={`${change.status}-${change.at}`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="min-w-24 font-semibold">{capitalised(change.status)}</span>
              <DateTime iso={change.at} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
