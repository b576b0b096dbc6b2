// The order process (issue 57, decision 0053), as Vendure's OrderProcess: for every status an order can
// enter, the checks before the move (onTransitionStart) and the effects after it (onTransitionEnd), run
// in the move's transaction, and the domain event published once it has committed. The transition
// table (packages/shared/src/order-lifecycle.ts) says which moves are legal and lifecycle.ts makes the
// guarded update with its history line; what a move checks and causes is written here and nowhere else.
// Every move goes through this file: the admin's commands (runTransition), the customer's delete and
// the expiry (enterState, moveOrder), paying (payment.ts runs its one statement, then afterMove) and
// refunding (recordRefund, in the refund record's completion). A new status adds its entry to STATES:
// the table's type refuses to compile until it has one.
import type { Database } from "@toolshop/db/client";
import { orderLines, orders } from "@toolshop/db/schema";
import { isAllowedTransition, mayRefundLines } from "@toolshop/shared/order-lifecycle";
import type { Order, OrderStatus } from "@toolshop/shared/orders";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { CancelReason, DomainEvent } from "../../lib/domain-events";
import { HttpError } from "../../lib/http-errors";
import { minorToAmount } from "../../lib/money";
import { issueCreditNote, issueInvoice, linesAndBuyerName, shippingDocumentLine } from "../invoices/issue";
import { countPaidOrder, uncountRefundedOrder, uncountRefundedUnits } from "../overview/sales";
import { NOT_REFUNDABLE } from "../payments/gateway";
import { enqueueOrderMail, type OrdersContext, publish } from "./context";
import { linesOfOrders, orderResponse } from "./dto";
import {
  assertTransition,
  illegalTransitionMessage,
  type TransitionFields,
  transitionStatement,
} from "./lifecycle";
import type { OrderLineRow, OrderRow, RefundRow } from "./row-types";
import { putOrderStockBack, putStockBack } from "./stock";

/** What the checks and effects work with: the mails' outbox, the invoicing, the events. */
export type ProcessContext = Pick<
  OrdersContext,
  "db" | "currency" | "unpaidOrderHoldMinutes" | "events" | "invoicing" | "mails" | "restocked"
>;

/** What a move into each status says beside the status. */
interface Details {
  unpaid: object;
  paid: object;
  shipped: { carrier: string; trackingNumber: string };
  delivered: object;
  /** `removing`: a delete, whose transaction removes the row right after (service.ts). */
  cancelled: { reason: CancelReason; removing?: boolean };
  refunded: object;
}

/** A status to enter and what the move says with it: `{ to: "shipped", carrier, trackingNumber }`. */
export type Target = { [S in OrderStatus]: { to: S } & Details[S] }[OrderStatus];

/** One move: from which status (the guarded update's WHERE), a further condition of it, and the target. */
export type OrderMove = Target & { orderId: string; from: OrderStatus; condition?: SQL | undefined };

/** The order as it has just entered a status in `tx`, and the move's details. */
interface Entering<S extends OrderStatus> {
  ctx: ProcessContext;
  tx: Database;
  order: OrderRow;
  details: Details[S];
}

interface StateProcess<S extends OrderStatus> {
  /** Before: refusals beyond the transition table, of the order as read (a 409's sentence). */
  checks?: readonly ((order: OrderRow) => string | undefined)[];
  /** The columns the move sets beside the status. */
  fields?: (details: Details[S]) => TransitionFields;
  /**
   * After, in the move's transaction: it commits or rolls back with the move. Answers the order's view
   * when it must be taken before the commit (a deleted order's row goes in the same transaction).
   */
  effects: (entering: Entering<S>) => Promise<Order | undefined>;
  /** Once committed: the domain event (decision 0009) whose subscribers drop caches. */
  event?: (order: Order, details: Details[S]) => DomainEvent;
}

const tookPayment = (order: OrderRow) => (order.paymentIntentId ? undefined : NOT_REFUNDABLE);

