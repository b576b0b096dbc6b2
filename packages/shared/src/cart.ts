import { z } from "zod";
import { CART_MAX_LINES, CART_TOO_MANY_LINES } from "./cart-limits";
import { checkoutFormSchema, MAX_ORDER_QUANTITY } from "./orders";
import { checkLineTool, lineToolFields, lineToolKey } from "./sku";
import { MAX_PRICE } from "./tools";
import { type PriceBreak, unitPriceFor } from "./unit-price";

// The cart (issue 48): a signed-in customer's is kept on the server (GET/PUT /api/cart), a visitor's in
// the browser until sign-in joins it to the account's. Placing it is POST /api/orders with its lines.

export { CART_MAX_LINES, CART_TOO_MANY_LINES } from "./cart-limits";
export const CART_TOOL_TWICE = "Each tool may be in the cart only once";

const cartLineBodySchema = z
  .object({
    ...lineToolFields(z.uuid({ error: "The tool id must be a UUID" })),
    quantity: z
      .number({ error: "The quantity must be a number" })
      .int("The quantity must be a whole number")
      .min(1, "The quantity must be at least 1")
      .max(MAX_ORDER_QUANTITY, `The quantity must be at most ${MAX_ORDER_QUANTITY}`),
    /**
     * The unit price the customer saw when the line was added (a visitor's line joining the account's
     * cart), or the new price they accepted. Absent: a line already in the cart keeps its own, a new line
     * takes the tool's price. It is only shown beside the current price; an order's prices are the server's.
     */
    seenPrice: z
      .number({ error: "The price must be a number" })
      .gt(0, "The price must be above 0")
      .max(MAX_PRICE, `The price must be at most ${MAX_PRICE}`)
      .optional(),
  })
  .superRefine(checkLineTool);
export type CartLineBody = z.infer<typeof cartLineBodySchema>;

/** PUT /api/cart: the whole cart, 0 to CART_MAX_LINES lines, each tool once. */
export const cartBodySchema = z.object({
  lines: z
    .array(cartLineBodySchema, { error: "The cart's lines must be a list" })
    .max(CART_MAX_LINES, CART_TOO_MANY_LINES)
    .refine((lines) => new Set(lines.map(lineToolKey)).size === lines.length, CART_TOOL_TWICE),
});
export type CartBody = z.infer<typeof cartBodySchema>;
/** A cart body whose lines name their tools by id, as the server stores it. */
export type StoredCartBody = { lines: (Omit<CartLineBody, "toolId" | "sku"> & { toolId: string })[] };

/** A line of the cart as the server answers it: the tool as it is now, and the price seen when added. */
export const cartLineSchema = z.object({
  toolId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  image: z.string(),
  /** The tool's list price now, per unit. */
  price: z.number(),
  /**
   * The list price when the line was added (or its new price accepted): differs when the price changed.
   * The price breaks are not compared: the line always shows, and the order charges, `unitPrice`.
   */
  seenPrice: z.number(),
  /** The tool's prices by quantity now (as GET /api/tools/:id answers them). */
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), unitPrice: z.number() })),
  /** What one unit costs at this quantity now (the price breaks applied): the price the order charges. */
  unitPrice: z.number(),
  minQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** The stock cannot cover even the minimum order. */
  soldOut: z.boolean(),
  quantity: z.number().int(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  /** In the order the tools were first added. */
  lines: z.array(cartLineSchema),
  /** PUT only: the tools sent that are no longer sold, dropped from the cart. */
  removedToolIds: z.array(z.uuid()),
});
export type Cart = z.infer<typeof cartSchema>;

/** A line the customer must settle before checking out: sold out, or its price moved since it was added. */
export function cartLineBlocked(line: Pick<CartLine, "soldOut" | "price" | "seenPrice">): boolean {
  return line.soldOut || line.price !== line.seenPrice;
}

/** A line's unit price at `quantity` (the quantity being typed, say), by the rule orders are priced by. */
export function cartLineUnitPrice(
  line: { price: number; priceBreaks: readonly PriceBreak[] },
  quantity: number,
): number {
  return unitPriceFor(line.price, line.priceBreaks, quantity);
}

/** The lines' total at their unit prices, added in cents so that a sum of prices is not off by a binary fraction. */
export function cartTotal(lines: readonly Pick<CartLine, "unitPrice" | "quantity">[]): number {
  return lines.reduce((sum, line) => sum + Math.round(line.unitPrice * 100) * line.quantity, 0) / 100;
}

/**
 * A cart line's quantity, by the checkout form's rule and messages (docs/product.md section 5): within the
 * tool's minimum and stock. The web displays the message as the checkout form does.
 */
export function cartQuantitySchema(tool: { minQuantity: number; availableQuantity: number }) {
  return checkoutFormSchema(tool).shape.quantity;
}

/** The address and phone of /checkout, with the one-tool checkout's rules and messages. */
export const cartCheckoutFormSchema = checkoutFormSchema({ minQuantity: 1, availableQuantity: 1 }).pick({
  address: true,
  phone: true,
});
export type CartCheckoutForm = z.infer<typeof cartCheckoutFormSchema>;

/**
 * POST /api/orders for a whole cart (the orders module's schema checks it: 1 to 50 lines, each tool
 * once, the server sets every price). A line short of stock refuses the whole order with a 409 that
 * names every short line. `fromCart`: the order empties the server's cart of these tools in the same
 * transaction, so the cart is never emptied without an order nor kept with one.
 */
export interface CartOrderBody {
  lines: { toolId: string; quantity: number }[];
  address: string;
  phone: string;
  fromCart: true;
}
