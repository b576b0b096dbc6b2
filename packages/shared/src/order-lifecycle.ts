// The order's lifecycle (issue 11): one transition table, read by the server (which refuses any other
// change with a 409) and by the web (which offers an order only the actions its status allows), so
// that the two cannot disagree.
import type { OrderStatus } from "./orders";

/** Which status may follow which; anything else is a 409. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  unpaid: ["paid", "cancelled"],
  paid: ["shipped", "refunded"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
  refunded: [],
};

export function isAllowedTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Whose lines an admin may refund one by one: an order that took a payment it keeps. A shipped or
 * delivered order keeps its status (no way leads from it to refunded): its lines say what was refunded.
 * A record, so that a new status has to say.
 */
export const LINE_REFUNDS: Readonly<Record<OrderStatus, boolean>> = {
  unpaid: false,
  paid: true,
  shipped: true,
  delivered: true,
  cancelled: false,
  refunded: false,
};

export function mayRefundLines(status: OrderStatus): boolean {
  return LINE_REFUNDS[status];
}

/** An order its customer may pay for: one that may still become paid. */
export function isPayable(status: OrderStatus): boolean {
  return isAllowedTransition(status, "paid");
}

/**
 * An order its customer (or an admin) may delete: one that may still be cancelled (deleting it is its
 * cancellation) or one already cancelled (it never took money). Any other order took a payment and
 * stays on record.
 */
export function isDeletable(status: OrderStatus): boolean {
  return status === "cancelled" || isAllowedTransition(status, "cancelled");
}

/** When an unpaid order placed at `createdAt` stops holding its stock (UNPAID_ORDER_HOLD_MINUTES). */
export function reservationEndsAt(createdAt: Date, holdMinutes: number): Date {
  return new Date(createdAt.getTime() + holdMinutes * 60_000);
}
