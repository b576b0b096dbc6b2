import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceBreakIssues } from "./tools";
import { type PriceBreak, unitPriceFor } from "./unit-price";

/** A tool in minor units and breaks that pass priceBreakIssues: rising quantities, falling prices. */
const pricedTool = fc
  .record({
    price: fc.integer({ min: 2, max: 99_999_999 }),
    minQuantity: fc.integer({ min: 1, max: 1_000 }),
    steps: fc.array(
      fc.record({
        more: fc.integer({ min: 1, max: 5_000 }),
        cut: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
      }),
      { maxLength: 10 },
    ),
  })
  .map(({ price, minQuantity, steps }) => {
    const breaks: PriceBreak[] = [];
    let quantity = minQuantity;
    let unitPrice = price;
    for (const step of steps) {
      const lower = Math.min(unitPrice - 1, Math.floor(unitPrice * (1 - step.cut)));
      if (lower < 1) break;
      quantity += step.more;
      unitPrice = lower;
      breaks.push({ minQuantity: quantity, unitPrice });
    }
    return { price, minQuantity, breaks };
  });

/** The rule as the issue words it: the price of the last break reached, else the list price. */
function lastBreakReached(price: number, breaks: readonly PriceBreak[], quantity: number): number {
  const reached = breaks.filter((row) => row.minQuantity <= quantity);
  return reached.at(-1)?.unitPrice ?? price;
}

describe("unitPriceFor", () => {
  it("generated tools are valid ones (the premise of the properties below)", () => {
    fc.assert(
      fc.property(pricedTool, (tool) => {
        expect(priceBreakIssues(tool.breaks, tool)).toEqual([]);
      }),
    );
  });

  it("is the price of the last break the quantity reaches, or the list price below the first", () => {
    fc.assert(
      fc.property(pricedTool, fc.integer({ min: 1, max: 100_000 }), (tool, quantity) => {
        expect(unitPriceFor(tool.price, tool.breaks, quantity)).toBe(
          lastBreakReached(tool.price, tool.breaks, quantity),
        );
      }),
    );
  });

  it("never rises as the quantity grows, and a line's total never falls", () => {
    fc.assert(
      fc.property(
        pricedTool,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (tool, quantity, more) => {
          const fewer = unitPriceFor(tool.price, tool.breaks, quantity);
          const larger = unitPriceFor(tool.price, tool.breaks, quantity + more);
          expect(larger).toBeLessThanOrEqual(fewer);
        },
      ),
    );
  });

  it("whatever the breaks' order, answers one of the prices given and never more than the list price", () => {
    const anyBreaks = fc.array(
      fc.record({
        minQuantity: fc.integer({ min: 1, max: 1_000 }),
        unitPrice: fc.integer({ min: 1, max: 1_000 }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        anyBreaks,
        fc.integer({ min: 1, max: 2_000 }),
        (price, breaks, quantity) => {
          const unitPrice = unitPriceFor(price, breaks, quantity);
          expect(unitPrice).toBeLessThanOrEqual(price);
          expect([
            price,
            ...breaks.filter((row) => row.minQuantity <= quantity).map((row) => row.unitPrice),
          ]).toContain(unitPrice);
        },
      ),
    );
  });

  it("uses a break from its quantity on, not one unit before (the issue's example)", () => {
    const breaks = [
      { minQuantity: 50, unitPrice: 9 },
      { minQuantity: 200, unitPrice: 8.2 },
    ];
    expect(unitPriceFor(10, breaks, 49)).toBe(10);
    expect(unitPriceFor(10, breaks, 50)).toBe(9);
    expect(unitPriceFor(10, breaks, 199)).toBe(9);
    expect(unitPriceFor(10, breaks, 200)).toBe(8.2);
    expect(unitPriceFor(10, [], 1_000_000)).toBe(10);
  });
});
