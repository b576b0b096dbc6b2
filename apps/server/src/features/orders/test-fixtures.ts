// Test data for the order and payment suites (tests only); users and tools are in testing/fixtures.ts.
import type { Database } from "@toolshop/db/client";
import type { Order } from "@toolshop/shared/orders";
import { TestPaymentGateway } from "../payments/test-gateway";
import type { OrdersContext } from "./context";

export const TEST_GATEWAY_SECRET = "orders-test-secret-at-least-32-characters";
export const VALID_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };

/** An orders context on the built-in test gateway that records the paid-order announcements. */
export function ordersContext(db: Database): {
  ctx: OrdersContext;
  gateway: TestPaymentGateway;
  paidAnnouncements: Order[];
} {
  const gateway = new TestPaymentGateway(db, TEST_GATEWAY_SECRET);
  const paidAnnouncements: Order[] = [];
  const ctx: OrdersContext = {
    db,
    currency: "usd",
    gateway,
    maxUnpaidOrders: 1000,
    onOrderPaid: (order) => paidAnnouncements.push(order),
  };
  return { ctx, gateway, paidAnnouncements };
}
