import type { ToolReviews } from "@toolshop/shared/reviews";
import type { Tool } from "@toolshop/shared/tools";

/**
 * What the server put in a product page it rendered (apps/server/src/features/storefront): the tool it
 * showed and its reviews, or null when there is none. The element sits in #root, so React removes it
 * with the server's markup on its first render: only that render, the one replacing the server's page,
 * can read it.
 */
export type ServerProduct = { tool: Tool; reviews?: ToolReviews } | { tool: null };

const ELEMENT_ID = "product-data";

export function readServerProduct(toolId: string): ServerProduct | undefined {
  const element = typeof document === "undefined" ? null : document.getElementById(ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as {
      toolId?: unknown;
      tool?: Tool | null;
      reviews?: ToolReviews;
    };
    if (data.toolId !== toolId) return undefined;
    if (!data.tool) return { tool: null };
    return data.reviews ? { tool: data.tool, reviews: data.reviews } : { tool: data.tool };
  } catch {
    return undefined;
  }
}

/**
 * Set on #root by the server to the path it rendered there (apps/server/src/features/storefront/
 * page-template.ts): markup that is not React's, which main.tsx replaces instead of hydrating.
 */
export const SERVER_RENDERED_ATTRIBUTE = "data-server-rendered";
