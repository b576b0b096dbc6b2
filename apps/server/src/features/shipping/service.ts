// Shipping methods and charges (issue 62, decision 0067): the owner's methods, what a cart would cost to
// ship by each, and the charge an order is placed with. The charge is the shared shippingChargeCents
// over the lines' subtotal and weight; the order's transaction reads the method FOR SHARE, so an
// owner's change either commits before (and the order, charged anew, is refused when the figure the
// customer was shown differs) or waits until the order has committed with the figure it was shown.
import type { Database } from "@toolshop/db/client";
import { shippingMethods, tools } from "@toolshop/db/schema";
import {
  type ShippingChoice,
  type ShippingMethod,
  type ShippingMethodFields,
  type ShippingOptions,
  type ShippingOptionsBody,
  servesCountry,
  shippingChargeCents,
} from "@toolshop/shared/shipping";
import { unitPriceFor } from "@toolshop/shared/unit-price";
import { asc, eq, inArray, max } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { amountToMinor, currencyFormat, minorToAmount } from "../../lib/money";

type MethodRow = typeof shippingMethods.$inferSelect;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const NO_SUCH_METHOD = "There is no shipping method with this id.";

function toMethod(row: MethodRow, currency: string): ShippingMethod {
  const amount = (cents: number | null) => (cents === null ? null : minorToAmount(cents, currency));
  return {
    _id: row.id,
    name: row.name,
    note: row.note,
    pickup: row.pickup,
    price: minorToAmount(row.priceCents, currency),
    freeOver: amount(row.freeOverCents),
    perKg: amount(row.perKgCents),
    countries: row.countries,
    active: row.active,
    position: row.position,
  };
}

function toColumns(body: ShippingMethodFields, currency: string) {
  const cents = (amount: number | null) => (amount === null ? null : amountToMinor(amount, currency));
  return {
    name: body.name,
    note: body.note,
    pickup: body.pickup,
    priceCents: body.pickup ? 0 : amountToMinor(body.price, currency),
    freeOverCents: body.pickup ? null : cents(body.freeOver),
    perKgCents: body.pickup ? null : cents(body.perKg),
    countries: body.pickup ? [] : body.countries,
    active: body.active,
  };
}

/** Every method in the owner's order (the owner's screen), or only the active ones. */
export async function listShippingMethods(
  db: Pick<Database, "select">,
  currency: string,
  { activeOnly = false } = {},
): Promise<ShippingMethod[]> {
  const rows = await db
    .select()
    .from(shippingMethods)
    .where(activeOnly ? eq(shippingMethods.active, true) : undefined)
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.createdAt));
  return rows.map((row) => toMethod(row, currency));
}

export async function createShippingMethod(
  db: Database,
  currency: string,
  body: ShippingMethodFields,
): Promise<ShippingMethod> {
  return db.transaction(async (tx) => {
    const [counted] = await tx.select({ last: max(shippingMethods.position) }).from(shippingMethods);
    const [row] = await tx
      .insert(shippingMethods)
      .values({ ...toColumns(body, currency), position: (counted?.last ?? -1) + 1 })
      .returning();
    if (!row) throw new Error("A shipping method was not inserted.");
    return toMethod(row, currency);
  });
}

export async function updateShippingMethod(
  db: Database,
  currency: string,
  id: string,
  body: ShippingMethodFields,
): Promise<ShippingMethod> {
  const [row] = await db
    .update(shippingMethods)
    .set({ ...toColumns(body, currency), updatedAt: new Date() })
    .where(eq(shippingMethods.id, id))
    .returning();
  if (!row) throw new HttpError(404, NO_SUCH_METHOD);
  return toMethod(row, currency);
}

/** Placed orders keep the name and charge they were placed with; their link to the method goes. */
export async function deleteShippingMethod(db: Database, id: string): Promise<{ deletedCount: number }> {
  const deleted = await db
    .delete(shippingMethods)
    .where(eq(shippingMethods.id, id))
    .returning({ id: shippingMethods.id });
  return { deletedCount: deleted.length };
}

