import { hydrate as hydrateQueries, QueryClient } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import type { Review, ToolReviews } from "@toolshop/shared/reviews";
import { TOOLS_PAGE_SIZE, type ToolSearchPage } from "@toolshop/shared/tools";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "./app/app";
import { appRouterOptions, appRoutes } from "./app/router";
import { whenRouterReady } from "./app/router-ready";
import {
  readServerQueries,
  SERVER_RENDERED_ATTRIBUTE,
  type ServerPage,
} from "./features/storefront/server-data";
import { TEST_CATEGORIES } from "./features/tools/test/categories";
import { makeTools, searchAnswer } from "./features/tools/test/search-api";
import { setPriceCurrency } from "./lib/format";
import { readToolFilters, renderServerPage } from "./server-render";
import { sendJson, startTestApi } from "./test/http-test-server";

const CATALOGUE = makeTools(30);
const FIRST_PAGE = searchAnswer(CATALOGUE, {
  method: "GET",
  path: "/api/tools/search",
  headers: {},
  body: undefined,
}).body as ToolSearchPage;
const REVIEWS: Review[] = [
  { review: "5", comment: "Sharp <b>and</b> sturdy.", name: "Ann", verifiedBuyer: true },
  { review: "3", comment: "Fine.", name: "Bo" },
];
const CATEGORIES = { categories: TEST_CATEGORIES };
const HOME: ServerPage = { kind: "home", tools: FIRST_PAGE, reviews: REVIEWS, categories: CATEGORIES };
const search = (path: string) =>
  searchAnswer(CATALOGUE, { method: "GET", path, headers: {}, body: undefined }).body as ToolSearchPage;
const TOOL = CATALOGUE[0] ?? CATALOGUE[1];
const TOOL_REVIEWS: ToolReviews = { average: 4, count: 2, reviews: REVIEWS };