const STATES: { [S in OrderStatus]: StateProcess<S> } = {
  // Placed unpaid in one transaction by place-order.ts (decision 0038): the stock taken, OrderPlaced
  // published there. No move leads back to it.
  unpaid: { effects: async () => undefined },

  // Checked before: the gateway's word that a payment of exactly the total, in the shop's currency,
  // succeeded for this order (payment.ts, in the guarded update's conditions: the hot path reads no
  // row first). After: the confirmation mail, the day's sales (decision 0048), and the invoice last, so
  // that the series' counter row is held only until the commit (0042).
  paid: {
    async effects({ ctx, tx, order }) {
      const contents = await linesAndBuyerName(tx, order);
      await enqueueOrderMail(ctx, tx, { mail: "confirmation", orderId: order.id });
      await countPaidOrder(tx, order, contents.lines);
      await issueInvoice(tx, { ...ctx.invoicing, currency: ctx.currency }, order, contents);
      return undefined;
    },
    event: (order) => ({ type: "OrderPaid", order }),
  },

  shipped: {
    fields: ({ carrier, trackingNumber }) => ({ carrier, trackingNumber }),
    async effects({ ctx, tx, order, details: { carrier, trackingNumber } }) {
      await enqueueOrderMail(ctx, tx, { mail: "shipped", orderId: order.id, carrier, trackingNumber });
      return undefined;
    },
    event: (order, { carrier, trackingNumber }) => ({ type: "OrderShipped", order, carrier, trackingNumber }),
  },

  delivered: {
    async effects({ ctx, tx, order }) {
      await enqueueOrderMail(ctx, tx, { mail: "delivered", orderId: order.id });
      return undefined;
    },
    event: (order) => ({ type: "OrderDelivered", order }),
  },

  // An admin's cancel, the hold's end (expiry.ts) or a delete. Their callers close a started payment at
  // the gateway first (payment.ts's closePaymentBeforeCancel, which also has a payment that does not
  // pay the order refunded). After: the stock back on the shelf and the cancellation mail.
  cancelled: {
    // The customer's own cancellation is their delete: the row goes (or stays as the record of such a
    // payment's refund), and the column keeps no reason.
    fields: ({ reason }) => (reason === "customer" ? {} : { cancelReason: reason }),
    async effects({ ctx, tx, order, details: { reason, removing } }) {
      await putOrderStockBack(tx, order.id, ctx.restocked);
      // A deleted order's mail and event carry it as it was: its row is gone when they are read.
      const deleted = removing ? await orderResponse(tx, order, ctx) : undefined;
      await enqueueOrderMail(ctx, tx, { mail: "cancelled", orderId: order.id, reason, deleted });
      return deleted;
    },
    event: (order, { reason }) => ({ type: "OrderCancelled", order, reason }),
  },

  // Checked before: the order took a payment. Money goes back only through a refund record
  // (refund-records.ts): recordRefund below gives back that refund's units, with its credit note and
  // mail, and then a paid order whose every line is refunded enters refunded. After: every unit not yet
  // back goes back, the day's sales no longer count the order, and every line is marked refunded.
  refunded: {
    checks: [tookPayment],
    async effects({ ctx, tx, order }) {
      await putOrderStockBack(tx, order.id, ctx.restocked);
      await uncountRefundedOrder(tx, order, (await linesOfOrders(tx, [order.id])).get(order.id) ?? []);
      await tx
        .update(orderLines)
        .set({ refundedQuantity: sql`${orderLines.quantity}` })
        .where(eq(orderLines.orderId, order.id));
      return undefined;
    },
  },
};

/** The process of one status, typed by it (TypeScript cannot follow a union into the table's keys). */
function stateOf<S extends OrderStatus>(status: S): StateProcess<S> {
  return STATES[status] as unknown as StateProcess<S>;
}

