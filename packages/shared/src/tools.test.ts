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
