// The category tree's API (issue 58, decision 0055): the public tree, the admin's writes with their
// refusals, and what a write changes for the tools' answers and the search.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Category, categorySchema, categoryTreeSchema } from "@toolshop/shared/categories";
import { apiErrorSchema } from "@toolshop/shared/errors";
import { toolSchema, toolSearchPageSchema } from "@toolshop/shared/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`categories API ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    async function tree(): Promise<Category[]> {
      const response = await t.app.inject({ method: "GET", url: "/api/categories" });
      expect(response.statusCode, response.body).toBe(200);
      return categoryTreeSchema.parse(response.json()).categories;
    }
    const idOf = async (slug: string) => (await tree()).find((category) => category.slug === slug)?._id ?? "";
    const add = (body: object) => call(t.app, admin, "POST", "/api/categories", body);
    async function added(name: string, slug: string, parent?: string): Promise<Category> {
      const response = await add({ name, slug, parentId: parent ? await idOf(parent) : null });
      expect(response.statusCode, response.body).toBe(201);
      return categorySchema.parse(response.json());
    }
    const patch = async (slug: string, body: object) =>
      call(t.app, admin, "PATCH", `/api/categories/${await idOf(slug)}`, body);
    const refusal = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).message;
    /** The tree as "slug<parent" lines in its depth-first order. */
    const shape = async () =>
      (await tree()).map((category, _, all) => {
        const parent = all.find((other) => other._id === category.parentId);
        return `${"  ".repeat(category.depth)}${category.slug}${parent ? `<${parent.slug}` : ""}`;
      });
    const search = async (query: string) =>
      toolSearchPageSchema.parse(
        (await t.app.inject({ method: "GET", url: `/api/tools/search?${query}` })).json(),
      );

    it("answers the tree to anyone, depth first, with each category's own tools, and 304 to its ETag", async () => {
      expect(await shape()).toEqual(["electrical", "mechanical"]);
      await added("Drills", "drills", "electrical");
      await added("Testers", "testers", "electrical");
      await addTool(t.database.db, { category: "drills" });
      const categories = await tree();
      expect(categories.map(({ slug, depth, toolCount }) => [slug, depth, toolCount])).toEqual([
        ["electrical", 0, 0],
        ["drills", 1, 1],
        ["testers", 1, 0],
        ["mechanical", 0, 0],
      ]);
      const first = await t.app.inject({ method: "GET", url: "/api/categories" });
      const again = await t.app.inject({
        method: "GET",
        url: "/api/categories",
        headers: { "if-none-match": String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it("answers 401 to a visitor and 403 to a customer before reading the body, and changes nothing", async () => {
      const before = await tree();
      const id = before[0]?._id ?? "";
      const writes = [
        ["POST", "/api/categories", { name: "Saws", slug: "saws", parentId: null }],
        ["POST", "/api/categories", { nonsense: true }],
        ["PATCH", `/api/categories/${id}`, { name: "Renamed" }],
        ["PATCH", "/api/categories/not-a-uuid", { name: 42 }],
        ["DELETE", `/api/categories/${id}`, undefined],
      ] as const;
      for (const [method, url, body] of writes) {
        expect((await call(t.app, undefined, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(t.app, customer, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await tree()).toEqual(before);
    });

    it("refuses a bad name or slug with the form's messages", async () => {
      const cases: [object, string][] = [
        [{ name: "", slug: "saws" }, "The name is required"],
        [{ name: "Saws", slug: "" }, "The slug is required"],
        [
          { name: "Saws", slug: "hand saws" },
          "The slug may only have lower-case letters (a-z), digits and single hyphens between them",
        ],
        [
          { name: "Saws", slug: "-saws" },
          "The slug may only have lower-case letters (a-z), digits and single hyphens between them",
        ],
        [
          { name: "Saws", slug: "saws--hand" },
          "The slug may only have lower-case letters (a-z), digits and single hyphens between them",
        ],
        [{ name: "Saws", slug: "s".repeat(61) }, "The slug must be at most 60 characters"],
        [{ name: "S".repeat(61), slug: "saws" }, "The name must be at most 60 characters"],
        [{ name: "Saws > Hand", slug: "saws" }, "The name cannot contain >"],
        [
          { name: "Saws\nHand", slug: "saws" },
          "The name must be a single line without line breaks or control characters",
        ],
        [{ name: "Saws", slug: "saws", parentId: "nope" }, "The parent must be a category's id"],
      ];
      for (const [body, message] of cases) {
        const response = await add(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(refusal(response)).toContain(message);
      }
      // The slug is read in lower case: "Saws" is the slug saws.
      expect((await added("Saws", "Saws")).slug).toBe("saws");
    });

    it("refuses a slug taken, a sibling's name in any case and a parent that is gone, with a sentence", async () => {
      const taken = await add({ name: "Drill Bits", slug: "drills", parentId: null });
      expect(taken.statusCode).toBe(409);
      expect(refusal(taken)).toBe("The slug drills is taken by the category Drills.");
      const sibling = await add({ name: "TESTERS", slug: "testers-2", parentId: await idOf("electrical") });
      expect(sibling.statusCode).toBe(409);
      expect(refusal(sibling)).toBe("Electrical already has a sub-category named Testers.");
      const root = await add({ name: "mechanical", slug: "mechanical-2", parentId: null });
      expect(refusal(root)).toBe("There is already a top-level category named Mechanical.");
      // The same name under another parent is another category.
      expect((await added("Testers", "mechanical-testers", "mechanical")).depth).toBe(1);
      const orphan = await add({
        name: "Orphans",
        slug: "orphans",
        parentId: "00000000-0000-4000-8000-000000000000",
      });
      expect(orphan.statusCode).toBe(409);
      expect(refusal(orphan)).toBe("The parent category no longer exists.");
      const renamed = await patch("mechanical-testers", { slug: "testers" });
      expect(refusal(renamed)).toBe("The slug testers is taken by the category Testers.");
    });

    it("refuses to make a category its own parent or ancestor", async () => {
      await added("Cordless", "cordless", "drills");
      const own = await patch("drills", { parentId: await idOf("drills") });
      expect(own.statusCode).toBe(400);
      expect(refusal(own)).toBe("A category cannot be its own parent.");
      const loop = await patch("electrical", { parentId: await idOf("cordless") });
      expect(loop.statusCode).toBe(400);
      expect(refusal(loop)).toBe("A category cannot be its own ancestor: Cordless is under Electrical.");
      expect((await shape()).slice(0, 4)).toEqual([
        "electrical",
        "  drills<electrical",
        "    cordless<drills",
        "  testers<electrical",
      ]);
    });

    it("renames, moves up and down among its siblings, and under another parent at the end", async () => {
      await added("Voltage", "voltage", "electrical");
      const electrical = async () => (await shape()).filter((line) => line.endsWith("<electrical"));
      expect(await electrical()).toEqual([
        "  drills<electrical",
        "  testers<electrical",
        "  voltage<electrical",
      ]);
      expect((await patch("voltage", { move: "up" })).statusCode).toBe(200);
      expect(await electrical()).toEqual([
        "  drills<electrical",
        "  voltage<electrical",
        "  testers<electrical",
      ]);
      await patch("voltage", { move: "up" });
      // At the top already: nothing moves.
      expect((await patch("voltage", { move: "up" })).statusCode).toBe(200);
      expect(await electrical()).toEqual([
        "  voltage<electrical",
        "  drills<electrical",
        "  testers<electrical",
      ]);
      await patch("drills", { move: "down" });
      expect(await electrical()).toEqual([
        "  voltage<electrical",
        "  testers<electrical",
        "  drills<electrical",
      ]);

      const moved = await patch("voltage", { parentId: await idOf("mechanical"), name: "Voltage Tools" });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(categorySchema.parse(moved.json())).toMatchObject({ name: "Voltage Tools", depth: 1 });
      expect(await electrical()).toEqual(["  testers<electrical", "  drills<electrical"]);
      expect((await shape()).filter((line) => line.endsWith("<mechanical"))).toEqual([
        "  mechanical-testers<mechanical",
        "  voltage<mechanical",
      ]);
      // Moved back up, the order holds: the positions stayed dense through the moves.
      await patch("drills", { move: "up" });
      expect(await electrical()).toEqual(["  drills<electrical", "  testers<electrical"]);
      expect((await patch("drills", {})).statusCode).toBe(400);
    });

    it("deletes only a category without tools and without sub-categories", async () => {
      const withChildren = await call(t.app, admin, "DELETE", `/api/categories/${await idOf("drills")}`);
      expect(withChildren.statusCode).toBe(409);
      expect(refusal(withChildren)).toBe(
        "Drills cannot be deleted: it has sub-categories (Cordless). Move or delete them first.",
      );
      await addTool(t.database.db, { category: "cordless" });
      const withTools = await call(t.app, admin, "DELETE", `/api/categories/${await idOf("cordless")}`);
      expect(withTools.statusCode).toBe(409);
      expect(refusal(withTools)).toBe(
        "Cordless cannot be deleted: 1 tool is in it. Move it to another category first.",
      );

      const empty = await idOf("saws");
      const deleted = await call(t.app, admin, "DELETE", `/api/categories/${empty}`);
      expect(deleted.json()).toEqual({ deletedCount: 1 });
      expect(await idOf("saws")).toBe("");
      expect((await call(t.app, admin, "DELETE", `/api/categories/${empty}`)).json()).toEqual({
        deletedCount: 0,
      });
    });

    it("finds a category's tools with its sub-categories', and follows a move and a rename at once", async () => {
      const drill = await addTool(t.database.db, { category: "drills" });
      const ids = async (slug: string) =>
        (await search(`category=${slug}&limit=100`)).tools.map((tool) => tool._id);
      // Cached: the first pages without words are kept until the catalogue changes.
      expect(await ids("electrical")).toContain(drill.id);
      expect(await ids("drills")).toContain(drill.id);
      const cordless = (await search("category=electrical")).total;
      expect(cordless).toBe(
        (await search("category=drills")).total + (await search("category=testers")).total,
      );
      const oneTool = async () =>
        toolSchema.parse((await t.app.inject({ method: "GET", url: `/api/tools/${drill.id}` })).json());
      expect((await oneTool()).category.path.map((step) => step.slug)).toEqual(["electrical", "drills"]);

      // Drills (with Cordless under it) moves to Mechanical, and is renamed.
      const moved = await patch("drills", { parentId: await idOf("mechanical"), name: "Power Drills" });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await ids("electrical")).not.toContain(drill.id);
      expect(await ids("mechanical")).toContain(drill.id);
      expect((await search("category=electrical")).total).toBe(
        cordless - (await search("category=drills")).total,
      );
      expect((await oneTool()).category).toEqual({
        slug: "drills",
        name: "Power Drills",
        path: [
          { slug: "mechanical", name: "Mechanical" },
          { slug: "drills", name: "Power Drills" },
        ],
      });
      const unknown = await t.app.inject({ method: "GET", url: "/api/tools/search?category=saws" });
      expect(unknown.statusCode).toBe(400);
      expect(refusal(unknown)).toBe("There is no category with the slug saws.");
    });

    // Two admins at once: the lock keeps the second from passing the check the first is about to break.
    if (target.options.kind === "postgres") {
      it("gives a slug to one of two admins adding it at the same moment, and a sentence to the other", async () => {
        const both = await Promise.all([
          add({ name: "Clamps", slug: "clamps", parentId: null }),
          add({ name: "Clamping", slug: "clamps", parentId: null }),
        ]);
        expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      });
    }
  });
}
