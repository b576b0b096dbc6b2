// The order as the API shows it (dto.ts): the fields the web relies on, above all holdsUntil and toolId.
import { reservationEndsAt } from "@toolshop/shared/order-lifecycle";
import { type OrderStatus, orderSchema } from "@toolshop/shared/orders";
import { describe, expect, it } from "vitest";
import { toOrderResponse } from "./dto";
import type { OrderLineRow, OrderRow } from "./row-types";

const VIEW = { currency: "usd", unpaidOrderHoldMinutes: 60 };
const CREATED_AT = new Date("2025-03-04T10:15:00.000Z");

function aRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: "0b6f1c2a-7d3e-4f5a-8b9c-1d2e3f4a5b6c",
    userId: "5a0e8c1d-2b3f-4a5e-9c6d-7e8f9a0b1c2d",
    email: "ann@example.com",
    totalCents: 25_000,
    address: "1 Main St",
    phone: "+1 555-0100",
    status: "unpaid",
    transactionId: null,
    paymentIntentId: null,
    createdAt: CREATED_AT,
    paidAt: null,
    carrier: null,
    trackingNumber: null,
    number: 1,
    taxRatePercent: 0,
    pricesIncludeTax: false,
    quoteId: null,
    cancelReason: null,
    buyerCompany: null,
    buyerTaxId: null,
    shippingMethodId: null,
    shippingName: null,
    shippingPickup: false,
    shippingCountry: null,
    shippingCents: 0,
    ...overrides,
  };
}

function aLine(overrides: Partial<OrderLineRow> = {}): OrderLineRow {
  return {
    orderId: "0b6f1c2a-7d3e-4f5a-8b9c-1d2e3f4a5b6c",
    position: 0,
    toolId: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01",
    name: "Pliers",
    image: "/images/tools/pliers.svg",
    sku: "PL-180",
    unitPriceCents: 1250,
    quantity: 20,
    totalCents: 25_000,
    refundedQuantity: 0,
    ...overrides,
  };
}

