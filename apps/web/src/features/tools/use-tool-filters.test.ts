import { TOOL_SEARCH_MAX_LENGTH } from "@toolshop/shared/tools";
import { describe, expect, it } from "vitest";
import { NO_TOOL_FILTERS, readToolFilters, writeToolFilters } from "./use-tool-filters";

const read = (search: string) => readToolFilters(new URLSearchParams(search));

describe("readToolFilters", () => {
  it("reads the category, the words and the order from the URL", () => {
    expect(read("category=electrical&q=wire%20strip&sort=price")).toEqual({
      q: "wire strip",
      category: "electrical",
      sort: "price",
    });
    expect(read("")).toEqual(NO_TOOL_FILTERS);
  });

  it("takes the values in any case, and reads unknown ones as the defaults", () => {
    expect(read("category=ELECTRICAL&sort=Price-Desc")).toMatchObject({
      category: "electrical",
      sort: "price-desc",
    });
    expect(read("category=plumbing&sort=1;drop%20table%20tools")).toEqual(NO_TOOL_FILTERS);
    expect(read("category=toString&sort=__proto__")).toEqual(NO_TOOL_FILTERS);
  });

  it("cuts a huge search to the length the server accepts", () => {
    expect(read(`q=${"a".repeat(5000)}`).q).toHaveLength(TOOL_SEARCH_MAX_LENGTH);
  });
});

describe("writeToolFilters", () => {
  it("leaves the defaults out of the URL and keeps its other parameters", () => {
    const params = new URLSearchParams("utm_source=mail&q=old&sort=name");
    expect(
      writeToolFilters(params, { q: " drill ", category: "mechanical", sort: "featured" }).toString(),
    ).toBe("utm_source=mail&q=drill&category=mechanical");
    expect(writeToolFilters(params, NO_TOOL_FILTERS).toString()).toBe("utm_source=mail");
  });
});
