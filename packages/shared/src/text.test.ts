import { describe, expect, it } from "vitest";
import { z } from "zod";
import { adminOrdersQuerySchema, shipOrderBodySchema } from "./admin-orders";
import { personNameSchema, signUpSchema } from "./auth";
import { checkoutFormSchema, createOrderBodySchema } from "./orders";
import { profileUpdateSchema } from "./profile";
import { quoteRequestSchema, quotesQuerySchema } from "./quotes";
import { moderatedReviewsQuerySchema } from "./review-moderation";
import { reviewInputSchema } from "./reviews";
import {
  bidiControlMessage,
  isOneLine,
  multiLine,
  multiLineMessage,
  oneLine,
  oneLineMessage,
  toOneLine,
} from "./text";
import { createToolBodySchema, toolSearchQuerySchema } from "./tools";
import { usersQuerySchema } from "./users";

/** Every bidirectional control: embeddings, overrides, isolates and marks. */
const BIDI_CONTROLS = [
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200E",
  "\u200F",
  "\u061C",
];

const messages = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("the one-line and multi-line rules", () => {
  const line = oneLine(z.string().trim().max(100), "Name");
  const text = multiLine(z.string().trim().max(1000), "The comment");

  const named = BIDI_CONTROLS.map((control) => [control.charCodeAt(0).toString(16).toUpperCase(), control]);
  it.each(named)("refuses U+%s in both, with its own sentence", (_, control = "") => {
    expect(messages(line.safeParse(`Ada${control}Lovelace`))).toEqual([bidiControlMessage("Name")]);
    expect(messages(text.safeParse(`Good\n${control}pliers`))).toEqual([bidiControlMessage("The comment")]);
    expect(isOneLine(`a${control}b`)).toBe(false);
  });

  it("says what is wrong in words a person understands", () => {
    expect(bidiControlMessage("Name")).toBe(
      "Name must not contain invisible characters that change the direction of text",
    );
  });

  it("keeps the other rules and their messages as they were", () => {
    expect(messages(line.safeParse("Ada\nLovelace"))).toEqual([oneLineMessage("Name")]);
    expect(messages(text.safeParse("Good\u0007"))).toEqual([multiLineMessage("The comment")]);
    expect(text.safeParse("Line 1\r\nLine 2").success).toBe(true);
  });

  it("accepts right-to-left text itself, and the joiners of scripts that need them", () => {
    for (const name of [
      "\u05D3\u05D5\u05D3 \u05DB\u05D4\u05DF",
      "\u0639\u0644\u064A",
      "\u0915\u094D\u200D\u0937",
      "Zoë",
    ]) {
      expect(line.safeParse(name).success, name).toBe(true);
      expect(isOneLine(name)).toBe(true);
    }
  });

  it("makes one line of a name no one can correct: controls become spaces, direction controls go", () => {
    expect(toOneLine("Ada\r\nLovelace\u202E\u2066\u200F")).toBe("Ada Lovelace");
    expect(toOneLine("\u202Egnp.exe")).toBe("gnp.exe");
  });
});

/** Each schema that stores or searches a line of text, a valid value of it, and its text fields. */
const cases: [string, z.ZodType, Record<string, unknown>, string[]][] = [
  [
    "sign-up",
    signUpSchema,
    { name: "Ada", email: "ada@example.com", password: "abc12345" },
    ["name", "email"],
  ],
  [
    "profile",
    profileUpdateSchema,
    {
      displayName: "Ada",
      address: "1 Main St",
      education: "MSc",
      phoneNumber: "5550100",
      location: "Leeds",
      linkedin: "https://www.linkedin.com/in/ada",
    },
    ["displayName", "address", "education", "phoneNumber", "location", "linkedin"],
  ],
  [
    "order",
    createOrderBodySchema,
    { toolId: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01", address: "1 Main St", phone: "5550100", quantity: 2 },
    ["address", "phone"],
  ],
  [
    "checkout form",
    checkoutFormSchema({ minQuantity: 1, availableQuantity: 10 }),
    { address: "1 Main St", phone: "5550100", quantity: 2 },
    ["address", "phone"],
  ],
  [
    "shipping",
    shipOrderBodySchema,
    { carrier: "UPS", trackingNumber: "1Z999" },
    ["carrier", "trackingNumber"],
  ],
  [
    "quote request",
    quoteRequestSchema,
    {
      name: "Ann",
      email: "ann@example.com",
      phone: "5550100",
      company: "Acme",
      tool: "Pliers",
      message: "Ten pliers?",
    },
    ["name", "email", "phone", "company", "tool", "message"],
  ],
  ["review", reviewInputSchema, { review: "5", comment: "Good pliers" }, ["comment"]],
  [
    "new tool",
    createToolBodySchema,
    {
      name: "Pliers",
      short: "Good pliers.",
      image: "/uploads/abc.webp",
      minQuantity: 2,
      availableQuantity: 100,
      price: 12.5,
    },
    ["name", "short"],
  ],
  ["tool search", toolSearchQuerySchema, { q: "pliers" }, ["q"]],
  ["user search", usersQuerySchema, { q: "ann" }, ["q"]],
  ["quote search", quotesQuerySchema, { q: "ann" }, ["q"]],
  ["review search", moderatedReviewsQuerySchema, { q: "ann" }, ["q"]],
  ["order search", adminOrdersQuerySchema, { q: "ann" }, ["q"]],
];

describe("every schema with a line of text a person typed", () => {
  it.each(cases)("%s: refuses a direction control in each text field", (_, schema, valid, fields) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const field of fields) {
      const value = String(valid[field]);
      for (const control of ["\u202E", "\u2067", "\u200F"]) {
        const result = schema.safeParse({
          ...valid,
          [field]: `${value.slice(0, 1)}${control}${value.slice(1)}`,
        });
        const issues = result.error?.issues ?? [];
        expect(
          issues.some((issue) => issue.path[0] === field && issue.message.endsWith(bidiControlMessage(""))),
          `${field}: ${JSON.stringify(issues)}`,
        ).toBe(true);
      }
    }
  });

  it("refuses a line break in a phone number, which its pattern of digits and spaces let through", () => {
    const order = { toolId: "6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01", address: "1 Main St", quantity: 2 };
    expect(messages(createOrderBodySchema.safeParse({ ...order, phone: "555\n0100" }))).toEqual([
      oneLineMessage("The phone number"),
    ]);
    const quote = { name: "Ann", email: "ann@example.com", message: "Hi" };
    expect(messages(quoteRequestSchema.safeParse({ ...quote, phone: "555\r\n0100" }))).toEqual([
      oneLineMessage("Phone"),
    ]);
  });

  it("checks a name the identity service stores the same way", () => {
    expect(messages(personNameSchema.safeParse("\u202Egnp.exe"))).toEqual([bidiControlMessage("Name")]);
  });
});
