// The catalogue CSV's attr:<key> columns (decision 0062): the export carries each tool's values, its
// import is no change, and the import checks each changed value as PUT /tools/:id/attributes does,
// refusing on its line.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { toolImportResultSchema } from "@toolshop/shared/spreadsheets";
import { type Tool, toolSchema } from "@toolshop/shared/tools";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`catalogue CSV specifications ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let drillId: string;
    let pliersId: string;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      for (const body of [
        { key: "voltage", name: "Voltage", kind: "number", unit: "V", categories: ["electrical"] },
        { key: "insulation", name: "Insulation", kind: "choice", choices: ["1000 V", "None"] },
        { key: "cordless", name: "Cordless", kind: "boolean", categories: ["electrical"] },
        { key: "grip", name: "Grip", kind: "text" },
      ]) {
        const created = await call(t.app, admin, "POST", "/api/attributes", body);
        expect(created.statusCode, created.body).toBe(201);
      }
      drillId = (await addTool(t.database.db, { category: "electrical" })).id;
      pliersId = (await addTool(t.database.db, { category: "mechanical" })).id;
      const set = await call(t.app, admin, "PUT", `/api/tools/${drillId}/attributes`, {
        values: [
          { key: "voltage", value: 0.0000001 },
          { key: "insulation", value: "1000 v" },
          { key: "cordless", value: true },
          { key: "grip", value: "=Rubber, soft" },
        ],
      });
      expect(set.statusCode, set.body).toBe(200);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const catalogue = async (): Promise<Tool[]> =>
      toolSchema.array().parse((await t.app.inject({ method: "GET", url: "/api/tools" })).json());
    const exportCsv = () =>
      t.app.inject({ method: "GET", url: "/api/tools/export.csv", headers: admin.headers });
    const importCsv = (csv: string | Buffer, query = "dryRun=true") =>
      t.app.inject({
        method: "POST",
        url: `/api/tools/import?${query}`,
        payload: csv,
        headers: { ...admin.headers, "content-type": "text/csv" },
      });
    async function preview(csv: string | Buffer) {
      const response = await importCsv(csv);
      expect(response.statusCode, response.body).toBe(200);
      return toolImportResultSchema.parse(response.json());
    }

    it("exports one attr:<key> column per attribute, and imports its own export as no change", async () => {
      const exported = (await exportCsv()).rawPayload;
      const rows: string[][] = parse(exported, { bom: true });
      const header = rows[0] ?? [];
      expect(header.slice(-4)).toEqual(["attr:voltage", "attr:insulation", "attr:cordless", "attr:grip"]);
      // A plain decimal (never 1e-7), the choice as the owner spelled it, yes/no, a guarded formula.
      expect(rows.find((row) => row[0] === drillId)?.slice(-4)).toEqual([
        "0.0000001",
        "1000 V",
        "yes",
        "'=Rubber, soft",
      ]);
      expect(rows.find((row) => row[0] === pliersId)?.slice(-4)).toEqual(["", "", "", ""]);
      const before = await catalogue();
      const result = await preview(exported);
      expect(result.counts).toEqual({ create: 0, update: 0, unchanged: before.length, error: 0 });
      const applied = await importCsv(exported, `expect=${result.fingerprint}`);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(await catalogue()).toEqual(before);
    });

    it("previews and applies changed values, a value removed, and a new tool's values", async () => {
      const drillOnly = [
        "id,attr:voltage,attr:cordless,attr:insulation,attr:grip",
        `${drillId},18,NO,1000 v,`,
      ].join("\n");
      const result = await preview(drillOnly);
      expect(result.rows[0]?.changes).toEqual([
        { column: "attr:voltage", from: "0.0000001", to: "18" },
        { column: "attr:cordless", from: "yes", to: "no" },
        { column: "attr:grip", from: "=Rubber, soft", to: "" },
      ]);
      const applied = await importCsv(drillOnly, `expect=${result.fingerprint}`);
      expect(applied.statusCode, applied.body).toBe(200);
      // A new tool's values, checked against the category its row gives; its picture is the drill's.
      const image = (await catalogue()).find((tool) => tool._id === drillId)?.image;
      const newTool = [
        "sku,name,short,price,minimum,stock,category,image,attr:voltage,attr:cordless,attr:insulation,attr:grip",
        `SPEC-1,Spec Tester,Tests.,5.00,1,3,Electrical,${image},230,yes,none,Soft`,
      ].join("\n");
      const created = await importCsv(newTool, "");
      expect(created.statusCode, created.body).toBe(200);
      const newId = toolImportResultSchema.parse(created.json()).rows[0]?.toolId;
      const after = await catalogue();
      expect(after.find((tool) => tool._id === drillId)?.attributes).toEqual([
        { key: "voltage", name: "Voltage", value: 18, unit: "V" },
        { key: "insulation", name: "Insulation", value: "1000 V", unit: null },
        { key: "cordless", name: "Cordless", value: false, unit: null },
      ]);
      expect(after.find((tool) => tool._id === newId)?.attributes.map((value) => value.value)).toEqual([
        230,
        "None",
        true,
        "Soft",
      ]);
      // A file without a column keeps that value.
      expect((await preview(`id,attr:grip\n${drillId},\n`)).counts.unchanged).toBe(1);
      expect((await preview((await exportCsv()).rawPayload)).counts.unchanged).toBe(after.length);
    });

    it("refuses on its line a value not of its kind and an attribute of another category", async () => {
      const before = await catalogue();
      const csv = [
        "id,attr:voltage,attr:cordless,attr:insulation,attr:grip", // line 1
        `${drillId},18 V,,,`, // line 2: not a plain number
        `${drillId.replace(/.$/, "0")},,,,`, // line 3: (no such tool: reaches line 4)
        `${pliersId},,maybe,,`, // line 4: not yes or no
        `${pliersId.replace(/.$/, "1")},,,,`, // line 5
        `${drillId.replace(/.$/, "2")},,,,`, // line 6
      ].join("\n");
      const rows = (await preview(csv)).rows;
      expect(rows[0]).toMatchObject({
        line: 2,
        action: "error",
        errors: ["Voltage takes a number like 18 or 2.5, not “18 V”."],
      });
      expect(rows[2]).toMatchObject({
        line: 4,
        action: "error",
        errors: ["Cordless takes yes or no, not “maybe”."],
      });
      const kinds = (await preview(`id,attr:insulation,attr:voltage\n${pliersId},Rubber,12\n`)).rows[0];
      expect(kinds).toMatchObject({ line: 2, action: "error" });
      expect(kinds?.errors).toEqual([
        // The pliers are Mechanical; Voltage belongs to Electrical. In the attributes' order.
        "Voltage does not belong to this tool's category.",
        "Insulation takes one of 1000 V, None.",
      ]);
      const long = (await preview(`id,attr:grip\n${pliersId},${"x".repeat(201)}\n`)).rows[0];
      expect(long?.errors).toEqual(["Grip takes one line of text, at most 200 characters."]);
      expect((await importCsv(csv, "")).statusCode).toBe(422);
      expect(await catalogue()).toEqual(before);
    });

    it("refuses a file with a column of an attribute that does not exist, on line 1", async () => {
      const response = await importCsv(`id,attr:colour\n${drillId},red\n`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        "Line 1 has the column “attr:colour”, but no attribute has the key “colour”: add it on the attributes screen first, or take the column out. The attributes' keys are: voltage, insulation, cordless, grip.",
      );
    });
  });
}
