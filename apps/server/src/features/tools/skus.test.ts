// Part numbers through the API (decision 0056): found without case, unique without case (also when two
// creates race on PostgreSQL), refused when they break the shared rule, and made by the shop for a
// tool added without one.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { SKU_MALFORMED, SKU_TOO_LONG } from "@toolshop/shared/sku";
import { type Tool, toolSchema } from "@toolshop/shared/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { postProduct, uploadPicture } from "../../testing/products";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`tools' SKUs ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let image: string;
    let drill: Tool;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      image = await uploadPicture(t, admin);
      drill = await postProduct(t, admin, product({ sku: "ED-18V/2.0", name: "Cordless Drill" }));
    });
    afterAll(async () => {
      await t?.close();
    });

    const product = (overrides: object = {}) => ({
      name: "Cable Cutter",
      short: "Cuts cable.",
      minQuantity: 1,
      availableQuantity: 50,
      price: 24.99,
      category: "electrical",
      image,
      ...overrides,
    });
    const bySku = (sku: string) =>
      t.app.inject({ method: "GET", url: `/api/tools/by-sku/${encodeURIComponent(sku)}` });

    it("keeps the SKU as typed and finds the tool by it in any case", async () => {
      expect(drill.sku).toBe("ED-18V/2.0");
      for (const spelling of ["ED-18V/2.0", "ed-18v/2.0", "Ed-18V/2.0"]) {
        const found = await bySku(spelling);
        expect(found.statusCode, spelling).toBe(200);
        expect(toolSchema.parse(found.json())).toEqual(drill);
      }
      const one = await t.app.inject({ method: "GET", url: `/api/tools/${drill._id}` });
      expect(toolSchema.parse(one.json()).sku).toBe("ED-18V/2.0");
    });

    it("answers a SKU no tool has with a 404 and a sentence", async () => {
      const response = await bySku("ED-18V/3.0");
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("No tool has the SKU ED-18V/3.0.");
    });

    it("refuses a second tool with the SKU in another case, and an edit to another tool's", async () => {
      for (const sku of ["ED-18V/2.0", "ed-18v/2.0"]) {
        const response = await call(t.app, admin, "POST", "/api/tools", product({ sku }));
        expect(response.statusCode, sku).toBe(409);
        expect(response.json().message).toBe(`Another tool already has the SKU ${sku}.`);
      }
      const cutter = await postProduct(t, admin, product({ sku: "CC-20" }));
      const edit = (sku: string) =>
        call(t.app, admin, "PATCH", `/api/tools/${cutter._id}`, {
          ...product({ sku }),
          previousAvailableQuantity: 50,
        });
      const taken = await edit("ed-18V/2.0");
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe("Another tool already has the SKU ed-18V/2.0.");
      // Its own SKU in another case is no conflict: the owner may correct the case.
      const recased = await edit("cc-20");
      expect(recased.statusCode, recased.body).toBe(200);
      expect(toolSchema.parse(recased.json()).sku).toBe("cc-20");
      const kept = await call(t.app, admin, "PATCH", `/api/tools/${cutter._id}`, {
        ...product({ name: "Cable Cutter 2" }),
        previousAvailableQuantity: 50,
      });
      expect(toolSchema.parse(kept.json()).sku).toBe("cc-20");
    });

    it("refuses a SKU too long, with a path step, spaces or a look-alike letter", async () => {
      const cases: [string, string][] = [
        ["A".repeat(41), SKU_TOO_LONG],
        ["../etc", SKU_MALFORMED],
        ["a/../b", SKU_MALFORMED],
        ["PL 180", SKU_MALFORMED],
        ["PL-180-", SKU_MALFORMED],
        // A Cyrillic А (U+0410) that reads as the Latin A.
        ["\u0410B-1", SKU_MALFORMED],
        ["PL\u200b180", SKU_MALFORMED],
      ];
      for (const [sku, message] of cases) {
        const created = await call(t.app, admin, "POST", "/api/tools", product({ sku }));
        expect(created.statusCode, sku).toBe(400);
        expect(created.json().message).toContain(message);
        expect((await bySku(sku)).statusCode, sku).toBe(400);
      }
      expect(
        (await call(t.app, admin, "POST", "/api/tools", product({ sku: "A".repeat(40) }))).statusCode,
      ).toBe(201);
    });

    it("gives a tool added without a SKU the next of the shop's series, its category's letters first", async () => {
      const first = await postProduct(t, admin, product({ name: "No SKU One", category: "mechanical" }));
      const second = await postProduct(t, admin, product({ name: "No SKU Two" }));
      expect(first.sku).toMatch(/^MEC-\d{5}$/);
      expect(second.sku).toMatch(/^ELE-\d{5}$/);
      expect(Number(second.sku.slice(4))).toBeGreaterThan(Number(first.sku.slice(4)));
    });

    it.skipIf(target.options.kind !== "postgres")(
      "lets one of two creates of one SKU at once win, the other answered 409",
      async () => {
        const answers = await Promise.all(
          ["RACE-1", "race-1", "Race-1", "RACE-1"].map((sku) =>
            call(t.app, admin, "POST", "/api/tools", product({ sku, name: `Racer ${sku}` })),
          ),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
        expect((await bySku("race-1")).statusCode).toBe(200);
      },
    );
  });
}
