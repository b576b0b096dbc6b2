// The signed-in customer's cart (issue 48): GET answers it with each tool as it is now, PUT replaces it
// whole. Every query is scoped by the token's user id: no call reads or writes another customer's cart.
import type { Database } from "@toolshop/db/client";
import { carts, tools, users } from "@toolshop/db/schema";
import { type Cart, type CartLine, cartLineUnitPrice, type StoredCartBody } from "@toolshop/shared/cart";
import { and, asc, eq, inArray } from "drizzle-orm";
import { amountToMinor, minorToAmount } from "../../lib/money";

type Executor = Pick<Database, "select">;

async function readLines(db: Executor, userId: string, currency: string): Promise<CartLine[]> {
  const rows = await db
    .select({
      toolId: carts.toolId,
      sku: tools.sku,
      quantity: carts.quantity,
      seenUnitPriceCents: carts.seenUnitPriceCents,
      name: tools.name,
      image: tools.image,
      priceCents: tools.priceCents,
      minQuantity: tools.minQuantity,
      availableQuantity: tools.availableQuantity,
      soldOut: tools.soldOut,
      priceBreaks: tools.priceBreaks,
    })
    .from(carts)
    .innerJoin(tools, eq(tools.id, carts.toolId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(carts.position));
  return rows.map((row) => {
    const price = minorToAmount(row.priceCents, currency);
    const priceBreaks = row.priceBreaks.map((stored) => ({
      minQuantity: stored.minQuantity,
      unitPrice: minorToAmount(stored.unitPriceCents, currency),
    }));
    return {
      toolId: row.toolId,
      sku: row.sku,
      name: row.name,
      image: row.image,
      price,
      seenPrice: minorToAmount(row.seenUnitPriceCents, currency),
      priceBreaks,
      unitPrice: cartLineUnitPrice({ price, priceBreaks }, row.quantity),
      minQuantity: row.minQuantity,
      availableQuantity: row.availableQuantity,
      soldOut: row.soldOut,
      quantity: row.quantity,
    };
  });
}

export async function getCart(db: Database, userId: string, currency: string): Promise<Cart> {
  return { lines: await readLines(db, userId, currency), removedToolIds: [] };
}

/**
 * Replaces the user's cart with `body`'s lines, in their order. A tool no longer sold is dropped and
 * named in `removedToolIds`; a quantity above the stock is lowered to it (never below the minimum, so
 * a sold-out line keeps a quantity that can be ordered again once restocked). A line keeps the price
 * seen when it was first added unless the body names one. Null when the user's record is gone.
 */
export async function replaceCart(
  db: Database,
  userId: string,
  body: StoredCartBody,
  currency: string,
): Promise<Cart | null> {
  return db.transaction(async (tx) => {
    // One PUT of a user at a time: two devices saving at once would otherwise both delete, then both
    // insert the same (user, tool) key.
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return null;

    const toolIds = body.lines.map((line) => line.toolId);
    const known = toolIds.length
      ? await tx
          .select({
            id: tools.id,
            priceCents: tools.priceCents,
            minQuantity: tools.minQuantity,
            availableQuantity: tools.availableQuantity,
          })
          .from(tools)
          .where(inArray(tools.id, toolIds))
      : [];
    const toolsById = new Map(known.map((tool) => [tool.id, tool]));
    const kept = await tx
      .select({ toolId: carts.toolId, seenUnitPriceCents: carts.seenUnitPriceCents })
      .from(carts)
      .where(eq(carts.userId, userId));
    const seenBefore = new Map(kept.map((row) => [row.toolId, row.seenUnitPriceCents]));

    const rows = body.lines.flatMap((line) => {
      const tool = toolsById.get(line.toolId);
      if (!tool) return [];
      const seenUnitPriceCents =
        line.seenPrice === undefined
          ? (seenBefore.get(line.toolId) ?? tool.priceCents)
          : amountToMinor(line.seenPrice, currency);
      const cap = Math.max(tool.availableQuantity, tool.minQuantity);
      return [{ toolId: line.toolId, quantity: Math.min(line.quantity, cap), seenUnitPriceCents }];
    });

    await tx.delete(carts).where(eq(carts.userId, userId));
    if (rows.length) {
      await tx.insert(carts).values(rows.map((row, position) => ({ ...row, userId, position })));
    }
    return {
      lines: await readLines(tx, userId, currency),
      removedToolIds: toolIds.filter((id) => !toolsById.has(id)),
    };
  });
}

/** The executor of a transaction another feature runs (a quote's acceptance). */
type Writer = Pick<Database, "select" | "update" | "delete">;

/**
 * Takes `lines` out of the user's cart, in the caller's transaction: a tool's quantity is lowered by
 * the quantity given, and its line goes when the cart held no more than that. A quote accepted into an
 * order calls it, so that its tools are not bought twice (issue 62); tools not named stay as they are.
 */
export async function removeFromCart(
  tx: Writer,
  userId: string,
  lines: readonly { toolId: string; quantity: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  // Queues behind (or ahead of) a PUT of the same user, which locks the same row.
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  if (!user) return;
  const covered = new Map<string, number>();
  for (const line of lines) covered.set(line.toolId, (covered.get(line.toolId) ?? 0) + line.quantity);
  const held = await tx
    .select({ toolId: carts.toolId, quantity: carts.quantity })
    .from(carts)
    .where(and(eq(carts.userId, userId), inArray(carts.toolId, [...covered.keys()])));
  for (const row of held) {
    const left = row.quantity - (covered.get(row.toolId) ?? 0);
    const thisLine = and(eq(carts.userId, userId), eq(carts.toolId, row.toolId));
    if (left <= 0) await tx.delete(carts).where(thisLine);
    else await tx.update(carts).set({ quantity: left }).where(thisLine);
  }
}