/** The lines' subtotal on the prices' footing (each at its price break) and their weight. */
async function cartMeasures(db: Pick<Database, "select">, lines: ShippingOptionsBody["lines"]) {
  const rows = await db
    .select({
      id: tools.id,
      priceCents: tools.priceCents,
      priceBreaks: tools.priceBreaks,
      weightGrams: tools.weightGrams,
    })
    .from(tools)
    .where(
      inArray(
        tools.id,
        lines.map((line) => line.toolId),
      ),
    );
  let subtotalCents = 0;
  let weightGrams = 0;
  for (const line of lines) {
    const tool = rows.find((row) => row.id === line.toolId);
    if (!tool) throw new HttpError(404, `The tool ${line.toolId} is no longer sold.`);
    const breaks = tool.priceBreaks.map((row) => ({
      minQuantity: row.minQuantity,
      unitPrice: row.unitPriceCents,
    }));
    subtotalCents += unitPriceFor(tool.priceCents, breaks, line.quantity) * line.quantity;
    weightGrams += (tool.weightGrams ?? 0) * line.quantity;
  }
  return { subtotalCents, weightGrams };
}

/**
 * POST /shipping/options: each active method that serves the country, with what it charges these lines,
 * and the countries the methods name (what checkout asks the customer to choose from).
 */
export async function shippingOptions(
  db: Pick<Database, "select">,
  currency: string,
  body: ShippingOptionsBody,
): Promise<ShippingOptions> {
  const measures = await cartMeasures(db, body.lines);
  const rows = await db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.createdAt));
  const options = rows
    .filter((row) => servesCountry(row, body.country))
    .map((row) => {
      const cents = shippingChargeCents(row, measures);
      const free = !row.pickup && row.freeOverCents !== null && measures.subtotalCents >= row.freeOverCents;
      return {
        methodId: row.id,
        name: row.name,
        note: row.note,
        pickup: row.pickup,
        charge: minorToAmount(cents, currency),
        free,
      };
    });
  const countries = [...new Set(rows.flatMap((row) => row.countries))].sort();
  return { countries, options };
}

/** The shipping an order is placed with, as its row keeps it. */
export interface ChargedShipping {
  /** Null for a quote's freight, which no method charges. */
  methodId: string | null;
  name: string;
  pickup: boolean;
  country: string | null;
  chargeCents: number;
}

/**
 * The shipping charge of an order being placed in `tx`, from the method read FOR SHARE: refused with a
 * sentence when the method is gone, retired or does not serve the country, or when its charge is no
 * longer the one the customer was shown (`choice.charge`).
 */
export async function chargeShipping(
  tx: Transaction,
  currency: string,
  choice: ShippingChoice,
  order: { country?: string | undefined; subtotalCents: number; weightGrams: number },
): Promise<ChargedShipping> {
  const [method] = await tx
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.id, choice.methodId))
    .for("share");
  if (!method?.active) {
    throw new HttpError(409, "That shipping method is no longer offered. Please choose another.");
  }
  if (!servesCountry(method, order.country)) {
    throw new HttpError(
      400,
      order.country
        ? `${method.name} does not ship to ${order.country}. Please choose another shipping method.`
        : `${method.name} needs the country the order goes to.`,
    );
  }
  const chargeCents = shippingChargeCents(method, order);
  if (chargeCents !== amountToMinor(choice.charge, currency)) {
    const format = currencyFormat(currency);
    throw new HttpError(
      409,
      `The shipping charge for ${method.name} is now ${format.format(minorToAmount(chargeCents, currency))}, not ${format.format(choice.charge)}. Nothing was ordered: please check the total and place the order again.`,
    );
  }
  return {
    methodId: method.id,
    name: method.name,
    pickup: method.pickup,
    country: method.pickup ? null : (order.country ?? null),
    chargeCents,
  };
}

/**
 * Refuses an order placed without a shipping method while the shop offers some (an order of the shop's
 * days before shipping, and an API client that knows none, still work when it offers none).
 */
export async function refuseWithoutShipping(tx: Pick<Database, "select">): Promise<void> {
  const offered = await tx
    .select({ name: shippingMethods.name })
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.position))
    .limit(5);
  if (offered.length > 0) {
    throw new HttpError(
      400,
      `Choose how the order is shipped (shipping: {methodId, charge}): ${offered.map((row) => row.name).join(", ")}.`,
    );
  }
}
