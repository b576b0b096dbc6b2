// The shared checkout schemas (packages/shared/src/orders.ts), used by the web form and by the server.
import { checkoutFormSchema, createOrderBodySchema, quantityBoundSentence } from "@toolshop/shared/orders";
import { describe, expect, it } from "vitest";

const tool = { minQuantity: 20, availableQuantity: 1200 };

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("checkout form schema (docs/product.md section 5)", () => {
  const form = checkoutFormSchema(tool);
  const valid = { address: "1 Main St, Springfield", phone: "+1 555-0100", quantity: 20 };

  it("accepts a complete form, trimming text", () => {
    expect(form.parse({ ...valid, address: "  1 Main St  " })).toEqual({ ...valid, address: "1 Main St" });
  });

  it("answers the spec's message for each missing field", () => {
    expect(messages(form.safeParse({ address: "  ", phone: "", quantity: Number.NaN }))).toEqual({
      address: "address is required",
      phone: "Phone is required",
      quantity: "quantity is required",
    });
    expect(messages(form.safeParse({}))).toEqual({
      address: "address is required",
      phone: "Phone is required",
      quantity: "quantity is required",
    });
  });

  it("refuses a phone that is not a number", () => {
    for (const phone of ["call me", "555-CALL", "12a4", "+", "--", "555 0100 ext 2"]) {
      expect(messages(form.safeParse({ ...valid, phone })), phone).toEqual({
        phone: "Phone must be a number",
      });
    }
    for (const phone of ["5550100", "+44 20 7946 0958", "555-0100"]) {
      expect(form.safeParse({ ...valid, phone }).success, phone).toBe(true);
    }
  });

  it("bounds the quantity by the tool's minimum and stock with the spec's rule messages", () => {
    expect(messages(form.safeParse({ ...valid, quantity: 19 }))).toEqual({
      quantity: "please enter atleast minimum value",
    });
    expect(messages(form.safeParse({ ...valid, quantity: 1201 }))).toEqual({
      quantity: "please enter atleast maximum value",
    });
    expect(messages(form.safeParse({ ...valid, quantity: 20.5 }))).toEqual({
      quantity: "Quantity must be a whole number",
    });
    expect(form.safeParse({ ...valid, quantity: 1200 }).success).toBe(true);
  });

  it("names the bound a quantity crossed, for the form to show after the spec's message", () => {
    const bound = (quantity: number) =>
      quantityBoundSentence(messages(form.safeParse({ ...valid, quantity })).quantity, tool);
    expect(bound(19)).toBe("At least 20 per order.");
    expect(bound(1201)).toBe("Only 1,200 in stock.");
    expect(bound(20.5)).toBeNull();
    expect(bound(Number.NaN)).toBeNull();
  });
});

describe("POST /api/orders body schema", () => {
  const valid = {
    toolId: "3f1e2d4c-5b6a-4789-8abc-def012345678",
    address: "1 Main St",
    phone: "5550100",
    quantity: 3,
  };

  it("strips what the server decides itself: name, email, image, price", () => {
    expect(
      createOrderBodySchema.parse({ ...valid, price: 0.01, name: "x", email: "x@example.com", image: "x" }),
    ).toEqual(valid);
  });

  it("refuses zero, negative, fractional, missing and absurd quantities", () => {
    const quantityMessage = (quantity: unknown) =>
      messages(createOrderBodySchema.safeParse({ ...valid, quantity })).quantity;
    expect(quantityMessage(0)).toBe("Quantity must be at least 1");
    expect(quantityMessage(-5)).toBe("Quantity must be at least 1");
    expect(quantityMessage(2.5)).toBe("Quantity must be a whole number");
    expect(quantityMessage(undefined)).toBe("quantity is required");
    expect(quantityMessage("3")).toBe("quantity is required");
    expect(quantityMessage(2_000_000)).toBe("Quantity must be at most 1000000");
  });
});
