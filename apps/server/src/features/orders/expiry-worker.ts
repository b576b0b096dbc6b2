// One expiry pass in a process of its own, for expiry.test.ts: two of these race on one PostgreSQL
// database, as two server processes' periodic tasks would. Prints the ids this process cancelled.
import { openPostgres } from "@toolshop/db/client";
import { NO_SUBSCRIBERS } from "../../lib/domain-events";
import { expireUnpaidOrders } from "./expiry";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
const handle = await openPostgres(url);
// Both processes connect first and then start together, so that their UPDATEs really overlap.
await handle.db.execute("select 1");
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.env.START_AT) - Date.now())));
const expired = await expireUnpaidOrders({
  db: handle.db,
  currency: "usd",
  unpaidOrderHoldMinutes: Number(process.env.HOLD_MINUTES),
  events: NO_SUBSCRIBERS,
});
process.stdout.write(JSON.stringify(expired.map((row) => row.id)));
await handle.close();
