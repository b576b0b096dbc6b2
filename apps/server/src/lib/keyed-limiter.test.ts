import { describe, expect, it } from "vitest";
import { createKeyedLimiter } from "./keyed-limiter";

/** A task that runs until `finish` is called, recording how many of its key ran at once. */
function gatedTasks() {
  const running = new Map<string, number>();
  const most = new Map<string, number>();
  const started: string[] = [];
  const gates: Array<() => void> = [];
  const task = (key: string, name: string) => async () => {
    started.push(name);
    const now = (running.get(key) ?? 0) + 1;
    running.set(key, now);
    most.set(key, Math.max(most.get(key) ?? 0, now));
    await new Promise<void>((resolve) => gates.push(resolve));
    running.set(key, (running.get(key) ?? 1) - 1);
    return name;
  };
  /** Lets every task started so far finish, then lets the limiter hand their slots over. */
  const finishStarted = async () => {
    for (const open of gates.splice(0)) open();
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
  };
  return { task, most, started, finishStarted };
}

describe("createKeyedLimiter", () => {
  it("runs at most the limit of one key's tasks at once, the others in the order they came", async () => {
    const run = createKeyedLimiter(2);
    const { task, most, started, finishStarted } = gatedTasks();
    const results = Promise.all(["a", "b", "c", "d", "e"].map((name) => run("tool", task("tool", name))));
    await Promise.resolve();
    expect(started).toEqual(["a", "b"]);
    await finishStarted();
    expect(started).toEqual(["a", "b", "c", "d"]);
    await finishStarted();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    await finishStarted();
    expect(await results).toEqual(["a", "b", "c", "d", "e"]);
    expect(most.get("tool")).toBe(2);
  });

  it("lets other keys run meanwhile", async () => {
    const run = createKeyedLimiter(1);
    const { task, started, finishStarted } = gatedTasks();
    const results = Promise.all([
      run("one", task("one", "one-1")),
      run("one", task("one", "one-2")),
      run("two", task("two", "two-1")),
    ]);
    await Promise.resolve();
    expect(started).toEqual(["one-1", "two-1"]);
    await finishStarted();
    await finishStarted();
    expect(await results).toEqual(["one-1", "one-2", "two-1"]);
  });

  it("gives the slot of a task that failed to the next one, and passes the failure on", async () => {
    const run = createKeyedLimiter(1);
    const failing = run("tool", async () => {
      throw new Error("refused");
    });
    const next = run("tool", async () => "placed");
    await expect(failing).rejects.toThrow("refused");
    await expect(next).resolves.toBe("placed");
  });

  it("starts a key's next task at once after all of its tasks have ended", async () => {
    const run = createKeyedLimiter(1);
    await run("tool", async () => "first");
    let started = false;
    const second = run("tool", async () => {
      started = true;
    });
    expect(started).toBe(true);
    await second;
  });
});
