import { orderSchema } from "@toolshop/shared/orders";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileFastSerializer, createResponseSerializerCompiler } from "./response-serializer";

const order = {
  _id: "0b7e3f4c-2a1d-4c5e-9f3a-1b2c3d4e5f60",
  number: "TS-000007",
  toolId: null,
  name: 'Drill "Pro" 18V\u2028',
  address: "1 Main Street",
  phone: "+1 555-0100",
  email: "ann@example.com",
  image: "/uploads/drill.webp",
  price: 129.5,
  unitPrice: 64.75,
  quantity: 2,
  paid: false,
  status: "unpaid",
  transactionId: null,
  createdAt: "2026-11-24T08:00:00.000Z",
  holdsUntil: "2026-11-24T08:30:00.000Z",
  cancelReason: null,
  lines: [
    {
      toolId: null,
      sku: 'DR-18V"0001',
      name: 'Drill "Pro" 18V\u2028',
      image: "/uploads/drill.webp",
      unitPrice: 64.75,
      quantity: 2,
      total: 129.5,
      refundedQuantity: 0,
      net: 129.5,
      tax: 0,
      gross: 129.5,
    },
  ],
  tax: { ratePercent: 0, pricesIncludeTax: false, net: 129.5, tax: 0, gross: 129.5 },
  quoteId: null,
  shipping: null,
  invoiceNumber: null,
  creditNotes: [],
};

const compile = (schema: z.ZodType, verify: boolean) =>
  createResponseSerializerCompiler({ verify })({ schema, method: "GET", url: "/test", httpStatus: "200" });

describe("the response serializer", () => {
  it("writes what JSON.stringify of zod's answer writes, nulls and escapes included", () => {
    const serialize = compileFastSerializer(z.array(orderSchema));
    expect(serialize).toBeDefined();
    const paid = { ...order, toolId: order._id, status: "paid", paid: true, transactionId: "pi_1" };
    const written = serialize?.([order, paid]) ?? "";
    expect(JSON.parse(written)).toEqual([order, paid]);
    expect(written).toBe(JSON.stringify(z.array(orderSchema).parse([order, paid])));
  });

  it("never writes a field the schema does not name", () => {
    const serialize = compile(z.object({ email: z.string(), nested: z.object({ a: z.number() }) }), false);
    const written = serialize({ email: "ann@example.com", passwordHash: "secret", nested: { a: 1, b: 2 } });
    expect(JSON.parse(written)).toEqual({ email: "ann@example.com", nested: { a: 1 } });
    expect(written).not.toContain("secret");
  });

  it("leaves a schema JSON Schema cannot say (a Date) to zod", () => {
    const stamped = z.object({ at: z.date() });
    expect(compileFastSerializer(stamped)).toBeUndefined();
    const at = new Date("2026-11-24T08:00:00.000Z");
    expect(compile(stamped, false)({ at })).toBe('{"at":"2026-11-24T08:00:00.000Z"}');
  });

  it("checks every answer against zod outside production", () => {
    const schema = z.object({ quantity: z.number().int(), status: z.enum(["paid", "unpaid"]) });
    // fast-json-stringify alone would write "2" as 2 and any status; zod refuses both.
    expect(() => compile(schema, true)({ quantity: "2", status: "paid" })).toThrow();
    expect(() => compile(schema, true)({ quantity: 2, status: "lost" })).toThrow();
    expect(compile(schema, true)({ quantity: 2, status: "paid" })).toBe('{"quantity":2,"status":"paid"}');
  });
});
