import { infiniteQueryOptions } from "@tanstack/react-query";
import type { ToolSearchPage, ToolSort } from "@toolshop/shared/tools";
import { ApiRequestError, apiRequest } from "../../../lib/api-client";
import { type FacetFilters, facetFields, hasFacetFilters } from "../facet-filters";

/** What a tool search asks for; every field optional, as in GET /api/tools/search. */
export interface ToolSearch {
  q?: string;
  /** A category's slug: its tools and its sub-categories'. */
  category?: string | null;
  sort?: ToolSort;
  /** The attributes', price's and stock's filters (facet-filters.ts). */
  facets?: FacetFilters;
  /** Tools per page; the server's TOOLS_PAGE_SIZE when absent. */
  limit?: number;
}

/**
 * The same search always has the same key: blank words and the default sort are dropped, so that
 * `{}` and `{ q: " ", sort: "featured" }` share one cache entry.
 */
export function normalizeToolSearch(search: ToolSearch): ToolSearch {
  const q = search.q?.trim();
  return {
    ...(q ? { q } : {}),
    ...(search.category ? { category: search.category } : {}),
    ...(search.sort && search.sort !== "featured" ? { sort: search.sort } : {}),
    ...(search.facets && hasFacetFilters(search.facets) ? { facets: search.facets } : {}),
    ...(search.limit ? { limit: search.limit } : {}),
  };
}

/**
 * Query keys of tools. Everything starts with ["tools"] (also the key of GET /api/tools and the prefix
 * of toolKeys.detail(id)), so invalidating `toolKeys.all` after a product change refreshes every list.
 */
export const toolKeys = {
  all: ["tools"] as const,
  detail: (toolId: string) => [...toolKeys.all, "detail", toolId] as const,
  searches: () => [...toolKeys.all, "search"] as const,
  search: (search: ToolSearch) => [...toolKeys.searches(), normalizeToolSearch(search)] as const,
  compare: (ids: readonly string[]) => [...toolKeys.all, "compare", [...ids]] as const,
};

/** The search's fields as GET /api/tools/search takes them (the server's page reads them so too). */
export function toolSearchFields(search: ToolSearch): URLSearchParams {
  const params = new URLSearchParams();
  const { facets, ...plain } = normalizeToolSearch(search);
  for (const [name, value] of Object.entries(plain)) params.set(name, String(value));
  for (const [name, value] of facets ? facetFields(facets, "api") : []) params.append(name, value);
  return params;
}

/** GET /api/tools/search: one page of the search, from `cursor` (the previous page's nextCursor). */
export async function searchTools(
  search: ToolSearch,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<ToolSearchPage> {
  const params = toolSearchFields(search);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  const body = await apiRequest<unknown>(`/tools/search${query ? `?${query}` : ""}`, { signal });
  if (!isToolSearchPage(body)) {
    throw new ApiRequestError(
      200,
      "Unexpected Answer",
      "The server's answer could not be read. Please try again later.",
      { cause: new TypeError("GET /api/tools/search did not answer a page of tools") },
    );
  }
  return body;
}

/**
 * The answer's shape, checked by hand rather than with toolSearchPageSchema: zod would be the biggest
 * part of what the home page loads (issue 13). Enough to catch an answer that is not a page of tools
 * (an old server's array, a proxy's page); the server's own tests hold each tool to the schema.
 */
function isToolSearchPage(body: unknown): body is ToolSearchPage {
  if (typeof body !== "object" || body === null) return false;
  const page = body as Record<string, unknown>;
  return (
    Array.isArray(page.tools) &&
    page.tools.every(isToolLike) &&
    (page.nextCursor === null || typeof page.nextCursor === "string") &&
    typeof page.total === "number" &&
    typeof page.totalIsEstimate === "boolean"
  );
}

function isToolLike(tool: unknown): boolean {
  if (typeof tool !== "object" || tool === null) return false;
  const { _id, name, price } = tool as Record<string, unknown>;
  return typeof _id === "string" && typeof name === "string" && typeof price === "number";
}

/** The search as an infinite query: one page per "Load more", until the server's nextCursor is null. */
export function toolSearchInfiniteQueryOptions(search: ToolSearch) {
  return infiniteQueryOptions({
    queryKey: toolKeys.search(search),
    queryFn: ({ pageParam, signal }) => searchTools(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}
