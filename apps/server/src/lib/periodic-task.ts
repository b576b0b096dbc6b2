import type { FastifyInstance } from "fastify";

export interface PeriodicTask {
  /** What the task does, for the log line when it fails ("pruning unused uploads"). */
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

/**
 * Runs housekeeping every `everyMs` while the app is up, off the request path: the first run comes one
 * interval after start, a run never overlaps the previous one, a failure is logged and retried next
 * time, and the timer neither keeps the process alive nor outlives `app.close()`.
 */
export function runPeriodically(app: FastifyInstance, task: PeriodicTask): void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await task.run();
    } catch (error) {
      app.log.error({ err: error }, `${task.name} failed`);
    } finally {
      running = false;
    }
  };
  app.addHook("onReady", async () => {
    timer = setInterval(tick, task.everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
