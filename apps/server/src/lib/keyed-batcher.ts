/**
 * Runs the items of one key in batches: at most `limit` batches per key at once in this process, and
 * the items that arrive meanwhile wait, first come first served, to go together in the next batch (up
 * to `maxBatch`). Items that find a free slot go at once, without waiting for company. Items given in
 * one call arrive together: they go in one batch while they fit in it.
 * Made for work that queues on one database row anyway (orders for one tool): a batch holds the row
 * for one commit instead of one per item, and a waiter in the process holds no pooled connection.
 *
 * `run` answers one outcome per item, in the items' order. If it rejects, every item of its batch
 * rejects with that error.
 */
export type KeyedBatcher<Item, Outcome> = (key: string, items: readonly Item[]) => Promise<Outcome[]>;

interface Waiter<Item, Outcome> {
  item: Item;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

interface Lane<Item, Outcome> {
  running: number;
  waiting: Waiter<Item, Outcome>[];
}

export function createKeyedBatcher<Item, Outcome>(
  run: (items: Item[]) => Promise<Outcome[]>,
  { limit, maxBatch }: { limit: number; maxBatch: number },
): KeyedBatcher<Item, Outcome> {
  const lanes = new Map<string, Lane<Item, Outcome>>();

  const start = (key: string, lane: Lane<Item, Outcome>) => {
    const batch = lane.waiting.splice(0, maxBatch);
    lane.running += 1;
    Promise.resolve()
      .then(() => run(batch.map((waiter) => waiter.item)))
      .then((outcomes) => {
        if (outcomes.length !== batch.length) {
          throw new Error(`A batch of ${batch.length} answered ${outcomes.length} outcomes.`);
        }
        for (const [i, waiter] of batch.entries()) waiter.resolve(outcomes[i] as Outcome);
      })
      .catch((error: unknown) => {
        for (const waiter of batch) waiter.reject(error);
      })
      .finally(() => {
        lane.running -= 1;
        if (lane.waiting.length > 0) start(key, lane);
        else if (lane.running === 0) lanes.delete(key);
      });
  };

  return async (key, items) => {
    if (items.length === 0) return [];
    let lane = lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      lanes.set(key, lane);
    }
    const { waiting } = lane;
    const outcomes = items.map(
      (item) => new Promise<Outcome>((resolve, reject) => waiting.push({ item, resolve, reject })),
    );
    while (lane.running < limit && waiting.length > 0) start(key, lane);
    return Promise.all(outcomes);
  };
}
