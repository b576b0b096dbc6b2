import type { Order, OrderLine } from "@toolshop/shared/orders";
import { showsTax, taxLabel } from "@toolshop/shared/tax";
import type { ReactNode } from "react";
import { formatCount } from "../lib/format";
import { refundAmount } from "../lib/order-lines";
import { LineTool } from "./line-tool";
import { Money } from "./money";
import { SkuLabel, SkuText } from "./sku-label";
import { TaxRows } from "./tax-summary";

/**
 * Where an order's lines are drawn, and so how:
 * - `terms`: My orders' card, a term and its description inside the card's `<dl>`;
 * - `heading`: Manage Orders' card, whose heading says what was ordered;
 * - `priced`: the payment screen, each line priced and the order's total;
 * - `receipt`: the order's page, a table of the lines with the tax and the amount refunded.
 */
export type OrderLinesLook = "terms" | "heading" | "priced" | "receipt";

type LinesOf = Pick<Order, "lines" | "price" | "tax"> & Partial<Pick<Order, "shipping">>;

type OrderLinesProps =
  | { order: LinesOf; look: "receipt" }
  | {
      order: LinesOf;
      look: Exclude<OrderLinesLook, "receipt">;
      /** The order in a few words (orderTitle): the heading, and the list's name. */
      title: string;
      /** The accessible name of the list of several lines; "Tools in <title>" unless given. */
      listLabel?: string;
    };

/**
 * An order's lines, the same wherever an order is shown (issue 57). An order of one line reads as a
 * one-tool order always did (its quantity; "20 × Pliers"; "20 × $12.50 = $250.00"); one of several
 * lists its lines, named for assistive technology. The receipt is a table whatever the count.
 */
export function OrderLines(props: OrderLinesProps) {
  const { order } = props;
  if (props.look === "receipt") return <ReceiptTable order={order} />;
  const { look, title, listLabel = `Tools in ${title}` } = props;
  const [first, ...more] = order.lines;
  const one = first && more.length === 0 ? first : null;
  // A little space between the lines, so that one whose name wraps on a phone is not read as two.
  const list = (text: (line: OrderLine) => ReactNode, className = "") => (
    <ul aria-label={listLabel} className={`space-y-1 ${className}`}>
      {order.lines.map((line, index) => (
        // A tool is in an order once; a tool that left the catalogue has no id, hence the index.
        <li key={line.toolId ?? `line-${index}`} className="break-words">
          {text(line)}
        </li>
      ))}
    </ul>
  );
  switch (look) {
    case "terms":
      return one ? (
        <>
          <dt className="text-base-content/70">Quantity</dt>
          <dd>{formatCount(one.quantity)}</dd>
          {one.sku === null ? null : (
            <>
              <dt className="text-base-content/70">Part number</dt>
              <dd>
                <SkuText sku={one.sku} />
              </dd>
            </>
          )}
        </>
      ) : (
        <>
          <dt className="text-base-content/70">Tools</dt>
          <dd>
            {list((line) => (
              <>
                {countAndName(line)} <SkuLabel sku={line.sku} />
              </>
            ))}
          </dd>
        </>
      );
    case "heading":
      return one ? (
        <>
          <h2 className="text-base font-semibold">{countAndName(one)}</h2>
          {one.sku === null ? null : (
            <p>
              <SkuLabel sku={one.sku} />
            </p>
          )}
          {one.refundedQuantity > 0 ? (
            <p className="text-base-content/70">{formatCount(one.refundedQuantity)} refunded</p>
          ) : null}
        </>
      ) : (
        <>
          <h2 className="text-base font-semibold">{title}</h2>
          {list((line) => (
            <>
              {countAndName(line)} <SkuLabel sku={line.sku} />
              <RefundedUnits line={line} />
            </>
          ))}
        </>
      );
    case "priced":
      // Tax added on top (or held in the prices) is said between the lines and the total, so that the
      // lines' sums add up to what is paid; an order without tax reads as it always did.
      return (
        <>
          {one?.sku ? (
            <p>
              <SkuLabel sku={one.sku} />
            </p>
          ) : null}
          {one ? (
            <p>
              {formatCount(one.quantity)} × <Money amount={one.unitPrice} /> ={" "}
              <span className="font-semibold">
                <Money amount={one.total} />
              </span>
            </p>
          ) : (
            list(
              (line) => (
                <>
                  {line.name} <SkuLabel sku={line.sku} />: {formatCount(line.quantity)} ×{" "}
                  <Money amount={line.unitPrice} /> = <Money amount={line.total} />
                </>
              ),
              "my-1",
            )
          )}
          {order.shipping ? (
            <p>
              Shipping: {order.shipping.name} <ShippingCharge charge={order.shipping.charge} />
            </p>
          ) : null}
          <TaxRows total={order.tax} className="my-1" />
          {one && !showsTax(order.tax) && !order.shipping ? null : (
            <p>
              Total{" "}
              <span className="font-semibold">
                <Money amount={order.price} />
              </span>
            </p>
          )}
        </>
      );
  }
}

