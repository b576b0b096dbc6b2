import { describe, expect, it } from "vitest";
import { createToolBodySchema, updateToolBodySchema } from "./tools";

const product = {
  name: "Level",
  short: "A spirit level.",
  image: "/uploads/level.webp",
  minQuantity: 20,
  availableQuantity: 1200,
  price: 12.5,
  category: "mechanical",
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("a product's stock", () => {
  it("may be anything from 0 up, below the minimum quantity too: the minimum governs orders", () => {
    for (const availableQuantity of [0, 1, 19, 20]) {
      expect(createToolBodySchema.safeParse({ ...product, availableQuantity }).success).toBe(true);
      const update = { ...product, availableQuantity, previousAvailableQuantity: 1200 };
      expect(updateToolBodySchema.safeParse(update).success).toBe(true);
    }
  });

  it("may not be negative or a fraction", () => {
    const negative = createToolBodySchema.safeParse({ ...product, availableQuantity: -1 });
    expect(messages(negative)).toEqual(["Available quantity must be at least 0"]);
    const fraction = createToolBodySchema.safeParse({ ...product, availableQuantity: 0.5 });
    expect(messages(fraction)).toEqual(["Available quantity must be a whole number"]);
  });
});

describe("a product's price breaks", () => {
  const withBreaks = (priceBreaks: unknown) => createToolBodySchema.safeParse({ ...product, priceBreaks });
  const issuesAt = (result: ReturnType<typeof withBreaks>) =>
    result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

  it("are optional on create (docs/product.md's callers send none) and stored as none", () => {
    const result = createToolBodySchema.safeParse(product);
    expect(result.success && result.data.priceBreaks).toEqual([]);
  });

  it("accept rising quantities above the minimum with falling prices below the list price", () => {
    const breaks = [
      { minQuantity: 50, unitPrice: 11.25 },
      { minQuantity: 200, unitPrice: 10.25 },
    ];
    expect(withBreaks(breaks).success).toBe(true);
  });

  it("refuse a break at or below the minimum order, naming the row's field", () => {
    expect(issuesAt(withBreaks([{ minQuantity: 20, unitPrice: 11 }]))).toEqual([
      ["priceBreaks.0.minQuantity", "The quantity must be more than the minimum order (20)"],
    ]);
  });

  it("refuse quantities that do not rise and prices that do not fall, row by row", () => {
    const result = withBreaks([
      { minQuantity: 100, unitPrice: 11 },
      { minQuantity: 100, unitPrice: 10 },
      { minQuantity: 300, unitPrice: 10 },
      { minQuantity: 200, unitPrice: 9 },
    ]);
    expect(issuesAt(result)).toEqual([
      ["priceBreaks.1.minQuantity", "The quantity must be more than the row above (100)"],
      ["priceBreaks.2.unitPrice", "The unit price must be below the row above (10.00)"],
      ["priceBreaks.3.minQuantity", "The quantity must be more than the row above (300)"],
    ]);
  });

  it("refuse a unit price at or above the list price", () => {
    expect(issuesAt(withBreaks([{ minQuantity: 50, unitPrice: 12.5 }]))).toEqual([
      ["priceBreaks.0.unitPrice", "The unit price must be below the list price (12.50)"],
    ]);
  });

  it("refuse more than 10 rows", () => {
    const eleven = Array.from({ length: 11 }, (_, index) => ({
      minQuantity: 100 + index,
      unitPrice: 12 - index / 10,
    }));
    expect(messages(withBreaks(eleven))).toEqual(["A tool may have at most 10 price breaks"]);
    expect(withBreaks(eleven.slice(0, 10)).success).toBe(true);
  });

  it("refuse hostile values with a sentence each", () => {
    const hostile: [unknown, string][] = [
      ["50", "The price breaks must be a list"],
      [[{ minQuantity: 50 }], "The unit price is required"],
      [[{ minQuantity: "50", unitPrice: 11 }], "The quantity is required"],
      [[{ minQuantity: 50.5, unitPrice: 11 }], "The quantity must be a whole number"],
      [[{ minQuantity: 1e12, unitPrice: 11 }], "The quantity must be at most 1000000"],
      [[{ minQuantity: 50, unitPrice: Number.NaN }], "The unit price is required"],
      [[{ minQuantity: 50, unitPrice: 0 }], "The unit price must be more than 0"],
      [[{ minQuantity: 50, unitPrice: -3 }], "The unit price must be more than 0"],
      [[{ minQuantity: 50, unitPrice: 11.999 }], "The unit price can have at most 2 decimals"],
      [[{ minQuantity: 50, unitPrice: 1e300 }], "The unit price must be at most 999999.99"],
      [[null], "Each price break must have a quantity and a unit price"],
    ];
    for (const [priceBreaks, message] of hostile) {
      const result = withBreaks(priceBreaks);
      expect(result.success, JSON.stringify(priceBreaks)).toBe(false);
      expect(messages(result).join(" | "), JSON.stringify(priceBreaks)).toContain(message);
    }
  });

  it("on an edit may be left out (the tool keeps its own) and are checked when sent", () => {
    const update = { ...product, previousAvailableQuantity: 1200 };
    expect(updateToolBodySchema.safeParse(update).success).toBe(true);
    const bad = updateToolBodySchema.safeParse({
      ...update,
      priceBreaks: [{ minQuantity: 10, unitPrice: 11 }],
    });
    expect(messages(bad)).toEqual(["The quantity must be more than the minimum order (20)"]);
  });
});
