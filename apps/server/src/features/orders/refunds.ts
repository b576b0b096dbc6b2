// The admin's refunds (issue 48): a whole paid order, as always, or chosen units of chosen lines of a
// paid, shipped or delivered order. The gateway refunds the amount first; then, in one transaction,
// the lines record it, their stock goes back (stock.ts), and a paid order whose every line is refunded
// becomes refunded through the transition table. Shipped and delivered orders keep their status (the
// table has no way from them to refunded): their lines say what was refunded.
import { createHash } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { orderLines, orders } from "@toolshop/db/schema";
import { isAllowedTransition } from "@toolshop/shared/order-lifecycle";
import type { Order, OrderStatus, RefundLinesBody } from "@toolshop/shared/orders";
import { taxOfUnits } from "@toolshop/shared/tax";
import { and, eq, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { minorToAmount } from "../../lib/money";
import { issueCreditNote } from "../invoices/issue";
import { uncountRefundedUnits } from "../overview/sales";
import { NOT_REFUNDABLE } from "../payments/gateway";
import { findOrder, type OrdersContext, publish } from "./context";
import { linesOfOrders, orderResponse } from "./dto";
import { assertTransition, illegalTransitionMessage, runTransition, transitionOrder } from "./lifecycle";
import type { OrderLineRow, OrderRow } from "./row-types";
import { putStockBack } from "./stock";

/** The statuses whose lines may be refunded one by one: the order took a payment that is kept. */
const LINES_REFUNDABLE: readonly OrderStatus[] = ["paid", "shipped", "delivered"];

/**
 * POST /orders/:id/refund (admin) without a body: the gateway refunds the payment in full, then the
 * order becomes refunded and its stock goes back. The gateway's idempotency key (one per order) makes
 * a retry after a failed update refund once.
 */
export async function refundOrder(ctx: OrdersContext, orderId: string): Promise<Order> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new HttpError(404, "There is no order with this id.");
  assertTransition(order.status, "refunded");
  if (!order.paymentIntentId) throw new HttpError(409, NOT_REFUNDABLE);
  await ctx.gateway.refund(order.paymentIntentId, `refund-order-${order.id}`);
  // The credit note names every unit not refunded before, in the refund's transaction.
  let creditNote: string | undefined;
  const creditRemainingUnits = async (tx: Database, moved: OrderRow) => {
    const lines = (await linesOfOrders(tx, [moved.id])).get(moved.id) ?? [];
    const left = lines
      .map((line) => ({ line, quantity: line.quantity - line.refundedQuantity }))
      .filter(({ quantity }) => quantity > 0);
    if (left.length > 0) creditNote = await issueCreditNote(tx, ctx.invoicing, moved.id, left);
  };
  const moved = await runTransition(ctx.db, orderId, "refunded", {}, creditRemainingUnits);
  const refunded = await orderResponse(ctx.db, moved, ctx);
  await publish(ctx, {
    type: "OrderRefunded",
    order: refunded,
    paymentId: order.paymentIntentId,
    creditNote,
  });
  return refunded;
}

