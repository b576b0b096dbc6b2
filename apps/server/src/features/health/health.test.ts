import { testDatabaseTargets } from "@toolshop/db/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { startDraining } from "./draining";
import { SHUTTING_DOWN_MESSAGE } from "./routes";

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

    it("answers readiness 503 once the server drains for a shutdown, liveness still 200", async () => {
      const drained = await createTestApp(target.options);
      try {
        startDraining(drained.app.server);
        const response = await drained.app.inject({ method: "GET", url: "/api/readyz" });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          statusCode: 503,
          error: "Service Unavailable",
          message: SHUTTING_DOWN_MESSAGE,
        });
        expect((await drained.app.inject({ method: "GET", url: "/api/healthz" })).statusCode).toBe(200);
        // Another app in the same process is not affected.
        expect((await t.app.inject({ method: "GET", url: "/api/readyz" })).statusCode).toBe(200);
      } finally {
        await drained.close();
      }
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
