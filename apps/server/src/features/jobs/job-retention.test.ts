// A sent mail's job (its address and text) is deleted an hour after it was sent, and a failed one a
// week after it failed, instead of pg-boss's default of a week and more for both: pg-boss's own
// maintenance, driven here, with the jobs' times moved back instead of waited for. On PGlite and
// PostgreSQL.
import { queryRows, testDatabaseTargets } from "@toolshop/db/test-support";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { enqueueMail, MAIL_QUEUE } from "./mail-queue";
import { COMPLETED_JOB_KEPT_SECONDS, FAILED_JOB_KEPT_SECONDS, JOB_SCHEMA } from "./queue";
import { makeDue } from "./test-fixtures";

const POLL = { timeout: 20_000, interval: 100 };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`how long mail jobs are kept ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { JOB_POLL_SECONDS: "0.5" } });
      await t.app.ready();
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    /** Queues a mail to `to` and answers its job's id. */
    async function queued(to: string): Promise<string> {
      const id = crypto.randomUUID();
      const message = { to, subject: "Kept?", text: id, html: `<p>${id}</p>` };
      await t.app.db.transaction((tx) =>
        enqueueMail(t.app.jobs, tx, { kind: "message", mail: { message } }, id),
      );
      return id;
    }

    /** Where the job is: its state in pgboss.job, "archived", or "gone". */
    async function whereIs(id: string): Promise<string> {
      const [job] = await queryRows<{ state: string }>(
        t.database.db,
        sql`select state from ${sql.raw(JOB_SCHEMA)}.job where id = ${id}`,
      );
      if (job) return job.state;
      const [archived] = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from ${sql.raw(JOB_SCHEMA)}.archive where id = ${id}`,
      );
      return archived ? "archived" : "gone";
    }

    /** As if the job had finished `seconds` ago (and any archived copy had been archived as long ago). */
    async function finishedAgo(id: string, seconds: number): Promise<void> {
      const ago = sql`now() - make_interval(secs => ${seconds})`;
      await t.database.db.execute(
        sql`update ${sql.raw(JOB_SCHEMA)}.job set completed_on = ${ago} where id = ${id}`,
      );
      await t.database.db.execute(
        sql`update ${sql.raw(JOB_SCHEMA)}.archive set archived_on = ${ago} where id = ${id}`,
      );
    }

    /** pg-boss's maintenance, as its 15 s timer runs it, and where the job is after it. */
    async function afterMaintenance(id: string): Promise<string> {
      await t.app.jobs.maintain();
      return whereIs(id);
    }

    it("deletes a sent mail's job an hour after it was sent, archive and all", async () => {
      const id = await queued("kept.briefly@example.com");
      await expect.poll(() => whereIs(id), POLL).toBe("completed");
      // Within the hour: kept, as a periodic task's completed job holds its period.
      await finishedAgo(id, COMPLETED_JOB_KEPT_SECONDS - 60);
      expect(await afterMaintenance(id)).toBe("completed");

      await finishedAgo(id, COMPLETED_JOB_KEPT_SECONDS + 1);
      expect(await afterMaintenance(id)).toBe("archived");
      // The archive's copy goes at the next run.
      await finishedAgo(id, 2);
      expect(await afterMaintenance(id)).toBe("gone");
    });

    it("keeps a failed mail's job a week for an operator, then deletes it", async () => {
      // The mailer refuses a recipient that is not one plain address: a failed attempt, tried again.
      const id = await queued("not an address");
      await expect.poll(() => whereIs(id), POLL).toBe("retry");
      // As if every retry but the last had failed too.
      await makeDue(t.app.db, id, { retryCount: MAIL_QUEUE.retryLimit - 1 });
      await expect.poll(() => whereIs(id), POLL).toBe("failed");

      await finishedAgo(id, COMPLETED_JOB_KEPT_SECONDS + 1);
      expect(await afterMaintenance(id)).toBe("failed");
      await finishedAgo(id, FAILED_JOB_KEPT_SECONDS - 60);
      expect(await afterMaintenance(id)).toBe("failed");

      await finishedAgo(id, FAILED_JOB_KEPT_SECONDS + 1);
      expect(await afterMaintenance(id)).toBe("archived");
      await finishedAgo(id, 2);
      expect(await afterMaintenance(id)).toBe("gone");
    });
  });
}
