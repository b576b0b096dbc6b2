import { cartQuantitySchema, cartTotal } from "@toolshop/shared/cart";
import type { Tool } from "@toolshop/shared/tools";
import { unitPriceFor } from "@toolshop/shared/unit-price";
import { useRef, useState } from "react";
import { TextField } from "../../../components/form-fields";
import { Money } from "../../../components/money";
import { formatCount, formatPrice } from "../../../lib/format";
import { useTypedBeforeHydration } from "../../../lib/use-typed-before-hydration";
import { displayedQuantityMessage } from "../../orders/checkout-messages";
import { CART_ADD_PARAMS } from "../cart-addition";
import { AddToCartButton } from "./add-to-cart-button";

/**
 * A product page's quantity (from the tool's minimum, within its stock, with the checkout's messages)
 * and its "Add to cart". Before the page has hydrated the browser sends the form to /cart itself, and
 * checks the quantity's bounds with its own messages (docs/decisions/0049).
 */
export function AddToCartForm({ tool }: { tool: Tool }) {
  const [draft, setDraft] = useState(String(tool.minQuantity));
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, draft, setDraft);
  const quantity = draft.trim() === "" ? Number.NaN : Number(draft);
  const result = cartQuantitySchema(tool).safeParse(quantity);
  const message = result.success
    ? undefined
    : displayedQuantityMessage(result.error.issues[0]?.message, tool);
  const quantityField = (
    <div className="flex max-w-64 flex-col gap-1">
      <TextField
        id="add-to-cart-quantity"
        ref={field}
        label="Quantity"
        error={message}
        name={CART_ADD_PARAMS.quantity}
        type="number"
        inputMode="numeric"
        className="input input-lg w-32"
        min={tool.minQuantity}
        max={tool.availableQuantity}
        step={1}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <LinePrice tool={tool} quantity={result.success ? result.data : null} />
    </div>
  );
  return (
    <AddToCartButton
      tool={tool}
      quantity={result.success ? result.data : tool.minQuantity}
      nameTool={false}
      className="flex flex-wrap items-start gap-3"
      buttonClassName="btn btn-lg btn-outline btn-primary mt-6"
      disabledReason={message}
      quantityField={quantityField}
    />
  );
}

/**
 * The unit price at the chosen quantity (its price break, by the rule the order is priced with) and the
 * line's total, read out as the quantity changes; nothing while the quantity cannot be ordered.
 */
function LinePrice({ tool, quantity }: { tool: Tool; quantity: number | null }) {
  const unitPrice = quantity === null ? null : unitPriceFor(tool.price, tool.priceBreaks, quantity);
  return (
    <output htmlFor="add-to-cart-quantity" aria-live="polite" className="flex flex-col text-base">
      {quantity !== null && unitPrice !== null ? (
        <>
          <span>
            {formatCount(quantity)} × <span className="whitespace-nowrap">{formatPrice(unitPrice)} each</span>
            {unitPrice < tool.price ? (
              <span className="text-base-content/70">
                {" "}
                (list price <span className="whitespace-nowrap">{formatPrice(tool.price)}</span>)
              </span>
            ) : null}
          </span>
          <span className="font-semibold">
            Total <Money amount={cartTotal([{ unitPrice, quantity }])} />
          </span>
        </>
      ) : null}
    </output>
  );
}
