import { CART_MAX_LINES, CART_TOO_MANY_LINES } from "@toolshop/shared/cart-limits";
import type { Tool } from "@toolshop/shared/tools";
import { formatCount } from "../../lib/format";
import { notify } from "../../lib/toast";
import { useCartActions } from "./use-cart";

/**
 * Adds `quantity` of a tool to the cart, and says so (or why not) in a toast: for "Add to cart" and
 * for an addition /cart was opened with (cart-addition.ts).
 */
export function useAddToCart() {
  const { change, saving, lineCount, holds } = useCartActions();
  const add = async (tool: Tool, quantity: number) => {
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
  return { add, saving };
}
