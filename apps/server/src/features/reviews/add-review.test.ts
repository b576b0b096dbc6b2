// POST /api/review: validated on the server, the reviewer is the token's user, the list shows it at once.
import { reviews, users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { reviewTooSoonMessage } from "@toolshop/shared/reviews";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`POST /api/review ${target.title}`, () => {
    let t: TestApp;
    let reviewer: SignedInCustomer;
    let other: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      reviewer = await signedInCustomer(t);
      other = await signedInCustomer(t);
      await t.database.db
        .update(users)
        .set({ displayName: "Rita Reviewer" })
        .where(eq(users.id, reviewer.id));
    });
    afterAll(async () => {
      await t?.close();
    });

    const post = (body: object, who: SignedInCustomer | undefined = reviewer) =>
      call(t.app, who, "POST", "/api/review", body);

    it("refuses a review without a token", async () => {
      const response = await call(t.app, undefined, "POST", "/api/review", { review: "5", comment: "Great" });
      expect(response.statusCode).toBe(401);
    });

    it("refuses ratings outside 1..5, non-numbers and a comment that is missing or too long", async () => {
      const cases: [object, string][] = [
        [{ review: "0", comment: "Fine" }, "Review must be a rating from 1 to 5"],
        [{ review: 6, comment: "Fine" }, "Review must be a rating from 1 to 5"],
        [{ review: "abc", comment: "Fine" }, "Review must be a rating from 1 to 5"],
        [{ review: "4.5", comment: "Fine" }, "Review must be a rating from 1 to 5"],
        [{ comment: "Fine" }, "Review must be a rating from 1 to 5"],
        [{ review: "4", comment: "   " }, "Comment is required"],
        [{ review: "4" }, "Comment is required"],
        [{ review: "4", comment: "x".repeat(1001) }, "The comment must be at most 1000 characters"],
      ];
      for (const [body, message] of cases) {
        const response = await post(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message, JSON.stringify(body)).toBe(message);
      }
      const stored = await t.database.db.select().from(reviews).where(eq(reviews.userId, reviewer.id));
      expect(stored).toEqual([]);
    });

    // One review a day: move a test's review a day back, as if it had been posted yesterday.
    const postedYesterday = (userId: string) =>
      t.database.db
        .update(reviews)
        .set({ createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000) })
        .where(eq(reviews.userId, userId));

    it("accepts exactly 1000 characters", async () => {
      const response = await post({ review: "1", comment: "y".repeat(1000) });
      expect(response.statusCode, response.body).toBe(201);
      await postedYesterday(reviewer.id);
    });

    it("takes the name and email from the token, not the body, and lists the review first", async () => {
      // Read the list first, so that a cached copy exists that the new review must replace.
      const cached = await t.app.inject({ method: "GET", url: "/api/review" });
      expect(cached.statusCode).toBe(200);
      const response = await post({
        review: "5",
        comment: "  <script>alert(1)</script> Solid pliers  ",
        name: "Somebody Famous",
        email: other.email,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({
        review: "5",
        comment: "<script>alert(1)</script> Solid pliers",
        name: "Rita Reviewer",
      });
      const [row] = await t.database.db
        .select()
        .from(reviews)
        .where(eq(reviews.comment, "<script>alert(1)</script> Solid pliers"));
      expect(row).toMatchObject({
        userId: reviewer.id,
        email: reviewer.email,
        name: "Rita Reviewer",
        rating: 5,
      });

      const list = await t.app.inject({ method: "GET", url: "/api/review" });
      expect(list.json()[0]).toEqual({
        review: "5",
        comment: "<script>alert(1)</script> Solid pliers",
        name: "Rita Reviewer",
      });
    });

    it("refuses a second review the same day with when they can post again, and allows it a day later", async () => {
      const third = await signedInCustomer(t);
      expect((await post({ review: "4", comment: "First" }, third)).statusCode).toBe(201);
      const [first] = await t.database.db.select().from(reviews).where(eq(reviews.userId, third.id));
      if (!first) throw new Error("no review");

      const again = await post({ review: "5", comment: "Second" }, third);
      expect(again.statusCode).toBe(429);
      const nextAllowedAt = new Date(first.createdAt.getTime() + 24 * 60 * 60 * 1000);
      expect(again.json().message).toBe(reviewTooSoonMessage(nextAllowedAt));
      expect(again.json().message).toMatch(
        /You can post your next review after \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
      );
      expect(Number(again.headers["retry-after"])).toBeGreaterThan(86_000);
      expect(await t.database.db.select().from(reviews).where(eq(reviews.userId, third.id))).toHaveLength(1);

      await postedYesterday(third.id);
      expect((await post({ review: "5", comment: "Second" }, third)).statusCode).toBe(201);
    });

    it("names a reviewer without a profile name by their email's first part", async () => {
      const response = await post({ review: 3, comment: "OK" }, other);
      expect(response.statusCode).toBe(201);
      expect(response.json().name).toBe(other.email.split("@")[0]);
    });
  });
}
