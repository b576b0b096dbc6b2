import type { Category, ToolCategory } from "@toolshop/shared/categories";

/** A small tree as GET /api/categories answers it: two roots, Drills under Electrical. */
export const TEST_CATEGORIES: Category[] = [
  {
    _id: "c0000000-0000-4000-8000-000000000001",
    name: "Electrical",
    slug: "electrical",
    parentId: null,
    depth: 0,
    toolCount: 1,
  },
  {
    _id: "c0000000-0000-4000-8000-000000000003",
    name: "Drills",
    slug: "drills",
    parentId: "c0000000-0000-4000-8000-000000000001",
    depth: 1,
    toolCount: 1,
  },
  {
    _id: "c0000000-0000-4000-8000-000000000002",
    name: "Mechanical",
    slug: "mechanical",
    parentId: null,
    depth: 0,
    toolCount: 1,
  },
];

/** A tool's category as the tools' answers show it: the slug's category of TEST_CATEGORIES, with its path. */
export function toolCategory(slug: "electrical" | "mechanical" | "drills"): ToolCategory {
  const category = TEST_CATEGORIES.find((each) => each.slug === slug) as Category;
  const parent = TEST_CATEGORIES.find((each) => each._id === category.parentId);
  const path = [...(parent ? [parent] : []), category].map((step) => ({ slug: step.slug, name: step.name }));
  return { slug: category.slug, name: category.name, path };
}