/** A shipping charge, or "Free" (a pickup, a threshold reached). */
function ShippingCharge({ charge }: { charge: number }) {
  return charge === 0 ? <span>Free</span> : <Money amount={charge} />;
}

const countAndName = (line: OrderLine) => `${formatCount(line.quantity)} × ${line.name}`;

/** " (2 refunded)" after a line some of whose units the owner refunded. */
function RefundedUnits({ line }: { line: OrderLine }) {
  if (line.refundedQuantity === 0) return null;
  return <span className="text-base-content/70"> ({formatCount(line.refundedQuantity)} refunded)</span>;
}

const CELL = "px-1 text-right sm:px-3";

/** The receipt's lines: tool, unit price, quantity (and units refunded) and total, then the sums. */
function ReceiptTable({ order }: { order: LinesOf }) {
  const taxed = showsTax(order.tax);
  const refunded = refundAmount(
    order.tax,
    order.lines,
    (line) => line.refundedQuantity,
    () => 0,
  );
  const sumRow = (label: ReactNode, amount: number, strong = false) => (
    <tr>
      <th scope="row" colSpan={3} className={`${CELL} ${strong ? "" : "font-normal"}`}>
        {label}
      </th>
      <td className={`${CELL} ${strong ? "font-semibold" : ""}`}>
        <Money amount={amount} />
      </td>
    </tr>
  );
  return (
    // The automatic layout gives each amount the width it needs (an amount never wraps) and the
    // tool's name the rest: the name breaks anywhere (index.css), so it asks for little.
    <table className="table w-full text-sm print:text-black">
      <thead className="print:text-black">
        <tr>
          <th scope="col" className="w-[44%] px-1 text-left sm:px-3">
            Tool
          </th>
          <th scope="col" className={CELL}>
            Unit price
          </th>
          <th scope="col" className={`w-[14%] ${CELL}`}>
            Qty
          </th>
          <th scope="col" className={CELL}>
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line, index) => (
          <tr key={line.toolId ?? `line-${index}`}>
            <td className="px-1 sm:px-3">
              <LineTool name={line.name} image={line.image} sku={line.sku} />
            </td>
            <td className={CELL}>
              <Money amount={line.unitPrice} />
            </td>
            <td className={CELL}>
              {formatCount(line.quantity)}
              {line.refundedQuantity > 0 ? (
                <span className="block text-xs whitespace-nowrap text-base-content/70 print:text-black">
                  ({formatCount(line.refundedQuantity)} refunded)
                </span>
              ) : null}
            </td>
            <td className={`${CELL} font-semibold`}>
              <Money amount={line.total} />
            </td>
          </tr>
        ))}
      </tbody>
      {/* One line's total is the order's: a total row would only repeat it, unless tax is added or
          some units were refunded (the amount that went back is said under it). */}
      {order.lines.length > 1 || taxed || refunded > 0 || order.shipping ? (
        <tfoot className="text-sm text-base-content print:text-black">
          {order.shipping ? (
            <tr>
              <th scope="row" colSpan={3} className={`${CELL} font-normal`}>
                Shipping: {order.shipping.name}
              </th>
              <td className={CELL}>
                <ShippingCharge charge={order.shipping.charge} />
              </td>
            </tr>
          ) : null}
          {taxed ? sumRow("Net", order.tax.net) : null}
          {taxed ? sumRow(taxLabel(order.tax), order.tax.tax) : null}
          {sumRow("Order total", order.price, true)}
          {refunded > 0 ? sumRow("Refunded", refunded) : null}
        </tfoot>
      ) : null}
    </table>
  );
}
