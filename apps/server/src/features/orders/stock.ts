// Where an order's stock goes back on the shelf (issue 48): a cancellation, an expiry, a deletion, a
// whole refund and a refund of chosen lines all come here, line by line.
import type { Database } from "@toolshop/db/client";
import { orderLines, tools } from "@toolshop/db/schema";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { RestockMailer } from "../stock-alerts/restock-mailer";

/** Units of one tool going back. */
export interface StockReturn {
  /** Null once the tool has left the catalogue: nothing to put back. */
  toolId: string | null;
  quantity: number;
}

/**
 * Puts units back on their tools' shelves. Run inside the transaction of the change that frees them.
 * The tools are locked in id order first, as placing locks them, so that a release and an order that
 * share tools queue instead of deadlocking. Then `restocked` mails those tools' waiting stock alerts in
 * the same transaction, for each that a minimum order can be taken of now.
 */
export async function putStockBack(
  tx: Database,
  returns: readonly StockReturn[],
  restocked: RestockMailer | undefined,
): Promise<void> {
  const byTool = new Map<string, number>();
  for (const { toolId, quantity } of returns) {
    if (toolId && quantity > 0) byTool.set(toolId, (byTool.get(toolId) ?? 0) + quantity);
  }
  if (byTool.size === 0) return;
  await tx
    .select({ id: tools.id })
    .from(tools)
    .where(inArray(tools.id, [...byTool.keys()]))
    .orderBy(asc(tools.id))
    .for("update");
  const back = sql.join(
    [...byTool].map(([toolId, quantity]) => sql`(${toolId}::uuid, ${quantity}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${tools} set available_quantity = ${tools.availableQuantity} + back.quantity
      from (values ${back}) as back(id, quantity) where ${tools.id} = back.id`,
  );
  await restocked?.(tx, [...byTool.keys()]);
}

/** Every unit of the order not yet back on the shelf (a line refunded before gave its own back then). */
export async function putOrderStockBack(
  tx: Database,
  orderId: string,
  restocked: RestockMailer | undefined,
): Promise<void> {
  const lines = await tx
    .select({
      toolId: orderLines.toolId,
      quantity: orderLines.quantity,
      refunded: orderLines.refundedQuantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  await putStockBack(
    tx,
    lines.map((line) => ({ toolId: line.toolId, quantity: line.quantity - line.refunded })),
    restocked,
  );
}
