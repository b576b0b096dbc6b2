import { queryOptions } from "@tanstack/react-query";
import type { Category, CategoryTree } from "@toolshop/shared/categories";
import { ApiRequestError, apiRequest } from "../../../lib/api-client";
import { toolKeys } from "../../tools/api/search-tools";

/**
 * The tree's key starts with the tools' (features/tools), so a product's change refreshes its tool
 * counts with every list, and a category's change refreshes the tools' paths with it.
 */
export const categoriesKey = [...toolKeys.all, "categories"] as const;

/** GET /api/categories: the tree, depth first (decision 0055). */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  const body = await apiRequest<unknown>("/categories", { signal });
  if (!isCategoryTree(body)) {
    throw new ApiRequestError(
      200,
      "Unexpected Answer",
      "The server's answer could not be read. Please try again later.",
      { cause: new TypeError("GET /api/categories did not answer a tree of categories") },
    );
  }
  return body.categories;
}

/** Checked by hand rather than with zod, which the home page does not load (as search-tools.ts). */
function isCategoryTree(body: unknown): body is CategoryTree {
  if (typeof body !== "object" || body === null) return false;
  const { categories } = body as Record<string, unknown>;
  return (
    Array.isArray(categories) &&
    categories.every((category: unknown) => {
      if (typeof category !== "object" || category === null) return false;
      const { _id, name, slug, parentId, depth } = category as Record<string, unknown>;
      return (
        typeof _id === "string" &&
        typeof name === "string" &&
        typeof slug === "string" &&
        (parentId === null || typeof parentId === "string") &&
        typeof depth === "number"
      );
    })
  );
}

export const categoriesQueryOptions = queryOptions({
  queryKey: categoriesKey,
  queryFn: ({ signal }) => getCategories(signal),
});
