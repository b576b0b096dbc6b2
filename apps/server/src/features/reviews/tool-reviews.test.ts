// Reviews of one tool (issue 12): only a buyer of the tool may post one; its page and
// GET /api/tools/:id/reviews show the visible ones with their average; GET /api/review keeps its shape.
import { type orders, reviews } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { TOOL_NOT_BOUGHT } from "@toolshop/shared/reviews";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, insertOrders, orderRow } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { payThroughCheckout } from "../orders/test-fixtures";

type Status = (typeof orders.$inferInsert)["status"];

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`reviews of one tool ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
    });
    afterAll(async () => {
      await t?.close();
    });

    const order = async (who: SignedInCustomer, toolId: string, status: Status) => {
      await insertOrders(
        t.database.db,
        orderRow(who, { id: toolId }, { unitPriceCents: 1000, quantity: 2, status }),
      );
    };
    const post = (who: SignedInCustomer, body: object) => call(t.app, who, "POST", "/api/review", body);
    const storedBy = (who: SignedInCustomer) =>
      t.database.db.select().from(reviews).where(eq(reviews.userId, who.id));
    // One review a day: move the customer's reviews a day back, as if posted yesterday.
    const postedYesterday = (who: SignedInCustomer) =>
      t.database.db
        .update(reviews)
        .set({ createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000) })
        .where(eq(reviews.userId, who.id));
    const toolReviews = (toolId: string) =>
      t.app.inject({ method: "GET", url: `/api/tools/${toolId}/reviews` });

    it("refuses a review of a tool the customer did not buy, or only ordered without paying", async () => {
      const customer = await signedInCustomer(t);
      const tool = await addTool(t.database.db);
      const other = await addTool(t.database.db);
      await order(customer, other.id, "paid");
      for (const status of ["unpaid", "cancelled", "refunded"] as const)
        await order(customer, tool.id, status);

      for (const toolId of [tool.id, "00000000-0000-4000-8000-000000000000"]) {
        const response = await post(customer, { review: "5", comment: "Great", toolId });
        expect(response.statusCode, toolId).toBe(403);
        expect(response.json().message).toBe(TOOL_NOT_BOUGHT);
      }
      for (const toolId of ["not-a-uuid", "x".repeat(5000), 42]) {
        const response = await post(customer, { review: "5", comment: "Great", toolId });
        expect(response.statusCode, String(toolId).slice(0, 20)).toBe(400);
      }
      expect(await storedBy(customer)).toEqual([]);
    });

    it("refuses to attach a review to a tool another customer bought, whatever the body claims", async () => {
      const buyer = await signedInCustomer(t);
      const stranger = await signedInCustomer(t);
      const tool = await addTool(t.database.db);
      await order(buyer, tool.id, "delivered");
      const response = await post(stranger, {
        review: "1",
        comment: "Never had it",
        toolId: tool.id,
        userId: buyer.id,
        email: buyer.email,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(TOOL_NOT_BOUGHT);
      expect(await storedBy(stranger)).toEqual([]);
      expect(await storedBy(buyer)).toEqual([]);
      // Nor does the buyer's tool show up among the stranger's reviewable tools.
      expect((await call(t.app, stranger, "GET", "/api/review/tools")).json()).toEqual([]);
    });

    it("stores a buyer's review with its tool (any case of the id), and lists only their bought tools", async () => {
      const buyer = await signedInCustomer(t);
      const tool = await addTool(t.database.db);
      const unpaid = await addTool(t.database.db);
      await order(buyer, tool.id, "paid");
      await order(buyer, tool.id, "shipped");
      await order(buyer, unpaid.id, "unpaid");

      expect((await call(t.app, undefined, "GET", "/api/review/tools")).statusCode).toBe(401);
      const reviewable = await call(t.app, buyer, "GET", "/api/review/tools");
      expect(reviewable.statusCode, reviewable.body).toBe(200);
      expect(reviewable.json()).toEqual([{ _id: tool.id, name: tool.name }]);

      const response = await post(buyer, { review: 4, comment: "Good grip", toolId: tool.id.toUpperCase() });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ review: "4", comment: "Good grip", name: buyer.email.split("@")[0] });
      const [row] = await storedBy(buyer);
      expect(row).toMatchObject({ toolId: tool.id, rating: 4 });

      // The one-review-a-day rule holds for tool reviews too.
      const again = await post(buyer, { review: 5, comment: "Still good", toolId: tool.id });
      expect(again.statusCode).toBe(429);
      // The public list keeps its shape: no tool field.
      const list = (await t.app.inject({ method: "GET", url: "/api/review" })).json();
      expect(list[0]).toEqual({
        review: "4",
        comment: "Good grip",
        name: buyer.email.split("@")[0],
        verifiedBuyer: true,
      });
    });

    it("counts a tool on any line of a paid order: the buyer may review it, as a verified buyer", async () => {
      const buyer = await signedInCustomer(t);
      const first = await addTool(t.database.db, { minQuantity: 1 });
      const second = await addTool(t.database.db, { minQuantity: 1 });
      const placed = await call(t.app, buyer, "POST", "/api/orders", {
        lines: [
          { toolId: first.id, quantity: 1 },
          { toolId: second.id, quantity: 2 },
        ],
        address: "1 Test Street",
        phone: "+1 555 0100",
      });
      expect(placed.statusCode, placed.body).toBe(201);
      await payThroughCheckout(t.app, buyer, placed.json()._id);

      const reviewable = (await call(t.app, buyer, "GET", "/api/review/tools")).json() as { _id: string }[];
      expect(reviewable.map((tool) => tool._id).sort()).toEqual([first.id, second.id].sort());
      const response = await post(buyer, { review: 5, comment: "Second line", toolId: second.id });
      expect(response.statusCode, response.body).toBe(201);
      const page = await t.app.inject({ method: "GET", url: `/api/tools/${second.id}/reviews` });
      expect(page.json().reviews).toEqual([
        { review: "5", comment: "Second line", name: buyer.email.split("@")[0], verifiedBuyer: true },
      ]);
    });

    it("keeps a review of the shop without a tool, from a form that sends an empty choice", async () => {
      const customer = await signedInCustomer(t);
      const response = await post(customer, { review: "3", comment: "Nice shop", toolId: "" });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await storedBy(customer);
      expect(row?.toolId).toBeNull();
    });

    it("answers a tool's visible reviews newest first with their average and count; a hidden one is left out", async () => {
      const tool = await addTool(t.database.db);
      const empty = await toolReviews(tool.id);
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toEqual({ average: null, count: 0, reviews: [] });

      const [ann, bob, cat] = [
        await signedInCustomer(t),
        await signedInCustomer(t),
        await signedInCustomer(t),
      ];
      for (const [who, rating, comment] of [
        [ann, 5, "Ann's"],
        [bob, 4, "Bob's"],
        [cat, 1, "Cat's"],
      ] as const) {
        await order(who, tool.id, "paid");
        expect((await post(who, { review: rating, comment, toolId: tool.id })).statusCode).toBe(201);
        // Apart in time, so that newest first is well defined.
        await t.database.db
          .update(reviews)
          .set({ createdAt: new Date(Date.now() - 60_000 * (10 - rating)) })
          .where(eq(reviews.userId, who.id));
      }
      await t.app.events.publish({ type: "ReviewChanged" });
      const all = (await toolReviews(tool.id)).json();
      expect(all).toMatchObject({ average: 3.3, count: 3 });
      expect(all.reviews.map((review: { comment: string }) => review.comment)).toEqual([
        "Ann's",
        "Bob's",
        "Cat's",
      ]);
      expect(all.reviews[0]).toEqual({
        review: "5",
        comment: "Ann's",
        name: ann.email.split("@")[0],
        verifiedBuyer: true,
      });

      const [catsRow] = await storedBy(cat);
      const hide = await call(t.app, admin, "PATCH", `/api/reviews/${catsRow?.id}`, { hidden: true });
      expect(hide.statusCode, hide.body).toBe(200);
      const visible = (await toolReviews(tool.id)).json();
      expect(visible).toMatchObject({ average: 4.5, count: 2 });
      expect(visible.reviews.map((review: { comment: string }) => review.comment)).toEqual([
        "Ann's",
        "Bob's",
      ]);
    });

    it("answers 404 for an unknown or deleted tool and 400 for a malformed id", async () => {
      expect((await toolReviews("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
      expect((await toolReviews("not-a-uuid")).statusCode).toBe(400);

      const buyer = await signedInCustomer(t);
      const tool = await addTool(t.database.db);
      await order(buyer, tool.id, "delivered");
      expect((await post(buyer, { review: 5, comment: "Gone soon", toolId: tool.id })).statusCode).toBe(201);
      expect((await toolReviews(tool.id)).json().count).toBe(1);
      const deleted = await call(t.app, admin, "DELETE", `/api/tools/${tool.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      await expect.poll(async () => (await toolReviews(tool.id)).statusCode).toBe(404);
      // The review stays, as a review of the shop.
      const [row] = await storedBy(buyer);
      expect(row?.toolId).toBeNull();
      await postedYesterday(buyer);
    });
  });
}
