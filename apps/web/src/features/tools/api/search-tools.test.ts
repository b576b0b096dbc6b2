import { QueryClient } from "@tanstack/react-query";
import { TOOLS_PAGE_SIZE } from "@toolshop/shared/tools";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "../../../lib/api-client";
import { makeTools, searchesMade, startSearchApi } from "../test/search-api";
import { searchTools, toolKeys, toolSearchInfiniteQueryOptions } from "./search-tools";

describe("toolKeys", () => {
  it("gives one key to one search, however it is spelt", () => {
    expect(toolKeys.search({ q: "  ", sort: "featured" })).toEqual(toolKeys.search({}));
    expect(toolKeys.search({ q: " drill " })).toEqual(toolKeys.search({ q: "drill" }));
    expect(toolKeys.search({ q: "drill" })).not.toEqual(toolKeys.search({ q: "drill", sort: "price" }));
  });

  it("puts every search under the tools key, so one invalidation refreshes them all", () => {
    expect(toolKeys.search({ category: "electrical" }).slice(0, 1)).toEqual([...toolKeys.all]);
  });
});

describe("searchTools (GET /api/tools/search)", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("asks for the search and the page after the cursor, leaving defaults out", async () => {
    const api = await startSearchApi(makeTools(30));
    close = api.close;
    await searchTools({ q: " strip ", sort: "featured", category: "electrical" });
    await searchTools({ sort: "price-desc" }, "24");
    expect(searchesMade(api.calls)).toEqual(["q=strip&category=electrical", "sort=price-desc&cursor=24"]);
  });

  it("refuses an answer that is not a page of tools (the old array of GET /api/tools, say)", async () => {
    const api = await startSearchApi([], () => ({ status: 200, body: makeTools(2) }));
    close = api.close;
    const failure = await searchTools({}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).message).toBe(
      "The server's answer could not be read. Please try again later.",
    );
  });

  it("refuses a page whose tools are not tools, or whose cursor is not a cursor (no zod: a check by hand)", async () => {
    const page = { tools: makeTools(1), nextCursor: null, total: 1, totalIsEstimate: false };
    const wrong = [
      { ...page, tools: [{ name: "No id", price: 1 }] },
      { ...page, tools: [null] },
      { ...page, tools: [{ ...makeTools(1)[0], price: "12" }] },
      { ...page, nextCursor: 24 },
      { ...page, total: "1" },
      { tools: makeTools(1), nextCursor: null },
      null,
      "<html>",
    ];
    for (const body of wrong) {
      const api = await startSearchApi([], () => ({ status: 200, body }));
      const failure = await searchTools({}).catch((error: unknown) => error);
      await api.close();
      expect(failure, JSON.stringify(body)).toBeInstanceOf(ApiRequestError);
    }
    const api = await startSearchApi([], () => ({ status: 200, body: page }));
    close = api.close;
    expect(await searchTools({})).toEqual(page);
  });

  it("pages through every match as an infinite query until the server has no next cursor", async () => {
    const api = await startSearchApi(makeTools(TOOLS_PAGE_SIZE * 2 + 1));
    close = api.close;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = toolSearchInfiniteQueryOptions({});
    // Three pages asked for: the third (one tool) is the last.
    await client.fetchInfiniteQuery({ ...options, pages: 3 });
    const data = client.getQueryData(options.queryKey);
    expect(data?.pages.flatMap((page) => page.tools)).toHaveLength(TOOLS_PAGE_SIZE * 2 + 1);
    expect(data?.pages.at(-1)?.nextCursor).toBeNull();
    client.clear();
  });
});
