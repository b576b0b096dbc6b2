import { describe, expect, it } from "vitest";
import { refundAmount } from "../lib/order-lines";
import { previewTax } from "./tax-summary";

const LINES = [
  { price: 12.5, quantity: 3 },
  { price: 0.99, quantity: 1 },
];

describe("previewTax", () => {
  it("previews a cart as the server will charge it, rounded per line, both ways", () => {
    expect(previewTax(LINES, { ratePercent: 8.875, pricesIncludeTax: false })).toEqual({
      ratePercent: 8.875,
      pricesIncludeTax: false,
      net: 38.49,
      tax: 3.42,
      gross: 41.91,
    });
    expect(previewTax(LINES, { ratePercent: 20, pricesIncludeTax: true })).toMatchObject({
      net: 32.08,
      tax: 6.41,
      gross: 38.49,
    });
  });

  it("charges no tax while the rule is unknown", () => {
    expect(previewTax(LINES, undefined)).toMatchObject({ net: 38.49, tax: 0, gross: 38.49 });
  });
});

describe("refundAmount", () => {
  it("gives back a line's units with their share of its tax, the parts adding up to the line", () => {
    const line = {
      toolId: null,
      sku: "PL-180",
      name: "Pliers",
      image: "/x.svg",
      unitPrice: 12.5,
      quantity: 3,
      total: 37.5,
      refundedQuantity: 0,
      net: 37.5,
      tax: 3.33,
      gross: 40.83,
    };
    const rule = { ratePercent: 8.875, pricesIncludeTax: false };
    const firstTwo = refundAmount(rule, [line], () => 2);
    const lastOne = refundAmount(rule, [{ ...line, refundedQuantity: 2 }], () => 1);
    expect(firstTwo).toBe(27.22);
    expect(Math.round((firstTwo + lastOne) * 100)).toBe(4083);
  });
});
