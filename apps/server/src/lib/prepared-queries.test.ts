import { users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundValues, createPreparedQueries, placeholders } from "./prepared-queries";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`prepared queries ${target.title}`, () => {
    let handles: Awaited<ReturnType<typeof createTestDatabase>>[];

    beforeAll(async () => {
      handles = [await createTestDatabase(target.options), await createTestDatabase(target.options)];
      for (const [index, handle] of handles.entries()) {
        await handle.db.insert(users).values([
          { email: `ann-${index}@example.com`, displayName: "Ann" },
          { email: `bob-${index}@example.com`, displayName: "Bob" },
        ]);
      }
    });
    afterAll(async () => {
      await Promise.all(handles.map((handle) => handle.close()));
    });

    it("builds a query once per shape and database, and runs it with each call's values", async () => {
      const prepared = createPreparedQueries();
      let builds = 0;
      const emailsLike = (index: number, pattern: string) => {
        const db = handles[index]?.db;
        if (!db) throw new Error("no database");
        const query = prepared(db, "by-email", () => {
          builds += 1;
          return db
            .select({ email: users.email })
            .from(users)
            .where(sql`${users.email} like ${placeholders("pattern")}`)
            .orderBy(users.email)
            .prepare("");
        });
        return query.execute({ pattern });
      };
      expect(await emailsLike(0, "ann%")).toEqual([{ email: "ann-0@example.com" }]);
      expect(await emailsLike(0, "bob%")).toEqual([{ email: "bob-0@example.com" }]);
      expect(builds).toBe(1);
      // Another database has its own query: the first one's would read the first database.
      expect(await emailsLike(1, "%")).toEqual([
        { email: "ann-1@example.com" },
        { email: "bob-1@example.com" },
      ]);
      expect(builds).toBe(2);
    });

    it("binds the same condition's values directly where a query is not prepared", async () => {
      const db = handles[0]?.db;
      if (!db) throw new Error("no database");
      const condition = sql`${users.email} = ${boundValues({ email: "bob-0@example.com" })("email")}`;
      expect(await db.select({ name: users.displayName }).from(users).where(condition)).toEqual([
        { name: "Bob" },
      ]);
      expect(() => boundValues({})("email")).toThrow("No value for email");
    });
  });
}
