import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceBreaksCell, readPriceBreaksCell } from "./spreadsheets";

const twoDecimals = (amount: number) => amount.toFixed(2);

describe("the catalogue file's price breaks cell", () => {
  it("reads back every list of breaks it writes", () => {
    const breaks = fc.array(
      fc.record({
        minQuantity: fc.integer({ min: 2, max: 1_000_000 }),
        unitPrice: fc.integer({ min: 1, max: 99_999_999 }).map((cents) => cents / 100),
      }),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(breaks, (written) => {
        expect(readPriceBreaksCell(priceBreaksCell(written, twoDecimals))).toEqual(written);
      }),
    );
  });

  it("writes quantity:price pairs between semicolons, and reads them with spaces and a last semicolon", () => {
    const breaks = [
      { minQuantity: 50, unitPrice: 9 },
      { minQuantity: 200, unitPrice: 8.2 },
    ];
    expect(priceBreaksCell(breaks, twoDecimals)).toBe("50:9.00;200:8.20");
    expect(readPriceBreaksCell(" 50 : 9 ; 200:8.20; ")).toEqual(breaks);
    expect(readPriceBreaksCell("")).toEqual([]);
    expect(readPriceBreaksCell(" ; ")).toEqual([]);
  });

  it("refuses a cell in any other shape, leaving the breaks' values to the tool schema", () => {
    for (const cell of [
      "50",
      "50:",
      ":9.00",
      "50=9.00",
      "50:9,00",
      "50:9.00,200:8.20",
      "fifty:9",
      "-5:9",
      "5.5:9",
    ]) {
      expect(readPriceBreaksCell(cell), cell).toBeUndefined();
    }
    // Out of range, but in the format: the schema says what is wrong with it.
    expect(readPriceBreaksCell("0:0")).toEqual([{ minQuantity: 0, unitPrice: 0 }]);
  });
});
