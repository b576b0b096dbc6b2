// The cart's cap without zod: the home page's "Add to cart" buttons check it; cart.ts builds its
// schema on it.

/** As many lines as one order may hold. */
export const CART_MAX_LINES = 50;
export const CART_TOO_MANY_LINES = `A cart holds at most ${CART_MAX_LINES} tools`;
