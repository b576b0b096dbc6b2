// The catalogue's categories as a tree the owner manages (issue 58, decision 0055): the tree's answer,
// a tool's category as tools show it, and the admin's bodies, shared by the category form and routes.
import { z } from "zod";
import { oneLine } from "./text";

export const CATEGORY_NAME_MAX_LENGTH = 60;
export const CATEGORY_SLUG_MAX_LENGTH = 60;
/** Lower-case letters and digits in runs joined by single hyphens: "drills", "wire-strippers", "m12". */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const CATEGORY_NAME_REQUIRED = "The name is required";
export const CATEGORY_SLUG_REQUIRED = "The slug is required";
export const CATEGORY_SLUG_CHARACTERS =
  "The slug may only have lower-case letters (a-z), digits and single hyphens between them";

/** The slug a name suggests: "Wire Strippers & Cutters" -> "wire-strippers-cutters" (the form's default). */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, CATEGORY_SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, "");
}

/** A category's slug as a parameter or a field: trimmed and lower-cased, then checked. */
export const categorySlugSchema = z
  .string({ error: CATEGORY_SLUG_REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, { error: CATEGORY_SLUG_REQUIRED, abort: true })
  .max(CATEGORY_SLUG_MAX_LENGTH, {
    error: `The slug must be at most ${CATEGORY_SLUG_MAX_LENGTH} characters`,
    abort: true,
  })
  .regex(CATEGORY_SLUG_PATTERN, CATEGORY_SLUG_CHARACTERS);

const categoryNameSchema = oneLine(
  z
    .string({ error: CATEGORY_NAME_REQUIRED })
    .trim()
    .min(1, { error: CATEGORY_NAME_REQUIRED, abort: true })
    .max(CATEGORY_NAME_MAX_LENGTH, {
      error: `The name must be at most ${CATEGORY_NAME_MAX_LENGTH} characters`,
      abort: true,
    })
    // The CSV writes a path as names joined by " > ": a name holding it would read as two.
    .refine((name) => !name.includes(">"), "The name cannot contain >"),
  "The name",
);

const parentIdSchema = z
  .uuid({ message: "The parent must be a category's id" })
  .toLowerCase()
  .nullable()
  .describe("The parent category's _id; null for a root category");

/** One step of a category's path: a root first, the category itself last. */
export const categoryStepSchema = z.object({ slug: z.string(), name: z.string() });
export type CategoryStep = z.infer<typeof categoryStepSchema>;

/** A tool's category as the tools' answers show it. */
export const toolCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  path: z
    .array(categoryStepSchema)
    .describe("From the root category down to this one, which is the last step: the breadcrumbs"),
});
export type ToolCategory = z.infer<typeof toolCategorySchema>;

/** One category of the tree's answer. */
export const categorySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  parentId: z.uuid().nullable(),
  depth: z.number().int().describe("0 for a root category, 1 for its sub-categories, and so on"),
  toolCount: z.number().int().describe("The tools in this category itself, not in its sub-categories"),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /api/categories: the whole tree, depth first. */
export const categoryTreeSchema = z.object({
  categories: z
    .array(categorySchema)
    .describe(
      "Depth first: each category right after its parent, the sub-categories of one parent in the owner's order",
    ),
});
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

/** POST /api/categories (admin): a new category, last among its siblings. */
export const createCategoryBodySchema = z.object({
  name: categoryNameSchema,
  slug: categorySlugSchema,
  parentId: parentIdSchema.default(null),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

/**
 * PATCH /api/categories/:id (admin): rename, move under another parent (last among its new siblings),
 * or move up or down among its siblings; what is left out stays.
 */
export const updateCategoryBodySchema = z
  .object({
    name: categoryNameSchema.optional(),
    slug: categorySlugSchema.optional(),
    parentId: parentIdSchema.optional(),
    move: z
      .enum(["up", "down"], { error: "The move must be up or down" })
      .optional()
      .describe("One place earlier or later among its siblings"),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: "Send a name, a slug, a parent or a move",
  });
export type UpdateCategoryBody = z.infer<typeof updateCategoryBodySchema>;

export const categoryIdParamsSchema = z.object({
  id: z.uuid({ message: "The category id must be a UUID" }).toLowerCase(),
});

/** DELETE /api/categories/:id: 1 when it was deleted, 0 when there was none. */
export const deleteCategoryResponseSchema = z.object({ deletedCount: z.number().int() });

/** A category's path as the CSV and the admin screens write it: "Electrical > Drills". */
export const CATEGORY_PATH_SEPARATOR = " > ";
export function categoryPathText(path: readonly Pick<CategoryStep, "name">[]): string {
  return path.map((step) => step.name).join(CATEGORY_PATH_SEPARATOR);
}

/** A category as the tree's rules see it (the web maps `_id` to `id`). */
export interface CategoryNode {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
}

export interface CategoryIssue {
  field: "name" | "slug" | "parentId";
  message: string;
  /** A clash with another category (409), rather than a request that can never hold (400). */
  conflict: boolean;
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

/**
 * What keeps `draft` (a new category, or `id`'s new values) out of the tree `existing`: a slug another
 * category has, a sibling of the same name (without case), a parent that is gone or that would make the
 * category its own ancestor. The form shows them under their fields; the service checks them again
 * under its lock.
 */
export function categoryIssues(
  existing: readonly CategoryNode[],
  draft: CategoryNode | (Omit<CategoryNode, "id"> & { id?: undefined }),
): CategoryIssue[] {
  const issues: CategoryIssue[] = [];
  const byId = new Map(existing.map((node) => [node.id, node]));
  const others = existing.filter((node) => node.id !== draft.id);
  const slugOwner = others.find((node) => node.slug === draft.slug);
  if (slugOwner) {
    issues.push({
      field: "slug",
      message: `The slug ${draft.slug} is taken by the category ${slugOwner.name}`,
      conflict: true,
    });
  }
  const parent = draft.parentId === null ? undefined : byId.get(draft.parentId);
  if (draft.parentId !== null && !parent) {
    issues.push({ field: "parentId", message: "The parent category no longer exists", conflict: true });
    return issues;
  }
  if (draft.id !== undefined && parent) {
    // Walking up from the new parent: reaching the category itself would close a loop.
    const seen = new Set<string>();
    for (let at: CategoryNode | undefined = parent; at && !seen.has(at.id); ) {
      if (at.id === draft.id) {
        issues.push({
          field: "parentId",
          message:
            parent.id === draft.id
              ? "A category cannot be its own parent"
              : `A category cannot be its own ancestor: ${parent.name} is under ${draft.name}`,
          conflict: false,
        });
        return issues;
      }
      seen.add(at.id);
      at = at.parentId === null ? undefined : byId.get(at.parentId);
    }
  }
  const sibling = others.find((node) => node.parentId === draft.parentId && sameName(node.name, draft.name));
  if (sibling) {
    issues.push({
      field: "name",
      message: parent
        ? `${parent.name} already has a sub-category named ${sibling.name}`
        : `There is already a top-level category named ${sibling.name}`,
      conflict: true,
    });
  }
  return issues;
}
