// The catalogue's categories, sorts and page size, without zod: the home page's list imports these, and
// zod would add its weight to the page (and trip the CSP with its eval probe). tools.ts builds the
// schemas on them and re-exports them.

/** What the shop makes: each tool is one of these (issue 12); admins choose it on the product form. */
export const toolCategories = ["electrical", "mechanical"] as const;
export type ToolCategory = (typeof toolCategories)[number];
export const TOOL_CATEGORY_LABELS: Record<ToolCategory, string> = {
  electrical: "Electrical",
  mechanical: "Mechanical",
};

/**
 * How a list of tools is ordered: "featured" puts the tools in stock first, then groups them by category,
 * then by name (the home page's default); "price" cheapest first, "price-desc" dearest first.
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
