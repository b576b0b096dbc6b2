// How much of a tool is left to sell, in the customer's words (issue 11). Kept apart from the order
// schemas so that the home page's tool cards do not pull zod into its bundle.

export interface Stock {
  minQuantity: number;
  availableQuantity: number;
}

/** Sold out: the stock cannot cover even the minimum order. */
export function isSoldOut(tool: Stock): boolean {
  return tool.availableQuantity < tool.minQuantity;
}

/** Low: orderable, but less than two minimum orders are left. */
export function isLowStock(tool: Stock): boolean {
  return !isSoldOut(tool) && tool.availableQuantity < 2 * tool.minQuantity;
}
