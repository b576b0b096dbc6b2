// One expiry pass in a process of its own, for features/orders/expiry.test.ts: two of these race on one PostgreSQL
// database, as two server processes' periodic tasks would. Prints the ids this process cancelled.
// Arguments (not the environment: only env.ts reads that): <DATABASE_URL> <hold minutes> <start at, ms>.
import { openPostgres } from "@toolshop/db/client";
import { expireUnpaidOrders } from "../features/orders/expiry";
import { TEST_INVOICING } from "../features/orders/test-fixtures";
import { TestPaymentGateway } from "../features/payments/test-gateway";
import { NO_SUBSCRIBERS } from "../lib/domain-events";

const [url, holdMinutes, startAt] = process.argv.slice(2);
if (!url) throw new Error("usage: expiry-worker.ts <DATABASE_URL> <hold minutes> <start at, ms>");
const handle = await openPostgres(url);
// Both processes connect first and then start together, so that their UPDATEs really overlap.
await handle.db.execute("select 1");
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const expired = await expireUnpaidOrders({
  db: handle.db,
  currency: "usd",
  // The test gateway keeps its intents in the database: both processes cancel the same ones.
  gateway: new TestPaymentGateway(handle.db, "expiry-worker-secret-at-least-32-characters"),
  unpaidOrderHoldMinutes: Number(holdMinutes),
  events: NO_SUBSCRIBERS,
  invoicing: TEST_INVOICING,
});
process.stdout.write(JSON.stringify(expired.map((row) => row.id)));
await handle.close();
