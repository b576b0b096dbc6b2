import { afterEach, describe, expect, it } from "vitest";
import { keyFreshHistoryEntry } from "./history-entry-key";

describe("keyFreshHistoryEntry", () => {
  afterEach(() => window.history.replaceState(null, ""));

  it("gives an entry loaded fresh a key of its own, a new one for each fresh entry", () => {
    window.history.replaceState(null, "");
    keyFreshHistoryEntry();
    const first = window.history.state as { key: string; usr: unknown; idx: number };
    expect(first).toEqual({ usr: null, idx: 0, key: expect.stringMatching(/^[a-z0-9]+$/) });
    expect(first.key).not.toBe("default");

    window.history.replaceState(null, "");
    keyFreshHistoryEntry();
    expect((window.history.state as { key: string }).key).not.toBe(first.key);
  });

  it("keeps the key and state of an entry that has one, as after a reload", () => {
    const state = { usr: { from: "/dashboard" }, key: "k1", idx: 3 };
    window.history.replaceState(state, "");
    keyFreshHistoryEntry();
    expect(window.history.state).toEqual(state);
  });

  it("keeps what else an entry's state holds when it adds the key", () => {
    window.history.replaceState({ usr: { from: "/cart" }, idx: 2 }, "");
    keyFreshHistoryEntry();
    expect(window.history.state).toEqual({ usr: { from: "/cart" }, idx: 2, key: expect.any(String) });
  });
});
