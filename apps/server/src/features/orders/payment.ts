// Paying for an order (docs/architecture.md section 7): the amount always comes from the order in the database,
// and an order becomes paid only when the gateway says that a payment for exactly this order and
// amount has succeeded. Every path is idempotent: one order, one payment, one confirmation email.
import { orders } from "@toolshop/db/schema";
import type { Order } from "@toolshop/shared/orders";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { HttpError } from "../../lib/http-errors";
import { plannedOnce } from "../../lib/prepared-queries";
import { type GatewayPaymentIntent, isOpenIntent } from "../payments/gateway";
import { payOpenTestIntent, type TestIntentRow } from "../payments/test-gateway";
import { type Actor, findAccessibleOrder, findOrder, type OrdersContext } from "./context";
import { orderResponse } from "./dto";
import { type TransitionFields, transitionStatement, transitionSteps } from "./lifecycle";
import { afterMove } from "./order-process";
import { recordPaymentRefund, refundLatePayment, settleRefund } from "./refunds";
import type { OrderRow, RefundRow } from "./row-types";

const ALREADY_PAID = "This order is already paid.";
const CANCELLED = "This order was cancelled.";
const CANCELLED_AND_REFUNDED =
  "This order was cancelled before your payment arrived, so it has been refunded.";
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What recording or refunding a payment needs: no unpaid-order cap (the expiry has this much). */
type PaymentContext = Pick<
  OrdersContext,
  "db" | "currency" | "gateway" | "unpaidOrderHoldMinutes" | "events" | "invoicing" | "mails"
>;

function refuseUnlessUnpaid(order: OrderRow): void {
  if (order.status === "cancelled") throw new HttpError(409, CANCELLED);
  if (order.status !== "unpaid") throw new HttpError(409, ALREADY_PAID);
}

type PaymentTerms = Pick<GatewayPaymentIntent, "id" | "orderId" | "amountCents" | "currency">;

/** Whether a payment was made for exactly this order, amount and currency. */
function paysFor(intent: PaymentTerms, order: OrderRow, currency: string): boolean {
  return (
    intent.orderId === order.id && intent.amountCents === order.totalCents && intent.currency === currency
  );
}

/**
 * POST /create-payment-intent: the client secret for paying the order's total. An order has at most
 * one open payment: repeated calls answer the same one.
 */
export async function startPayment(
  ctx: OrdersContext,
  actor: Actor,
  orderId: string,
): Promise<{ clientSecret: string }> {
  const order = await findAccessibleOrder(ctx, actor, orderId, { adminToo: false });
  refuseUnlessUnpaid(order);

  const previousId = order.paymentIntentId;
  if (previousId) {
    const previous = await ctx.gateway.retrieve(previousId);
    if (previous?.status === "succeeded") {
      // Paid, but the browser never told us: record it now instead of charging again.
      await recordSucceededPayment(ctx, previous);
      throw new HttpError(409, ALREADY_PAID);
    }
    if (previous && isOpenIntent(previous) && paysFor(previous, order, ctx.currency)) {
      return { clientSecret: previous.clientSecret };
    }
  }

  const intent = await ctx.gateway.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    currency: ctx.currency,
    // Concurrent calls for the same order and previous intent get the same new intent.
    idempotencyKey: `order-${order.id}-after-${previousId ?? "none"}`,
    description: `Toolshop order ${order.id}`,
  });
  await ctx.db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, "unpaid"),
        previousId ? eq(orders.paymentIntentId, previousId) : isNull(orders.paymentIntentId),
      ),
    );

  const current = await findOrder(ctx.db, order.id);
  if (!current) throw new HttpError(404, "There is no order with this id.");
  refuseUnlessUnpaid(current);
  if (current.paymentIntentId === intent.id) return { clientSecret: intent.clientSecret };
  // Another request replaced the payment meanwhile: keep that one and drop ours.
  await ctx.gateway.cancel(intent.id);
  throw new HttpError(409, "This order's payment changed meanwhile. Please reload the page.");
}

/**
 * PATCH /orders/:id {transactionId}: marks the order paid once the gateway confirms that this payment
 * succeeded for this order and amount. Repeating it with the same payment answers the paid order.
 */
