// POST /orders: placing an order of one or several lines (docs/architecture.md section 4, decision 0038). One
// Drizzle transaction claims the Idempotency-Key, checks the unpaid-order cap under the customer's row
// lock, locks the lines' tools in id order (two carts that share tools then queue, never deadlock),
// checks and takes their stock, and writes the order, its lines and its first history row; OrderPlaced
// is published once it has committed. The same code runs on PGlite and PostgreSQL.
import type { Database } from "@toolshop/db/client";
import {
  carts,
  idempotencyKeys,
  orderLines,
  orderStatusHistory,
  orders,
  tools,
  users,
} from "@toolshop/db/schema";
import {
  linesOfOrderBody,
  type Order,
  type OrderLineInput,
  type PlaceOrderBody,
} from "@toolshop/shared/orders";
import type { ShippingChoice } from "@toolshop/shared/shipping";
import { type TaxRule, taxLine } from "@toolshop/shared/tax";
import { toolDiscontinued } from "@toolshop/shared/tool-relations";
import { unitPriceFor } from "@toolshop/shared/unit-price";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { type ChargedShipping, chargeShipping, refuseWithoutShipping } from "../shipping/service";
import { billedCompany, type CustomerCompany } from "./billed-company";
import { type Actor, type OrdersContext, publish } from "./context";
import { type OrderViewRow, orderViewColumns, toOrderResponse } from "./dto";
import { claimKey, hashOf, storedResponse } from "./idempotency-keys";
import type { OrderLineRow } from "./row-types";

/** The most one order may cost: Stripe's limit for a card payment (999,999.99 in two-decimal currencies). */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

export interface CreatedOrder {
  order: Order;
  /** True when the Idempotency-Key had been used before: the first order is answered again. */
  replayed: boolean;
}

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A line to place: a tool and how many, and its unit price when it is not the tool's (an accepted quote's). */
export interface LineToPlace extends OrderLineInput {
  unitPriceCents?: number;
}

/** An order to place: its lines, where it goes, how it ships, and the quote it comes from, if any. */
export interface OrderToPlace {
  lines: readonly LineToPlace[];
  address: string;
  phone: string;
  quoteId?: string;
  /** The company the quote was asked for (issue 62), which the order bills instead of the profile's. */
  quoteCompany?: string | null;
  /** The method and the charge the customer was shown; none: no shipping charge (a quote's order). */
  shipping?: ShippingChoice | undefined;
  country?: string | undefined;
  /** A checkout's order must choose a method while the shop offers any (decision 0067). */
  requireShipping?: boolean;
  /** An accepted quote's freight, charged as the order's shipping "Freight" (issue 62). */
  freightCents?: number | undefined;
}

/** A tool as placing reads it, locked. */
type LockedTool = Pick<
  typeof tools.$inferSelect,
  | "id"
  | "name"
  | "image"
  | "sku"
  | "priceCents"
  | "minQuantity"
  | "availableQuantity"
  | "priceBreaks"
  | "discontinued"
  | "weightGrams"
>;

/** Each line's unit price in minor units, by tool id: what the order charges. */
type UnitPrices = ReadonlyMap<string, number>;

/**
 * Places an order: name, image and prices come from the tools, the email from the token; each line's
 * stock is taken under its tool's row lock, so it never goes below zero however many orders race. A
 * line that cannot be ordered refuses the whole order, naming every such line. With an idempotency
 * key, a repeated request answers the first order instead. Publishes OrderPlaced once committed (not
 * for a replay: nothing changed).
 *
 * Each unit price is the tool's for the line's quantity (its price breaks, read under the row lock);
 * only server code gives a line its own (an accepted quote's, through placeOrderIn), never a request.
 */
