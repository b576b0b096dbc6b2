// A cart link: /cart?add=<tool id>&quantity=<n>, as an "Add to cart" form sends it when tapped before
// its page hydrated (docs/decisions/0049). Any site can link to it too, so the page adds at once only
// what the server vouches was asked from the shop's own pages, and asks the customer about anything
// else (0050). No zod here: the product pages' first script imports this.

/** The query parameters of an addition sent to /cart. */
export const CART_ADD_PARAMS = { tool: "add", quantity: "quantity" } as const;

/**
 * The `<meta name>` the server puts into /cart when the browser said the navigation came from the shop
 * itself (Sec-Fetch-Site: same-origin); its content is the addition's key (cartLinkKey).
 */
export const CART_LINK_META = "cart-link";

export interface CartAddition {
  toolId: string;
  quantity: number;
}

// A tool id is a UUID; a quantity beyond this is refused by every tool (orders.ts's cap is lower).
const TOOL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_LINK_QUANTITY = 1_000_000;

/** The addition a /cart URL asks for, or null: a tool id and a whole quantity of at least 1. */
export function readCartAddition(params: URLSearchParams): CartAddition | null {
  const toolId = params.get(CART_ADD_PARAMS.tool)?.trim() ?? "";
  const quantity = Number(params.get(CART_ADD_PARAMS.quantity));
  if (!TOOL_ID.test(toolId) || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINK_QUANTITY) {
    return null;
  }
  return { toolId: toolId.toLowerCase(), quantity };
}

/** One spelling of an addition, the same on the server and in the page. */
export function cartLinkKey(addition: CartAddition): string {
  return `${addition.toolId}x${addition.quantity}`;
}
