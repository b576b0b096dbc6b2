// The caches of one tool (GET /api/tools/:id, its reviews, the product page /tools/:id) key on the
// canonical, lower-case id (issue 47, finding 10): an upper-case spelling of a cached tool is the same
// entry, not another database read that anyone can repeat with each of the id's 2^32 spellings. The
// row is deleted behind the cache's back: a spelling that read the database again would find nothing.
import { tools } from "@toolshop/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTool } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";

const SHELL =
  '<!doctype html><html><head><title>Toolshop</title></head><body><div id="root"></div></body></html>';

/** Two other spellings of the id: every letter upper-case, and every other character upper-case. */
function spellings(id: string): string[] {
  const mixed = [...id].map((character, index) => (index % 2 ? character.toUpperCase() : character));
  return [id.toUpperCase(), mixed.join("")];
}

describe("cache keys of one tool (PGlite)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" }, { webBuild: { "index.html": SHELL } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers every spelling of a cached tool's id from the canonical entry", async () => {
    const tool = await addTool(t.app.db);
    expect(tool.id).toMatch(/[a-f]/);
    const get = (url: string) => t.app.inject({ method: "GET", url });
    const reads = {
      api: (id: string) => get(`/api/tools/${id}`),
      reviews: (id: string) => get(`/api/tools/${id}/reviews`),
      page: (id: string) => get(`/tools/${id}`),
    };
    const first = {
      api: await reads.api(tool.id),
      reviews: await reads.reviews(tool.id),
      page: await reads.page(tool.id),
    };
    expect(first.api.json()).toMatchObject({ _id: tool.id, name: "Test Pliers" });
    expect(first.reviews.statusCode).toBe(200);
    expect(first.page.body).toContain("Test Pliers");

    // Deleted without a ToolChanged event: only a new database read could see it gone.
    await t.app.db.delete(tools).where(eq(tools.id, tool.id));

    for (const id of spellings(tool.id)) {
      const api = await reads.api(id);
      expect(api.statusCode, id).toBe(200);
      expect(api.body, id).toBe(first.api.body);
      expect((await reads.reviews(id)).body, id).toBe(first.reviews.body);
      const page = await reads.page(id);
      expect(page.statusCode, id).toBe(200);
      expect(page.body, id).toBe(first.page.body);
    }
  });
});