export async function confirmPayment(
  ctx: OrdersContext,
  actor: Actor,
  orderId: string,
  transactionId: string,
): Promise<Order> {
  const order = await findAccessibleOrder(ctx, actor, orderId, { adminToo: false });
  const cancelled = order.status === "cancelled";
  if (!cancelled && order.status !== "unpaid" && order.transactionId === transactionId) {
    return await orderResponse(ctx.db, order, ctx);
  }
  if (!cancelled) refuseUnlessUnpaid(order);

  const intent = await ctx.gateway.retrieve(transactionId);
  if (cancelled) {
    // Paid after the order was cancelled (its reservation expired meanwhile): the money goes back.
    const late = intent?.status === "succeeded" && intent.orderId === order.id;
    if (late && (await whyNotMarked(ctx, intent)) === "refunded") {
      throw new HttpError(409, CANCELLED_AND_REFUNDED);
    }
    throw new HttpError(409, CANCELLED);
  }
  if (!intent) throw new HttpError(400, "There is no payment with this transaction id.");
  if (intent.orderId !== order.id) throw new HttpError(400, "This payment is for another order.");
  if (!paysFor(intent, order, ctx.currency)) {
    throw new HttpError(400, "This payment's amount does not match the order's total.");
  }
  if (intent.status !== "succeeded") throw new HttpError(402, "This payment has not succeeded.");

  const paid = await markOrderPaid(ctx, order.id, intent.id);
  if (paid) return await orderResponse(ctx.db, paid, ctx);
  // Marked by a concurrent request (the webhook, a second click): fine if it was this payment. Or
  // cancelled by the expiry meanwhile: then this payment is refunded.
  if ((await whyNotMarked(ctx, intent)) === "refunded") throw new HttpError(409, CANCELLED_AND_REFUNDED);
  const current = await findOrder(ctx.db, order.id);
  if (!current) throw new HttpError(404, "There is no order with this id.");
  if (current.transactionId === intent.id) return await orderResponse(ctx.db, current, ctx);
  throw new HttpError(409, ALREADY_PAID);
}

export type PaymentRecordOutcome =
  | "marked-paid"
  | "already-paid"
  | "refunded"
  | "not-succeeded"
  | "no-order"
  | "mismatch";

/**
 * A succeeded payment reported by the gateway itself (Stripe's webhook, the test gateway's
 * confirmation): marks its order paid, or refunds it if the order was cancelled meanwhile. The outcome
 * tells the caller what to log.
 */
export async function recordSucceededPayment(
  ctx: PaymentContext,
  intent: GatewayPaymentIntent,
): Promise<PaymentRecordOutcome> {
  if (intent.status !== "succeeded") return "not-succeeded";
  if (!intent.orderId || !UUID_PATTERN.test(intent.orderId)) return "no-order";
  // The usual case in one statement: the unpaid order this payment is for, at exactly its amount.
  if (intent.currency === ctx.currency) {
    const paid = await markOrderPaid(ctx, intent.orderId, intent.id, intent.amountCents);
    if (paid) return "marked-paid";
  }
  return whyNotMarked(ctx, intent);
}

/**
 * Why a succeeded payment did not mark its order paid; a payment for a cancelled order is refunded
 * here, since every path that sees a succeeded payment (the webhook, the browser's PATCH, the test
 * gateway's confirmation, the expiry) comes here when its order was not unpaid any more.
 */
async function whyNotMarked(ctx: PaymentContext, intent: PaymentTerms): Promise<PaymentRecordOutcome> {
  const order = intent.orderId ? await findOrder(ctx.db, intent.orderId) : undefined;
  if (!order) return "no-order";
  if (order.status === "cancelled") return refundPaymentOfCancelledOrder(ctx, order.id, intent);
  if (!paysFor(intent, order, ctx.currency)) return "mismatch";
  return "already-paid";
}

/**
 * A payment that succeeded for a cancelled order (paid after its reservation expired, or reported late
 * by Stripe's webhook): refunded in full, recorded before the gateway is asked (refunds.ts), once
 * whatever the paths that see it; the customer is mailed once. The order stays cancelled.
 */
export async function refundPaymentOfCancelledOrder(
  ctx: PaymentContext,
  orderId: string,
  payment: Pick<PaymentTerms, "id" | "amountCents">,
): Promise<"refunded"> {
  await refundLatePayment(ctx, orderId, payment);
  return "refunded";
}

/** What closing an order's started payment leaves to the cancellation that follows it. */
export type ClosedPayment =
  /** No payment succeeded (none was started, or it was closed in time): cancel the order. */
  | { next: "cancel" }
  /**
   * It had just succeeded and is recorded: it paid the order, or (`refunded`) the order was cancelled
   * before and it was refunded as a cancelled order's payment. Not cancelled (409).
   */
  | { next: "refuse"; refunded: boolean }
  /**
   * It succeeded without paying the order (another amount or currency): its refund is recorded, pending
   * (undefined once completed by an earlier attempt). Cancel the order, keeping its row, which the
   * refund is recorded on, then refundAfterCancel.
   */
  | { next: "cancel-and-refund"; refund: RefundRow | undefined };

/**
 * Before an unpaid order is cancelled (the admin's cancel, the customer's delete, the expiry): its
 * started payment is cancelled at the gateway, so that nobody pays for a cancelled order; one that has
 * just succeeded is recorded. A payment that does not pay the order is never kept: its refund's record
 * is written here, before the cancellation, so that resumePendingRefunds pays it back (decision 0051)
 * even if the caller dies, or its cancellation fails, before refundAfterCancel.
 */
