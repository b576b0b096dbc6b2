// A server killed outright (SIGKILL) straight after it answered 20 payments, while a slow relay was
// still taking their mails, loses none: after a restart every paid order's confirmation goes out with
// its invoice PDF, at least once (a mail the relay had taken but the dead process had not recorded may
// go twice, at most one per relay connection). Then the worker in its own process (npm run worker's
// worker.ts) sends the mails of a server that runs with WORKER=off.
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import { spawnServer } from "../testing/launch-server.mjs";
import { type SmtpPeer, startSmtpPeer } from "../testing/smtp-peer";
import { freshPostgres, missingBackends } from "./support/backends";
import { type ServerProcess, startServer, stopServer, TEST_AUTH_SECRET } from "./support/server-process";
import { addCustomers, addTool, type Customer } from "./support/shop-data";

const PAYMENTS = 20;
// The relay takes each mail this long after its data: a slow relay, with mails in flight at the kill.
const RELAY_DELAY_MS = 1500;
const RELAY_CONNECTIONS = 3;
const VALID_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
const skipped = missingBackends({ postgres: true });

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function slowRelay(): Promise<SmtpPeer> {
  const relay = await startSmtpPeer({ acceptDelayMs: RELAY_DELAY_MS });
  cleanups.push(() => relay.close());
  return relay;
}

async function api(server: ServerProcess, who: Customer, method: string, path: string, body: object) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: who.authorization, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer;
}

/** Places and pays one order of `who` through the test gateway, as the checkout does. */
async function placeAndPay(server: ServerProcess, who: Customer, toolId: string): Promise<void> {
  const order = await api(server, who, "POST", "/api/orders", {
    toolId,
    address: "1 Main St",
    phone: "5550100",
    quantity: 1,
  });
  const intent = await api(server, who, "POST", "/api/create-payment-intent", { orderId: order._id });
  const confirmed = await api(server, who, "POST", "/api/test-gateway/confirm", {
    clientSecret: intent.clientSecret,
    card: VALID_CARD,
    billing: { name: "Ada", email: who.email },
  });
  const paymentId = (confirmed.paymentIntent as { id: string }).id;
  await api(server, who, "PATCH", `/api/orders/${order._id}`, { transactionId: paymentId });
}

/** The confirmations each customer got, with their invoice attached. */
function confirmations(relay: SmtpPeer, customers: Customer[]): number[] {
  return customers.map(
    (customer) =>
      relay.received.filter(
        (mail) =>
          mail.to.includes(customer.email) &&
          mail.raw.includes("Subject: Your Toolshop order is paid") &&
          /Content-Type: application\/pdf; name=INV-\d{4}-\d{6}\.pdf/.test(mail.raw),
      ).length,
  );
}

it.skipIf(Boolean(skipped))(
  `a server killed straight after 20 payments mails all 20 with their invoices after a restart${skipped}`,
  async () => {
    const database = await freshPostgres();
    cleanups.push(() => database.handle.close());
    const tool = await addTool(database.handle.db, 1000);
    const customers = await addCustomers(database.handle.db, PAYMENTS);
    const relay = await slowRelay();
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: `${relay.url}/?maxConnections=${RELAY_CONNECTIONS}&timeout=5000`,
      JOB_POLL_SECONDS: "0.5",
    };

    const server = await startServer(env);
    cleanups.push(() => stopServer(server, "SIGKILL"));
    await Promise.all(customers.map((customer) => placeAndPay(server, customer, tool.id)));
    server.child.kill("SIGKILL");
    expect(await server.exited).toBe("SIGKILL");
    // The relay took at most the mails of its connections before the kill.
    expect(confirmations(relay, customers).filter((count) => count > 0).length).toBeLessThan(PAYMENTS);

    const restarted = await startServer(env);
    cleanups.push(() => stopServer(restarted));
    // An attempt under way at the kill expires (twice the relay's timeout), then waits its first retry's
    // backoff (one to two minutes).
    await expect
      .poll(() => confirmations(relay, customers).filter((count) => count > 0).length, {
        timeout: 180_000,
        interval: 500,
      })
      .toBe(PAYMENTS);
    const duplicates = confirmations(relay, customers).reduce((sum, count) => sum + count - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(RELAY_CONNECTIONS);
  },
  300_000,
);

it.skipIf(Boolean(skipped))(
  `the worker in its own process sends the mails of a server that runs with WORKER=off${skipped}`,
  async () => {
    const database = await freshPostgres();
    cleanups.push(() => database.handle.close());
    const tool = await addTool(database.handle.db, 1000);
    const customers = await addCustomers(database.handle.db, 2);
    const relay = await startSmtpPeer();
    cleanups.push(() => relay.close());
    const env = { DATABASE_URL: database.url, SMTP_URL: relay.url, JOB_POLL_SECONDS: "0.5" };

    const server = await startServer({ ...env, WORKER: "off" });
    cleanups.push(() => stopServer(server));
    await placeAndPay(server, customers[0] as Customer, tool.id);
    // No worker runs: the mail waits, however long.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(confirmations(relay, customers)).toEqual([0, 0]);

    const worker = spawnServer({
      entry: fileURLToPath(new URL("../worker.ts", import.meta.url)),
      nodeArgs: ["--import", "tsx"],
      env: { NODE_ENV: "test", AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: "info", ...env },
    });
    const exited = once(worker.child, "exit").then(([code, signal]) => (code ?? signal) as number | string);
    cleanups.push(() => stopServer({ child: worker.child, exited }));
    await expect
      .poll(() => worker.output(), { timeout: 60_000 })
      .toContain("Toolshop's worker is running jobs on PostgreSQL");
    await expect.poll(() => confirmations(relay, customers), { timeout: 30_000 }).toEqual([1, 0]);
    await placeAndPay(server, customers[1] as Customer, tool.id);
    await expect.poll(() => confirmations(relay, customers), { timeout: 30_000 }).toEqual([1, 1]);
    expect(await stopServer({ child: worker.child, exited })).toBe(0);
  },
  120_000,
);
