import { QUANTITY_REQUIRED, type QuantityBounds, quantityBoundSentence } from "@toolshop/shared/orders";

/** docs/product.md section 8: the toast once an order is placed (here or from the cart). */
export const ORDER_PLACED_MESSAGE = "order is placed go to my order";

/**
 * docs/product.md section 5: the quantity's min and max violations are DISPLAYED as "quantity is required",
 * although the schema's rule messages say which bound was crossed. The customer is told which, after
 * it: "quantity is required. Only 1,200 in stock." Other messages show as they are.
 */
export function displayedQuantityMessage(
  message: string | undefined,
  tool: QuantityBounds,
): string | undefined {
  const bound = quantityBoundSentence(message, tool);
  return bound ? `${QUANTITY_REQUIRED}. ${bound}` : message;
}
