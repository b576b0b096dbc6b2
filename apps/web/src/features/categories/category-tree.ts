// The tree of GET /api/categories (depth first) as the storefront's filter, the product form and the
// admin screen walk it. No zod here: the home page's filter imports it.
import type { Category } from "@toolshop/shared/categories";

export function findCategory(categories: readonly Category[], slug: string | null): Category | undefined {
  return slug === null ? undefined : categories.find((category) => category.slug === slug);
}

/** The sub-categories of `parentId` (null: the roots), in the owner's order. */
export function childrenOf(categories: readonly Category[], parentId: string | null): Category[] {
  return categories.filter((category) => category.parentId === parentId);
}

/** From its root down to the category itself. */
export function pathOf(categories: readonly Category[], category: Category): Category[] {
  const byId = new Map(categories.map((each) => [each._id, each]));
  const path: Category[] = [];
  for (let at: Category | undefined = category; at && path.length <= categories.length; ) {
    path.unshift(at);
    at = at.parentId === null ? undefined : byId.get(at.parentId);
  }
  return path;
}

/** "Electrical > Drills", as the CSV writes a category. */
export function pathLabel(categories: readonly Category[], category: Category): string {
  return pathOf(categories, category)
    .map((step) => step.name)
    .join(" > ");
}

/** The categories as a select's options, in tree order, each labelled by its path. */
export function categoryOptions(categories: readonly Category[]): { value: string; label: string }[] {
  return categories.map((category) => ({ value: category.slug, label: pathLabel(categories, category) }));
}