describe("toOrderResponse", () => {
  it("shows an unpaid order with the tool's id, money in currency units and until when it holds", () => {
    const order = toOrderResponse(aRow(), [aLine()], VIEW);
    expect(order).toEqual({
      _id: "0b6f1c2a-7d3e-4f5a-8b9c-1d2e3f4a5b6c",
      number: "TS-000001",
      toolId: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01",
      name: "Pliers",
      address: "1 Main St",
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
          toolId: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01",
          name: "Pliers",
          image: "/images/tools/pliers.svg",
          sku: "PL-180",
          unitPrice: 12.5,
          quantity: 20,
          total: 250,
          refundedQuantity: 0,
          net: 250,
          tax: 0,
          gross: 250,
        },
      ],
      tax: { ratePercent: 0, pricesIncludeTax: false, net: 250, tax: 0, gross: 250 },
      quoteId: null,
      shipping: null,
      invoiceNumber: null,
      creditNotes: [],
    });
    // What the routes send must pass the response schema.
    expect(orderSchema.parse(order)).toEqual(order);
  });

  it("says why a cancelled order was cancelled, and nothing for another status", () => {
    expect(
      toOrderResponse(aRow({ status: "cancelled", cancelReason: "expiry" }), [aLine()], VIEW).cancelReason,
    ).toBe("expiry");
    expect(
      toOrderResponse(aRow({ status: "cancelled", cancelReason: "admin" }), [aLine()], VIEW).cancelReason,
    ).toBe("admin");
    expect(toOrderResponse(aRow({ status: "cancelled" }), [aLine()], VIEW).cancelReason).toBeNull();
    expect(
      toOrderResponse(aRow({ status: "unpaid", cancelReason: "admin" }), [aLine()], VIEW).cancelReason,
    ).toBeNull();
  });

  it("holds for the configured minutes, the same moment the expiry uses", () => {
    const order = toOrderResponse(aRow(), [aLine()], { ...VIEW, unpaidOrderHoldMinutes: 15 });
    expect(order.holdsUntil).toBe("2025-03-04T10:30:00.000Z");
    expect(order.holdsUntil).toBe(reservationEndsAt(CREATED_AT, 15).toISOString());
  });

  it.each<OrderStatus>(["paid", "shipped", "delivered", "cancelled", "refunded"])(
    "holds nothing once the order is %s",
    (status) => {
      expect(toOrderResponse(aRow({ status, transactionId: "pi_1" }), [aLine()], VIEW).holdsUntil).toBeNull();
    },
  );

  it("says paid for paid, shipped and delivered orders only", () => {
    const paid = (status: OrderStatus) => toOrderResponse(aRow({ status }), [aLine()], VIEW).paid;
    expect(["paid", "shipped", "delivered"].map((s) => paid(s as OrderStatus))).toEqual([true, true, true]);
    expect(["unpaid", "cancelled", "refunded"].map((s) => paid(s as OrderStatus))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("keeps an order whose tool has left the catalogue, with no tool id", () => {
    const order = toOrderResponse(aRow({ status: "cancelled" }), [aLine({ toolId: null })], VIEW);
    expect(order.toolId).toBeNull();
    expect(orderSchema.safeParse(order).success).toBe(true);
  });

  it("shows an order of several lines: the first line's tool, name and image, the sum of quantities, the total", () => {
    const second = aLine({
      position: 1,
      toolId: null,
      name: "Drill",
      unitPriceCents: 5000,
      quantity: 2,
      totalCents: 10_000,
    });
    const order = toOrderResponse(aRow({ totalCents: 35_000 }), [aLine(), second], VIEW);
    expect(order).toMatchObject({
      toolId: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01",
      name: "Pliers",
      image: "/images/tools/pliers.svg",
      quantity: 22,
      price: 350,
      unitPrice: 12.5,
    });
    expect(order.lines.map((line) => [line.name, line.quantity, line.total])).toEqual([
      ["Pliers", 20, 250],
      ["Drill", 2, 100],
    ]);
  });

  it("refuses to show an order without lines: its one-line fields come from them", () => {
    expect(() => toOrderResponse(aRow(), [], VIEW)).toThrow(/has no lines/);
  });

  it("breaks an order down at the rate it was placed with, tax added on top: price is the gross", () => {
    // 12.50 × 3 = 37.50, tax 8.875 % = 3.328… → 3.33; 0.99 × 1, tax 0.0878… → 0.09.
    const lines = [
      aLine({ unitPriceCents: 1250, quantity: 3, totalCents: 3750 }),
      aLine({ position: 1, name: "Tape", unitPriceCents: 99, quantity: 1, totalCents: 99 }),
    ];
    const row = aRow({ taxRatePercent: 8.875, pricesIncludeTax: false, totalCents: 3750 + 333 + 99 + 9 });
    const order = orderSchema.parse(toOrderResponse(row, lines, VIEW));
    expect(order.tax).toEqual({
      ratePercent: 8.875,
      pricesIncludeTax: false,
      net: 38.49,
      tax: 3.42,
      gross: 41.91,
    });
    expect(order.price).toBe(order.tax.gross);
    expect(order.lines.map(({ total, net, tax, gross }) => ({ total, net, tax, gross }))).toEqual([
      { total: 37.5, net: 37.5, tax: 3.33, gross: 40.83 },
      { total: 0.99, net: 0.99, tax: 0.09, gross: 1.08 },
    ]);
  });

  it("breaks an order down with prices that hold the tax: the gross is the shelf price", () => {
    // 12.50 × 3 = 37.50 gross, net 37.50 / 1.2 = 31.25; 0.99 / 1.2 = 0.825 → 0.83 (a half goes up).
    const lines = [
      aLine({ unitPriceCents: 1250, quantity: 3, totalCents: 3750 }),
      aLine({ position: 1, name: "Tape", unitPriceCents: 99, quantity: 1, totalCents: 99 }),
    ];
    const row = aRow({ taxRatePercent: 20, pricesIncludeTax: true, totalCents: 3849 });
    const order = orderSchema.parse(toOrderResponse(row, lines, VIEW));
    expect(order.tax).toEqual({
      ratePercent: 20,
      pricesIncludeTax: true,
      net: 32.08,
      tax: 6.41,
      gross: 38.49,
    });
    expect(order.price).toBe(38.49);
    expect(order.lines.map(({ net, tax, gross }) => ({ net, tax, gross }))).toEqual([
      { net: 31.25, tax: 6.25, gross: 37.5 },
      { net: 0.83, tax: 0.16, gross: 0.99 },
    ]);
  });
});
