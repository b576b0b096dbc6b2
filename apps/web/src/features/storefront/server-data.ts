import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import type { CategoryTree } from "@toolshop/shared/categories";
import type { Review, ToolReviews } from "@toolshop/shared/reviews";
import type { Tool, ToolSearchPage } from "@toolshop/shared/tools";
import { categoriesQueryOptions } from "../categories/api/get-categories";
import { reviewsQueryOptions } from "../reviews/api/get-reviews";
import { toolReviewsQueryOptions } from "../reviews/api/get-tool-reviews";
import { compareToolsQueryOptions } from "../tools/api/compare-tools";
import { toolQueryOptions } from "../tools/api/get-tool";
import { toolSearchInfiniteQueryOptions } from "../tools/api/search-tools";
import { NO_TOOL_FILTERS, type ToolFilters } from "../tools/use-tool-filters";

/**
 * A page the server renders with React (apps/server/src/features/storefront, docs/decisions/0047),
 * with the data its first render shows, as the API answers it.
 */
export type ServerPage =
  | { kind: "home"; tools: ToolSearchPage; reviews: Review[]; categories: CategoryTree }
  /**
   * /tools?category=<slug>&q=…&attr.…: the first page of the URL's search (`filters`, read by
   * readToolFilters as the browser reads them); `tools` is null for a slug no category has (the page
   * says so) or filters the search refused (the browser asks and shows the sentence).
   */
  | { kind: "tools"; filters: ToolFilters; tools: ToolSearchPage | null; categories: CategoryTree }
  /** /compare?ids=: the tools, or null when the ids are refused (the page says why). */
  | { kind: "compare"; ids: string[] | null; tools: Tool[] | null }
  | { kind: "tool"; toolId: string; tool: Tool; reviews: ToolReviews }
  | { kind: "no-such-tool"; toolId: string };

/**
 * Set on #root by the server to the path it rendered there; main.tsx hydrates the markup when the
 * browser is at that path.
 */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";

/** The `<script type="application/json">` before #root with the query cache the server rendered from. */
export const SERVER_QUERIES_ID = "server-queries";

/** Marks a tool id the server found no tool for: the page is the not-found page from the first render. */
export const noSuchToolKey = (toolId: string) => ["server", "no-such-tool", toolId] as const;

/** Puts the page's data into the query cache under the keys its components read. */
export function seedQueries(client: QueryClient, page: ServerPage): void {
  if (page.kind === "home") {
    // The list as it opens, before any filter of the URL applies (use-tool-filters.ts).
    client.setQueryData(toolSearchInfiniteQueryOptions(NO_TOOL_FILTERS).queryKey, {
      pages: [page.tools],
      pageParams: [null],
    });
    client.setQueryData(reviewsQueryOptions.queryKey, page.reviews);
    client.setQueryData(categoriesQueryOptions.queryKey, page.categories.categories);
  } else if (page.kind === "tools") {
    // The list as it opens on this page: every filter of its URL (tools-page.tsx, use-tool-filters.ts).
    if (page.tools) {
      client.setQueryData(toolSearchInfiniteQueryOptions(page.filters).queryKey, {
        pages: [page.tools],
        pageParams: [null],
      });
    }
    client.setQueryData(categoriesQueryOptions.queryKey, page.categories.categories);
  } else if (page.kind === "compare") {
    if (page.ids && page.tools) {
      client.setQueryData(compareToolsQueryOptions(page.ids).queryKey, { tools: page.tools });
    }
  } else if (page.kind === "tool") {
    client.setQueryData(toolQueryOptions(page.toolId).queryKey, page.tool);
    client.setQueryData(toolReviewsQueryOptions(page.toolId).queryKey, page.reviews);
  } else {
    client.setQueryData(noSuchToolKey(page.toolId), true);
  }
}

/** The query cache the server's page carries, or undefined when it carries none (or it is unreadable). */
export function readServerQueries(page: Pick<Document, "getElementById">): DehydratedState | undefined {
  const text = page.getElementById(SERVER_QUERIES_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return undefined;
  }
}
