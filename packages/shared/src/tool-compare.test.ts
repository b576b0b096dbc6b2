import { describe, expect, it } from "vitest";
import { COMPARE_IDS_REQUIRED, COMPARE_TOO_MANY, compareUnknownIds, readCompareIds } from "./tool-compare";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("readCompareIds", () => {
  it("reads one to four ids, separated by commas or repeated, each once, in lower case", () => {
    expect(readCompareIds(`${id(1)}, ${id(2).toUpperCase()}`)).toEqual({ ids: [id(1), id(2)] });
    expect(readCompareIds([id(3), id(1)])).toEqual({ ids: [id(3), id(1)] });
    expect(readCompareIds(`${id(1)},${id(1)},`)).toEqual({ ids: [id(1)] });
  });

  it("says what is wrong: none, more than four, or one that is no id", () => {
    expect(readCompareIds(undefined)).toEqual({ error: COMPARE_IDS_REQUIRED });
    expect(readCompareIds(" , ")).toEqual({ error: COMPARE_IDS_REQUIRED });
    expect(readCompareIds([1, 2, 3, 4, 5].map(id).join(","))).toEqual({ error: COMPARE_TOO_MANY });
    expect(readCompareIds(`${id(1)},drill`)).toEqual({ error: "drill is not a tool id" });
  });

  it("names the ids no tool has", () => {
    expect(compareUnknownIds([id(9)])).toBe(`No tool has the id ${id(9)}.`);
    expect(compareUnknownIds([id(8), id(9)])).toBe(`No tools have the ids ${id(8)}, ${id(9)}.`);
  });
});
