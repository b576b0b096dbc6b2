import type { Order } from "@toolshop/shared/orders";
import type { Tool } from "@toolshop/shared/tools";

export const PLIERS: Tool = {
  _id: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01",
  name: "Pliers",
  short: "Forged combination pliers.",
  image: "/images/tools/pliers.svg",
  price: 12.5,
  minQuantity: 20,
  availableQuantity: 1200,
  category: "mechanical",
};

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: "0b6f1c2a-7d3e-4f5a-8b9c-1d2e3f4a5b6c",
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
    lines: [
      {
        toolId: PLIERS._id,
        name: "Pliers",
        image: "/images/tools/pliers.svg",
        unitPrice: 12.5,
        quantity: 20,
        total: 250,
        refundedQuantity: 0,
      },
    ],
    ...overrides,
  };
}
