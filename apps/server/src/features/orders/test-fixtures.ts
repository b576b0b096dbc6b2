// Test data for the order and payment suites (tests only); users and tools are in testing/fixtures.ts.
import type { Database } from "@toolshop/db/client";
import type { Order } from "@toolshop/shared/orders";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { DomainEvent } from "../../lib/domain-events";
import { call, type SignedInCustomer } from "../../testing/api-client";
import type { TestAppOptions } from "../../testing/test-app";
import type { FakeStripe } from "../payments/fake-stripe";
import { StripePaymentGateway } from "../payments/stripe-gateway";
import { TestPaymentGateway } from "../payments/test-gateway";
import type { OrdersContext } from "./context";

export const TEST_GATEWAY_SECRET = "orders-test-secret-at-least-32-characters";
export const VALID_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };

/** The invoice settings of the order suites' contexts: INVOICE_PREFIX and the seller as env.ts defaults them. */
export const TEST_INVOICING: OrdersContext["invoicing"] = {
  invoicePrefix: "INV",
  seller: { name: "Toolshop", addressLines: [] },
};

/** An orders context on the built-in test gateway that records the domain events it publishes. */
export function ordersContext(db: Database): {
  ctx: OrdersContext;
  gateway: TestPaymentGateway;
  /** Every event published, in order. */
  published: DomainEvent[];
  /** The orders of the OrderPaid events, in order. */
  paidAnnouncements: Order[];
} {
  const gateway = new TestPaymentGateway(db, TEST_GATEWAY_SECRET);
  const published: DomainEvent[] = [];
  const paidAnnouncements: Order[] = [];
  const ctx: OrdersContext = {
    db,
    currency: "usd",
    gateway,
    maxUnpaidOrders: 1000,
    unpaidOrderHoldMinutes: 60,
    tax: { ratePercent: 0, pricesIncludeTax: false },
    invoicing: TEST_INVOICING,
    events: {
      async publish(event) {
        published.push(event);
        if (event.type === "OrderPaid") paidAnnouncements.push(event.order);
      },
    },
  };
  return { ctx, gateway, published, paidAnnouncements };
}

/** Pays an unpaid order on the test gateway as the checkout does (intent, card, PATCH); answers the payment id. */
export async function payThroughCheckout(
  app: FastifyInstance,
  who: SignedInCustomer,
  orderId: string,
): Promise<string> {
  const intent = await call(app, who, "POST", "/api/create-payment-intent", { orderId });
  const confirmed = await call(app, who, "POST", "/api/test-gateway/confirm", {
    clientSecret: intent.json().clientSecret,
    card: VALID_CARD,
    billing: { name: "Ada", email: who.email },
  });
  const paymentId: string = confirmed.json().paymentIntent.id;
  const paid = await call(app, who, "PATCH", `/api/orders/${orderId}`, { transactionId: paymentId });
  expect(paid.statusCode, paid.body).toBe(200);
  return paymentId;
}

/** createTestApp's options for paying with Stripe, whose servers `fake` mocks (fake-stripe.ts). */
export function onFakeStripe(
  fake: FakeStripe,
  webhookSecret: string,
): TestAppOptions & { paymentGateway: StripePaymentGateway } {
  return {
    env: {
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    paymentGateway: new StripePaymentGateway(fake.stripe, "pk_test_fake"),
  };
}

/**
 * Starts an unpaid order's payment on Stripe, whose servers `fake` mocks, and confirms the card there
 * as Stripe.js would; answers the payment id. The order is paid once the webhook or the checkout's
 * PATCH reports it.
 */
export async function succeedOnFakeStripe(
  app: FastifyInstance,
  who: SignedInCustomer,
  fake: FakeStripe,
  orderId: string,
): Promise<string> {
  const started = await call(app, who, "POST", "/api/create-payment-intent", { orderId });
  expect(started.statusCode, started.body).toBe(200);
  const paymentId = String(started.json().clientSecret).split("_secret_")[0] ?? "";
  fake.succeed(paymentId);
  return paymentId;
}
