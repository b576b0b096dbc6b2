// The owner's category tree (issue 58, decision 0055): its answer, and the admin's writes. Every write
// runs under one transaction-level lock, so the checks (slug taken, a sibling's name, a loop) and the
// sibling positions hold against a second admin's write at the same moment. Each publishes
// CategoryChanged after its commit, which drops the tree and every tool answer on every process.
import type { Database } from "@toolshop/db/client";
import { categories, tools } from "@toolshop/db/schema";
import {
  type Category,
  type CategoryTree as CategoryTreeAnswer,
  type CreateCategoryBody,
  categoryIssues,
  type UpdateCategoryBody,
} from "@toolshop/shared/categories";
import { count, eq, sql } from "drizzle-orm";
import type { DomainEventPublisher } from "../../lib/domain-events";
import { HttpError } from "../../lib/http-errors";
import { type CategoryRow, type CategoryTree, loadCategoryTree } from "./tree";

export interface CategoriesContext {
  db: Database;
  events: DomainEventPublisher;
}

/** Taken by every write to the tree (pg_advisory_xact_lock), released with its transaction. */
const CATEGORY_WRITES_LOCK = 7_305_058;
const NO_SUCH_CATEGORY = "There is no category with this id.";

export const unknownCategorySlug = (slug: string) => `There is no category with the slug ${slug}.`;

/** GET /categories: the tree depth first, with the tools each category holds itself. */
export async function categoryTreeAnswer(db: Database): Promise<CategoryTreeAnswer> {
  const tree = await loadCategoryTree(db);
  const counted = await db
    .select({ categoryId: tools.categoryId, tools: count() })
    .from(tools)
    .groupBy(tools.categoryId);
  const toolCounts = new Map(counted.map((row) => [row.categoryId, row.tools]));
  return {
    categories: tree
      .depthFirst()
      .map(({ row, depth }) => categoryAnswer(row, depth, toolCounts.get(row.id) ?? 0)),
  };
}

function categoryAnswer(row: CategoryRow, depth: number, toolCount: number): Category {
  return { _id: row.id, name: row.name, slug: row.slug, parentId: row.parentId, depth, toolCount };
}

/** The id of the category with `slug`, for a tool's body; a 400 naming the slug when there is none. */
export async function categoryIdOfSlug(db: Pick<Database, "select">, slug: string): Promise<string> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!row) throw new HttpError(400, unknownCategorySlug(slug));
  return row.id;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Runs `write` in a transaction holding the tree's lock, with the tree as it is then. */
async function underLock<T>(db: Database, write: (tx: Transaction, tree: CategoryTree) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATEGORY_WRITES_LOCK})`);
    return write(tx, await loadCategoryTree(tx));
  });
}

function refuseIssues(tree: CategoryTree, draft: Parameters<typeof categoryIssues>[1]): void {
  const nodes = tree.depthFirst().map(({ row }) => row);
  const [issue] = categoryIssues(nodes, draft);
  if (issue) throw new HttpError(issue.conflict ? 409 : 400, `${issue.message}.`);
}

/** Writes the positions of `siblings` as their order in the list, where they differ. */
async function renumber(tx: Transaction, siblings: readonly CategoryRow[]): Promise<void> {
  for (const [position, sibling] of siblings.entries()) {
    if (sibling.position === position) continue;
    await tx.update(categories).set({ position }).where(eq(categories.id, sibling.id));
  }
}

/** POST /categories (admin): a new category, last among its siblings. */
export async function createCategory(ctx: CategoriesContext, body: CreateCategoryBody): Promise<Category> {
  const created = await underLock(ctx.db, async (tx, tree) => {
    refuseIssues(tree, body);
    const position = tree.childrenOf(body.parentId).length;
    const [row] = await tx
      .insert(categories)
      .values({ name: body.name, slug: body.slug, parentId: body.parentId, position })
      .returning();
    if (!row) throw new Error("The new category was not returned.");
    return categoryAnswer(row, body.parentId ? tree.pathOf(body.parentId).length : 0, 0);
  });
  await ctx.events.publish({ type: "CategoryChanged" });
  return created;
}

/**
 * PATCH /categories/:id (admin): a new name or slug, a new parent (it goes last there, and its old
 * siblings close up), one place up or down among its siblings (nothing at either end).
 */
export async function updateCategory(
  ctx: CategoriesContext,
  id: string,
  body: UpdateCategoryBody,
): Promise<Category> {
  const updated = await underLock(ctx.db, async (tx, tree) => {
    const current = tree.find(id);
    if (!current) throw new HttpError(404, NO_SUCH_CATEGORY);
    const next: CategoryRow = {
      ...current,
      name: body.name ?? current.name,
      slug: body.slug ?? current.slug,
      parentId: body.parentId === undefined ? current.parentId : body.parentId,
    };
    refuseIssues(tree, next);

    const moved = next.parentId !== current.parentId;
    const oldSiblings = tree.childrenOf(current.parentId).filter((row) => row.id !== id);
    const newSiblings = moved ? tree.childrenOf(next.parentId) : oldSiblings;
    let place = moved ? newSiblings.length : tree.childrenOf(current.parentId).indexOf(current);
    if (body.move === "up") place = Math.max(0, place - 1);
    if (body.move === "down") place = Math.min(newSiblings.length, place + 1);
    next.position = place;

    await tx
      .update(categories)
      .set({ name: next.name, slug: next.slug, parentId: next.parentId, position: next.position })
      .where(eq(categories.id, id));
    await renumber(tx, [...newSiblings.slice(0, place), next, ...newSiblings.slice(place)]);
    if (moved) await renumber(tx, oldSiblings);
    const [toolsIn] = await tx.select({ value: count() }).from(tools).where(eq(tools.categoryId, id));
    const depth = next.parentId ? tree.pathOf(next.parentId).length : 0;
    return categoryAnswer(next, depth, toolsIn?.value ?? 0);
  });
  await ctx.events.publish({ type: "CategoryChanged" });
  return updated;
}

/** DELETE /categories/:id (admin): only a category without tools and without sub-categories. */
export async function deleteCategory(ctx: CategoriesContext, id: string): Promise<{ deletedCount: number }> {
  const deleted = await underLock(ctx.db, async (tx, tree) => {
    const current = tree.find(id);
    if (!current) return 0;
    const children = tree.childrenOf(id);
    if (children.length > 0) {
      throw new HttpError(
        409,
        `${current.name} cannot be deleted: it has sub-categories (${children.map((row) => row.name).join(", ")}). Move or delete them first.`,
      );
    }
    const [toolsIn] = await tx.select({ value: count() }).from(tools).where(eq(tools.categoryId, id));
    const held = toolsIn?.value ?? 0;
    if (held > 0) {
      throw new HttpError(
        409,
        `${current.name} cannot be deleted: ${held === 1 ? "1 tool is" : `${held} tools are`} in it. Move ${held === 1 ? "it" : "them"} to another category first.`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await renumber(
      tx,
      tree.childrenOf(current.parentId).filter((row) => row.id !== id),
    );
    return 1;
  });
  if (deleted) await ctx.events.publish({ type: "CategoryChanged" });
  return { deletedCount: deleted };
}
