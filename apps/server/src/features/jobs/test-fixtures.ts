// What the tests read of the mail queue: pg-boss's job rows, straight from its table.
import type { Database } from "@toolshop/db/client";
import { sql } from "drizzle-orm";
import { JOB_SCHEMA } from "./queue";

export interface MailJobRow {
  id: string;
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  retry_count: number;
  retry_limit: number;
  /** Seconds from now to the next attempt (negative: due). */
  due_in_seconds: number;
  output: { message?: string; code?: unknown } | null;
  data: { kind: string; order?: { mail: string; orderId: string } };
}

/** The mail jobs about `orderId`, oldest first. */
export async function mailJobsOf(db: Database, orderId: string): Promise<MailJobRow[]> {
  const result = (await db.execute(sql`
    select id, state, retry_count, retry_limit, output, data,
      extract(epoch from start_after - now())::float8 as due_in_seconds
    from ${sql.raw(JOB_SCHEMA)}.job
    where name = 'mail' and data -> 'order' ->> 'orderId' = ${orderId}
    order by created_on`)) as { rows: MailJobRow[] };
  return result.rows;
}

/** As if the job's next attempt were due now: the tests do not wait out a minute's backoff. */
export async function makeDue(db: Database, id: string, fields: { retryCount?: number } = {}): Promise<void> {
  await db.execute(sql`
    update ${sql.raw(JOB_SCHEMA)}.job
    set start_after = now(), retry_count = coalesce(${fields.retryCount ?? null}::int, retry_count)
    where name = 'mail' and id = ${id}`);
}
