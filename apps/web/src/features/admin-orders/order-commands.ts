// Which of the owner's commands an order offers, read from the shared table (order-lifecycle.ts) that
// the server enforces, so that the card cannot offer what the server refuses nor hide what it allows,
// and a status added to the table needs no change here (docs/architecture.md §4).
import { isAllowedTransition, mayRefundLines } from "@toolshop/shared/order-lifecycle";
import type { Order, OrderStatus } from "@toolshop/shared/orders";
import { unitsLeft } from "../../lib/order-lines";
import type { OrderCommand } from "./api/admin-orders-api";

export type OrderCommandKind = OrderCommand["kind"];

/**
 * Lines that can still be refunded one by one: units left, and a tool id to name them by (a line whose
 * tool left the catalogue has none, so only the whole-order refund reaches it).
 */
export const refundableLines = (order: Order) =>
  order.lines.filter((line) => line.toolId && unitsLeft(line) > 0);

/** The refunds an order allows: the whole order (the table leads to refunded) and chosen lines. */
export interface RefundModes {
  whole: boolean;
  lines: boolean;
}

export function refundModesOf(order: Order): RefundModes {
  return {
    whole: isAllowedTransition(order.status, "refunded"),
    lines: mayRefundLines(order.status) && refundableLines(order).length > 0,
  };
}

export interface OfferedCommand {
  kind: OrderCommandKind;
  label: string;
  style: string;
}

const moveTo =
  (to: OrderStatus) =>
  (order: Order): boolean =>
    isAllowedTransition(order.status, to);

/** Every command in the order its buttons stand, each with when an order offers it. */
const COMMANDS: (OfferedCommand & { offered: (order: Order) => boolean })[] = [
  { kind: "ship", label: "Ship", style: "btn-primary", offered: moveTo("shipped") },
  { kind: "deliver", label: "Mark delivered", style: "btn-primary", offered: moveTo("delivered") },
  { kind: "cancel", label: "Cancel", style: "btn-outline btn-error", offered: moveTo("cancelled") },
  {
    kind: "refund",
    label: "Refund",
    style: "btn-outline btn-error",
    offered: (order) => {
      const modes = refundModesOf(order);
      return modes.whole || modes.lines;
    },
  },
];

/** What the owner can do next with this order. */
export function commandsOf(order: Order): OfferedCommand[] {
  return COMMANDS.filter((command) => command.offered(order)).map(({ kind, label, style }) => ({
    kind,
    label,
    style,
  }));
}
