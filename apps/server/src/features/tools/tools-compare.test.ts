// GET /api/tools/compare (issue 58, decision 0061): up to four tools in the order asked for, with their
// specifications; a sentence for a bad list, and the ids no tool has named.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { COMPARE_IDS_REQUIRED, COMPARE_TOO_MANY } from "@toolshop/shared/tool-compare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

const NO_SUCH_ID = "00000000-0000-4000-8000-00000000abcd";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`GET /api/tools/compare ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    const ids: string[] = [];
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      const created = await call(t.app, admin, "POST", "/api/attributes", {
        key: "zqcompare-grip",
        name: "Grip",
        kind: "text",
      });
      expect(created.statusCode, created.body).toBe(201);
      for (const name of ["Zqcompare A", "Zqcompare B", "Zqcompare C"]) {
        ids.push((await addTool(t.database.db, { name, category: "mechanical" })).id);
      }
      const set = await call(t.app, admin, "PUT", `/api/tools/${ids[1]}/attributes`, {
        values: [{ key: "zqcompare-grip", value: "Rubber" }],
      });
      expect(set.statusCode, set.body).toBe(200);
    }, 120_000);
    afterAll(() => t?.close());

    it("answers the tools in the order asked for, anyone may ask, with their specifications", async () => {
      const [a, b, c] = ids as [string, string, string];
      const response = await call(
        t.app,
        undefined,
        "GET",
        `/api/tools/compare?ids=${c},${b.toUpperCase()},${a}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const { tools } = response.json() as {
        tools: { _id: string; attributes: { key: string; value: unknown }[] }[];
      };
      expect(tools.map((tool) => tool._id)).toEqual([c, b, a]);
      expect(tools[1]?.attributes).toMatchObject([{ key: "zqcompare-grip", value: "Rubber" }]);
      expect(tools[0]?.attributes).toEqual([]);
    });

    it("refuses no ids, more than four and a word that is no id with a sentence", async () => {
      const five = [...ids, NO_SUCH_ID, "00000000-0000-4000-8000-00000000abce"].join(",");
      for (const [query, message] of [
        ["", COMPARE_IDS_REQUIRED],
        ["?ids=", COMPARE_IDS_REQUIRED],
        [`?ids=${five}`, COMPARE_TOO_MANY],
        [`?ids=${ids[0]},drill`, "drill is not a tool id"],
      ] as const) {
        const response = await call(t.app, undefined, "GET", `/api/tools/compare${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toContain(message);
      }
    });

    it("names the ids no tool has", async () => {
      const response = await call(t.app, undefined, "GET", `/api/tools/compare?ids=${ids[0]},${NO_SUCH_ID}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: `No tool has the id ${NO_SUCH_ID}.` });
    });
  });
}
