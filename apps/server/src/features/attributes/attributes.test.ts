// Specifications (issue 58, decision 0060): the owner defines typed attributes for categories; a tool's
// values are checked against their kind and category, show in every tools answer in the attributes'
// order, and go when their attribute goes (the catalogue's cached answers with them).
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`attributes and a tool's specifications ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
      for (const body of [
        { key: "voltage", name: "Voltage", kind: "number", unit: "V", categories: ["electrical"] },
        { key: "insulation", name: "Insulation", kind: "choice", choices: ["1000 V", "None"] },
        { key: "cordless", name: "Cordless", kind: "boolean", categories: ["electrical"] },
        { key: "grip", name: "Grip", kind: "text" },
      ]) {
        const created = await call(t.app, admin, "POST", "/api/attributes", body);
        expect(created.statusCode, created.body).toBe(201);
      }
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const setValues = (toolId: string, values: object[], who = admin) =>
      call(t.app, who, "PUT", `/api/tools/${toolId}/attributes`, { values });
    const toolAnswer = async (toolId: string) =>
      (await t.app.inject({ method: "GET", url: `/api/tools/${toolId}` })).json();

    it("lists the attributes for anyone, with their categories, and lets only an admin define one", async () => {
      const listed = (await call(t.app, undefined, "GET", "/api/attributes")).json();
      expect(listed.map((attribute: { key: string }) => attribute.key)).toEqual([
        "voltage",
        "insulation",
        "cordless",
        "grip",
      ]);
      expect(listed[0]).toMatchObject({ kind: "number", unit: "V", categories: ["electrical"], choices: [] });
      const refused = await call(t.app, customer, "POST", "/api/attributes", { nonsense: true });
      expect(refused.statusCode).toBe(403);
      expect(
        (await call(t.app, undefined, "PUT", `/api/tools/${customer.id}/attributes`, {})).statusCode,
      ).toBe(401);
      const taken = await call(t.app, admin, "POST", "/api/attributes", {
        key: "Voltage",
        name: "V",
        kind: "text",
      });
      expect([taken.statusCode, taken.json().message]).toEqual([
        409,
        "Another attribute already has the key voltage.",
      ]);
      const noChoices = await call(t.app, admin, "POST", "/api/attributes", {
        key: "class",
        name: "Class",
        kind: "choice",
      });
      expect(noChoices.json().message).toContain("A choice needs at least one value to choose");
      const unknown = await call(t.app, admin, "POST", "/api/attributes", {
        key: "x",
        name: "X",
        kind: "text",
        categories: ["nope"],
      });
      expect([unknown.statusCode, unknown.json().message]).toEqual([
        400,
        "There is no category with the slug nope.",
      ]);
    });

    it("shows a tool's values in every answer, in the attributes' order, a choice as the owner spelled it", async () => {
      const drill = await addTool(t.database.db, { category: "electrical" });
      const set = await setValues(drill.id, [
        { key: "grip", value: "  Rubber  " },
        { key: "insulation", value: "1000 v" },
        { key: "voltage", value: 18 },
        { key: "cordless", value: true },
      ]);
      expect(set.statusCode, set.body).toBe(200);
      const expected = [
        { key: "voltage", name: "Voltage", value: 18, unit: "V" },
        { key: "insulation", name: "Insulation", value: "1000 V", unit: null },
        { key: "cordless", name: "Cordless", value: true, unit: null },
        { key: "grip", name: "Grip", value: "Rubber", unit: null },
      ];
      expect(set.json()).toEqual(expected);
      expect((await toolAnswer(drill.id)).attributes).toEqual(expected);
      const list = (await t.app.inject({ method: "GET", url: "/api/tools" })).json();
      expect(list.find((tool: { _id: string }) => tool._id === drill.id).attributes).toEqual(expected);

      // The whole list each time: one value left is one value kept.
      await setValues(drill.id, [{ key: "voltage", value: 12 }]);
      expect((await toolAnswer(drill.id)).attributes).toEqual([
        { key: "voltage", name: "Voltage", value: 12, unit: "V" },
      ]);
    });

    it("refuses a value of another kind, an attribute of another category, an unknown key and hostile lists", async () => {
      const pliers = await addTool(t.database.db, { category: "mechanical" });
      const drill = await addTool(t.database.db, { category: "electrical" });
      const refusals: [object[], string][] = [
        [[{ key: "voltage", value: 18 }], "Voltage does not belong to this tool's category."],
        [[{ key: "insulation", value: "500 V" }], "Insulation takes one of 1000 V, None."],
        [[{ key: "grip", value: 3 }], "Grip takes one line of text, at most 200 characters."],
        [[{ key: "grip", value: "two\nlines" }], "Grip takes one line of text, at most 200 characters."],
        [[{ key: "cordless", value: "yes" }], "Cordless does not belong to this tool's category."],
        [[{ key: "torque", value: 5 }], "No attribute has the key torque."],
      ];
      for (const [values, message] of refusals) {
        const refused = await setValues(pliers.id, values);
        expect([refused.statusCode, refused.json().message], JSON.stringify(values)).toEqual([400, message]);
      }
      const wrongKind = await setValues(drill.id, [{ key: "voltage", value: "18" }]);
      expect(wrongKind.json().message).toBe("Voltage takes a number.");
      const twice = await setValues(drill.id, [
        { key: "grip", value: "a" },
        { key: "grip", value: "b" },
      ]);
      expect(twice.statusCode).toBe(400);
      const many = Array.from({ length: 101 }, (_, index) => ({ key: `k${index}`, value: 1 }));
      expect((await setValues(drill.id, many)).statusCode).toBe(400);
      expect((await setValues("00000000-0000-4000-8000-000000000000", [])).statusCode).toBe(404);
      expect((await setValues(drill.id, [], customer)).statusCode).toBe(403);
      expect((await toolAnswer(pliers.id)).attributes).toEqual([]);
    });

    it("takes an attribute's values from every tool when it is deleted, the cached answer too", async () => {
      const created = await call(t.app, admin, "POST", "/api/attributes", {
        key: "jaw-length",
        name: "Jaw length",
        kind: "number",
        unit: "mm",
      });
      const pliers = await addTool(t.database.db, { category: "mechanical" });
      await setValues(pliers.id, [{ key: "jaw-length", value: 160 }]);
      const cached = await t.app.inject({ method: "GET", url: `/api/tools/${pliers.id}` });
      expect(cached.json().attributes).toHaveLength(1);
      const deleted = await call(t.app, admin, "DELETE", `/api/attributes/${created.json()._id}`);
      expect(deleted.json()).toEqual({ deletedCount: 1 });
      const after = await t.app.inject({
        method: "GET",
        url: `/api/tools/${pliers.id}`,
        headers: { "if-none-match": String(cached.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      expect(after.json().attributes).toEqual([]);
    });
  });
}
