import type { Tool } from "@toolshop/shared/tools";
import type { ReactNode } from "react";
import { CART_ADD_ACTION, CART_ADD_PARAMS } from "../cart-addition";
import { useAddToCart } from "../use-add-to-cart";

interface AddToCartProps {
  tool: Tool;
  /** How many to add: the tool's minimum order unless the customer chose more. */
  quantity?: number;
  /** The form's classes (it holds the quantity field, if any, and the button). */
  className?: string;
  buttonClassName?: string;
  /** Whether the button's visible words name the tool for screen readers (a card among many). */
  nameTool?: boolean;
  /** Set while the chosen quantity cannot be added (its message is shown beside it). */
  disabledReason?: string | undefined;
  /** A visible field named CART_ADD_PARAMS.quantity; without one the form sends `quantity` hidden. */
  quantityField?: ReactNode;
}

/**
 * "Add to cart" as a form that asks for /cart?add=<id>&quantity=<n> (docs/decisions/0049): a tap before
 * the server-rendered page has hydrated is sent by the browser, and /cart adds the line as it opens.
 * Hydrated, React adds it here and says so in a toast, and the page stays.
 */
export function AddToCartButton({
  tool,
  quantity = tool.minQuantity,
  className,
  buttonClassName,
  nameTool = true,
  disabledReason,
  quantityField,
}: AddToCartProps) {
  const { add, saving } = useAddToCart();
  return (
    <form
      method="get"
      action={CART_ADD_ACTION}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (disabledReason === undefined) void add(tool, quantity);
      }}
    >
      <input type="hidden" name={CART_ADD_PARAMS.tool} value={tool._id} />
      {quantityField ?? <input type="hidden" name={CART_ADD_PARAMS.quantity} value={quantity} />}
      <button type="submit" className={buttonClassName} disabled={saving || disabledReason !== undefined}>
        Add to cart{nameTool ? <span className="sr-only">: {tool.name}</span> : null}
      </button>
    </form>
  );
}
