import { render, screen } from "@testing-library/react";
import { LINE_REFUNDS, ORDER_TRANSITIONS } from "@toolshop/shared/order-lifecycle";
import { type Order, type OrderStatus, orderStatusSchema } from "@toolshop/shared/orders";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { aTwoLineOrder } from "../../orders/test/orders-data";
import { AdminOrderCard } from "./admin-order-card";

const CARD = "Cart Clamp and 1 more tool for ann@example.com";
const STATUSES = orderStatusSchema.options;

/** The visible labels of the card's buttons, in their order (each also names the order for a reader). */
function buttonsOf(order: Order): string[] {
  const { unmount } = render(
    <MemoryRouter>
      <AdminOrderCard order={{ ...order, number: "TS-000007" }} onCommand={() => {}} />
    </MemoryRouter>,
  );
  const labels = screen.queryAllByRole("button").map((button) => {
    const name = button.textContent ?? "";
    expect(name.endsWith(` ${CARD}`), name).toBe(true);
    return name.slice(0, -` ${CARD}`.length);
  });
  unmount();
  return labels;
}

const withStatus = (status: OrderStatus, overrides: Partial<Order> = {}) =>
  aTwoLineOrder({ status, paid: status !== "unpaid" && status !== "cancelled", ...overrides });

/** Both lines with every unit refunded already (a shipped or delivered order keeps its status). */
const everyUnitRefunded = (order: Order): Order => ({
  ...order,
  lines: order.lines.map((line) => ({ ...line, refundedQuantity: line.quantity })),
});

describe("AdminOrderCard's commands", () => {
  it("offers each status what docs/product.md and the table say, Refund while lines are left to refund", () => {
    const expected: Record<OrderStatus, string[]> = {
      unpaid: ["Cancel"],
      // The spec's paid order, as always: Ship, then Refund.
      paid: ["Ship", "Refund"],
      shipped: ["Mark delivered", "Refund"],
      delivered: ["Refund"],
      cancelled: [],
      refunded: [],
    };
    expect(Object.fromEntries(STATUSES.map((status) => [status, buttonsOf(withStatus(status))]))).toEqual(
      expected,
    );
  });

  it("offers no Refund once every unit of a shipped or delivered order is refunded", () => {
    expect(buttonsOf(everyUnitRefunded(withStatus("shipped")))).toEqual(["Mark delivered"]);
    expect(buttonsOf(everyUnitRefunded(withStatus("delivered")))).toEqual([]);
  });

  it("offers a delivered order no Refund when its only lines left lost their tool; a paid one its whole refund", () => {
    const lines = (order: Order) => order.lines.map((line) => ({ ...line, toolId: null }));
    const delivered = withStatus("delivered");
    expect(buttonsOf({ ...delivered, lines: lines(delivered) })).toEqual([]);
    const paid = withStatus("paid");
    expect(buttonsOf({ ...paid, lines: lines(paid) })).toEqual(["Ship", "Refund"]);
  });

  it("follows the shared table for every status: a button for each move it allows, Refund for a refund", () => {
    for (const status of STATUSES) {
      const moves = ORDER_TRANSITIONS[status];
      const fromTable = [
        moves.includes("shipped") ? ["Ship"] : [],
        moves.includes("delivered") ? ["Mark delivered"] : [],
        moves.includes("cancelled") ? ["Cancel"] : [],
        // Both lines have units left: a whole refund or one of chosen lines.
        moves.includes("refunded") || LINE_REFUNDS[status] ? ["Refund"] : [],
      ].flat();
      expect(buttonsOf(withStatus(status)), status).toEqual(fromTable);
    }
  });
});
