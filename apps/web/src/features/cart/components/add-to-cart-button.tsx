import { CART_MAX_LINES, CART_TOO_MANY_LINES } from "@toolshop/shared/cart-limits";
import type { Tool } from "@toolshop/shared/tools";
import { formatCount } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useCartActions } from "../use-cart";

interface AddToCartProps {
  tool: Tool;
  /** How many to add: the tool's minimum order unless the customer chose more. */
  quantity?: number;
  className?: string;
  /** Whether the button's visible words name the tool for screen readers (a card among many). */
  nameTool?: boolean;
  /** Set while the chosen quantity cannot be added (its message is shown beside it). */
  disabledReason?: string | undefined;
}

/** Adds `quantity` of `tool` to the cart, and says so (or why not) in a toast. */
export function AddToCartButton({
  tool,
  quantity = tool.minQuantity,
  className,
  nameTool = true,
  disabledReason,
}: AddToCartProps) {
  const { change, saving, lineCount, holds } = useCartActions();
  const add = async () => {
    if (!holds(tool._id) && lineCount() >= CART_MAX_LINES) {
      notify.error(`${CART_TOO_MANY_LINES}. Check out or remove a tool first.`);
      return;
    }
    try {
      await change({ kind: "add", tool, quantity });
      notify.success(`${formatCount(quantity)} × ${tool.name} added to your cart.`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : "Please try again.";
      notify.error(`${tool.name} was not added to your cart: ${reason}`);
    }
  };
  return (
    <button
      type="button"
      className={className}
      onClick={() => void add()}
      disabled={saving || disabledReason !== undefined}
    >
      Add to cart{nameTool ? <span className="sr-only">: {tool.name}</span> : null}
    </button>
  );
}
