// `app.jobs`: the process's job queue (queue.ts). Started when the app is ready, after every route
// registered its periodic tasks; stopped when it closes, before the mailer (registered earlier, so
// closed later) and the database (closed by the caller after the app).
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../../env";
import { orderMailComposer } from "../orders/customer-mails";
import { registerMailWorker } from "./mail-queue";
import { JobQueue } from "./queue";

declare module "fastify" {
  interface FastifyInstance {
    /** Kept jobs: mails, periodic housekeeping (features/jobs/queue.ts). */
    jobs: JobQueue;
  }
}

/** SMTP_URL's pool size when set; the outbox writes files, a few at a time. */
const OUTBOX_CONCURRENCY = 5;

export function registerJobs(app: FastifyInstance, config: AppConfig): void {
  const jobs = new JobQueue({
    database: app.database,
    log: app.log.child({ module: "jobs" }),
    worker: config.worker,
    pollingIntervalSeconds: config.jobPollSeconds,
  });
  app.decorate("jobs", jobs);
  registerMailWorker({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    jobs,
    composeOrderMail: orderMailComposer({
      currency: config.currency,
      unpaidOrderHoldMinutes: config.unpaidOrderHoldMinutes,
      publicUrl: config.publicUrl,
    }),
    concurrency: config.mail.smtp?.maxConnections ?? OUTBOX_CONCURRENCY,
    relayTimeoutMs: config.mail.smtp?.timeoutMs,
  });
  app.addHook("onReady", async () => jobs.start());
  app.addHook("onClose", async () => jobs.stop());
}
