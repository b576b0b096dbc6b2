import { describe, expect, it } from "vitest";
import { amountToMinor, minorToAmount } from "./money";

describe("money in minor units", () => {
  it("uses each currency's own minor unit, however often it is asked", () => {
    for (let round = 0; round < 2; round++) {
      expect(minorToAmount(1250, "usd")).toBe(12.5);
      expect(minorToAmount(1250, "JPY")).toBe(1250);
      expect(minorToAmount(1250, "kwd")).toBe(1.25);
      expect(amountToMinor(12.5, "usd")).toBe(1250);
      expect(amountToMinor(1250, "jpy")).toBe(1250);
      expect(amountToMinor(1.255, "KWD")).toBe(1255);
    }
  });

  it("rounds an amount to whole minor units", () => {
    expect(amountToMinor(0.1 + 0.2, "usd")).toBe(30);
    expect(amountToMinor(19.999, "usd")).toBe(2000);
  });

  it("refuses a currency that does not exist", () => {
    expect(() => minorToAmount(1, "not-a-currency")).toThrow(RangeError);
  });
});
