import type { FastifyInstance } from "fastify";

export interface PeriodicTask {
  /** What the task does, for the log line when it fails ("pruning unused uploads"). */
  name: string;
  everyMs: number;
  /** `signal` is aborted when the app closes: a long run stops at its next step. */
  run: (signal: AbortSignal) => Promise<void>;
}

/**
 * Runs housekeeping every `everyMs` while the app is up, off the request path: the first run comes one
 * interval after start, a run never overlaps the previous one, a failure is logged and retried next
 * time, and the timer neither keeps the process alive nor outlives `app.close()`, which waits for a run
 * under way (told to stop by its signal) so that none uses the database after it closed.
 */
export function runPeriodically(app: FastifyInstance, task: PeriodicTask): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const closing = new AbortController();
  const tick = () => {
    running ??= (async () => {
      try {
        await task.run(closing.signal);
      } catch (error) {
        app.log.error({ err: error }, `${task.name} failed`);
      } finally {
        running = undefined;
      }
    })();
  };
  app.addHook("onReady", async () => {
    timer = setInterval(tick, task.everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    closing.abort();
    await running;
  });
}
