import { describe, expect, it } from "vitest";
import { createKeyedBatcher, type KeyedBatcher } from "./keyed-batcher";

/** A `run` whose batches wait until `finish` is called; it records each batch and answers item * 10. */
function gatedRun(fail?: (items: number[]) => Error | undefined) {
  const batches: number[][] = [];
  const gates: Array<() => void> = [];
  const run = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    const error = fail?.(items);
    if (error) throw error;
    return items.map((item) => item * 10);
  };
  /** Lets every batch started so far finish, then lets the batcher start the next ones. */
  const finishStarted = async () => {
    // Every promise job runs before the next macrotask: the batches started reach their gates, and
    // once those open, the next batches start.
    await nextMacrotask();
    for (const open of gates.splice(0)) open();
    await nextMacrotask();
  };
  return { run, batches, finishStarted };
}

const nextMacrotask = () => new Promise((resolve) => setImmediate(resolve));

/** A batcher called with one item at a time, as one customer's single order is. */
function oneByOne<Item, Outcome>(batcher: KeyedBatcher<Item, Outcome>) {
  return async (key: string, item: Item) => {
    const [outcome] = await batcher(key, [item]);
    return outcome;
  };
}

describe("createKeyedBatcher", () => {
  it("sends an item alone at once while a slot is free, and the rest together in the order they came", async () => {
    const { run, batches, finishStarted } = gatedRun();
    const place = oneByOne(createKeyedBatcher(run, { limit: 2, maxBatch: 3 }));
    const answers = [1, 2, 3, 4, 5, 6, 7].map((item) => place("tool", item));
    await nextMacrotask();
    expect(batches).toEqual([[1], [2]]);
    await finishStarted();
    // Two slots came free: the five waiting went in order, three and then two.
    expect(batches).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    await finishStarted();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it("sends the items given in one call together, in as few batches as fit them", async () => {
    const { run, batches, finishStarted } = gatedRun();
    const place = createKeyedBatcher(run, { limit: 2, maxBatch: 3 });
    const alone = place("tool", [1]);
    const together = place("tool", [2, 3, 4, 5]);
    const later = place("tool", [6, 7]);
    await nextMacrotask();
    // The second slot took as many of the group as a batch holds; the rest waits with the next group.
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await finishStarted();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
    await finishStarted();
    expect(await Promise.all([alone, together, later])).toEqual([[10], [20, 30, 40, 50], [60, 70]]);
    expect(await place("tool", [])).toEqual([]);
  });

  it("keeps keys apart: one key's waiting items never delay another's", async () => {
    const { run, batches, finishStarted } = gatedRun();
    const place = oneByOne(createKeyedBatcher(run, { limit: 1, maxBatch: 10 }));
    const busy = [1, 2, 3].map((item) => place("sale", item));
    const other = place("other", 9);
    await nextMacrotask();
    expect(batches).toEqual([[1], [9]]);
    await finishStarted();
    expect(await other).toBe(90);
    expect(batches).toEqual([[1], [9], [2, 3]]);
    await finishStarted();
    expect(await Promise.all(busy)).toEqual([10, 20, 30]);
  });

  it("rejects every item of a failed batch with its error, and runs the next batch", async () => {
    const failure = new Error("the database went away");
    const { run, finishStarted } = gatedRun((items) => (items.includes(2) ? failure : undefined));
    const place = oneByOne(createKeyedBatcher(run, { limit: 1, maxBatch: 2 }));
    const first = place("tool", 1);
    // Caught at once: they reject while the test still lets batches finish.
    const failed = [2, 3].map((item) => place("tool", item).catch((error: unknown) => error));
    const after = place("tool", 4);
    await finishStarted();
    expect(await first).toBe(10);
    await finishStarted();
    expect(await Promise.all(failed)).toEqual([failure, failure]);
    await finishStarted();
    expect(await after).toBe(40);
  });

  it("rejects a batch answered with the wrong number of outcomes", async () => {
    const place = oneByOne(
      createKeyedBatcher(async (items: number[]) => items.slice(1), { limit: 1, maxBatch: 5 }),
    );
    await expect(place("tool", 1)).rejects.toThrow("A batch of 1 answered 0 outcomes.");
  });

  it("rejects the batch of a run that throws before it answers a promise", async () => {
    const place = oneByOne(
      createKeyedBatcher<number, number>(
        () => {
          throw new Error("no connection");
        },
        { limit: 1, maxBatch: 5 },
      ),
    );
    await expect(place("tool", 1)).rejects.toThrow("no connection");
    // The slot came free: the key is usable again.
    await expect(place("tool", 2)).rejects.toThrow("no connection");
  });
});
