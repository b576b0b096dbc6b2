// The shop's kept jobs (decision 0050): pg-boss in the shop's own database, PostgreSQL or PGlite, so a
// job sent in a transaction commits with the change that causes it and survives any process's death.
// A process with the worker on fetches and runs the jobs; every process may send them.
import type { Database, DatabaseHandle } from "@toolshop/db/client";
import PgBoss from "pg-boss";
import { connectionExecutor, drizzleExecutor } from "./sql-adapter";

/** pg-boss's schema in the shop's database. */
export const JOB_SCHEMA = "pgboss";

export interface QueueDefinition {
  name: string;
  /** Retries after the first attempt, and the first retry's delay in seconds (doubled each time). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** An attempt still running after this long counts as failed (its process died, or it hangs). */
  expireInSeconds: number;
  /** "stately": at most one job waits and one runs (a periodic task); "standard": any number. */
  policy: "standard" | "stately";
}

export interface WorkerDefinition {
  queue: QueueDefinition;
  /** Jobs of this queue one process runs at once. */
  concurrency: number;
  /** How often an idle worker asks; the queue's default (JOB_POLL_SECONDS) when unset. */
  pollingIntervalSeconds?: number;
  /** `signal` is aborted when the process stops: a long job stops at its next step. */
  run: (data: unknown, signal: AbortSignal, job: { id: string; retryCount: number }) => Promise<void>;
}

export interface PeriodicTask {
  /** The queue's name ("expire-unpaid-orders"): lower case, digits and dashes. */
  name: string;
  /** What the task does, for the log ("releasing expired reservations"). */
  title: string;
  everyMs: number;
  run: (signal: AbortSignal) => Promise<void>;
}

/** What the queue logs with; a Fastify logger is one. */
export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueOptions {
  database: DatabaseHandle;
  log: JobLog;
  /** Off: this process sends jobs but runs none (WORKER=off; `npm run worker` runs them). */
  worker: boolean;
  /** How often an idle mail worker looks for jobs (JOB_POLL_SECONDS). */
  pollingIntervalSeconds?: number | undefined;
}

/**
 * How long a job is kept after it ran (decision 0052). A mail job holds an address and the mail's text:
 * personal data, not needed once sent. pg-boss 10 keeps a finished job in pgboss.job, then moves it to
 * pgboss.archive, which deletes it later; its defaults (12 hours, then 7 days) kept every sent mail for
 * a week. A completed job stays an hour: a periodic task's period is held by its completed job (the
 * singleton slot), so it must outlive the longest period, and pg-boss refuses a slot longer than this.
 */
export const COMPLETED_JOB_KEPT_SECONDS = 60 * 60;
/** A failed job (a mail refused for good, or out of retries) stays a week for an operator to see. */
export const FAILED_JOB_KEPT_SECONDS = 7 * 24 * 60 * 60;
/** The archive keeps no copy: what maintenance moves there it deletes at its next run. */
const ARCHIVED_JOB_KEPT_SECONDS = 1;

/** How often an idle worker asks for mails; periodic tasks are late by at most their own interval. */
const DEFAULT_POLL_SECONDS = 2;
const PERIODIC_POLL_SECONDS = 10;

const PERIODIC_QUEUE: Omit<QueueDefinition, "name"> = {
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 15 * 60,
  policy: "stately",
};

/**
 * pg-boss 10 creates a queue's partition without a lock: processes starting together on PostgreSQL can
 * deadlock there. PostgreSQL then aborts one statement, which is tried again (the queue's creation does
 * nothing once another process made it).
 */
