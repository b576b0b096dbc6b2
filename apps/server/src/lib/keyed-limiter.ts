/**
 * Runs at most `limit` tasks per key at once in this process; the others wait their turn, first come
 * first served. A task that holds a database row (or lock) that every other task of its key needs is
 * better queued here than in PostgreSQL: a waiter there holds a pooled connection that other requests
 * need, and each hand-over of the lock wakes every waiter.
 */
export type KeyedLimiter = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function createKeyedLimiter(limit: number): KeyedLimiter {
  const lanes = new Map<string, { running: number; waiting: Array<() => void> }>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      lanes.set(key, lane);
    }
    if (lane.running < limit) lane.running += 1;
    else await new Promise<void>((resolve) => lane.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot goes to the next waiter as it is; the last one out forgets the key.
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.running === 0) lanes.delete(key);
    }
  };
}
