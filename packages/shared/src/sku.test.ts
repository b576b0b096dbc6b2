import { describe, expect, it } from "vitest";
import { SKU_MAX_LENGTH, skuOfSearch } from "./sku";

describe("skuOfSearch", () => {
  it("takes a search that is exactly a SKU, in any case, without its surrounding spaces", () => {
    expect(skuOfSearch("ELE-00001")).toBe("ELE-00001");
    expect(skuOfSearch("  ele-00001 \t")).toBe("ele-00001");
    expect(skuOfSearch("PL.180/B")).toBe("PL.180/B");
    expect(skuOfSearch("a".repeat(SKU_MAX_LENGTH))).toBe("a".repeat(SKU_MAX_LENGTH));
  });

  it("leaves words, a SKU among words and what the rule refuses to the search", () => {
    for (const text of [
      "",
      "   ",
      "cordless drill",
      "ELE-00001 drill",
      "ELE--00001",
      "-ELE",
      "ELE/",
      "../etc",
      "//evil.example",
      "<script>",
      "ЕLE-00001", // a Cyrillic Е
      "a".repeat(SKU_MAX_LENGTH + 1),
    ]) {
      expect(skuOfSearch(text), text).toBeNull();
    }
  });
});