async function retriedOnDeadlock(step: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "40P01" || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * One per process. `start` creates pg-boss's tables when missing, the queues, and (worker on) the
 * workers and the periodic tasks' clocks; `stop` lets running jobs finish.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, QueueDefinition>();
  private readonly workers: WorkerDefinition[] = [];
  private readonly periodic: PeriodicTask[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopping = new AbortController();
  private started = false;
  private readonly polling: number;

  constructor(private readonly options: JobQueueOptions) {
    this.polling = options.pollingIntervalSeconds ?? DEFAULT_POLL_SECONDS;
    this.boss = new PgBoss({
      db: connectionExecutor(options.database),
      schema: JOB_SCHEMA,
      // Cron schedules are not used: periodic tasks are singleton jobs (runPeriodically below).
      schedule: false,
      supervise: options.worker,
      // How soon an attempt whose process died is failed, and so retried.
      maintenanceIntervalSeconds: 15,
      archiveCompletedAfterSeconds: COMPLETED_JOB_KEPT_SECONDS,
      archiveFailedAfterSeconds: FAILED_JOB_KEPT_SECONDS,
      deleteAfterSeconds: ARCHIVED_JOB_KEPT_SECONDS,
    });
    this.boss.on("error", (error) => options.log.error({ err: error }, "job queue error"));
  }

  /** Registers a queue's worker; before start. */
  work(worker: WorkerDefinition): void {
    this.define(worker.queue);
    this.workers.push(worker);
  }

  /**
   * Runs `task` every `everyMs` once across all processes: each worker process offers a job for the
   * current period (singleton key and slot), the database keeps the first, and one worker runs it.
   */
  runPeriodically(task: PeriodicTask): void {
    if (task.everyMs > COMPLETED_JOB_KEPT_SECONDS * 1000) {
      // Its completed job would be archived within its period, and a second one run in that period.
      throw new Error(
        `The period of ${task.name} outlasts the ${COMPLETED_JOB_KEPT_SECONDS} s a job is kept.`,
      );
    }
    const queue = { name: task.name, ...PERIODIC_QUEUE };
    this.periodic.push(task);
    this.work({
      queue,
      concurrency: 1,
      // Late by at most a tenth of the period, and never asking more often than twice a second.
      pollingIntervalSeconds: Math.min(PERIODIC_POLL_SECONDS, Math.max(0.5, task.everyMs / 10_000)),
      run: async (_data, signal) => {
        try {
          await task.run(signal);
        } catch (error) {
          // Logged, not retried: the next period runs it again.
          this.options.log.error({ err: error }, `${task.title} failed`);
        }
      },
    });
  }

  /** Sends a job on `db`: inside a transaction, it is kept only if the transaction commits. */
  async send(db: Database, queue: QueueDefinition, data: object, id?: string): Promise<void> {
    this.define(queue);
    await this.boss.send(queue.name, data, { db: drizzleExecutor(db), ...(id ? { id } : {}) });
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const queue of this.queues.values()) {
      const settings = {
        policy: queue.policy,
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: queue.expireInSeconds,
      };
      await retriedOnDeadlock(() => this.boss.createQueue(queue.name, { name: queue.name, ...settings }));
      // A queue created by an older release keeps its settings unless told.
      await retriedOnDeadlock(() => this.boss.updateQueue(queue.name, { name: queue.name, ...settings }));
    }
    this.started = true;
    if (!this.options.worker) return;
    for (const worker of this.workers) {
      // One poller a queue (each poller is a query every interval), fetching up to `concurrency` jobs.
      const pollingIntervalSeconds = worker.pollingIntervalSeconds ?? this.polling;
      const options = {
        batchSize: worker.concurrency,
        pollingIntervalSeconds,
        includeMetadata: true as const,
      };
      await this.boss.work<object>(worker.queue.name, options, (batch) => this.runBatch(worker, batch));
    }
    for (const task of this.periodic) {
      const offer = () => this.offerPeriod(task);
      const timer = setInterval(offer, task.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    if (!this.started) return;
    this.stopping.abort();
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
  }

  /**
   * How long the oldest job that is due has waited, in seconds (0: none waits): a worker that keeps up
   * leaves it near its polling interval.
   */
  async oldestDueWaitSeconds(): Promise<number> {
    const { rows } = await connectionExecutor(this.options.database).executeSql(
      `select coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as waited
         from ${JOB_SCHEMA}.job where state in ('created', 'retry') and start_after <= now()`,
    );
    return Number((rows[0] as { waited?: unknown } | undefined)?.waited ?? 0);
  }

  /**
   * pg-boss's maintenance now, as it runs every 15 s in the worker processes: fails attempts that
   * outlived their expiry, archives the finished jobs past their keeping, deletes the archived ones.
   */
  async maintain(): Promise<void> {
    await this.boss.maintain();
  }

  /** The job's state and output, for an operator (and the tests). */
  async findJob(queue: QueueDefinition, id: string) {
    return this.boss.getJobById(queue.name, id);
  }

  /**
   * Makes the failing attempt of job `id` its last: pg-boss 10 retries every failure up to the
   * queue's limit, and a relay's permanent refusal must not be tried again.
   */
  async noMoreRetries(queue: QueueDefinition, id: string): Promise<void> {
    await connectionExecutor(this.options.database).executeSql(
      `update ${JOB_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`,
      [queue.name, id],
    );
  }

  /**
   * Runs a batch's jobs side by side; each failed one is failed alone (retried or kept by the queue's
   * limit), and pg-boss then completes the rest.
   */
  private async runBatch(worker: WorkerDefinition, batch: PgBoss.JobWithMetadata[]): Promise<void> {
    const outcomes = await Promise.allSettled(
      batch.map((job) =>
        worker.run(job.data, this.stopping.signal, { id: job.id, retryCount: job.retryCount }),
      ),
    );
    for (const [index, outcome] of outcomes.entries()) {
      const job = batch[index];
      if (outcome.status === "rejected" && job) {
        const error = outcome.reason;
        const output = error instanceof Error ? error : { message: String(error) };
        await this.boss.fail(worker.queue.name, job.id, output);
      }
    }
  }

  /** Makes `start` create (or update) the queue. */
  define(queue: QueueDefinition): void {
    if (this.queues.has(queue.name)) return;
    if (this.started) throw new Error(`The queue ${queue.name} is defined after the job queue started.`);
    this.queues.set(queue.name, queue);
  }

  private offerPeriod(task: PeriodicTask): void {
    const singletonSeconds = Math.max(1, Math.round(task.everyMs / 1000));
    this.boss.send(task.name, {}, { singletonKey: task.name, singletonSeconds }).catch((error: unknown) => {
      this.options.log.error({ err: error }, `could not start ${task.title}`);
    });
  }
}
