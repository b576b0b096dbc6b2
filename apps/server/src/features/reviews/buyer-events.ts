// "Verified buyer" is computed when the cached review list is read (service.ts). A payment or a
// refund can change it without any review changing, so the reviews feature republishes those as
// ReviewChanged, which drops the cached list on every process. Only for authors of a review: other
// payments leave the list as it is.
import type { FastifyInstance } from "fastify";
import { someoneHasReview } from "./moderation-service";

/**
 * The payments of one short window are checked together: one query and at most one ReviewChanged for
 * all of them. A query for each payment was one of its three round trips to the database; at hundreds
 * of payments a second, a window holds several. The list follows a payment this much later.
 */
const BUYER_CHECK_WINDOW_MS = 20;

/** Subscribes once per app; unsubscribed when the app closes. */
export function subscribeBuyerChanges(app: FastifyInstance): void {
  let pending: { emails: Set<string>; checked: Promise<void> } | undefined;

  const check = async (emails: string[]) => {
    try {
      if (await someoneHasReview(app.db, emails)) await app.events.publish({ type: "ReviewChanged" });
    } catch (error) {
      app.log.error({ err: error, payments: emails.length }, "could not check whether buyers wrote reviews");
    }
  };

  const unsubscribe = app.events.subscribe(
    ["OrderPaid", "OrderRefunded"],
    // Once, where the payment committed: that process's ReviewChanged reaches all the others.
    "publishing-process",
    ({ order }) => {
      if (!pending) {
        const emails = new Set<string>();
        const checked = new Promise((resolve) => setTimeout(resolve, BUYER_CHECK_WINDOW_MS)).then(() => {
          pending = undefined;
          return check([...emails]);
        });
        pending = { emails, checked };
      }
      pending.emails.add(order.email.toLowerCase());
      // The bus waits for it when the app closes (domain-events drain).
      return pending.checked;
    },
  );
  app.addHook("onClose", async () => unsubscribe());
}