export async function createOrder(
  ctx: OrdersContext,
  user: Actor,
  body: PlaceOrderBody,
  idempotencyKey?: string,
): Promise<CreatedOrder> {
  const requestHash = idempotencyKey ? hashOf(body) : null;
  const lines = linesOfOrderBody(body);
  const placed = await ctx.db.transaction(async (tx) => {
    if (idempotencyKey && requestHash && !(await claimKey(tx, user.id, idempotencyKey, requestHash))) {
      return undefined;
    }
    const order = await placeOrderIn(tx, ctx, user, {
      lines,
      address: body.address,
      phone: body.phone,
      shipping: body.shipping,
      country: body.country,
      requireShipping: true,
    });
    if (body.fromCart) {
      // The cart's tools are in the order now; a tool added on another device meanwhile stays.
      const ordered = lines.map((line) => line.toolId);
      await tx.delete(carts).where(and(eq(carts.userId, user.id), inArray(carts.toolId, ordered)));
    }
    if (idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 201, orderId: order._id })
        .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, idempotencyKey)));
    }
    return order;
  });
  if (!placed) {
    // The key is held by an order placed before.
    if (!idempotencyKey || !requestHash) throw new Error("A key was held that was not given.");
    return { order: await storedResponse(ctx, user.id, idempotencyKey, requestHash), replayed: true };
  }
  await publish(ctx, { type: "OrderPlaced", order: placed });
  return { order: placed, replayed: false };
}

/**
 * Places an order inside the caller's transaction (an accepted quote holds its row lock in it): the
 * unpaid-order cap, the tools locked in id order, every line checked, the stock taken and the order
 * written. The caller publishes OrderPlaced once the transaction has committed.
 */
export async function placeOrderIn(
  tx: Transaction,
  ctx: Pick<OrdersContext, "maxUnpaidOrders" | "currency" | "unpaidOrderHoldMinutes" | "tax">,
  user: Actor,
  order: OrderToPlace,
): Promise<Order> {
  const customer = await refuseBeyondUnpaidCap(tx, user.id, ctx.maxUnpaidOrders);
  const locked = await lockTools(tx, order.lines);
  // The routes refused it already (tools/skus.ts); under the lock, for an accepted quote and a race.
  const discontinued = [...locked.values()].find((tool) => tool.discontinued);
  if (discontinued) throw new HttpError(409, toolDiscontinued(discontinued.name));
  const unitPrices = priceLines(order.lines, locked);
  const taxed = refuseUnlessOrderable(order.lines, locked, unitPrices, ctx.tax);
  const shipping = await shippingOf(tx, ctx.currency, order, taxed);
  const shippingGrossCents = shipping
    ? taxLine({ unitPriceMinor: shipping.chargeCents, quantity: 1 }, ctx.tax).grossMinor
    : 0;
  if (taxed.reduce((sum, line) => sum + line.grossCents, shippingGrossCents) > MAX_ORDER_TOTAL_CENTS) {
    throw new HttpError(400, "This order is too large to pay by card. Please request a quote instead.");
  }
  const written = await writeOrder(
    tx,
    user,
    order,
    taxed,
    ctx.tax,
    billedCompany(order.quoteCompany, customer),
    shipping,
    shippingGrossCents,
  );
  return toOrderResponse(written.order, written.lines, ctx);
}

/**
 * The order's shipping, charged on its lines' subtotal (on the prices' footing) and weight, after the
 * tools' locks (the method is read FOR SHARE, shipping/service.ts); none when the order names none.
 */
async function shippingOf(
  tx: Transaction,
  currency: string,
  order: OrderToPlace,
  taxed: readonly TaxedLine[],
): Promise<ChargedShipping | undefined> {
  if (order.freightCents !== undefined) {
    return { methodId: null, name: "Freight", pickup: false, country: null, chargeCents: order.freightCents };
  }
  if (!order.shipping) {
    if (order.requireShipping) await refuseWithoutShipping(tx);
    return undefined;
  }
  return chargeShipping(tx, currency, order.shipping, {
    country: order.country,
    subtotalCents: taxed.reduce((sum, line) => sum + line.totalCents, 0),
    weightGrams: taxed.reduce((sum, line) => sum + (line.tool.weightGrams ?? 0) * line.quantity, 0),
  });
}

