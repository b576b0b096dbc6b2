import { PAGE_PATHS } from "@toolshop/shared/page-paths";

// "Add to cart" is a form that asks for /cart?add=<tool id>&quantity=<n> (docs/decisions/0049): before
// the page has hydrated the browser sends it as it is, and /cart adds the line when it opens. Hydrated,
// React adds the line in place instead.

/** The query parameters of an addition sent to /cart. */
export const CART_ADD_PARAMS = { tool: "add", quantity: "quantity" } as const;

/** The address the "Add to cart" forms are sent to. */
export const CART_ADD_ACTION = PAGE_PATHS.cart;

/** The addition a /cart URL asks for, or null: a tool id and a whole quantity of at least 1. */
export function readCartAddition(params: URLSearchParams): { toolId: string; quantity: number } | null {
  const toolId = params.get(CART_ADD_PARAMS.tool)?.trim();
  const quantity = Number(params.get(CART_ADD_PARAMS.quantity));
  if (!toolId || !Number.isInteger(quantity) || quantity < 1) return null;
  return { toolId, quantity };
}

/** The URL's search without the addition, other parameters kept. */
export function withoutCartAddition(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(CART_ADD_PARAMS.tool);
  next.delete(CART_ADD_PARAMS.quantity);
  return next;
}
