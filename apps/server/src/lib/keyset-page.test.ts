import { describe, expect, it } from "vitest";
import { keysetPage } from "./keyset-page";

describe("a keyset page", () => {
  const cursorOf = (last: number) => `after-${last}`;

  it("keeps the first `limit` rows and names the last one when another page follows", () => {
    expect(keysetPage([1, 2, 3, 4], 3, cursorOf)).toEqual({ rows: [1, 2, 3], nextCursor: "after-3" });
  });

  it("has no cursor when the extra row is missing: the last page", () => {
    expect(keysetPage([1, 2, 3], 3, cursorOf)).toEqual({ rows: [1, 2, 3], nextCursor: null });
    expect(keysetPage([], 3, cursorOf)).toEqual({ rows: [], nextCursor: null });
  });
});
