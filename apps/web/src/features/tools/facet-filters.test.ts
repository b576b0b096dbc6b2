import { describe, expect, it } from "vitest";
import {
  countFacetFilters,
  facetFields,
  NO_FACET_FILTERS,
  readFacetFilters,
  writeFacetFilters,
} from "./facet-filters";
import { readToolFilters, writeToolFilters } from "./use-tool-filters";

const read = (search: string) => readFacetFilters(new URLSearchParams(search));

describe("readFacetFilters", () => {
  it("reads values, ranges, the price in units and the stock as the filter form sends them", () => {
    const facets = read(
      "attr.power=Cordless&attr.power=Corded&attr.voltage.min=12&attr.voltage.max=&priceMin=9.99&priceMax=&inStock=true",
    );
    expect(facets).toEqual({
      attributes: [
        { key: "power", values: ["Corded", "Cordless"] },
        { key: "voltage", values: [], min: 12 },
      ],
      priceMinCents: 999,
      priceMaxCents: null,
      inStock: true,
    });
    expect(countFacetFilters(facets)).toBe(5);
  });

  it("leaves out what is no filter: empty fields, bad keys, numbers that are none, any inStock but true", () => {
    expect(
      read("attr.power=&attr.Bad%20Key=x&attr.voltage.min=twelve&priceMin=-3&priceMax=abc&inStock=yes"),
    ).toEqual(NO_FACET_FILTERS);
    expect(read(`attr.grip=${"x".repeat(201)}`)).toEqual(NO_FACET_FILTERS);
  });

  it("stops at the server's caps instead of a URL the server refuses", () => {
    const many = Array.from({ length: 30 }, (_, i) => `attr.key${i}=v`).join("&");
    expect(read(many).attributes).toHaveLength(20);
    const values = Array.from({ length: 30 }, (_, i) => `attr.grip=v${i}`).join("&");
    expect(read(values).attributes[0]?.values).toHaveLength(20);
  });
});

describe("the URL and the API's fields", () => {
  it("gives one URL to one filter, whatever order the form sent it in, and reads it back the same", () => {
    const a = read("inStock=true&attr.power=Corded&attr.jaw=Flat&priceMax=40");
    const b = read("attr.jaw=Flat&priceMax=40.00&attr.power=Corded&inStock=true");
    const url = writeFacetFilters(new URLSearchParams("category=drills"), a).toString();
    expect(url).toBe(writeFacetFilters(new URLSearchParams("category=drills"), b).toString());
    expect(url).toBe("category=drills&attr.jaw=Flat&attr.power=Corded&priceMax=40&inStock=true");
    expect(readFacetFilters(new URLSearchParams(url))).toEqual(a);
  });

  it("spells the price in cents for the API, and replaces the URL's old facets", () => {
    const facets = read("priceMin=12.5&attr.voltage.max=18");
    expect(facetFields(facets, "api")).toEqual([
      ["attr.voltage.max", "18"],
      ["priceMinCents", "1250"],
    ]);
    const old = new URLSearchParams("q=drill&attr.power=Corded&inStock=true&utm_source=mail");
    expect(writeFacetFilters(old, facets).toString()).toBe(
      "q=drill&utm_source=mail&attr.voltage.max=18&priceMin=12.5",
    );
  });

  it("is part of the tools list's filters, with the words, the category and the sort", () => {
    const filters = readToolFilters(
      new URLSearchParams("category=drills&q=saw&attr.power=Corded&sort=price"),
    );
    expect(filters.facets.attributes).toEqual([{ key: "power", values: ["Corded"] }]);
    expect(writeToolFilters(new URLSearchParams(), filters).toString()).toBe(
      "attr.power=Corded&category=drills&q=saw&sort=price",
    );
  });
});
