// Test helpers for the refund-record suites (tests only): a paid order on the built-in test gateway,
// everything a refund leaves behind, and faults injected by wrapping the gateway of a context of the
// test's own (decision 0027: nothing is mocked or left behind).
import type { Database } from "@toolshop/db/client";
import { orderLines, refunds, taxDocuments, testPaymentRefunds } from "@toolshop/db/schema";
import type { Order, RefundLinesBody } from "@toolshop/shared/orders";
import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { DomainEvent } from "../../lib/domain-events";
import { addCustomer, addTool } from "../../testing/fixtures";
import type { PaymentGateway } from "../payments/gateway";
import type { TestPaymentGateway } from "../payments/test-gateway";
import type { OrdersContext } from "./context";
import { confirmPayment, startPayment } from "./payment";
import { createOrder } from "./place-order";
import { VALID_CARD } from "./test-fixtures";

/** Each test tool's stock before its order. */
export const STOCK = 20;

/** A suite's database, context on the test gateway, and the events that context published. */
export interface RefundTestbed {
  db: Database;
  ctx: OrdersContext;
  gateway: TestPaymentGateway;
  published: DomainEvent[];
}

/** The gateway with its refund replaced: the fault a test injects around the real one. */
export function withRefund(gateway: PaymentGateway, refund: PaymentGateway["refund"]): PaymentGateway {
  return {
    kind: gateway.kind,
    publishableKey: gateway.publishableKey,
    createIntent: (input) => gateway.createIntent(input),
    retrieve: (id) => gateway.retrieve(id),
    cancel: (id) => gateway.cancel(id),
    refund,
  };
}

/** The process dies after the gateway paid out, before the shop's commit. */
export const crashingAfterPayout = (gateway: PaymentGateway) =>
  withRefund(gateway, async (...args) => {
    await gateway.refund(...args);
    throw new Error("the process died after the gateway answered");
  });

export const linesBody = (toolId: string, quantity: number): RefundLinesBody => ({
  lines: [{ toolId, quantity }],
});

/** A paid order of these tools (priced in cents, STOCK of each), three units of each. */
export async function paidOrder({ db, ctx, gateway }: RefundTestbed, pricesCents: number[]) {
  const customer = await addCustomer(db);
  const tools = await Promise.all(
    pricesCents.map((priceCents) => addTool(db, { priceCents, minQuantity: 1, availableQuantity: STOCK })),
  );
  const { order } = await createOrder(ctx, customer, {
    lines: tools.map((tool) => ({ toolId: tool.id, quantity: 3 })),
    address: "1 Main St",
    phone: "5550100",
  });
  const { clientSecret } = await startPayment(ctx, customer, order._id);
  expect(await gateway.confirmCard(clientSecret, VALID_CARD)).toMatchObject({ ok: true });
  const paymentId = clientSecret.split("_secret_")[0] ?? "";
  const paid = await confirmPayment(ctx, customer, order._id, paymentId);
  expect(paid.status).toBe("paid");
  return { customer, order: paid, tools, paymentId };
}

/** Everything a refund leaves behind, to compare with what it should. */
export async function traces({ db, published }: RefundTestbed, order: Order, paymentId: string) {
  const payouts = await db
    .select({ amountCents: testPaymentRefunds.amountCents })
    .from(testPaymentRefunds)
    .where(eq(testPaymentRefunds.intentId, paymentId))
    .orderBy(asc(testPaymentRefunds.createdAt));
  const creditNotes = await db
    .select({ number: taxDocuments.number })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, order._id), eq(taxDocuments.kind, "credit_note")));
  const records = await db
    .select({ kind: refunds.kind, state: refunds.state, amountCents: refunds.amountCents })
    .from(refunds)
    .where(eq(refunds.orderId, order._id))
    .orderBy(asc(refunds.createdAt));
  const lines = await db
    .select({ refunded: orderLines.refundedQuantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, order._id))
    .orderBy(asc(orderLines.position));
  const announced = published.filter(
    (event) => event.type === "OrderRefunded" && event.order._id === order._id,
  ).length;
  return {
    payouts: payouts.map((payout) => payout.amountCents),
    creditNotes: creditNotes.length,
    records,
    refunded: lines.map((line) => line.refunded),
    announced,
  };
}
