import { seedDemoData } from "@toolshop/db/seed";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { apiErrorSchema } from "@toolshop/shared/errors";
import { type Tool, toolSchema } from "@toolshop/shared/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`tools API ${target.title}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      await seedDemoData(t.database.db);
    });
    afterAll(async () => {
      await t?.close();
    });

    async function listTools(): Promise<Tool[]> {
      const response = await t.app.inject({ method: "GET", url: "/api/tools" });
      expect(response.statusCode).toBe(200);
      return toolSchema.array().parse(response.json());
    }

    it("lists every tool, ordered by name, with prices in currency units", async () => {
      const tools = await listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        "Electric Drill",
        "Fish Tape",
        "Level",
        "Pliers",
        "Screwdrivers",
        "Tape Measure",
        "Voltage Tester",
        "Wire Strippers",
      ]);
      // Stored as 1250 cents.
      expect(tools.find((tool) => tool.name === "Pliers")).toMatchObject({
        price: 12.5,
        minQuantity: 20,
        availableQuantity: 1200,
        image: "/images/tools/pliers.svg",
      });
    });

    it("answers one tool by id", async () => {
      const [first] = await listTools();
      const response = await t.app.inject({ method: "GET", url: `/api/tools/${first?._id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(first);
    });

    it("answers 400 with a sentence for an id that is not a UUID", async () => {
      const response = await t.app.inject({ method: "GET", url: "/api/tools/not-a-uuid" });
      expect(response.statusCode).toBe(400);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(apiErrorSchema.parse(response.json())).toEqual({
        statusCode: 400,
        error: "Bad Request",
        message: "The tool id must be a UUID",
      });
    });

    it("answers 404 for an unknown id", async () => {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/tools/3f1e2d4c-5b6a-4789-8abc-def012345678",
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: "Not Found",
        message: "There is no tool with this id.",
      });
    });
  });
}