describe("a page rendered by the server with React (docs/decisions/0047)", () => {
  let close: (() => Promise<void>) | undefined;
  const apiCalls: string[] = [];
  afterEach(async () => {
    document.body.replaceChildren();
    vi.restoreAllMocks();
    setPriceCurrency("USD");
    apiCalls.length = 0;
    await close?.();
    close = undefined;
  });

  /**
   * Hydrates the server's page as main.tsx does, at `path`: the query cache from the page's data block,
   * then hydrateRoot once the page's code is in. Collects React's recoverable errors and its console
   * errors about hydration (mismatches). The API searches 30 tools and answers the page's reads.
   */
  async function hydrate(body: string, path: string, beforeHydrating?: (page: Document) => void) {
    ({ close } = await startTestApi((request, response) => {
      const url = request.url ?? "/";
      apiCalls.push(url);
      if (url.startsWith("/api/tools/search")) {
        const { status, body } = searchAnswer(CATALOGUE, {
          method: "GET",
          path: url,
          headers: {},
          body: undefined,
        });
        return sendJson(response, status, body);
      }
      if (url === "/api/review") return sendJson(response, 200, REVIEWS);
      if (url === "/api/categories") return sendJson(response, 200, CATEGORIES);
      if (url.endsWith("/reviews")) return sendJson(response, 200, TOOL_REVIEWS);
      if (url === `/api/tools/${TOOL?._id}`) return sendJson(response, 200, TOOL);
      sendJson(response, 404, { message: "No such tool" });
    }));
    document.body.innerHTML = body;
    beforeHydrating?.(document);
    const container = document.getElementById("root") as HTMLElement;
    const heading = container.querySelector("h1");
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const state = readServerQueries(document);
    if (state) hydrateQueries(queryClient, state);
    const router = createMemoryRouter(appRoutes, { ...appRouterOptions, initialEntries: [path] });
    await whenRouterReady(router);
    const mismatches: unknown[] = [];
    // React reports attributes that differ (a link's href, say) on the console only.
    const consoleError = console.error;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes("hydrat")) mismatches.push(args[0]);
      else consoleError(...args);
    });
    render(<App router={router} queryClient={queryClient} />, {
      container,
      hydrate: true,
      onRecoverableError: (error) => mismatches.push(error),
    });
    return { container, heading, mismatches };
  }

  it("holds `/` with its tools' cards, their links, and the reviews", async () => {
    document.body.innerHTML = await renderServerPage("/", HOME, "eur");
    const root = document.getElementById("root");
    expect(root?.getAttribute(SERVER_RENDERED_ATTRIBUTE)).toBe("/");
    expect(root?.querySelectorAll("#tools article")).toHaveLength(TOOLS_PAGE_SIZE);
    expect(root?.querySelector(`#tools a[href="/tools/${TOOL?._id}"]`)?.textContent).toBe(TOOL?.name);
    expect(root?.querySelector("#tools [role=status]")?.textContent).toBe("30 tools");
    expect(root?.textContent).toContain("€1.00");
    expect(root?.querySelector("#reviews")?.textContent).toContain("Sharp <b>and</b> sturdy.");
    expect(root?.querySelector("[aria-label='Loading tools'], [aria-label='Loading reviews']")).toBeNull();
  });

  it("hydrates `/` as it is, React keeping its nodes, and asks the API for nothing it showed", async () => {
    const { container, heading, mismatches } = await hydrate(await renderServerPage("/", HOME, "usd"), "/");
    const card = container.querySelector("#tools article");
    await waitFor(() =>
      expect(container.querySelector("#tools [role=status]")?.textContent).toBe("30 tools"),
    );
    expect(mismatches).toEqual([]);
    expect(container.querySelector("h1")).toBe(heading);
    expect(container.querySelector("#tools article")).toBe(card);
  });

  it("hydrates at /?q=… too, then shows that search: the server renders the unfiltered list", async () => {
    const page = await renderServerPage("/", HOME, "usd");
    const { container, mismatches } = await hydrate(page, "/?q=strip&category=electrical");
    await waitFor(() => expect(container.querySelector("#tools [role=status]")?.textContent).toBe("5 tools"));
    expect(mismatches).toEqual([]);
    expect(container.querySelector<HTMLInputElement>("#tool-search")?.value).toBe("strip");
  });

  it("holds a category's page with its tools, its crumbs and its sub-categories, and hydrates it as it is", async () => {
    const page: ServerPage = {
      kind: "tools",
      filters: readToolFilters(new URLSearchParams("category=electrical")),
      tools: search("/api/tools/search?category=electrical"),
      categories: CATEGORIES,
    };
    const html = await renderServerPage("/tools?category=electrical", page, "usd");
    document.body.innerHTML = html;
    const root = document.getElementById("root");
    expect(root?.querySelector("h1")?.textContent).toBe("Electrical");
    expect(root?.querySelector("[role=status]")?.textContent).toBe("15 tools");
    const crumbs = root?.querySelector("nav[aria-label=Breadcrumb]");
    expect([...(crumbs?.querySelectorAll("li") ?? [])].map((item) => item.textContent)).toEqual([
      "Home",
      "Tools",
      "Electrical",
    ]);
    expect(crumbs?.querySelector("[aria-current=page]")?.textContent).toBe("Electrical");
    expect(root?.querySelector("ul[aria-label='Sub-categories of Electrical'] a")?.getAttribute("href")).toBe(
      "/tools?category=drills",
    );

    const { container, heading, mismatches } = await hydrate(html, "/tools?category=electrical");
    expect(mismatches).toEqual([]);
    expect(container.querySelector("h1")).toBe(heading);
  });

  it("renders the tools page with its words and filters, and hydrates it as it is", async () => {
    const address = "/tools?category=electrical&q=strip&attr.power=Corded&inStock=true";
    const page: ServerPage = {
      kind: "tools",
      filters: readToolFilters(new URL(address, "http://test").searchParams),
      tools: search("/api/tools/search?q=strip&category=electrical"),
      categories: CATEGORIES,
    };
    const html = await renderServerPage(address, page, "usd");
    const { container, mismatches } = await hydrate(html, address);
    const card = container.querySelector("article");
    // Shown from the server's data, before any answer of the API (stale data is refetched behind it).
    expect(container.querySelector("[role=status]")?.textContent).toBe("5 tools");
    expect(container.querySelector<HTMLInputElement>("#tool-search")?.value).toBe("strip");
    const filters = container.querySelector<HTMLFormElement>("form[aria-label=Filters]");
    expect(filters?.getAttribute("method")).toBe("get");
    expect(filters?.querySelector<HTMLInputElement>("input[name=inStock]")?.checked).toBe(true);
    expect(filters?.querySelector<HTMLInputElement>("input[name=q]")?.value).toBe("strip");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mismatches).toEqual([]);
    expect(container.querySelector("article")).toBe(card);
  });

  it("says so on the page of a category no one has, without searching", async () => {
    const page: ServerPage = {
      kind: "tools",
      filters: readToolFilters(new URLSearchParams("category=saws")),
      tools: null,
      categories: CATEGORIES,
    };
    const { container, mismatches } = await hydrate(
      await renderServerPage("/tools?category=saws", page, "usd"),
      "/tools?category=saws",
    );
    expect(container.textContent).toContain("There is no category “saws”.");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mismatches).toEqual([]);
    expect(apiCalls.filter((url) => url.startsWith("/api/tools/search"))).toEqual([]);
  });

  // What a visitor types or chooses before React takes the page over (useTypedBeforeHydration).
  it("searches the words typed and sorts as chosen before the code was in, and keeps both shown", async () => {
    const page = await renderServerPage("/", HOME, "usd");
    const { container, mismatches } = await hydrate(page, "/", (document) => {
      const box = document.querySelector<HTMLInputElement>("#tool-search");
      const sort = document.querySelector<HTMLSelectElement>("#tool-sort");
      if (!box || !sort) throw new Error("no search box or sort");
      box.value = "strip";
      sort.value = "price-desc";
    });
    await waitFor(() =>
      expect(apiCalls.some((url) => url.includes("q=strip") && url.includes("sort=price-desc"))).toBe(true),
    );
    await waitFor(() =>
      expect(container.querySelector("#tools [role=status]")?.textContent).toBe("10 tools"),
    );
    expect(container.querySelector<HTMLInputElement>("#tool-search")?.value).toBe("strip");
    expect(container.querySelector<HTMLSelectElement>("#tool-sort")?.value).toBe("price-desc");
    expect(mismatches).toEqual([]);
  });

  it("keeps the quantity typed into a product page before the code was in", async () => {
    if (!TOOL) throw new Error("no tool");
    const path = `/tools/${TOOL._id}`;
    const page: ServerPage = { kind: "tool", toolId: TOOL._id, tool: TOOL, reviews: TOOL_REVIEWS };
    const typed = String(TOOL.minQuantity + 7);
    const { container, mismatches } = await hydrate(
      await renderServerPage(path, page, "usd"),
      path,
      (document) => {
        const quantity = document.querySelector<HTMLInputElement>("#add-to-cart-quantity");
        if (!quantity) throw new Error("no quantity");
        quantity.value = typed;
      },
    );
    await waitFor(() => expect(apiCalls).toContain(`/api/tools/${TOOL._id}`));
    expect(container.querySelector<HTMLInputElement>("#add-to-cart-quantity")?.value).toBe(typed);
    expect(mismatches).toEqual([]);
  });

  it("hydrates a product page as it is, with its reviews", async () => {
    if (!TOOL) throw new Error("no tool");
    const path = `/tools/${TOOL._id}`;
    const page: ServerPage = { kind: "tool", toolId: TOOL._id, tool: TOOL, reviews: TOOL_REVIEWS };
    const { container, heading, mismatches } = await hydrate(await renderServerPage(path, page, "usd"), path);
    expect(heading?.textContent).toBe(TOOL.name);
    expect(container.textContent).toContain("4.0 out of 5 from 2 reviews");
    expect(container.querySelector(`a[href="/checkout/${TOOL._id}"]`)?.textContent).toBe("Order now");
    await waitFor(() => expect(apiCalls).toContain(`/api/tools/${TOOL._id}`));
    expect(mismatches).toEqual([]);
    expect(container.querySelector("h1")).toBe(heading);
  });

  it("hydrates the not-found page of an unknown tool without asking the API for it", async () => {
    const path = "/tools/00000000-0000-4000-8000-999999999999";
    const page: ServerPage = { kind: "no-such-tool", toolId: "00000000-0000-4000-8000-999999999999" };
    const { container, heading, mismatches } = await hydrate(await renderServerPage(path, page, "usd"), path);
    expect(heading?.textContent).toBe("You are in the wrong place");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mismatches).toEqual([]);
    expect(container.querySelector("h1")).toBe(heading);
    expect(apiCalls.filter((url) => url.startsWith("/api/tools/"))).toEqual([]);
  });

  it("still hydrates a page rendered last year (the footer's year differs)", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(new Date().getFullYear() - 1, 11, 31) });
    const lastYears = await renderServerPage("/", HOME, "usd");
    vi.useRealTimers();
    const { container, mismatches } = await hydrate(lastYears, "/");
    expect(mismatches).toEqual([]);
    expect(container.querySelector("footer")?.textContent).toContain(
      `© ${new Date().getFullYear()} Toolshop`,
    );
  });
});
