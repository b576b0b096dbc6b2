// What fits with what (issue 58, decision 0058): relations both ways, works-with symmetric, the spare
// parts' reads, the owner's write guarded and validated, and a discontinued tool refused by orders,
// carts and quotes.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { sparePartsAnswerSchema } from "@toolshop/shared/spare-parts";
import { TOOL_RELATIONS_MAX } from "@toolshop/shared/tool-relations";
import { toolSchema } from "@toolshop/shared/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`what fits with what ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    let drill: { id: string };
    let battery: { id: string };
    let brush: { id: string };
    let chuck: { id: string };
    let charger: { id: string };
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
      const db = t.database.db;
      drill = await addTool(db, { name: "Drill 18V", sku: "REL-DR-1", minQuantity: 1 });
      battery = await addTool(db, { name: "Battery 18V", sku: "REL-BA-1", minQuantity: 1 });
      brush = await addTool(db, { name: "Carbon brush", sku: "REL-BR-1", minQuantity: 1 });
      chuck = await addTool(db, { name: "Keyless chuck", sku: "REL-CH-1", minQuantity: 1 });
      charger = await addTool(db, { name: "Charger", sku: "REL-CG-1", minQuantity: 1 });
    });
    afterAll(async () => {
      await t?.close();
    });

    const put = (toolId: string, body: unknown, who: SignedInCustomer | null = admin) =>
      t.app.inject({
        method: "PUT",
        url: `/api/tools/${toolId}/relations`,
        payload: body as object,
        headers: who?.headers,
      });
    const related = async (toolId: string) => {
      const response = await t.app.inject({ method: "GET", url: `/api/tools/${toolId}` });
      return toolSchema.parse(response.json()).related;
    };
    const names = (list: { name: string }[]) => list.map((tool) => tool.name);

    it("answers relations both ways: spare parts and their fits, works-with from either side", async () => {
      const saved = await put(drill.id, {
        modelNumber: "DX-18 Pro",
        accessories: [charger.id],
        spareParts: [chuck.id, brush.id],
        worksWith: [battery.id],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(toolSchema.parse(saved.json()).modelNumber).toBe("DX-18 Pro");

      expect(await related(drill.id)).toEqual({
        accessories: [{ _id: charger.id, name: "Charger", sku: "REL-CG-1" }],
        spareParts: [
          { _id: chuck.id, name: "Keyless chuck", sku: "REL-CH-1" },
          { _id: brush.id, name: "Carbon brush", sku: "REL-BR-1" },
        ],
        fits: [],
        worksWith: [{ _id: battery.id, name: "Battery 18V", sku: "REL-BA-1" }],
        successor: null,
      });
      // The reverse direction: the part lists the tool it fits, the battery the drill it works with.
      expect(names((await related(brush.id)).fits)).toEqual(["Drill 18V"]);
      expect(names((await related(battery.id)).worksWith)).toEqual(["Drill 18V"]);
      // An accessory is one way: the charger's page names no drill.
      expect(await related(charger.id)).toMatchObject({ fits: [], worksWith: [], accessories: [] });

      // The list answer carries the same, for every tool.
      const list = z
        .array(toolSchema)
        .parse((await t.app.inject({ method: "GET", url: "/api/tools" })).json());
      expect(names(list.find((tool) => tool._id === chuck.id)?.related.fits ?? [])).toEqual(["Drill 18V"]);

      // works_with saved from the battery's side replaces the one row, not a second one.
      expect((await put(battery.id, { worksWith: [drill.id, charger.id] })).statusCode).toBe(200);
      expect(names((await related(drill.id)).worksWith)).toEqual(["Battery 18V"]);
      expect(names((await related(battery.id)).worksWith)).toEqual(["Drill 18V", "Charger"]);
      expect((await put(battery.id, { worksWith: [] })).statusCode).toBe(200);
      expect((await related(drill.id)).worksWith).toEqual([]);
    });

    it("lists a tool's spare parts and finds them by model number or SKU in any case", async () => {
      const parts = await t.app.inject({ method: "GET", url: `/api/tools/${drill.id}/spare-parts` });
      expect(parts.statusCode).toBe(200);
      expect(names(z.array(toolSchema).parse(parts.json()))).toEqual(["Keyless chuck", "Carbon brush"]);

      for (const q of ["dx-18 pro", "  DX-18 PRO ", "rel-dr-1"]) {
        const found = await t.app.inject({ method: "GET", url: "/api/spare-parts", query: { q } });
        expect(found.statusCode, q).toBe(200);
        const answer = sparePartsAnswerSchema.parse(found.json());
        expect(answer.tool._id).toBe(drill.id);
        expect(names(answer.spareParts)).toEqual(["Keyless chuck", "Carbon brush"]);
      }
      const none = await t.app.inject({ method: "GET", url: "/api/spare-parts", query: { q: "DX-19" } });
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe("No tool has the model number or SKU DX-19.");
      // Only an exact match: a start of the model number finds nothing.
      expect((await t.app.inject({ method: "GET", url: "/api/spare-parts?q=DX" })).statusCode).toBe(404);
      const huge = await t.app.inject({ method: "GET", url: `/api/spare-parts?q=${"x".repeat(5000)}` });
      expect(huge.statusCode).toBe(400);
    });

    it("changes the cached answer and its ETag when relations change", async () => {
      const first = await t.app.inject({ method: "GET", url: `/api/tools/${chuck.id}` });
      const etag = String(first.headers.etag);
      expect((await put(drill.id, { modelNumber: "DX-18 Pro", spareParts: [brush.id] })).statusCode).toBe(
        200,
      );
      const second = await t.app.inject({
        method: "GET",
        url: `/api/tools/${chuck.id}`,
        headers: { "if-none-match": etag },
      });
      expect(second.statusCode).toBe(200);
      expect(second.headers.etag).not.toBe(etag);
      expect(toolSchema.parse(second.json()).related.fits).toEqual([]);
    });

    it("refuses strangers and customers before reading the body", async () => {
      // A body the schema would refuse with a 400: the guard answers first.
      for (const [who, status] of [
        [null, 401],
        [customer, 403],
      ] as const) {
        expect((await put(drill.id, "not an object", who)).statusCode).toBe(status);
      }
    });

    it("refuses a tool related to itself, unknown tools, too many, twice, and a taken model number", async () => {
      const cases: [unknown, number, string][] = [
        [{ spareParts: [brush.id] }, 400, "A tool cannot be related to itself."],
        [{ successorId: brush.id }, 400, "A tool cannot replace itself."],
        [
          { accessories: ["00000000-0000-4000-8000-000000000000"] },
          400,
          "There is no tool with the id 00000000-0000-4000-8000-000000000000.",
        ],
        [{ worksWith: [battery.id, battery.id] }, 400, "Each tool may appear only once in a list"],
        [
          { accessories: Array.from({ length: TOOL_RELATIONS_MAX + 1 }, () => crypto.randomUUID()) },
          400,
          `At most ${TOOL_RELATIONS_MAX} tools in each list`,
        ],
        [{ modelNumber: "m".repeat(10_000) }, 400, "The model number must be at most 60 characters"],
        [{ modelNumber: "dx-18 PRO" }, 409, "Another tool already has the model number dx-18 PRO."],
      ];
      for (const [body, status, message] of cases) {
        const response = await put(brush.id, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
        expect(response.json().message).toContain(message);
      }
      // Nothing of a refused write was kept.
      expect(await related(brush.id)).toMatchObject({ accessories: [], worksWith: [], successor: null });
    });

    it("points a tool to its successor and refuses a circle of successors", async () => {
      const old = await addTool(t.database.db, { name: "Drill 14V", sku: "REL-DR-0" });
      const older = await addTool(t.database.db, { name: "Drill 12V", sku: "REL-DR-00" });
      expect((await put(old.id, { successorId: drill.id })).statusCode).toBe(200);
      expect((await put(older.id, { successorId: old.id })).statusCode).toBe(200);
      expect((await related(old.id)).successor).toEqual({
        _id: drill.id,
        name: "Drill 18V",
        sku: "REL-DR-1",
      });
      // The drill replaced by the 12V would close 12V → 14V → 18V → 12V.
      const circle = await put(drill.id, { modelNumber: "DX-18 Pro", successorId: older.id });
      expect(circle.statusCode).toBe(400);
      expect(circle.json().message).toBe(
        "Drill 12V cannot replace Drill 18V: Drill 12V is already replaced, directly or through others, by Drill 18V.",
      );
      expect((await related(drill.id)).successor).toBeNull();
    });

    it("keeps a discontinued tool listed but refuses it in an order, a cart and a quote", async () => {
      const ended = await addTool(t.database.db, { name: "Old sander", sku: "REL-SA-1", minQuantity: 1 });
      expect((await put(ended.id, { discontinued: true, successorId: drill.id })).statusCode).toBe(200);
      const page = toolSchema.parse(
        (await t.app.inject({ method: "GET", url: `/api/tools/${ended.id}` })).json(),
      );
      expect(page).toMatchObject({ discontinued: true, related: { successor: { _id: drill.id } } });

      const sentence = "Old sander is discontinued and can no longer be ordered.";
      const where = { address: "1 Main St", phone: "+1 555-0100" };
      const attempts = [
        call(t.app, customer, "POST", "/api/orders", {
          ...where,
          lines: [{ toolId: ended.id, quantity: 1 }],
        }),
        call(t.app, customer, "POST", "/api/orders", { ...where, lines: [{ sku: "rel-sa-1", quantity: 1 }] }),
        call(t.app, customer, "PUT", "/api/cart", { lines: [{ toolId: ended.id, quantity: 1 }] }),
        call(t.app, customer, "POST", "/api/quotes", { lines: [{ toolId: ended.id, quantity: 50 }] }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().message).toBe(sentence);
      }
      // Ordering it again once it is back is fine.
      expect((await put(ended.id, { discontinued: false })).statusCode).toBe(200);
      const order = await call(t.app, customer, "POST", "/api/orders", {
        ...where,
        lines: [{ toolId: ended.id, quantity: 1 }],
      });
      expect(order.statusCode, order.body).toBe(201);
    });
  });
}
