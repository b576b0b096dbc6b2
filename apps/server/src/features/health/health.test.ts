import { testDatabaseTargets } from "@toolshop/db/test-support";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { enqueueMail } from "../jobs/mail-queue";
import { JOB_SCHEMA } from "../jobs/queue";
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

    it("answers readiness 503 once the oldest due job has waited JOB_STUCK_MINUTES for a worker", async () => {
      // No worker runs here: a queued mail waits.
      const idle = await createTestApp(target.options, { env: { WORKER: "off", JOB_STUCK_MINUTES: "5" } });
      try {
        await idle.app.ready();
        const message = { to: "ada@example.com", subject: "Waiting", text: "t", html: "<p>t</p>" };
        await enqueueMail(idle.app.jobs, idle.app.db, { kind: "message", mail: { message } });
        expect((await idle.app.inject({ method: "GET", url: "/api/readyz" })).statusCode).toBe(200);

        // As if it had been due for six minutes.
        await idle.app.db.execute(
          sql`update ${sql.raw(JOB_SCHEMA)}.job set start_after = now() - interval '6 minutes' where name = 'mail'`,
        );
        const stuck = await idle.app.inject({ method: "GET", url: "/api/readyz" });
        expect(stuck.statusCode).toBe(503);
        expect(stuck.json().message).toBe(
          "The job queue is stuck: its oldest due job has waited 6 minutes for a worker.",
        );
      } finally {
        await idle.close();
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
