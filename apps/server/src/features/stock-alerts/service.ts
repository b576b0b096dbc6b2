// Back-in-stock alerts (issue 58, decision 0059): asked for on a sold-out tool, proven by a mailed
// link or by an account that proved its address, mailed once when the tool is back (restock.ts).
import type { Database } from "@toolshop/db/client";
import { stockAlerts, tools } from "@toolshop/db/schema";
import {
  STOCK_ALERT_PROOF_DAYS,
  type StockAlertAnswer,
  type StockAlertRequest,
  type StockAlertsWaiting,
  stockAlertSentences,
} from "@toolshop/shared/stock-alerts";
import { toolDiscontinued } from "@toolshop/shared/tool-relations";
import { and, count, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { HttpError } from "../../lib/http-errors";
import { provenAddress } from "../../policy/address-claims";
import { type AlertMailSettings, alreadyWaitingMail, proofMail } from "./mails";
import { type AlertMailQueue, hashAlertToken, mailRestocked, newAlertToken } from "./restock";

export interface StockAlertsContext {
  db: Database;
  queue: AlertMailQueue;
  settings: AlertMailSettings;
}

/** The signed-in asker: their account's address is the alert's, whatever the body says. */
export interface AlertAsker {
  email: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A mailed alert is kept this long, so that its mail's link still stops the address's other alerts. */
const NOTIFIED_KEPT_DAYS = 90;

/**
 * POST /stock-alerts. A proven account's alert waits at once. Anyone else gets a mail: the proof link,
 * or, for an address already proven, word that it waits already; the answer is the same for both, so
 * that it tells nobody whether an address is on a list.
 */
export async function requestStockAlert(
  ctx: StockAlertsContext,
  body: StockAlertRequest,
  asker: AlertAsker | null,
): Promise<StockAlertAnswer> {
  const [tool] = await ctx.db
    .select({ id: tools.id, name: tools.name, soldOut: tools.soldOut, discontinued: tools.discontinued })
    .from(tools)
    .where(eq(tools.id, body.toolId));
  if (!tool) throw new HttpError(404, "There is no tool with this id.");
  // It will not be back: its page points to its successor instead.
  if (tool.discontinued) throw new HttpError(409, toolDiscontinued(tool.name));
  if (!tool.soldOut) throw new HttpError(409, stockAlertSentences.inStock(tool.name));
  const proven = asker ? await provenAddress(ctx.db, asker) : null;
  const email = (asker?.email ?? body.email)?.trim().toLowerCase();
  if (!email) throw new HttpError(400, "Please enter your email address.");

  return ctx.db.transaction(async (tx) => {
    const { token, hash } = newAlertToken();
    const [alert] = await tx
      .insert(stockAlerts)
      .values({ toolId: tool.id, email, tokenHash: hash, provenAt: proven ? sql`now()` : null })
      .onConflictDoUpdate({
        target: [stockAlerts.toolId, stockAlerts.email],
        targetWhere: isNull(stockAlerts.notifiedAt),
        set: {
          tokenHash: hash,
          tokenIssuedAt: sql`now()`,
          provenAt: sql`coalesce(${stockAlerts.provenAt}, excluded.proven_at)`,
        },
      })
      .returning({ provenAt: stockAlerts.provenAt });
    // Stock may have come back since the check above: then the proven alert is mailed at once.
    if (proven) {
      const mailed = await mailRestocked(tx, ctx.queue, ctx.settings, [tool.id]);
      const message =
        mailed > 0
          ? stockAlertSentences.confirmedInStock(tool.name)
          : stockAlertSentences.alertSet(email, tool.name);
      return { message, proofMailed: false };
    }
    const about = { email, toolId: tool.id, toolName: tool.name, token };
    await ctx.queue(
      tx,
      alert?.provenAt ? alreadyWaitingMail(ctx.settings, about) : proofMail(ctx.settings, about),
    );
    return { message: stockAlertSentences.proofMailed(email), proofMailed: true };
  });
}

/** POST /stock-alerts/confirm: the proof link opened. Mails at once if the tool is back already. */
export async function confirmStockAlert(ctx: StockAlertsContext, token: string, now = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const [alert] = await tx
      .select({
        id: stockAlerts.id,
        toolId: stockAlerts.toolId,
        toolName: tools.name,
        provenAt: stockAlerts.provenAt,
        notifiedAt: stockAlerts.notifiedAt,
        tokenIssuedAt: stockAlerts.tokenIssuedAt,
      })
      .from(stockAlerts)
      .innerJoin(tools, eq(tools.id, stockAlerts.toolId))
      .where(eq(stockAlerts.tokenHash, hashAlertToken(token)))
      .for("update", { of: stockAlerts });
    const expired = now.getTime() - (alert?.tokenIssuedAt.getTime() ?? 0) > STOCK_ALERT_PROOF_DAYS * DAY_MS;
    if (!alert || alert.notifiedAt || (!alert.provenAt && expired)) {
      throw new HttpError(400, stockAlertSentences.linkInvalid);
    }
    if (!alert.provenAt) {
      await tx.update(stockAlerts).set({ provenAt: now }).where(eq(stockAlerts.id, alert.id));
    }
    const mailed = await mailRestocked(tx, ctx.queue, ctx.settings, [alert.toolId]);
    return {
      message:
        mailed > 0
          ? stockAlertSentences.confirmedInStock(alert.toolName)
          : stockAlertSentences.confirmed(alert.toolName),
    };
  });
}

/** POST /stock-alerts/unsubscribe: any mail's link stops every open alert of its address. */
export async function unsubscribeStockAlerts(ctx: StockAlertsContext, token: string) {
  const [alert] = await ctx.db
    .select({ email: stockAlerts.email })
    .from(stockAlerts)
    .where(eq(stockAlerts.tokenHash, hashAlertToken(token)));
  if (!alert) throw new HttpError(400, stockAlertSentences.linkInvalid);
  await ctx.db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.email, alert.email), isNull(stockAlerts.notifiedAt)));
  return { message: stockAlertSentences.unsubscribed(alert.email) };
}

/** GET /stock-alerts/waiting (admins): how many proven alerts wait, per tool. */
export async function waitingStockAlerts(db: Database): Promise<StockAlertsWaiting> {
  return db
    .select({ toolId: stockAlerts.toolId, waiting: count() })
    .from(stockAlerts)
    .where(and(isNotNull(stockAlerts.provenAt), isNull(stockAlerts.notifiedAt)))
    .groupBy(stockAlerts.toolId);
}

/** Housekeeping: unproven alerts whose link has run out, and mailed ones past their keeping. */
export async function pruneStockAlerts(db: Database, now = new Date()): Promise<void> {
  const proofEnd = new Date(now.getTime() - STOCK_ALERT_PROOF_DAYS * DAY_MS);
  const keptEnd = new Date(now.getTime() - NOTIFIED_KEPT_DAYS * DAY_MS);
  await db
    .delete(stockAlerts)
    .where(
      and(
        isNull(stockAlerts.provenAt),
        isNull(stockAlerts.notifiedAt),
        lt(stockAlerts.tokenIssuedAt, proofEnd),
      ),
    );
  await db.delete(stockAlerts).where(lt(stockAlerts.notifiedAt, keptEnd));
}
