import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type TaxLineInput, type TaxRule, taxBreakdown, taxLine, taxRateThousandths } from "./tax";

// Small everyday lines, and large ones: 100,000.00 a unit, up to an order's MAX_ORDER_QUANTITY.
const lineArbitrary: fc.Arbitrary<TaxLineInput> = fc.record({
  unitPriceMinor: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000_000 })),
  quantity: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 1_000_000 })),
});
// Whole, one-decimal and three-decimal rates, 0 and 100 included.
const ruleArbitrary: fc.Arbitrary<TaxRule> = fc.record({
  ratePercent: fc.oneof(
    fc.integer({ min: 0, max: 100 }),
    fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10),
    fc.integer({ min: 0, max: 100_000 }).map((thousandths) => thousandths / 1000),
  ),
  pricesIncludeTax: fc.boolean(),
});
const linesArbitrary = fc.array(lineArbitrary, { minLength: 1, maxLength: 50 });

describe("taxBreakdown", () => {
  it("adds the lines up to the totals exactly, with net + tax = gross on every line and in total", () => {
    fc.assert(
      fc.property(linesArbitrary, ruleArbitrary, (lines, rule) => {
        const breakdown = taxBreakdown(lines, rule);
        const sum = (pick: (line: (typeof breakdown.lines)[number]) => number) =>
          breakdown.lines.reduce((total, line) => total + pick(line), 0);
        expect(breakdown.lines).toHaveLength(lines.length);
        expect(sum((line) => line.taxMinor)).toBe(breakdown.taxMinor);
        expect(sum((line) => line.netMinor)).toBe(breakdown.netMinor);
        expect(sum((line) => line.grossMinor)).toBe(breakdown.grossMinor);
        expect(breakdown.netMinor + breakdown.taxMinor).toBe(breakdown.grossMinor);
        for (const line of breakdown.lines) {
          expect(line.netMinor + line.taxMinor).toBe(line.grossMinor);
          for (const amount of [line.netMinor, line.taxMinor, line.grossMinor]) {
            expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("keeps the shelf price as net without tax and as gross with it", () => {
    fc.assert(
      fc.property(lineArbitrary, ruleArbitrary, (line, rule) => {
        const taxed = taxLine(line, rule);
        const shelf = line.unitPriceMinor * line.quantity;
        expect(rule.pricesIncludeTax ? taxed.grossMinor : taxed.netMinor).toBe(shelf);
      }),
    );
  });

  it("rounds each line's tax to the nearest minor unit of the exact rational amount, half up", () => {
    fc.assert(
      fc.property(lineArbitrary, ruleArbitrary, (line, rule) => {
        const { netMinor, taxMinor, grossMinor } = taxLine(line, rule);
        const rate = BigInt(taxRateThousandths(rule.ratePercent));
        const hundred = 100_000n;
        if (rule.pricesIncludeTax) {
          // net is gross × 100 / (100 + rate) rounded: within half a unit, a half going up.
          const error = BigInt(netMinor) * (hundred + rate) - BigInt(grossMinor) * hundred;
          expect(-2n * error < hundred + rate && 2n * error <= hundred + rate).toBe(true);
        } else {
          const error = BigInt(taxMinor) * hundred - BigInt(netMinor) * rate;
          expect(-2n * error < hundred && 2n * error <= hundred).toBe(true);
        }
      }),
    );
  });

  it("keeps the total's tax within half a minor unit per line of the rate applied to the total", () => {
    fc.assert(
      fc.property(linesArbitrary, ruleArbitrary, (lines, rule) => {
        const breakdown = taxBreakdown(lines, rule);
        const shelf = rule.pricesIncludeTax ? breakdown.grossMinor : breakdown.netMinor;
        const onTotal = taxLine({ unitPriceMinor: shelf, quantity: 1 }, rule).taxMinor;
        // Each line is off the exact amount by at most half a unit, and so is the total's own rounding.
        expect(Math.abs(breakdown.taxMinor - onTotal)).toBeLessThanOrEqual((lines.length + 1) / 2);
      }),
    );
  });

  it("works hand-counted examples both ways", () => {
    const lines = [
      { unitPriceMinor: 1999, quantity: 3 },
      { unitPriceMinor: 5, quantity: 1 },
    ];
    // 59.97 × 8.875 % = 5.3223… → 5.32; 0.05 × 8.875 % = 0.0044… → 0.00.
    expect(taxBreakdown(lines, { ratePercent: 8.875, pricesIncludeTax: false })).toEqual({
      netMinor: 6002,
      taxMinor: 532,
      grossMinor: 6534,
      lines: [
        { netMinor: 5997, taxMinor: 532, grossMinor: 6529 },
        { netMinor: 5, taxMinor: 0, grossMinor: 5 },
      ],
    });
    // 59.97 / 1.19 = 50.394… → 50.39, tax 9.58; 0.05 / 1.19 = 0.042… → 0.04, tax 0.01.
    expect(taxBreakdown(lines, { ratePercent: 19, pricesIncludeTax: true })).toEqual({
      netMinor: 5043,
      taxMinor: 959,
      grossMinor: 6002,
      lines: [
        { netMinor: 5039, taxMinor: 958, grossMinor: 5997 },
        { netMinor: 4, taxMinor: 1, grossMinor: 5 },
      ],
    });
    // A half rounds up: 0.50 × 1 % = 0.005 → 0.01.
    expect(taxLine({ unitPriceMinor: 50, quantity: 1 }, { ratePercent: 1, pricesIncludeTax: false })).toEqual(
      { netMinor: 50, taxMinor: 1, grossMinor: 51 },
    );
    expect(taxBreakdown([], { ratePercent: 20, pricesIncludeTax: false })).toEqual({
      netMinor: 0,
      taxMinor: 0,
      grossMinor: 0,
      lines: [],
    });
  });

  it("taxes nothing at rate 0", () => {
    fc.assert(
      fc.property(linesArbitrary, fc.boolean(), (lines, pricesIncludeTax) => {
        const breakdown = taxBreakdown(lines, { ratePercent: 0, pricesIncludeTax });
        expect(breakdown.taxMinor).toBe(0);
        expect(breakdown.netMinor).toBe(breakdown.grossMinor);
      }),
    );
  });

  it("refuses a rate outside 0 to 100 with at most three decimals, and amounts that are not whole", () => {
    for (const ratePercent of [-1, 100.001, 1.0005, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() =>
        taxLine({ unitPriceMinor: 1, quantity: 1 }, { ratePercent, pricesIncludeTax: false }),
      ).toThrow(RangeError);
    }
    for (const line of [
      { unitPriceMinor: 1.5, quantity: 1 },
      { unitPriceMinor: 100, quantity: -1 },
    ]) {
      expect(() => taxLine(line, { ratePercent: 10, pricesIncludeTax: false })).toThrow(RangeError);
    }
  });
});