/** Refuses (409) a move of `order`, as read, into `to`: the transition table, then the state's checks. */
export function assertMayEnter(order: OrderRow, to: OrderStatus): void {
  assertTransition(order.status, to);
  for (const check of stateOf(to).checks ?? []) {
    const refusal = check(order);
    if (refusal) throw new HttpError(409, refusal);
  }
}

/** A move made in a transaction, and what is left for after its commit. */
export interface Entered {
  order: OrderRow;
  /** After the commit: publishes the move's event; answers the order's view. */
  announce(): Promise<Order>;
}

/** An order moved and announced: its row and its view. */
export interface Moved {
  row: OrderRow;
  order: Order;
}

/**
 * The effects of `order` having just moved into `target.to` in `tx`. For a caller that moved it with a
 * statement of its own (payment.ts's prepared statements); anyone else calls enterState.
 */
export async function afterMove(
  ctx: ProcessContext,
  tx: Database,
  order: OrderRow,
  target: Target,
): Promise<Entered> {
  const state = stateOf(target.to);
  const kept = await state.effects({ ctx, tx, order, details: target });
  return {
    order,
    async announce() {
      const view = kept ?? (await orderResponse(ctx.db, order, ctx));
      const event = state.event?.(view, target);
      if (event) await publish(ctx, event);
      return view;
    },
  };
}

/**
 * Moves an order in `tx`: the guarded update (WHERE status = `from`, and `condition`), its history
 * line and the target state's effects. Undefined when the update matched nothing: another command
 * moved the order first, or `condition` failed.
 */
export async function enterState(
  ctx: ProcessContext,
  tx: Database,
  move: OrderMove,
): Promise<Entered | undefined> {
  const fields = stateOf(move.to).fields?.(move) ?? {};
  const [moved] = await transitionStatement(tx, move.orderId, move.from, move.to, fields, move.condition);
  return moved && afterMove(ctx, tx, moved, move);
}

/** enterState in a transaction of its own, announced once that has committed. */
export async function moveOrder(ctx: ProcessContext, move: OrderMove): Promise<Moved | undefined> {
  const entered = await ctx.db.transaction((tx) => enterState(ctx, tx, move));
  return entered && { row: entered.order, order: await entered.announce() };
}

/**
 * One command on one order (the admin's): reads it (404), refuses what it may not enter (409 with a
 * sentence) and moves it. A lost race re-reads and judges the new status.
 */
export async function runTransition(ctx: ProcessContext, orderId: string, target: Target): Promise<Moved> {
  for (;;) {
    const [current] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    if (!current) throw new HttpError(404, "There is no order with this id.");
    assertMayEnter(current, target.to);
    const moved = await moveOrder(ctx, { ...target, orderId, from: current.status });
    if (moved) return moved;
  }
}

/** Units of one of an order's lines that a refund gives back. */
export interface LineRefund {
  line: OrderLineRow;
  quantity: number;
}

/** Refuses (409) a refund of chosen lines of `order`, as read: its status (LINE_REFUNDS), its payment. */
export function assertMayRefundLines(order: OrderRow): void {
  if (!mayRefundLines(order.status)) {
    throw new HttpError(409, illegalTransitionMessage(order.status, "refunded"));
  }
  const refusal = tookPayment(order);
  if (refusal) throw new HttpError(409, refusal);
}

/** A refund recorded: the order after it, its credit note (none before invoices) and the units given back. */
export interface RecordedRefund {
  order: OrderRow;
  creditNote: string | undefined;
  refunded: LineRefund[];
  /** After the commit: publishes OrderRefunded; answers the order's view. */
  announce(): Promise<Order>;
}

/**
 * The refund step: money the gateway has paid out, recorded once per refund record, in the record's
 * completion (refund-records.ts: its transaction holds the order's row lock). It is no status of its
 * own: a shipped or delivered order keeps its status, and the status is not checked again (the money
 * has gone). After: the lines' refunded units, the credit note, the day's sales, the stock and the
 * refund mail; a paid order whose every line is now refunded enters refunded. A payment that came
 * after its order was cancelled gives back no units: the order keeps its payment's id, and the mail.
 */
