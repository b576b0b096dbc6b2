import { CART_ADD_PARAMS, CART_LINK_META, type CartAddition, cartLinkKey } from "@toolshop/shared/cart-link";
import { PAGE_PATHS } from "@toolshop/shared/page-paths";

// "Add to cart" is a form that asks for /cart?add=<tool id>&quantity=<n> (docs/decisions/0049): before
// the page has hydrated the browser sends it as it is, and /cart adds the line when it opens. Hydrated,
// React adds the line in place instead. Another site may send the same address: /cart adds at once only
// what the server vouched came from the shop's own pages, and asks about the rest (0050).

export { CART_ADD_PARAMS, readCartAddition } from "@toolshop/shared/cart-link";

/** The address the "Add to cart" forms are sent to. */
export const CART_ADD_ACTION = PAGE_PATHS.cart;

/** The URL's search without the addition, other parameters kept. */
export function withoutCartAddition(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(CART_ADD_PARAMS.tool);
  next.delete(CART_ADD_PARAMS.quantity);
  return next;
}

/**
 * Whether the server vouched for this addition: its `<meta>` in the page the browser loaded names
 * exactly it. Taken once: the meta is removed, so that it vouches for no later addition.
 */
export function takeServerVouch(addition: CartAddition): boolean {
  const meta = document.head.querySelector(`meta[name="${CART_LINK_META}"]`);
  if (!meta) return false;
  meta.remove();
  return meta.getAttribute("content") === cartLinkKey(addition);
}
