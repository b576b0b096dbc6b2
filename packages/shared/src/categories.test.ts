import { describe, expect, it } from "vitest";
import {
  type CategoryNode,
  categoryIssues,
  categoryPathText,
  createCategoryBodySchema,
  slugFromName,
} from "./categories";

const TREE: CategoryNode[] = [
  { id: "e", name: "Electrical", slug: "electrical", parentId: null },
  { id: "d", name: "Drills", slug: "drills", parentId: "e" },
  { id: "c", name: "Cordless", slug: "cordless", parentId: "d" },
  { id: "m", name: "Mechanical", slug: "mechanical", parentId: null },
];

describe("a category's slug from its name", () => {
  it("keeps letters and digits, lower case, joined by single hyphens", () => {
    expect(slugFromName("Wire Strippers & Cutters")).toBe("wire-strippers-cutters");
    expect(slugFromName("  Électricité — 230 V  ")).toBe("electricite-230-v");
    expect(slugFromName("!!!")).toBe("");
    expect(slugFromName("x".repeat(80))).toHaveLength(60);
    // What it makes, the schema takes.
    for (const name of ["Wire Strippers & Cutters", "M12 / M18", "Pliers (VDE)"]) {
      expect(createCategoryBodySchema.safeParse({ name, slug: slugFromName(name) }).success, name).toBe(true);
    }
  });
});

describe("the tree's rules", () => {
  it("refuses a slug another category has, but not the category's own", () => {
    expect(categoryIssues(TREE, { name: "Saws", slug: "drills", parentId: null })).toEqual([
      { field: "slug", message: "The slug drills is taken by the category Drills", conflict: true },
    ]);
    expect(categoryIssues(TREE, { id: "d", name: "Drills", slug: "drills", parentId: "e" })).toEqual([]);
  });

  it("refuses a sibling's name in any case, among the roots too", () => {
    expect(categoryIssues(TREE, { name: "DRILLS", slug: "drills-2", parentId: "e" })[0]?.message).toBe(
      "Electrical already has a sub-category named Drills",
    );
    expect(categoryIssues(TREE, { name: "mechanical", slug: "m2", parentId: null })[0]?.message).toBe(
      "There is already a top-level category named Mechanical",
    );
    expect(categoryIssues(TREE, { name: "Drills", slug: "m-drills", parentId: "m" })).toEqual([]);
  });

  it("refuses a parent that is gone, the category itself, or one under it", () => {
    expect(categoryIssues(TREE, { name: "Saws", slug: "saws", parentId: "gone" })[0]?.message).toBe(
      "The parent category no longer exists",
    );
    expect(categoryIssues(TREE, { id: "d", name: "Drills", slug: "drills", parentId: "d" })[0]).toMatchObject(
      {
        field: "parentId",
        message: "A category cannot be its own parent",
        conflict: false,
      },
    );
    expect(
      categoryIssues(TREE, { id: "e", name: "Electrical", slug: "electrical", parentId: "c" })[0]?.message,
    ).toBe("A category cannot be its own ancestor: Cordless is under Electrical");
    expect(categoryIssues(TREE, { id: "c", name: "Cordless", slug: "cordless", parentId: "m" })).toEqual([]);
  });

  it("writes a path as the CSV does", () => {
    expect(categoryPathText([{ name: "Electrical" }, { name: "Drills" }])).toBe("Electrical > Drills");
  });
});
