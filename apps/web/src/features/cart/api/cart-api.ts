import { queryOptions } from "@tanstack/react-query";
import type { Cart, CartLine, CartLineBody, CartOrderBody } from "@toolshop/shared/cart";
import { CART_MAX_LINES } from "@toolshop/shared/cart-limits";
import type { Order } from "@toolshop/shared/orders";
import { apiRequest } from "../../../lib/api-client";
import { readVisitorCart, type VisitorLine, writeVisitorCart } from "../visitor-cart";

/** Every query about the cart starts with this key. */
export const CART_QUERY_KEY = ["cart"] as const;

/** PUT /api/cart: the whole cart; the server answers every line with its tool as it is now. */
export function saveCart(lines: CartLineBody[]): Promise<Cart> {
  return apiRequest<Cart>("/cart", { method: "PUT", json: { lines } });
}

/**
 * A visitor's lines joined to the account's: a tool in both gets both quantities (the server lowers a
 * sum above the stock to the stock), a tool only in the browser is added with the price seen there.
 */
export function joinCarts(account: CartLine[], visitor: VisitorLine[]): CartLineBody[] {
  const fromVisitor = new Map(visitor.map((line) => [line.toolId, line]));
  const joined: CartLineBody[] = account.map((line) => {
    const extra = fromVisitor.get(line.toolId);
    fromVisitor.delete(line.toolId);
    return { toolId: line.toolId, quantity: line.quantity + (extra?.quantity ?? 0) };
  });
  for (const line of fromVisitor.values()) joined.push(line);
  return joined.slice(0, CART_MAX_LINES);
}

/**
 * GET /api/cart for the signed-in customer. A visitor's cart left in this browser joins it first (the
 * first read after sign-in), and is cleared once the account holds it.
 */
export function accountCartQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, "account", email],
    queryFn: async ({ signal }): Promise<Cart> => {
      const cart = await apiRequest<Cart>("/cart", { signal });
      const visitor = readVisitorCart();
      if (!visitor.length) return cart;
      const joined = await saveCart(joinCarts(cart.lines, visitor));
      writeVisitorCart([]);
      return joined;
    },
  });
}

/** POST /api/orders with the cart's lines; `idempotencyKey` makes a retry of one visit the same order. */
export function placeCartOrder(body: CartOrderBody, idempotencyKey: string): Promise<Order> {
  return apiRequest<Order>("/orders", {
    method: "POST",
    json: body,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}
