// Issue 50: the invoice series stays gap-free and never repeats a number when payments race on two
// server processes sharing one PostgreSQL database (decision 0042: the counter row is claimed in the
// last statement of the paying transaction). Payments go through the built-in test gateway, whose
// intents live in the same database, so no Stripe server is involved: Stripe is faked by it.
import { taxDocumentCounters, taxDocuments } from "@toolshop/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { VALID_CARD } from "../features/orders/test-fixtures";
import { missingBackends } from "./support/backends";
import type { ServerProcess } from "./support/server-process";
import { addCustomers, addTool, type Customer, placeOrder } from "./support/shop-data";
import { twoServersForSuite } from "./support/two-servers";

const skipped = missingBackends({ postgres: true, redis: true });
const PAYMENTS = 50;

describe.skipIf(skipped)(`the invoice series on two server processes${skipped}`, () => {
  const shop = twoServersForSuite("invoice-series", { PAYMENT_GATEWAY: "test", INVOICE_PREFIX: "RACE" });

  const serverFor = (index: number) => shop.servers[index % 2] as ServerProcess;

  async function post<Body>(server: ServerProcess, who: Customer, path: string, body: object) {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { authorization: who.authorization, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }

  it(`numbers the invoices of ${PAYMENTS} orders paid at once through both processes 1 to ${PAYMENTS}, no gap and no number twice (test gateway: Stripe faked)`, async () => {
    const db = shop.db;
    const tool = await addTool(db, PAYMENTS);
    const customers = await addCustomers(db, 10);
    const customerOf = (index: number) => customers[index % customers.length] as Customer;

    // Placing the orders and starting their payments warms both processes (connections open,
    // statements planned) before the race, which is the payments' confirmations alone.
    const placed = await Promise.all(
      Array.from({ length: PAYMENTS }, (_, index) =>
        placeOrder(serverFor(index).url, customerOf(index), tool.id),
      ),
    );
    expect(placed.map((attempt) => attempt.failure ?? attempt.status)).toEqual(Array(PAYMENTS).fill(201));
    const orderIds = placed.map((attempt) => attempt.body?._id ?? "");
    const intents = await Promise.all(
      orderIds.map((orderId, index) =>
        post<{ clientSecret: string }>(
          serverFor(index + 1),
          customerOf(index),
          "/api/create-payment-intent",
          {
            orderId,
          },
        ),
      ),
    );
    expect(intents.map((intent) => intent.status)).toEqual(Array(PAYMENTS).fill(200));

    const paid = await Promise.all(
      intents.map((intent, index) =>
        post<{ paymentIntent?: { status: string } }>(
          serverFor(index),
          customerOf(index),
          "/api/test-gateway/confirm",
          {
            clientSecret: intent.body.clientSecret,
            card: VALID_CARD,
          },
        ),
      ),
    );
    expect(paid.map((answer) => [answer.status, answer.body.paymentIntent?.status])).toEqual(
      Array(PAYMENTS).fill([200, "succeeded"]),
    );

    const invoices = await db
      .select({ orderId: taxDocuments.orderId, number: taxDocuments.number, year: taxDocuments.year })
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, "invoice"));
    // One invoice per order paid, each order's own.
    expect(invoices.map((invoice) => invoice.orderId).sort()).toEqual([...orderIds].sort());
    const [year] = new Set(invoices.map((invoice) => invoice.year));
    const expected = Array.from(
      { length: PAYMENTS },
      (_, index) => `RACE-${year}-${String(index + 1).padStart(6, "0")}`,
    );
    expect(invoices.map((invoice) => invoice.number).sort()).toEqual(expected);
    const counters = await db.select().from(taxDocumentCounters);
    expect(counters).toEqual([{ kind: "invoice", year, lastSeq: PAYMENTS }]);
  }, 120_000);
});