/** POST /orders/:id/refund (admin) with `{lines}`: refunds those units of those lines. */
export async function refundOrderLines(
  ctx: OrdersContext,
  orderId: string,
  body: RefundLinesBody,
): Promise<Order> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new HttpError(404, "There is no order with this id.");
  if (!LINES_REFUNDABLE.includes(order.status)) {
    throw new HttpError(409, illegalTransitionMessage(order.status, "refunded"));
  }
  if (!order.paymentIntentId) throw new HttpError(409, NOT_REFUNDABLE);
  const lines = (await linesOfOrders(ctx.db, [order.id])).get(order.id) ?? [];
  const chosen = chooseLines(lines, body);
  // Tax included at the order's own rate: a line refunded in parts gives back exactly its gross (0041).
  const rule = { ratePercent: order.taxRatePercent, pricesIncludeTax: order.pricesIncludeTax };
  const amountCents = chosen.reduce(
    (sum, { line, quantity }) =>
      sum + taxOfUnits(line.unitPriceCents, line.refundedQuantity, quantity, rule).grossMinor,
    0,
  );
  // One key per state of the order's lines, whatever the request: a retry after a failed update refunds
  // once, and a second, different refund read from the same state is refused by the gateway (Stripe
  // refuses a key reused with other parameters) instead of paying out twice. The purpose (which units
  // of which lines) goes with it, so that two refunds of different lines for the same amount differ.
  const key = createHash("sha256")
    .update(JSON.stringify([order.id, lines.map((line) => line.refundedQuantity)]))
    .digest("hex");
  const purpose = chosen.map(({ line, quantity }) => `line ${line.position + 1} x ${quantity}`).join(", ");
  await ctx.gateway.refund(order.paymentIntentId, `refund-lines-${key}`, amountCents, purpose);

  const status = order.status;
  let creditNote: string | undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    // A whole refund (or another change) committed meanwhile has put this order's stock back already.
    const [still] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for("update");
    if (still?.status !== status) throw new HttpError(409, "This order changed meanwhile. Please reload it.");
    for (const { line, quantity } of chosen) {
      // Only from the quantity read above: a concurrent refund of the same line makes this one a 409.
      const [moved] = await tx
        .update(orderLines)
        .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${quantity}` })
        .where(
          and(
            eq(orderLines.orderId, order.id),
            eq(orderLines.position, line.position),
            eq(orderLines.refundedQuantity, line.refundedQuantity),
          ),
        )
        .returning({ position: orderLines.position });
      if (!moved) throw new HttpError(409, "This order was refunded meanwhile. Please reload it.");
    }
    creditNote = await issueCreditNote(tx, ctx.invoicing, order.id, chosen);
    // After the credit note, as a whole refund does: both take the series' row before the day's sales.
    await uncountRefundedUnits(tx, order, chosen);
    await putStockBack(
      tx,
      chosen.map(({ line, quantity }) => ({ toolId: line.toolId, quantity })),
    );
    const everyLineRefunded = lines.every((line) => {
      const refunding = chosen.find((choice) => choice.line.position === line.position)?.quantity ?? 0;
      return line.refundedQuantity + refunding === line.quantity;
    });
    if (everyLineRefunded && isAllowedTransition(status, "refunded")) {
      const refunded = await transitionOrder(tx, order.id, status, "refunded");
      if (!refunded) throw new HttpError(409, "This order changed meanwhile. Please reload it.");
      return refunded;
    }
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!current) throw new HttpError(404, "There is no order with this id.");
    return current;
  });
  const answer = await orderResponse(ctx.db, updated, ctx);
  await publish(ctx, {
    type: "OrderRefunded",
    order: answer,
    paymentId: order.paymentIntentId,
    part: {
      lines: chosen.map(({ line, quantity }) => ({ name: line.name, quantity })),
      amount: minorToAmount(amountCents, ctx.currency),
    },
    creditNote,
  });
  return answer;
}

/**
 * The order's lines the body names, with how many units of each; refuses (409), naming them, a tool
 * that is not in the order and more units than are left to refund.
 */
function chooseLines(
  lines: readonly OrderLineRow[],
  body: RefundLinesBody,
): { line: OrderLineRow; quantity: number }[] {
  const problems: string[] = [];
  const chosen: { line: OrderLineRow; quantity: number }[] = [];
  for (const wanted of body.lines) {
    const line = lines.find((each) => each.toolId === wanted.toolId);
    if (!line) {
      problems.push(`the tool ${wanted.toolId} is not in this order`);
      continue;
    }
    const left = line.quantity - line.refundedQuantity;
    if (wanted.quantity > left) {
      problems.push(
        left === 0
          ? `${line.name} is already refunded`
          : `only ${left} units of ${line.name} are left to refund`,
      );
      continue;
    }
    chosen.push({ line, quantity: wanted.quantity });
  }
  if (problems.length > 0) throw new HttpError(409, `Nothing was refunded: ${problems.join("; ")}.`);
  return chosen;
}
