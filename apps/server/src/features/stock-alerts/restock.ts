// Where a tool coming back in stock mails its waiting alerts (decision 0059). Every change that puts
// units on a shelf calls `mailRestocked` inside its own transaction (orders' stock.ts, the tools' edit
// and CSV import): the alert is marked mailed and its mail queued in that transaction, so a restock
// that commits has its mails, a rolled-back one none, and two restocks at once mail each alert once.
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "@toolshop/db/client";
import { stockAlerts, tools } from "@toolshop/db/schema";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { MailMessage } from "../../plugins/mail";
import { enqueueMail } from "../jobs/mail-queue";
import { type AlertMailSettings, backInStockMail } from "./mails";
import type { RestockMailer } from "./restock-mailer";

/** Queues one mail in `tx` (the app's mail queue). */
export type AlertMailQueue = (tx: Database, message: MailMessage) => Promise<void>;

/** A link's token (in the mail only) and its hash (in the database). */
export function newAlertToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashAlertToken(token) };
}

export function hashAlertToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function restockMailer(queue: AlertMailQueue, settings: AlertMailSettings): RestockMailer {
  return (tx, toolIds) => mailRestocked(tx, queue, settings, toolIds);
}

/** Alerts mailed per statement: a tool thousands wait for is mailed in several, all in one transaction. */
const BATCH = 500;

export async function mailRestocked(
  tx: Database,
  queue: AlertMailQueue,
  settings: AlertMailSettings,
  toolIds: readonly string[],
): Promise<number> {
  if (toolIds.length === 0) return 0;
  let mailed = 0;
  for (;;) {
    // Locked, so that a restock and a confirmation at once (or two restocks) mail an alert once: the
    // second waits, then finds it mailed.
    const due = await tx
      .select({ id: stockAlerts.id, email: stockAlerts.email, toolId: tools.id, toolName: tools.name })
      .from(stockAlerts)
      .innerJoin(tools, eq(tools.id, stockAlerts.toolId))
      .where(
        and(
          inArray(stockAlerts.toolId, [...new Set(toolIds)]),
          isNotNull(stockAlerts.provenAt),
          isNull(stockAlerts.notifiedAt),
          eq(tools.soldOut, false),
          // Back on a shelf but not for sale: its alerts wait (an owner may sell it again).
          eq(tools.discontinued, false),
        ),
      )
      .orderBy(asc(stockAlerts.id))
      .limit(BATCH)
      .for("update", { of: stockAlerts });
    if (due.length === 0) return mailed;
    const tokens = due.map(() => newAlertToken());
    const values = sql.join(
      due.map((alert, index) => sql`(${alert.id}::uuid, ${tokens[index]?.hash})`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${stockAlerts} set notified_at = now(), token_hash = mailed.hash, token_issued_at = now()
        from (values ${values}) as mailed(id, hash) where ${stockAlerts.id} = mailed.id`,
    );
    for (const [index, alert] of due.entries()) {
      const token = tokens[index]?.token ?? "";
      await queue(tx, backInStockMail(settings, { ...alert, token }));
    }
    mailed += due.length;
    if (due.length < BATCH) return mailed;
  }
}

/** The app's mail queue, as the alerts' mails go out. */
export function appAlertMailQueue(app: FastifyInstance): AlertMailQueue {
  return (tx, message) => enqueueMail(app.jobs, tx, { kind: "message", mail: { message } });
}

/** The restock mailer of the running app, for the features that put units on a shelf. */
export function appRestockMailer(app: FastifyInstance): RestockMailer {
  return restockMailer(appAlertMailQueue(app), { publicUrl: app.config.publicUrl });
}
