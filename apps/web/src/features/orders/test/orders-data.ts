import type { Order } from "@toolshop/shared/orders";
import type { Tool } from "@toolshop/shared/tools";
import { toolCategory } from "../../tools/test/categories";

export const PLIERS: Tool = {
  _id: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01",
  sku: "PL-180",
  name: "Pliers",
  short: "Forged combination pliers.",
  image: "/images/tools/pliers.svg",
  price: 12.5,
  minQuantity: 20,
  availableQuantity: 1200,
  category: toolCategory("mechanical"),
  priceBreaks: [],
  images: [{ url: "/images/tools/pliers.svg", alt: "" }],
  documents: [],
  modelNumber: null,
  discontinued: false,
  related: { accessories: [], spareParts: [], fits: [], worksWith: [], successor: null },
  attributes: [],
};

/**
 * A one-line order; its one line follows the spec's fields the overrides give (name, quantity, price...).
 * No tax unless the overrides give one.
 */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const order: Omit<Order, "lines" | "tax"> = {
    _id: "0b6f1c2a-7d3e-4f5a-8b9c-1d2e3f4a5b6c",
    number: "TS-000042",
    toolId: PLIERS._id,
    name: "Pliers",
    address: "1 Main St, Springfield",
    phone: "+1 555-0100",
    email: "ann@example.com",
    image: "/images/tools/pliers.svg",
    price: 250,
    unitPrice: 12.5,
    quantity: 20,
    paid: false,
    status: "unpaid",
    transactionId: null,
    createdAt: "2025-03-04T10:15:00.000Z",
    holdsUntil: "2025-03-04T11:15:00.000Z",
    cancelReason: null,
    quoteId: null,
    shipping: null,
    invoiceNumber: null,
    creditNotes: [],
    ...overrides,
  };
  const { toolId, name, image, unitPrice, quantity, price } = order;
  return {
    ...order,
    lines: overrides.lines ?? [
      {
        toolId,
        name,
        image,
        sku: "PL-180",
        unitPrice,
        quantity,
        total: price,
        refundedQuantity: 0,
        ...untaxed(price),
      },
    ],
    tax: overrides.tax ?? { ratePercent: 0, pricesIncludeTax: false, ...untaxed(price) },
  };
}

function untaxed(amount: number): { net: number; tax: number; gross: number } {
  return { net: amount, tax: 0, gross: amount };
}

/** An order of two lines, as the server answers it: the spec's fields name its first line, price its total. */
export function aTwoLineOrder(overrides: Partial<Order> = {}): Order {
  const lines: Order["lines"] = [
    {
      toolId: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a02",
      name: "Cart Clamp",
      image: "/images/tools/clamp.svg",
      sku: "CL-4",
      unitPrice: 15.5,
      quantity: 4,
      total: 62,
      refundedQuantity: 0,
      ...untaxed(62),
    },
    {
      toolId: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a03",
      name: "Cart Meter",
      image: "/images/tools/meter.svg",
      sku: "MT-3",
      unitPrice: 42,
      quantity: 3,
      total: 126,
      refundedQuantity: 0,
      ...untaxed(126),
    },
  ];
  return anOrder({
    toolId: lines[0]?.toolId ?? null,
    name: "Cart Clamp",
    image: "/images/tools/clamp.svg",
    unitPrice: 15.5,
    quantity: 7,
    price: 188,
    lines,
    ...overrides,
  });
}
