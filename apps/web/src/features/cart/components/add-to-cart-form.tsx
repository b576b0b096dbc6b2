import { cartQuantitySchema } from "@toolshop/shared/cart";
import type { Tool } from "@toolshop/shared/tools";
import { useRef, useState } from "react";
import { TextField } from "../../../components/form-fields";
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
    <div className="max-w-64">
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
