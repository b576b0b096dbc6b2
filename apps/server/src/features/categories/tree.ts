// The category tree in memory (decision 0055): the tools' answers show each tool's category with its
// path, and the search widens a category to its sub-categories. A catalogue has tens of categories,
// hundreds at most, so the whole tree is read at once and walked here rather than in recursive SQL.
import type { Database } from "@toolshop/db/client";
import { categories } from "@toolshop/db/schema";
import type { ToolCategory } from "@toolshop/shared/categories";
import type { FastifyInstance } from "fastify";
import { createDerivedCache } from "../../plugins/derived-cache";

export interface CategoryRow {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  position: number;
}

const bySiblingOrder = (a: CategoryRow, b: CategoryRow) =>
  a.position - b.position || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export class CategoryTree {
  private readonly byId = new Map<string, CategoryRow>();
  private readonly bySlug = new Map<string, CategoryRow>();
  private readonly children = new Map<string | null, CategoryRow[]>();
  private readonly toolCategories = new Map<string, ToolCategory>();

  constructor(rows: readonly CategoryRow[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      this.bySlug.set(row.slug, row);
      const siblings = this.children.get(row.parentId) ?? [];
      siblings.push(row);
      this.children.set(row.parentId, siblings);
    }
    for (const siblings of this.children.values()) siblings.sort(bySiblingOrder);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  find(id: string): CategoryRow | undefined {
    return this.byId.get(id);
  }

  findBySlug(slug: string): CategoryRow | undefined {
    return this.bySlug.get(slug);
  }

  /** The sub-categories of `parentId` (null: the roots), in the owner's order. */
  childrenOf(parentId: string | null): readonly CategoryRow[] {
    return this.children.get(parentId) ?? [];
  }

  /** From the root down to the category itself. */
  pathOf(id: string): CategoryRow[] {
    const path: CategoryRow[] = [];
    // The database refuses a category as its own parent, and the service every longer cycle; the bound
    // keeps a corrupt tree from hanging a request all the same.
    for (let row = this.byId.get(id); row && path.length <= this.byId.size; ) {
      path.unshift(row);
      row = row.parentId === null ? undefined : this.byId.get(row.parentId);
    }
    return path;
  }

  /** The category and every category under it, at any depth. */
  subtreeIds(id: string): string[] {
    const ids: string[] = [];
    const walk = (at: string) => {
      ids.push(at);
      for (const child of this.childrenOf(at)) walk(child.id);
    };
    if (this.byId.has(id)) walk(id);
    return ids;
  }

  /** The category of a path of names from a root down ("Electrical", "Drills"), names matched without case. */
  findByPath(names: readonly string[]): CategoryRow | undefined {
    let found: CategoryRow | undefined;
    for (const name of names) {
      found = this.childrenOf(found?.id ?? null).find(
        (row) => row.name.localeCompare(name, undefined, { sensitivity: "accent" }) === 0,
      );
      if (!found) return undefined;
    }
    return found;
  }

  /** Every category, depth first: each right after its parent, siblings in the owner's order. */
  depthFirst(): { row: CategoryRow; depth: number }[] {
    const out: { row: CategoryRow; depth: number }[] = [];
    const walk = (parentId: string | null, depth: number) => {
      for (const row of this.childrenOf(parentId)) {
        out.push({ row, depth });
        walk(row.id, depth + 1);
      }
    };
    walk(null, 0);
    return out;
  }

  /** A tool's category as the tools' answers show it; made once per category and tree. */
  toolCategory(id: string): ToolCategory {
    let made = this.toolCategories.get(id);
    if (!made) {
      const row = this.byId.get(id);
      if (!row) throw new Error(`The category ${id} is not in the tree.`);
      const path = this.pathOf(id).map((step) => ({ slug: step.slug, name: step.name }));
      made = { slug: row.slug, name: row.name, path };
      this.toolCategories.set(id, made);
    }
    return made;
  }
}

export async function loadCategoryTree(db: Pick<Database, "select">): Promise<CategoryTree> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
      position: categories.position,
    })
    .from(categories);
  return new CategoryTree(rows);
}

/** Where the tools' reads get the tree from. */
export interface CategoryTreeSource {
  tree(): Promise<CategoryTree>;
  /**
   * A tree that holds each of `ids`: the kept one, or the database's when a category is newer than it
   * (added on another process, whose CategoryChanged is still on its way).
   */
  covering(ids: Iterable<string>): Promise<CategoryTree>;
}

function sourceOf(tree: () => Promise<CategoryTree>, fresh: () => Promise<CategoryTree>): CategoryTreeSource {
  return {
    tree,
    async covering(ids) {
      const kept = await tree();
      for (const id of ids) if (!kept.has(id)) return fresh();
      return kept;
    },
  };
}

/** The tree read from `db` on every call: for writes, transactions and pages cached as a whole. */
export function categoryTreeOf(db: Pick<Database, "select">): CategoryTreeSource {
  const load = () => loadCategoryTree(db);
  return sourceOf(load, load);
}

/** The tree kept in memory until a category changes (CategoryChanged, on every process). */
export function cachedCategoryTree(app: FastifyInstance): CategoryTreeSource {
  const kept = createDerivedCache(app, { invalidatedBy: ["CategoryChanged"], maxEntries: 1 });
  const load = () => loadCategoryTree(app.db);
  return sourceOf(() => kept.get("tree", load), load);
}
