import { reviews } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`reviews API ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("answers an empty list when there are no reviews", async () => {
      const response = await t.app.inject({ method: "GET", url: "/api/review" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it("lists reviews newest first, the rating as a string, without the reviewer's email", async () => {
      const day = (n: number) => new Date(Date.UTC(2026, 0, n));
      await t.database.db.insert(reviews).values([
        { name: "Old", email: "old@example.com", rating: 3, comment: "Fine.", createdAt: day(1) },
        { name: "Newest", email: "new@example.com", rating: 5, comment: "Great pliers.", createdAt: day(3) },
        { name: "Middle", email: "mid@example.com", rating: 1, comment: "Late delivery.", createdAt: day(2) },
      ]);
      // Written past the API, so publish what POST /api/review's service does.
      await t.app.events.publish({ type: "ReviewChanged" });

      const response = await t.app.inject({ method: "GET", url: "/api/review" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { review: "5", comment: "Great pliers.", name: "Newest" },
        { review: "1", comment: "Late delivery.", name: "Middle" },
        { review: "3", comment: "Fine.", name: "Old" },
      ]);
    });
  });
}