export async function recordRefund(
  ctx: ProcessContext,
  tx: Database,
  order: OrderRow,
  refund: RefundRow,
): Promise<RecordedRefund> {
  if (refund.kind === "payment") {
    const [recorded] = await tx
      .update(orders)
      .set({ transactionId: refund.paymentId })
      .where(
        and(eq(orders.id, order.id), eq(orders.status, "cancelled"), sql`${orders.transactionId} is null`),
      )
      .returning();
    await enqueueOrderMail(ctx, tx, { mail: "refunded", orderId: order.id, paymentId: refund.paymentId });
    return refundRecorded(ctx, refund, recorded ?? order, undefined, []);
  }
  const lines = (await linesOfOrders(tx, [order.id])).get(order.id) ?? [];
  const refunded = refund.lines.flatMap(({ position, quantity }) => {
    const line = lines.find((each) => each.position === position);
    return line ? [{ line, quantity }] : [];
  });
  for (const { line, quantity } of refunded) {
    await tx
      .update(orderLines)
      .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${quantity}` })
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.position, line.position)));
  }
  // The credit note first, then the day's sales, as paying does: the series' row is held only until
  // the commit.
  // A whole refund gives the shipping back too (lines refunded one by one keep it).
  const shipping = refund.kind === "order" ? shippingDocumentLine(order) : undefined;
  const creditNote = await issueCreditNote(tx, ctx.invoicing, order.id, [
    ...refunded,
    ...(shipping ? [shipping] : []),
  ]);
  await uncountRefundedUnits(tx, order, refunded);
  await putStockBack(
    tx,
    refunded.map(({ line, quantity }) => ({ toolId: line.toolId, quantity })),
    ctx.restocked,
  );
  const part = refund.kind === "lines" ? partOf(ctx, refund, refunded) : undefined;
  await enqueueOrderMail(ctx, tx, {
    mail: "refunded",
    orderId: order.id,
    paymentId: refund.paymentId,
    part,
    creditNote,
  });
  const everyLineRefunded = lines.every((line) => {
    const refunding = refunded.find((each) => each.line.position === line.position)?.quantity ?? 0;
    return line.refundedQuantity + refunding === line.quantity;
  });
  if (!everyLineRefunded || !isAllowedTransition(order.status, "refunded")) {
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return refundRecorded(ctx, refund, current ?? order, creditNote, refunded);
  }
  // The order's row is locked: the move cannot lose a race.
  const entered = await enterState(ctx, tx, { orderId: order.id, from: order.status, to: "refunded" });
  if (!entered) throw new Error(`Order ${order.id} did not move to refunded under its lock.`);
  return refundRecorded(ctx, refund, entered.order, creditNote, refunded);
}

/** The units an admin chose, named for the mail, and the amount they gave back in currency units. */
function partOf(ctx: ProcessContext, refund: RefundRow, refunded: readonly LineRefund[]) {
  return {
    lines: refunded.map(({ line, quantity }) => ({ name: line.name, quantity })),
    amount: minorToAmount(refund.amountCents, ctx.currency),
  };
}

function refundRecorded(
  ctx: ProcessContext,
  refund: RefundRow,
  order: OrderRow,
  creditNote: string | undefined,
  refunded: LineRefund[],
): RecordedRefund {
  return {
    order,
    creditNote,
    refunded,
    async announce() {
      const view = await orderResponse(ctx.db, order, ctx);
      await publish(ctx, {
        type: "OrderRefunded",
        order: view,
        paymentId: refund.paymentId,
        ...(refund.kind === "lines" ? { part: partOf(ctx, refund, refunded) } : {}),
        ...(refund.kind === "payment" ? {} : { creditNote }),
      });
      return view;
    },
  };
}
