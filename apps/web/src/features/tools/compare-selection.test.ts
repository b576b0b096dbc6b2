import { beforeEach, describe, expect, it } from "vitest";
import { comparePath, setCompared, toggleCompared } from "./compare-selection";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const stored = () => JSON.parse(sessionStorage.getItem("toolshop.compare") ?? "[]");

describe("the tools ticked for comparison", () => {
  beforeEach(() => setCompared([]));

  it("takes up to four, refuses a fifth, and unticks on a second tick", () => {
    for (const n of [1, 2, 3, 4]) expect(toggleCompared(id(n))).toBe(true);
    expect(toggleCompared(id(5))).toBe(false);
    expect(stored()).toEqual([1, 2, 3, 4].map(id));
    expect(toggleCompared(id(2))).toBe(true);
    expect(toggleCompared(id(5))).toBe(true);
    expect(stored()).toEqual([1, 3, 4, 5].map(id));
  });

  it("leads to the comparison of the ids in their order", () => {
    expect(comparePath([id(3), id(1)])).toBe(`/compare?ids=${id(3)},${id(1)}`);
  });
});
