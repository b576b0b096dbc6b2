// Before the mail queue, an order's mail the relay did not take was kept in the mail_retries table.
// At start, before the migrations drop that table, its rows become mail jobs (each with its row's id,
// so two processes starting at once carry a row once) and are deleted in the same transaction. A row
// that had been given up gets the queue's retries again: a 5xx ends them at its first attempt.
import type { DatabaseHandle } from "@toolshop/db/client";
import { sql } from "drizzle-orm";
import { enqueueMail, MAIL_QUEUE } from "./mail-queue";
import { type JobLog, JobQueue } from "./queue";

interface KeptMailRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attached_document: string | null;
}

/** Moves mail_retries' rows into the mail queue; answers how many. Nothing to do once it is dropped. */
export async function carryKeptMails(database: DatabaseHandle, log: JobLog): Promise<number> {
  const { db } = database;
  const exists = (await db.execute(sql`select to_regclass('public.mail_retries') is not null as kept`)) as {
    rows: { kept: boolean }[];
  };
  if (!exists.rows[0]?.kept) return 0;
  const jobs = new JobQueue({ database, log, worker: false });
  jobs.define(MAIL_QUEUE);
  await jobs.start();
  try {
    return await db.transaction(async (tx) => {
      const kept = (await tx.execute(
        sql`delete from mail_retries returning id, recipient, subject, text_body, html_body, attached_document`,
      )) as { rows: KeptMailRow[] };
      for (const row of kept.rows) {
        const message = { to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body };
        await enqueueMail(
          jobs,
          tx,
          { kind: "message", mail: { message, attachedDocument: row.attached_document } },
          row.id,
        );
      }
      if (kept.rows.length > 0) log.info({ mails: kept.rows.length }, "kept mails moved into the mail queue");
      return kept.rows.length;
    });
  } finally {
    await jobs.stop();
  }
}
