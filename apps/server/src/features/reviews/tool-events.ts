// Deleting a tool turns its reviews into reviews of the shop (reviews.tool_id ON DELETE SET NULL)
// without any review being written, so the reviews feature republishes that as ReviewChanged: the
// cached GET /api/tools/:id/reviews of the deleted tool then answers 404 on every process.
import type { FastifyInstance } from "fastify";

/** Subscribes once per app; unsubscribed when the app closes. */
export function subscribeToolDeletions(app: FastifyInstance): void {
  const unsubscribe = app.events.subscribe(
    ["ToolChanged"],
    // Once, where the deletion committed: that process's ReviewChanged reaches all the others.
    "publishing-process",
    async ({ change }) => {
      if (change === "deleted") await app.events.publish({ type: "ReviewChanged" });
    },
  );
  app.addHook("onClose", async () => unsubscribe());
}
