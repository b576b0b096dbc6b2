// Review moderation (issue 11): admins list every review with its author, hide/show and delete; the
// public list follows at once through ReviewChanged; verified buyers are marked.
import { orders, reviews } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import type { Order } from "@toolshop/shared/orders";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, insertOrders, orderRow } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`review moderation ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let alice: SignedInCustomer;
    let bob: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      alice = await signedInCustomer(t);
      bob = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    const publicList = async () => (await t.app.inject({ method: "GET", url: "/api/review" })).json();
    const postReview = async (who: SignedInCustomer, comment: string) => {
      const response = await call(t.app, who, "POST", "/api/review", { review: "4", comment });
      expect(response.statusCode, response.body).toBe(201);
    };
    const addOrder = async (who: SignedInCustomer, status: "unpaid" | "paid") => {
      const tool = await addTool(t.database.db);
      const [order] = await insertOrders(
        t.database.db,
        orderRow(who, tool, { unitPriceCents: 1000, quantity: 2, status }),
      );
      if (!order) throw new Error("no order inserted");
      return order;
    };

    it("refuses strangers (401) and customers (403) on every moderation route", async () => {
      const id = "00000000-0000-4000-8000-000000000000";
      const routes = [
        ["GET", "/api/reviews"],
        ["PATCH", `/api/reviews/${id}`],
        ["DELETE", `/api/reviews/${id}`],
      ] as const;
      for (const [method, url] of routes) {
        const body = method === "PATCH" ? { hidden: true } : undefined;
        expect((await call(t.app, undefined, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(t.app, alice, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it("lists every review with its author's name and email, newest first", async () => {
      await postReview(alice, "Alice's pliers review");
      await postReview(bob, "Bob's hammer review");
      const response = await call(t.app, admin, "GET", "/api/reviews");
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
      const list = response.json();
      expect(list.map((review: { comment: string }) => review.comment)).toEqual([
        "Bob's hammer review",
        "Alice's pliers review",
      ]);
      expect(list[1]).toMatchObject({
        review: "4",
        name: alice.email.split("@")[0],
        email: alice.email,
        hidden: false,
        hiddenAt: null,
      });
    });

    it("hides a review from the public list and shows it again", async () => {
      const [row] = await t.database.db.select().from(reviews).where(eq(reviews.email, alice.email));
      if (!row) throw new Error("no review");
      expect((await publicList()).map((r: { comment: string }) => r.comment)).toContain(row.comment);

      const hide = await call(t.app, admin, "PATCH", `/api/reviews/${row.id}`, { hidden: true });
      expect(hide.statusCode, hide.body).toBe(200);
      expect(hide.json()).toMatchObject({ _id: row.id, hidden: true, hiddenAt: expect.any(String) });
      expect((await publicList()).map((r: { comment: string }) => r.comment)).not.toContain(row.comment);
      // Still listed for the admins, marked hidden.
      const all = (await call(t.app, admin, "GET", "/api/reviews")).json();
      expect(all.find((r: { _id: string }) => r._id === row.id)).toMatchObject({ hidden: true });

      const show = await call(t.app, admin, "PATCH", `/api/reviews/${row.id}`, { hidden: false });
      expect(show.json()).toMatchObject({ hidden: false, hiddenAt: null });
      expect((await publicList()).map((r: { comment: string }) => r.comment)).toContain(row.comment);
    });

    it("answers 404 for an unknown review and 400 for a bad id or body", async () => {
      const unknown = "00000000-0000-4000-8000-000000000000";
      expect(
        (await call(t.app, admin, "PATCH", `/api/reviews/${unknown}`, { hidden: true })).statusCode,
      ).toBe(404);
      expect((await call(t.app, admin, "PATCH", "/api/reviews/nope", { hidden: true })).statusCode).toBe(400);
      expect(
        (await call(t.app, admin, "PATCH", `/api/reviews/${unknown}`, { hidden: "yes" })).statusCode,
      ).toBe(400);
      expect((await call(t.app, admin, "GET", "/api/reviews?cursor=garbage")).statusCode).toBe(400);
    });

    it("deletes a review: gone from both lists, deletedCount 0 the second time", async () => {
      const [row] = await t.database.db.select().from(reviews).where(eq(reviews.email, bob.email));
      if (!row) throw new Error("no review");
      const first = await call(t.app, admin, "DELETE", `/api/reviews/${row.id}`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ deletedCount: 1 });
      expect((await call(t.app, admin, "DELETE", `/api/reviews/${row.id}`)).json()).toEqual({
        deletedCount: 0,
      });
      expect((await publicList()).map((r: { comment: string }) => r.comment)).not.toContain(row.comment);
      const all = (await call(t.app, admin, "GET", "/api/reviews")).json();
      expect(all.map((r: { _id: string }) => r._id)).not.toContain(row.id);
    });

    it("pages with a cursor in the X-Next-Cursor header", async () => {
      const base = Date.UTC(2025, 0, 1);
      await t.database.db.insert(reviews).values(
        Array.from({ length: 105 }, (_, i) => ({
          name: `Bulk ${i}`,
          email: `bulk${i}@example.com`,
          rating: 3,
          comment: `Bulk ${i}`,
          // Microseconds apart on purpose for some: the cursor must keep them.
          createdAt: new Date(base + Math.floor(i / 2)),
        })),
      );
      const first = await call(t.app, admin, "GET", "/api/reviews");
      const cursor = first.headers[NEXT_CURSOR_HEADER];
      expect(typeof cursor).toBe("string");
      const second = await call(t.app, admin, "GET", `/api/reviews?cursor=${cursor}`);
      expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
      const ids = [...first.json(), ...second.json()].map((r: { _id: string }) => r._id);
      const count = (await t.database.db.select({ id: reviews.id }).from(reviews)).length;
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      await t.database.db.delete(reviews).where(eq(reviews.rating, 3));
      await t.app.events.publish({ type: "ReviewChanged" });
    });

    it("filters by visibility and finds authors by email or name prefix, page by page", async () => {
      const tag = `mod${Date.now().toString(36)}`;
      await t.database.db.insert(reviews).values(
        Array.from({ length: 9 }, (_, i) => ({
          name: i < 3 ? `Zelda ${tag}` : `Other ${i}`,
          email: `${tag}.${i}@example.com`,
          rating: 2,
          comment: `Filter ${i}`,
          hidden: i % 3 === 0,
          createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, i)),
        })),
      );
      const comments = async (query: string) => {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const url = `/api/reviews?${query}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
          const response = await call(t.app, admin, "GET", url);
          expect(response.statusCode, response.body).toBe(200);
          seen.push(...response.json().map((r: { comment: string }) => r.comment));
          cursor = response.headers[NEXT_CURSOR_HEADER] as string | undefined;
        } while (cursor);
        return seen;
      };
      const filter = (indexes: number[]) => indexes.map((i) => `Filter ${i}`);
      expect(await comments(`q=${tag}.`)).toEqual(filter([8, 7, 6, 5, 4, 3, 2, 1, 0]));
      expect(await comments(`q=${tag.toUpperCase()}.&visibility=hidden`)).toEqual(filter([6, 3, 0]));
      expect(await comments(`q=${tag}.&visibility=visible`)).toEqual(filter([8, 7, 5, 4, 2, 1]));
      expect(await comments(`q=zelda%20${tag}&visibility=all`)).toEqual(filter([2, 1, 0]));
      expect(await comments("q=%25")).toEqual([]);
      await t.database.db.delete(reviews).where(eq(reviews.rating, 2));
      await t.app.events.publish({ type: "ReviewChanged" });
    });

    it("says which tool each review is about, or null for the shop in general, in the list and after a change", async () => {
      const tool = await addTool(t.database.db);
      const [row] = await t.database.db
        .insert(reviews)
        .values({
          userId: alice.id,
          toolId: tool.id,
          name: "Alice",
          email: alice.email,
          rating: 5,
          comment: "Grips well",
        })
        .returning({ id: reviews.id });
      const list = (await call(t.app, admin, "GET", "/api/reviews")).json();
      const about = (comment: string) =>
        list.find((review: { comment: string }) => review.comment === comment)?.tool;
      expect(about("Grips well")).toEqual({ _id: tool.id, name: tool.name });
      expect(about("Alice's pliers review")).toBeNull();
      const hidden = await call(t.app, admin, "PATCH", `/api/reviews/${row?.id}`, { hidden: true });
      expect(hidden.json().tool).toEqual({ _id: tool.id, name: tool.name });
      await t.database.db.delete(reviews).where(eq(reviews.id, String(row?.id)));
    });

    it("refuses a forged cursor, a bad filter or limit with a sentence (400), never a 500", async () => {
      const uuid = "00000000-0000-4000-8000-000000000000";
      const cursorOf = (value: unknown) =>
        Buffer.from(typeof value === "string" ? value : JSON.stringify(value), "utf8").toString("base64url");
      for (const query of [
        `cursor=${cursorOf(`2025-01-01 10:00:00+00|${uuid}`)}`,
        `cursor=${cursorOf(["2025-13-45T10:00:00.000000Z", uuid])}`,
        `cursor=${cursorOf(["2025-02-31T10:00:00.000000Z", uuid])}`,
        `cursor=${cursorOf(["2025-01-01T99:00:00.000000Z", uuid])}`,
        `cursor=${cursorOf(["2025-01-01T10:00:00.000000+00:60", uuid])}`,
        `cursor=${cursorOf(["0000-01-01T10:00:00.000000Z", uuid])}`,
        `cursor=${cursorOf(["2025-01-01T10:00:00.000000Z", uuid, "x"])}`,
        `cursor=${cursorOf(["2025-01-01T10:00:00.000000Z", "1 or 1=1"])}`,
        "visibility=HIDDEN",
        "visibility=deleted",
        "limit=0",
        "limit=101",
        "limit=abc",
        `q=${"a".repeat(255)}`,
        "q=a%0Ab",
      ]) {
        const response = await call(t.app, admin, "GET", `/api/reviews?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toMatch(/[A-Z][a-z]+ [a-z].{8,}/);
      }
      const real = await call(
        t.app,
        admin,
        "GET",
        `/api/reviews?cursor=${cursorOf(["1970-01-02T00:00:00.000000Z", uuid])}`,
      );
      expect(real.statusCode).toBe(200);
      expect(real.json()).toEqual([]);
    });

    it("marks a verified buyer only once they have a paid order, and a payment refreshes the list", async () => {
      const carol = await signedInCustomer(t);
      const order = await addOrder(carol, "unpaid");
      await postReview(carol, "Carol's review");
      const carols = async () =>
        (await publicList()).find((r: { comment: string }) => r.comment === "Carol's review");
      expect(await carols()).toEqual({ review: "4", comment: "Carol's review", name: expect.any(String) });
      const alices = (await publicList()).find(
        (r: { comment: string }) => r.comment === "Alice's pliers review",
      );
      expect(alices.verifiedBuyer).toBeUndefined();

      // Paid the way the orders feature does it: the row changes, then OrderPaid is published.
      await t.database.db
        .update(orders)
        .set({ status: "paid", paidAt: new Date() })
        .where(eq(orders.id, order.id));
      await t.app.events.publish({ type: "OrderPaid", order: { email: carol.email } as Order });
      await expect.poll(async () => (await carols())?.verifiedBuyer).toBe(true);
    });

    it("checks payments made together with one question, and drops the list once for their reviewers", async () => {
      const reviewers = [await signedInCustomer(t), await signedInCustomer(t)];
      for (const [index, reviewer] of reviewers.entries()) await postReview(reviewer, `Review ${index}`);
      const others = await Promise.all(Array.from({ length: 8 }, () => signedInCustomer(t)));
      let listDrops = 0;
      const unsubscribe = t.app.events.subscribe(["ReviewChanged"], "every-process", () => {
        listDrops++;
      });
      try {
        const pay = (who: SignedInCustomer) =>
          t.app.events.publish({ type: "OrderPaid", order: { email: who.email.toUpperCase() } as Order });
        // Ten payments at once, two of them by authors of a review (their emails in another case).
        await Promise.all([...others, ...reviewers].map(pay));
        await t.app.events.drain();
        expect(listDrops).toBe(1);
        // Payments by customers without a review leave the list as it is.
        await Promise.all(others.map(pay));
        await t.app.events.drain();
        expect(listDrops).toBe(1);
      } finally {
        unsubscribe();
      }
    });
  });
}