/**
 * Refuses a customer who already holds `cap` unpaid orders (each holds stock that other customers
 * cannot order). Counted under the customer's row lock, so that one customer's simultaneous orders
 * are counted one after another; NO KEY UPDATE leaves their other orders' inserts (KEY SHARE) free.
 * Answers the profile's company, read with the lock.
 */
async function refuseBeyondUnpaidCap(tx: Transaction, userId: string, cap: number): Promise<CustomerCompany> {
  const [customer] = await tx
    .select({ id: users.id, company: users.company, taxId: users.taxId })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  if (!customer) throw new HttpError(401, "Your account no longer exists. Please sign in again.");
  // A statement of its own, after the lock: its snapshot then sees the orders committed while this
  // one waited (a subquery of the locking statement would count with the snapshot from before).
  const unpaid = tx
    .select({ one: sql`1` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "unpaid")))
    .limit(cap)
    .as("unpaid");
  const [counted] = await tx.select({ held: sql<number>`count(*)::int` }).from(unpaid);
  if ((counted?.held ?? 0) >= cap) {
    throw new HttpError(
      409,
      `You already have ${cap} unpaid orders. Please pay or delete one of them in My orders before placing another.`,
    );
  }
  return { company: customer.company, taxId: customer.taxId };
}

/** The lines' tools, locked in id order: every placing takes its locks in the same order. */
async function lockTools(
  tx: Transaction,
  lines: readonly OrderLineInput[],
): Promise<Map<string, LockedTool>> {
  const rows = await tx
    .select({
      id: tools.id,
      name: tools.name,
      image: tools.image,
      sku: tools.sku,
      priceCents: tools.priceCents,
      minQuantity: tools.minQuantity,
      availableQuantity: tools.availableQuantity,
      priceBreaks: tools.priceBreaks,
      discontinued: tools.discontinued,
      weightGrams: tools.weightGrams,
    })
    .from(tools)
    .where(
      inArray(
        tools.id,
        lines.map((line) => line.toolId),
      ),
    )
    .orderBy(asc(tools.id))
    .for("update");
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The unit price each line is charged: the one server code gave it (an accepted quote's offer wins over
 * the breaks), else the tool's for the quantity (the shared rule).
 */
function priceLines(lines: readonly LineToPlace[], locked: Map<string, LockedTool>): UnitPrices {
  const prices = new Map<string, number>();
  for (const line of lines) {
    const tool = locked.get(line.toolId);
    if (!tool) continue;
    const breaks = tool.priceBreaks.map((row) => ({
      minQuantity: row.minQuantity,
      unitPrice: row.unitPriceCents,
    }));
    prices.set(line.toolId, line.unitPriceCents ?? unitPriceFor(tool.priceCents, breaks, line.quantity));
  }
  return prices;
}

/** A line to write: its locked tool, its unit price, total (unit × quantity) and gross in minor units. */
interface TaxedLine {
  tool: LockedTool;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  grossCents: number;
}

/**
 * Refuses the order unless every line can be ordered: the tool exists, the quantity is at least its
 * minimum and at most its stock (placeOrderIn checks that the whole is payable by card). One line answers the
 * spec's own sentence; several name every line at fault in one sentence. Answers the lines taxed.
 */
function refuseUnlessOrderable(
  lines: readonly LineToPlace[],
  locked: Map<string, LockedTool>,
  unitPrices: UnitPrices,
  rule: TaxRule,
): TaxedLine[] {
  const gone: string[] = [];
  const belowMinimum: string[] = [];
  const short: string[] = [];
  const taxed: TaxedLine[] = [];
  for (const line of lines) {
    const tool = locked.get(line.toolId);
    if (!tool) {
      gone.push(`the tool ${line.toolId} is no longer sold`);
      continue;
    }
    const unitPriceCents = unitPrices.get(line.toolId) ?? tool.priceCents;
    const { grossMinor } = taxLine({ unitPriceMinor: unitPriceCents, quantity: line.quantity }, rule);
    taxed.push({
      tool,
      quantity: line.quantity,
      unitPriceCents,
      totalCents: unitPriceCents * line.quantity,
      grossCents: grossMinor,
    });
    if (line.quantity < tool.minQuantity) {
      belowMinimum.push(`the minimum order for ${tool.name} is ${tool.minQuantity} units`);
    } else if (line.quantity > tool.availableQuantity) {
      short.push(
        tool.availableQuantity < tool.minQuantity
          ? `${tool.name} is sold out`
          : `only ${tool.availableQuantity} units of ${tool.name} are available`,
      );
    }
  }
  const problems = [...short, ...belowMinimum, ...gone];
  if (problems.length > 0) {
    const status = short.length > 0 ? 409 : belowMinimum.length > 0 ? 400 : 404;
    throw new HttpError(
      status,
      lines.length === 1 ? oneLineSentence(short, belowMinimum) : severalLines(problems),
    );
  }
  return taxed;
}

/** The spec's checkout sentences for a one-line order, as they always were. */
function oneLineSentence(short: string[], belowMinimum: string[]): string {
  const [shortOne] = short;
  if (shortOne) return `Not enough stock: ${shortOne}.`;
  const [minimum] = belowMinimum;
  if (minimum) return `${minimum.charAt(0).toUpperCase()}${minimum.slice(1)}.`;
  return "There is no tool with this id.";
}

function severalLines(problems: string[]): string {
  return `Nothing was ordered: ${problems.join("; ")}.`;
}

/** Takes the stock (the rows are locked) and writes the order, its lines and its first history row. */
async function writeOrder(
  tx: Transaction,
  user: Actor,
  body: OrderToPlace,
  priced: readonly TaxedLine[],
  rule: TaxRule,
  billed: CustomerCompany,
  shipping: ChargedShipping | undefined,
  shippingGrossCents: number,
): Promise<{ order: OrderViewRow; lines: OrderLineRow[] }> {
  const taken = sql.join(
    priced.map((line) => sql`(${line.tool.id}::uuid, ${line.quantity}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${tools} set available_quantity = ${tools.availableQuantity} - taken.quantity
      from (values ${taken}) as taken(id, quantity) where ${tools.id} = taken.id`,
  );
  if (priced.length === 0) throw new Error("An order without lines.");
  const [order] = await tx
    .insert(orders)
    .values({
      userId: user.id,
      email: user.email.toLowerCase(),
      // What the customer pays: the lines' gross and the shipping's, each rounded by the order's tax
      // rule (decisions 0041, 0067).
      totalCents: priced.reduce((sum, line) => sum + line.grossCents, shippingGrossCents),
      taxRatePercent: rule.ratePercent,
      pricesIncludeTax: rule.pricesIncludeTax,
      address: body.address,
      phone: body.phone,
      quoteId: body.quoteId ?? null,
      buyerCompany: billed.company,
      buyerTaxId: billed.taxId,
      shippingMethodId: shipping?.methodId ?? null,
      shippingName: shipping?.name ?? null,
      shippingPickup: shipping?.pickup ?? false,
      shippingCountry: shipping?.country ?? null,
      shippingCents: shipping?.chargeCents ?? 0,
    })
    .returning(orderViewColumns);
  if (!order) throw new Error("An order insert returned nothing.");
  const written = await tx
    .insert(orderLines)
    .values(
      priced.map((line, position) => ({
        orderId: order.id,
        position,
        toolId: line.tool.id,
        name: line.tool.name,
        image: line.tool.image,
        sku: line.tool.sku,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        totalCents: line.totalCents,
      })),
    )
    .returning();
  await tx.insert(orderStatusHistory).values({ orderId: order.id, status: "unpaid" });
  return { order, lines: written };
}
