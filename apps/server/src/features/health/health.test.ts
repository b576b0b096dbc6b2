import { testDatabaseTargets } from "@toolshop/db/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`health checks ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("answers liveness", async () => {
      const response = await t.app.inject({ method: "GET", url: "/api/healthz" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "ok" });
    });

    it("answers readiness while the database answers, and 503 once it does not", async () => {
      const ready = await t.app.inject({ method: "GET", url: "/api/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ok" });

      await t.database.close();
      const notReady = await t.app.inject({ method: "GET", url: "/api/readyz" });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({
        statusCode: 503,
        error: "Service Unavailable",
        message: "The database is not reachable.",
      });
    });
  });
}
