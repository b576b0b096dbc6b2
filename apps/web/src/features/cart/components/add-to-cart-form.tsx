import { cartQuantitySchema } from "@toolshop/shared/cart";
import type { Tool } from "@toolshop/shared/tools";
import { useState } from "react";
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
  const quantity = draft.trim() === "" ? Number.NaN : Number(draft);
  const result = cartQuantitySchema(tool).safeParse(quantity);
  const message = result.success
    ? undefined
    : displayedQuantityMessage(result.error.issues[0]?.message, tool);
  const quantityField = (
    <div className="flex flex-col gap-1">
      <label htmlFor="add-to-cart-quantity" className="text-sm font-medium">
        Quantity
      </label>
      <input
        id="add-to-cart-quantity"
        name={CART_ADD_PARAMS.quantity}
        type="number"
        inputMode="numeric"
        className="input input-lg w-32"
        min={tool.minQuantity}
        max={tool.availableQuantity}
        step={1}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? "add-to-cart-quantity-error" : undefined}
      />
      {message ? (
        <p id="add-to-cart-quantity-error" className="max-w-64 text-sm text-error">
          {message}
        </p>
      ) : null}
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
