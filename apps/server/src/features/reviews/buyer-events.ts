// "Verified buyer" is computed when the cached review list is read (service.ts). A payment or a
// refund can change it without any review changing, so the reviews feature republishes those as
// ReviewChanged, which drops the cached list on every process. Only for authors of a review: other
// payments leave the list as it is.
import type { FastifyInstance } from "fastify";
import { hasReview } from "./moderation-service";

/** Subscribes once per app; unsubscribed when the app closes. */
export function subscribeBuyerChanges(app: FastifyInstance): void {
  const unsubscribe = app.events.subscribe(
    ["OrderPaid", "OrderRefunded"],
    // Once, where the payment committed: that process's ReviewChanged reaches all the others.
    "publishing-process",
    async ({ order }) => {
      if (await hasReview(app.db, order.email)) await app.events.publish({ type: "ReviewChanged" });
    },
  );
  app.addHook("onClose", async () => unsubscribe());
}
