// The catalogue's sorts and page size, without zod: the home page's list imports these, and zod would
// add its weight to the page (and trip the CSP with its eval probe). tools.ts builds the schemas on them
// and re-exports them. The categories are the owner's tree (categories.ts, decision 0055).

/**
 * How a list of tools is ordered: "featured" puts the tools in stock first, then groups them by category
 * (their category's id: a grouping, not an order of the categories), then by name (the home page's default); "price" cheapest first, "price-desc" dearest first.
 */
export const toolSorts = ["featured", "price", "price-desc", "name", "newest"] as const;
export type ToolSort = (typeof toolSorts)[number];
export const TOOL_SORT_LABELS: Record<ToolSort, string> = {
  featured: "Featured",
  price: "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name",
  newest: "Newest",
};

/** Tools per page of GET /api/tools/search (the home page's first page, and each "Load more"). */
export const TOOLS_PAGE_SIZE = 24;
export const TOOL_SEARCH_MAX_LENGTH = 100;

/** How many tools one comparison shows (tool-compare.ts; here without zod for the tools page). */
export const COMPARE_MAX_TOOLS = 4;