export async function closePaymentBeforeCancel(ctx: PaymentContext, order: OrderRow): Promise<ClosedPayment> {
  const payment = order.paymentIntentId ? await ctx.gateway.cancel(order.paymentIntentId) : undefined;
  if (payment?.status !== "succeeded") return { next: "cancel" };
  const outcome = await recordSucceededPayment(ctx, payment);
  if (outcome === "mismatch") {
    return { next: "cancel-and-refund", refund: await recordPaymentRefund(ctx, order.id, payment) };
  }
  // No order any more (deleted meanwhile): the cancellation finds none either.
  if (outcome === "no-order") return { next: "cancel" };
  return { next: "refuse", refunded: outcome === "refunded" };
}

/**
 * After the cancellation, whether or not it moved the order: pays a stray payment's recorded refund
 * back. Answers the order after that refund, or undefined when there was none to pay now.
 */
export async function refundAfterCancel(
  ctx: PaymentContext,
  closed: ClosedPayment,
): Promise<Order | undefined> {
  if (closed.next !== "cancel-and-refund" || !closed.refund) return undefined;
  return settleRefund(ctx, closed.refund);
}

/**
 * Where an order becomes paid (payTestIntentAndOrder below does the same inside the test gateway's
 * payment): only from unpaid (and at exactly `amountCents`, when given), so only once. The move is one
 * prepared statement; what being paid causes (the mail, the day's sales, the invoice: decision 0042)
 * is the order process's, in the same transaction, and OrderPaid is published after the commit. The
 * statements are built for each transaction, but keep their names, so PostgreSQL still plans them
 * once per connection (0020).
 */
async function markOrderPaid(
  ctx: PaymentContext,
  orderId: string,
  paymentId: string,
  amountCents?: number,
): Promise<OrderRow | undefined> {
  const withAmount = amountCents !== undefined;
  const paid = await ctx.db.transaction(async (tx) => {
    const statement = transitionStatement(
      tx,
      sql`${sql.placeholder("orderId")}`,
      "unpaid",
      "paid",
      paidWith("paymentId"),
      withAmount ? eq(orders.totalCents, sql.placeholder("amountCents")) : undefined,
    ).prepare(plannedOnce(`orders/mark-paid${withAmount ? "-at-amount" : ""}`));
    const [row] = await statement.execute({ orderId, paymentId, amountCents });
    return row && afterMove(ctx, tx, row, { to: "paid" });
  });
  if (!paid) return undefined;
  await paid.announce();
  return paid.order;
}

/** A paid order's fields: the payment's id (a placeholder's value) as both ids, and when. */
function paidWith(paymentPlaceholder: string): TransitionFields {
  const payment = sql`${sql.placeholder(paymentPlaceholder)}`;
  return { transactionId: payment, paymentIntentId: payment, paidAt: sql`now()` };
}

/**
 * The test gateway's settler (TestPaymentSettler): pays the open intent `intentId` and, in the same
 * statement, marks paid the unpaid order it is for, at exactly its amount and currency, as
 * markOrderPaid does, then runs the order process's effects of paid in the same transaction.
 */
export async function payTestIntentAndOrder(
  ctx: OrdersContext,
  intentId: string,
): Promise<{ paid: TestIntentRow; outcome: PaymentRecordOutcome } | undefined> {
  const row = await ctx.db.transaction(async (tx) => {
    const intent = tx.$with("paid_intent").as(payOpenTestIntent(tx));
    // The paid intent's value of `field`, where the order's update reads it.
    const ofIntent = (field: AnyPgColumn) => sql`(select ${field} from ${intent})`;
    const { moved, steps } = transitionSteps(
      tx,
      ofIntent(intent.orderId),
      "unpaid",
      "paid",
      paidWith("intentId"),
      and(
        eq(orders.totalCents, ofIntent(intent.amountCents)),
        sql`${ofIntent(intent.currency)} = ${sql.placeholder("currency")}`,
      ),
    );
    const statement = tx
      .with(intent, ...steps)
      .select({ paid: intent._.selectedFields, order: moved._.selectedFields })
      .from(intent)
      .leftJoin(moved, sql`true`)
      .prepare(plannedOnce("orders/pay-test-intent-and-order"));
    const [settled] = await statement.execute({ intentId, currency: ctx.currency });
    if (!settled) return undefined;
    return {
      paid: settled.paid,
      entered: settled.order && (await afterMove(ctx, tx, settled.order, { to: "paid" })),
    };
  });
  if (!row) return undefined;
  if (!row.entered) return { paid: row.paid, outcome: await whyNotMarked(ctx, row.paid) };
  await row.entered.announce();
  return { paid: row.paid, outcome: "marked-paid" };
}
