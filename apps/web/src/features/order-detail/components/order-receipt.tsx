import type { OrderDetail } from "@toolshop/shared/order-detail";
import { showsTax, taxLabel } from "@toolshop/shared/tax";
import type { Shop } from "@toolshop/shared/tools";
import { LineTool } from "../../../components/line-tool";
import { Money } from "../../../components/money";
import { StatusBadge } from "../../../components/status-badge";
import { InvoiceLink, TaxDocumentLink } from "../../../components/tax-document-link";
import { formatCount } from "../../../lib/format";
import { refundAmount } from "../../../lib/order-lines";
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
  const refunded = refundAmount(
    order.tax,
    order.lines,
    (line) => line.refundedQuantity,
    () => 0,
  );
  const taxed = showsTax(order.tax);
  const seller = useShop()?.seller;
  return (
    <div className="flex flex-col gap-4 print:gap-2">
      {seller ? <SellerPanel seller={seller} /> : null}
      <section aria-labelledby="order-lines-heading" className={PANEL}>
        <h2 id="order-lines-heading" className="mb-2 text-xl font-semibold">
          Items
        </h2>
        {/* The automatic layout gives each amount the width it needs (an amount never wraps) and the
            tool's name the rest: the name breaks anywhere (index.css), so it asks for little. */}
        <table className="table w-full text-sm print:text-black">
          <thead className="print:text-black">
            <tr>
              <th scope="col" className="w-[44%] px-1 text-left sm:px-3">
                Tool
              </th>
              <th scope="col" className="px-1 text-right sm:px-3">
                Unit price
              </th>
              <th scope="col" className="w-[14%] px-1 text-right sm:px-3">
                Qty
              </th>
              <th scope="col" className="px-1 text-right sm:px-3">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              // A tool is in an order once; a tool that left the catalogue has no id, hence the index.
              <tr key={line.toolId ?? `line-${index}`}>
                <td className="px-1 sm:px-3">
                  <LineTool name={line.name} image={line.image} />
                </td>
                <td className="px-1 text-right sm:px-3">
                  <Money amount={line.unitPrice} />
                </td>
                <td className="px-1 text-right sm:px-3">
                  {formatCount(line.quantity)}
                  {line.refundedQuantity > 0 ? (
                    <span className="block text-xs whitespace-nowrap text-base-content/70 print:text-black">
                      ({formatCount(line.refundedQuantity)} refunded)
                    </span>
                  ) : null}
                </td>
                <td className="px-1 text-right font-semibold sm:px-3">
                  <Money amount={line.total} />
                </td>
              </tr>
            ))}
          </tbody>
          {/* One line's total is the order's: a total row would only repeat it, unless tax is added. */}
          {order.lines.length > 1 || taxed ? (
            <tfoot className="text-sm text-base-content print:text-black">
              {taxed ? (
                <>
                  <tr>
                    <th scope="row" colSpan={3} className="px-1 text-right font-normal sm:px-3">
                      Net
                    </th>
                    <td className="px-1 text-right sm:px-3">
                      <Money amount={order.tax.net} />
                    </td>
                  </tr>
                  <tr>
                    <th scope="row" colSpan={3} className="px-1 text-right font-normal sm:px-3">
                      {taxLabel(order.tax)}
                    </th>
                    <td className="px-1 text-right sm:px-3">
                      <Money amount={order.tax.tax} />
                    </td>
                  </tr>
                </>
              ) : null}
              <tr>
                <th scope="row" colSpan={3} className="px-1 text-right sm:px-3">
                  Order total
                </th>
                <td className="px-1 text-right font-semibold sm:px-3">
                  <Money amount={order.price} />
                </td>
              </tr>
              {refunded > 0 ? (
                <tr>
                  <th scope="row" colSpan={3} className="px-1 text-right font-normal sm:px-3">
                    Refunded
                  </th>
                  <td className="px-1 text-right sm:px-3">
                    <Money amount={refunded} />
                  </td>
                </tr>
              ) : null}
            </tfoot>
          ) : null}
        </table>
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
