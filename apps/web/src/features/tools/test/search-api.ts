import { NO_FACETS } from "@toolshop/shared/tool-facets";
import type { Tool, ToolSearchPage } from "@toolshop/shared/tools";
import { type ApiAnswer, type ApiCall, startOrdersApi } from "../../orders/test/render-with-api";
import { TEST_CATEGORIES, toolCategory } from "./categories";

/**
 * `count` tools named "Tool 1".., alternately electrical and mechanical (every fourth of the electrical
 * ones a drill, under electrical), dearer as the number grows.
 */
export function makeTools(count: number, start = 1): Tool[] {
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    return {
      _id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      sku: `T-${n}`,
      name: `Tool ${n}`,
      short: n % 3 === 0 ? "Strips wires cleanly." : "A sturdy hand tool.",
      image: "/images/tools/level.svg",
      price: n,
      minQuantity: 1,
      availableQuantity: 100,
      category: toolCategory(n % 2 === 0 ? "mechanical" : n % 4 === 1 ? "drills" : "electrical"),
      priceBreaks: [],
      images: [{ url: "/images/tools/level.svg", alt: "" }],
      documents: [],
      modelNumber: null,
      discontinued: false,
      related: { accessories: [], spareParts: [], fits: [], worksWith: [], successor: null },
      attributes: [],
    };
  });
}

/**
 * A stand-in for GET /api/tools/search (the server's route is tested on the server): the words are
 * looked for in name and description, the cursor is the index of the next tool.
 */
export function searchAnswer(catalogue: Tool[], call: ApiCall): ApiAnswer {
  const url = new URL(call.path, "http://test");
  if (url.pathname === "/api/categories") return { status: 200, body: { categories: TEST_CATEGORIES } };
  if (url.pathname !== "/api/tools/search") return { status: 404, body: { message: "No such route" } };
  const q = url.searchParams.get("q")?.toLowerCase();
  const category = url.searchParams.get("category");
  const sort = url.searchParams.get("sort");
  const limit = Number(url.searchParams.get("limit") ?? 24);
  const from = Number(url.searchParams.get("cursor") ?? 0);
  const matches = catalogue
    .filter((tool) => !q || `${tool.name} ${tool.short}`.toLowerCase().includes(q))
    // A category takes in its sub-categories, as the server's search does.
    .filter((tool) => !category || tool.category.path.some((step) => step.slug === category))
    .sort((a, b) => (sort === "price" ? a.price - b.price : sort === "price-desc" ? b.price - a.price : 0));
  const tools = matches.slice(from, from + limit);
  const next = from + limit;
  const page: ToolSearchPage = {
    tools,
    nextCursor: next < matches.length ? String(next) : null,
    total: matches.length,
    totalIsEstimate: false,
    facets: NO_FACETS,
  };
  return { status: 200, body: page };
}

/** A real HTTP server answering searches of `catalogue`; `override` may answer a call differently. */
export function startSearchApi(
  catalogue: Tool[],
  override?: (call: ApiCall) => ApiAnswer | undefined | Promise<ApiAnswer | undefined>,
) {
  return startOrdersApi(async (call) => (await override?.(call)) ?? searchAnswer(catalogue, call));
}

/** The search parameters of the calls made so far, e.g. "category=electrical&q=strip". */
export function searchesMade(calls: ApiCall[]): string[] {
  return calls
    .filter((call) => call.path.startsWith("/api/tools/search"))
    .map((call) => new URL(call.path, "http://test").searchParams.toString());
}
