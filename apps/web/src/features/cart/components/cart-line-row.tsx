import { type CartLine, cartLineUnitPrice, cartQuantitySchema, cartTotal } from "@toolshop/shared/cart";
import { Link } from "react-router";
import { TextField } from "../../../components/form-fields";
import { Money } from "../../../components/money";
import { ProductThumbnail } from "../../../components/product-thumbnail";
import { SkuLabel } from "../../../components/sku-label";
import { formatCount } from "../../../lib/format";
import { displayedQuantityMessage } from "../../orders/checkout-messages";

/** The message a line's quantity gets, as the checkout form shows it; undefined when it is valid. */
export function quantityMessage(line: CartLine, value: string | number): string | undefined {
  const quantity = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value);
  const result = cartQuantitySchema(line).safeParse(quantity);
  return result.success ? undefined : displayedQuantityMessage(result.error.issues[0]?.message, line);
}

interface CartLineRowProps {
  line: CartLine;
  /** What the customer typed, when it differs from the saved quantity. */
  draft: string | undefined;
  onQuantity: (text: string) => void;
  onAcceptPrice: () => void;
  onRemove: () => void;
  busy: boolean;
}

/** One line of /cart: the tool, its quantity, its total, and what must be settled before checkout. */
export function CartLineRow({ line, draft, onQuantity, onAcceptPrice, onRemove, busy }: CartLineRowProps) {
  const value = draft ?? String(line.quantity);
  const message = line.soldOut ? undefined : quantityMessage(line, value);
  const priceChanged = line.price !== line.seenPrice;
  // The quantity being typed is priced as the server will price it (its price breaks).
  const unitPrice = message ? line.unitPrice : cartLineUnitPrice(line, Number(value));
  const inputId = `cart-quantity-${line.toolId}`;
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-start">
      <ProductThumbnail src={line.image} size="medium" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h2 className="text-lg font-semibold break-words">
          <Link to={`/tools/${line.toolId}`} className="link link-hover">
            {line.name}
          </Link>
        </h2>
        <SkuLabel sku={line.sku} />
        <p className="text-base-content/80">
          <Money amount={unitPrice} /> per unit
          {unitPrice < line.price ? (
            <>
              {" "}
              (price for this quantity; list price <Money amount={line.price} />)
            </>
          ) : null}
        </p>
        {line.soldOut ? (
          <p className="rounded-field bg-warning/15 p-2">
            <span className="badge badge-neutral mr-2 font-semibold">Sold out</span>
            Fewer than the minimum order of {formatCount(line.minQuantity)} are in stock. Remove it to check
            out.
          </p>
        ) : null}
        {priceChanged ? (
          <div className="flex flex-wrap items-center gap-2 rounded-field bg-warning/15 p-2">
            <p>
              Price changed from <Money amount={line.seenPrice} /> to <Money amount={line.price} />
            </p>
            {line.soldOut ? null : (
              <button type="button" className="btn btn-sm" onClick={onAcceptPrice} disabled={busy}>
                Accept the new price<span className="sr-only"> of {line.name}</span>
              </button>
            )}
          </div>
        ) : null}
        {line.soldOut ? null : (
          <div className="max-w-56">
            <TextField
              id={inputId}
              label={`Quantity of ${line.name}`}
              labelNote={`(${formatCount(line.minQuantity)} to ${formatCount(line.availableQuantity)})`}
              error={message}
              type="number"
              inputMode="numeric"
              min={line.minQuantity}
              max={line.availableQuantity}
              step={1}
              value={value}
              onChange={(event) => onQuantity(event.target.value)}
            />
          </div>
        )}
      </div>
      <div className="flex flex-row items-center justify-between gap-3 sm:flex-col sm:items-end">
        <p className="text-lg font-bold">
          <span className="sr-only">Line total: </span>
          {message ? "—" : <Money amount={cartTotal([{ unitPrice, quantity: Number(value) }])} />}
        </p>
        <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove} disabled={busy}>
          Remove<span className="sr-only"> {line.name}</span>
        </button>
      </div>
    </li>
  );
}
