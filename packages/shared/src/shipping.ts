import { z } from "zod";
import { oneLine } from "./text";
import { isWholeCents } from "./unit-price";

// Shipping methods and their charge (issue 62, decision 0067). The owner's methods each have a price,
// an optional free-shipping threshold, an optional price per started kilogram, and the countries they
// serve; pickup at the works costs nothing. The charge is on the same footing as the tools' prices (with
// or without tax, as PRICES_INCLUDE_TAX says) and taxed like a line of one unit. The server computes it;
// the client only shows it and sends back what it showed, so that a change meanwhile is refused.

export const SHIPPING_NAME_MAX_LENGTH = 80;
export const SHIPPING_NOTE_MAX_LENGTH = 200;
export const MAX_SHIPPING_METHODS = 20;
/** The highest charge or threshold a method may name: the order's own card limit. */
export const MAX_SHIPPING_AMOUNT = 999_999.99;

/** ISO 3166-1 alpha-2, upper case: "GB", "DE", "US". */
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
export const countrySchema = z
  .string({ error: "The country is required" })
  .trim()
  .toUpperCase()
  .regex(COUNTRY_PATTERN, "The country must be a two-letter code such as GB or US");

/** An amount from 0 (a free method) in currency units, whole cents. */
export const shippingAmount = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .min(0, `${label} must be at least 0`)
    .max(MAX_SHIPPING_AMOUNT, `${label} must be at most ${MAX_SHIPPING_AMOUNT}`)
    .refine(isWholeCents, `${label} can have at most 2 decimals`);

/** The owner's form of a method: POST /api/shipping-methods and PUT /api/shipping-methods/:id. */
export const shippingMethodBodySchema = z
  .object({
    name: oneLine(
      z
        .string({ error: "The name is required" })
        .trim()
        .min(1, { error: "The name is required", abort: true })
        .max(SHIPPING_NAME_MAX_LENGTH, `The name must be at most ${SHIPPING_NAME_MAX_LENGTH} characters`),
      "The name",
    ),
    /** Shown under the name at checkout: "2-3 working days". */
    note: oneLine(
      z
        .string()
        .trim()
        .max(SHIPPING_NOTE_MAX_LENGTH, `The note must be at most ${SHIPPING_NOTE_MAX_LENGTH} characters`),
      "The note",
    ).default(""),
    /** Collected at the works: no charge, no country. */
    pickup: z.boolean().default(false),
    price: shippingAmount("The price").default(0),
    /** Free from this subtotal of the lines up; null: never free. */
    freeOver: shippingAmount("The free-shipping threshold").nullable().default(null),
    /** Added per started kilogram of the order's weight (each tool's weight × quantity); null: not by weight. */
    perKg: shippingAmount("The price per kilogram").nullable().default(null),
    /** The countries served; empty: every country. */
    countries: z
      .array(countrySchema, { error: "The countries must be a list of two-letter codes" })
      .max(250, "A method serves at most 250 countries")
      .default([]),
    active: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.pickup && (body.price > 0 || body.perKg !== null)) {
      ctx.addIssue({
        code: "custom",
        message: "Pickup at the works is free: leave its price at 0",
        path: ["price"],
      });
    }
    if (new Set(body.countries).size !== body.countries.length) {
      ctx.addIssue({ code: "custom", message: "Each country may appear only once", path: ["countries"] });
    }
  });
export type ShippingMethodBody = z.input<typeof shippingMethodBodySchema>;
export type ShippingMethodFields = z.output<typeof shippingMethodBodySchema>;

/** A method as the owner's screen and the API show it. */
export const shippingMethodSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  note: z.string(),
  pickup: z.boolean(),
  price: z.number(),
  freeOver: z.number().nullable(),
  perKg: z.number().nullable(),
  countries: z.array(z.string()),
  active: z.boolean(),
  position: z.number().int(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingMethodIdParamsSchema = z.object({
  id: z.uuid({ error: "The shipping method id must be a UUID" }),
});

/** What a method charges, in minor units, for an order of this subtotal and weight. */
export interface ChargeableMethod {
  pickup: boolean;
  priceCents: number;
  freeOverCents: number | null;
  perKgCents: number | null;
}
export function shippingChargeCents(
  method: ChargeableMethod,
  order: { subtotalCents: number; weightGrams: number },
): number {
  if (method.pickup) return 0;
  if (method.freeOverCents !== null && order.subtotalCents >= method.freeOverCents) return 0;
  const kilograms = Math.ceil(Math.max(0, order.weightGrams) / 1000);
  return method.priceCents + (method.perKgCents ?? 0) * kilograms;
}

/** Whether a method ships to the country (pickup and a method of no countries serve every one). */
export function servesCountry(
  method: { pickup: boolean; countries: readonly string[] },
  country?: string,
): boolean {
  if (method.pickup || method.countries.length === 0) return true;
  return country !== undefined && method.countries.includes(country);
}

/**
 * The shipping an order body chooses: the method and the charge the customer was shown (currency
 * units). The server charges its own figure and refuses the order when the two differ.
 */
export const shippingChoiceSchema = z.object({
  methodId: z.uuid({ error: "Choose how the order is shipped" }),
  charge: z
    .number({ error: "The shipping charge you were shown is required" })
    .min(0, "The shipping charge must be at least 0")
    .max(MAX_SHIPPING_AMOUNT, "The shipping charge is too large"),
});
export type ShippingChoice = z.infer<typeof shippingChoiceSchema>;

/** POST /api/shipping/options: what the cart's lines would cost to ship to a country, by each method. */
export const shippingOptionsBodySchema = z.object({
  lines: z
    .array(
      z.object({
        toolId: z.uuid({ error: "The tool id must be a UUID" }),
        quantity: z.number().int("Quantity must be a whole number").min(1).max(1_000_000),
      }),
    )
    .min(1, "Name at least one line")
    .max(50, "At most 50 lines"),
  country: countrySchema.optional(),
});
export type ShippingOptionsBody = z.infer<typeof shippingOptionsBodySchema>;

export const shippingOptionSchema = z.object({
  methodId: z.uuid(),
  name: z.string(),
  note: z.string(),
  pickup: z.boolean(),
  /** On the prices' footing (with or without tax, as the tools' prices are). */
  charge: z.number(),
  /** Whether the free-shipping threshold made it free. */
  free: z.boolean(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** The answer of POST /api/shipping/options. */
export const shippingOptionsSchema = z.object({
  /** Every country some active method names, sorted: the checkout's choice; empty when none restricts. */
  countries: z.array(z.string()),
  options: z.array(shippingOptionSchema),
});
export type ShippingOptions = z.infer<typeof shippingOptionsSchema>;

/** The shipping of a placed order, as its answer shows it; null for an order placed with none. */
export const orderShippingSchema = z.object({
  name: z.string(),
  pickup: z.boolean(),
  country: z.string().nullable(),
  /** The charge on the prices' footing, and taxed: net + tax = gross. */
  charge: z.number(),
  net: z.number(),
  tax: z.number(),
  gross: z.number(),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;
