// mail_retries' rows (the kept mails before the queue) become mail jobs at start, before migration 0035
// drops the table: each once, with its row's id, whether or not another start carried it already.
import { randomUUID } from "node:crypto";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { createTestDatabase } from "@toolshop/db/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carryKeptMails } from "./kept-mails";
import { JOB_SCHEMA } from "./queue";

const silent = { info: () => {}, error: () => {} };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the kept mails of before the queue ${target.title}`, () => {
    it("become mail jobs, once, and leave mail_retries empty", async () => {
      const database = await createTestDatabase(target.options);
      try {
        const { db } = database;
        // The table as migrations 0031 and 0032 made it (0035 drops it), with one kept mail.
        await db.execute(sql`create table mail_retries (
          id uuid primary key, kind text not null, order_id uuid, recipient text not null,
          subject text not null, text_body text not null, html_body text not null,
          attached_document text, attempts integer not null default 1, last_error text not null,
          next_attempt_at timestamptz, created_at timestamptz not null default now())`);
        const id = randomUUID();
        const keep = () =>
          db.execute(sql`insert into mail_retries
            (id, kind, recipient, subject, text_body, html_body, attached_document, last_error)
            values (${id}, 'confirmation', 'ada@example.com', 'Your Toolshop order is paid', 'text', '<p>html</p>',
              'INV-2026-000001', '451 busy')`);
        await keep();

        expect(await carryKeptMails(database, silent)).toBe(1);
        const jobs = async () =>
          (
            (await db.execute(
              sql`select id, state, data from ${sql.raw(JOB_SCHEMA)}.job where name = 'mail'`,
            )) as { rows: { id: string; state: string; data: unknown }[] }
          ).rows;
        expect(await jobs()).toEqual([
          {
            id,
            state: "created",
            data: {
              kind: "message",
              mail: {
                message: {
                  to: "ada@example.com",
                  subject: "Your Toolshop order is paid",
                  text: "text",
                  html: "<p>html</p>",
                },
                attachedDocument: "INV-2026-000001",
              },
            },
          },
        ]);
        const left = (await db.execute(sql`select count(*)::int as n from mail_retries`)) as {
          rows: { n: number }[];
        };
        expect(left.rows[0]?.n).toBe(0);

        // A second start that read the same row before the first deleted it queues no second job.
        await keep();
        expect(await carryKeptMails(database, silent)).toBe(1);
        expect((await jobs()).map((job) => job.id)).toEqual([id]);

        // Once the table is gone, there is nothing to carry.
        await db.execute(sql`drop table mail_retries`);
        expect(await carryKeptMails(database, silent)).toBe(0);
      } finally {
        await database.close();
      }
    }, 60_000);
  });
}
