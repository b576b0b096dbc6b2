import { type CartLine, cartLineUnitPrice } from "@toolshop/shared/cart";
import type { Tool } from "@toolshop/shared/tools";
import { signInForTest } from "../../auth/test/session";
import { PLIERS } from "../../orders/test/orders-data";
import { toolCategory } from "../../tools/test/categories";

export { PLIERS };

export const DRILL: Tool = {
  _id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  sku: "CART-1",
  name: "Electric Drill",
  short: "A cordless drill.",
  image: "/images/tools/drill.svg",
  price: 89,
  minQuantity: 1,
  availableQuantity: 7,
  category: toolCategory("electrical"),
  priceBreaks: [],
  images: [{ url: "/images/tools/drill.svg", alt: "" }],
  documents: [],
  modelNumber: null,
  discontinued: false,
  related: { accessories: [], spareParts: [], fits: [], worksWith: [], successor: null },
  attributes: [],
};

/** A line of GET/PUT /api/cart for `tool`, as it is now (its unit price the server's for the quantity). */
export function aCartLine(tool: Tool, overrides: Partial<CartLine> = {}): CartLine {
  const line = {
    toolId: tool._id,
    sku: tool.sku,
    name: tool.name,
    image: tool.image,
    price: tool.price,
    seenPrice: tool.price,
    priceBreaks: tool.priceBreaks,
    minQuantity: tool.minQuantity,
    availableQuantity: tool.availableQuantity,
    soldOut: tool.availableQuantity < tool.minQuantity,
    quantity: tool.minQuantity,
    ...overrides,
  };
  return { unitPrice: cartLineUnitPrice(line, line.quantity), ...line };
}

export function signInAnn(): void {
  signInForTest("ann@example.com", "Ann Lee");
}
