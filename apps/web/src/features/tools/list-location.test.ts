import { describe, expect, it } from "vitest";
import { toolsListHref, toolsListState } from "./list-location";

describe("the way back to the tools", () => {
  it("returns to the search the shopper left", () => {
    expect(toolsListHref(toolsListState("?category=electrical&q=strip"))).toBe(
      "/?category=electrical&q=strip#tools",
    );
    expect(toolsListHref(toolsListState(""))).toBe("/#tools");
  });

  it("leads to the whole list for a missing or foreign state", () => {
    for (const state of [
      null,
      undefined,
      "/?q=x#tools",
      { toolsList: 42 },
      { toolsList: "//evil.example/#tools" },
      { toolsList: "https://evil.example/?q=x#tools" },
      { toolsList: "/\\evil.example#tools" },
      { toolsList: "/dashboard#tools" },
      { toolsList: "/?q=a/..//evil#tools" },
    ]) {
      expect(toolsListHref(state)).toBe("/#tools");
    }
  });
});
