import { testDatabaseTargets } from "@toolshop/db/test-support";
import { categoryTreeSchema } from "@toolshop/shared/categories";
import { TOOL_IMPORT_MAX_ROWS, toolImportResultSchema } from "@toolshop/shared/spreadsheets";
import { type Tool, toolSchema } from "@toolshop/shared/tools";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { categoryIdOf } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

const BOM = "\uFEFF";
const HEADER = "id,sku,name,short,price,minimum,stock,category,image,price breaks";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`catalogue CSV export and import ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    let pliers: Tool;
    let hostile: Tool;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
      // A sub-category, made the way the owner makes one: the pliers go there, so their path has two steps.
      const tree = categoryTreeSchema.parse(
        (await t.app.inject({ method: "GET", url: "/api/categories" })).json(),
      );
      const mechanical = tree.categories.find((category) => category.slug === "mechanical");
      const added = await t.app.inject({
        method: "POST",
        url: "/api/categories",
        headers: admin.headers,
        payload: { name: "Long-nose Pliers", slug: "long-nose-pliers", parentId: mechanical?._id },
      });
      expect(added.statusCode, added.body).toBe(201);
      // Tools made the way the admin makes them; their bundled pictures are the catalogue's own.
      const { tools } = await import("@toolshop/db/schema");
      const rows = await t.database.db
        .insert(tools)
        .values([
          {
            name: "Pliers, long-nose",
            short: 'Grips "small" parts,\nreaches deep.',
            image: "/images/tools/pliers.svg",
            priceCents: 1250,
            minQuantity: 2,
            availableQuantity: 100,
            categoryId: categoryIdOf("long-nose-pliers"),
            sku: "LNP-160/A",
            priceBreaks: [
              { minQuantity: 50, unitPriceCents: 1100 },
              { minQuantity: 200, unitPriceCents: 990 },
            ],
          },
          {
            name: '=HYPERLINK("http://evil.example","Click")',
            short: "+1 cell, -2 cells, @SUM(A1) and 'quoted",
            image: "/images/tools/level.svg",
            priceCents: 999,
            minQuantity: 1,
            availableQuantity: 0,
            categoryId: categoryIdOf("electrical"),
            sku: "HX-1",
          },
        ])
        .returning({ id: tools.id });
      const all = await catalogue();
      [pliers, hostile] = rows.map((row) => all.find((tool) => tool._id === row.id) as Tool) as [Tool, Tool];
    });
    afterAll(async () => {
      await t?.close();
    });

    async function catalogue(): Promise<Tool[]> {
      return toolSchema.array().parse((await t.app.inject({ method: "GET", url: "/api/tools" })).json());
    }

    // `who` undefined is a visitor: no default (it would stand in for the undefined).
    const exportCsv = (who: SignedInCustomer | undefined) =>
      t.app.inject({ method: "GET", url: "/api/tools/export.csv", headers: { ...who?.headers } });

    function importCsv(csv: string | Buffer, query = "dryRun=true", who: SignedInCustomer | null = admin) {
      // A visitor is `null` here: an undefined argument would take the default.
      return t.app.inject({
        method: "POST",
        url: `/api/tools/import?${query}`,
        payload: csv,
        headers: { ...who?.headers, "content-type": "text/csv" },
      });
    }

    async function preview(csv: string | Buffer) {
      const response = await importCsv(csv);
      expect(response.statusCode, response.body).toBe(200);
      return toolImportResultSchema.parse(response.json());
    }

    it("answers 401 to a visitor and 403 to a customer on every spreadsheet route, and changes nothing", async () => {
      const before = await catalogue();
      const csv = `${HEADER}\r\n,Sneaky,Added by a customer,1.00,1,1,mechanical,/images/tools/level.svg\r\n`;
      for (const who of [null, customer]) {
        const expected = who ? 403 : 401;
        expect((await exportCsv(who ?? undefined)).statusCode).toBe(expected);
        expect((await importCsv(csv, "", who)).statusCode).toBe(expected);
        expect((await importCsv(csv, "dryRun=true", who)).statusCode).toBe(expected);
      }
      expect(await catalogue()).toEqual(before);
    });

    it("exports the catalogue with a byte-order mark, quoted cells and formulas guarded", async () => {
      const response = await exportCsv(admin);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe('attachment; filename="tools.csv"');
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = response.rawPayload.toString("utf8");
      expect(text.slice(1).startsWith(`${HEADER}\r\n`)).toBe(true);
      // As a spreadsheet reads it: the formula is text behind a quote, and so are the +, - and @ cells.
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
      const rows: string[][] = parse(response.rawPayload, { bom: true });
      expect(rows.find((row) => row[0] === hostile._id)).toEqual([
        hostile._id,
        "HX-1",
        `'=HYPERLINK("http://evil.example","Click")`,
        "'+1 cell, -2 cells, @SUM(A1) and 'quoted",
        "9.99",
        "1",
        "0",
        "Electrical",
        "/images/tools/level.svg",
        "",
      ]);
      const pliersRow = rows.find((row) => row[0] === pliers._id);
      expect(pliersRow?.slice(1, 5)).toEqual([
        "LNP-160/A",
        "Pliers, long-nose",
        'Grips "small" parts,\nreaches deep.',
        "12.50",
      ]);
      expect(pliersRow?.at(-1)).toBe("50:11.00;200:9.90");
      // A category by its path of names, from the top (decision 0055).
      expect(pliersRow?.[7]).toBe("Mechanical > Long-nose Pliers");
    });

    it("carries categories by their path both ways, and refuses a path no category has with its line", async () => {
      const before = await catalogue();
      const csv = [
        "id,category", // line 1
        `${pliers._id},MECHANICAL > long-nose pliers`, // line 2: the same path, in other case
        `${hostile._id},Mechanical`, // line 3: moved to another category
        `${hostile._id.replace(/.$/, "0")},Electrical`, // line 4: no such tool (only to reach line 5)
        `${pliers._id},Electrical > Pliers`, // line 5: no such category
      ].join("\n");
      const result = await preview(csv);
      const [same, moved, , unknown] = result.rows;
      expect(same).toMatchObject({ line: 2, action: "unchanged", changes: [] });
      expect(moved).toMatchObject({ line: 3, action: "update" });
      expect(moved?.changes).toEqual([{ column: "category", from: "Electrical", to: "Mechanical" }]);
      expect(unknown).toMatchObject({ line: 5, action: "error" });
      expect(unknown?.errors).toContain(
        "No category has the path “Electrical > Pliers”: add it on the Categories screen first, or give the path of one there (its names from the top, joined by “ > ”)",
      );
      // Nothing is created: the whole file is refused while a row names an unknown path.
      expect((await importCsv(csv, "")).statusCode).toBe(422);
      const tree = categoryTreeSchema.parse(
        (await t.app.inject({ method: "GET", url: "/api/categories" })).json(),
      );
      expect(tree.categories.map((category) => category.slug)).toEqual([
        "electrical",
        "mechanical",
        "long-nose-pliers",
      ]);
      expect(await catalogue()).toEqual(before);

      // The move alone, applied, then exported: the new path, and the file imports as no change.
      const applied = await importCsv(`id,category\n${hostile._id},Mechanical\n`, "");
      expect(applied.statusCode, applied.body).toBe(200);
      expect((await catalogue()).find((tool) => tool._id === hostile._id)?.category).toEqual({
        slug: "mechanical",
        name: "Mechanical",
        path: [{ slug: "mechanical", name: "Mechanical" }],
      });
      const exported = (await exportCsv(admin)).rawPayload;
      const rows: string[][] = parse(exported, { bom: true });
      expect(rows.find((row) => row[0] === hostile._id)?.[7]).toBe("Mechanical");
      expect((await preview(exported)).counts.unchanged).toBe(before.length);
      await importCsv(`id,category\n${hostile._id},Electrical\n`, "");
    });

    it("imports its own export as no change at all, previewed and applied", async () => {
      const before = await catalogue();
      const exported = (await exportCsv(admin)).rawPayload;
      const result = await preview(exported);
      expect(result.counts).toEqual({ create: 0, update: 0, unchanged: before.length, error: 0 });
      expect(result.rows.every((row) => row.changes.length === 0)).toBe(true);

      const applied = await importCsv(exported, `expect=${result.fingerprint}`);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(toolImportResultSchema.parse(applied.json()).applied).toBe(true);
      expect(await catalogue()).toEqual(before);
    });

    it("carries SKUs, refusing on its line one another tool has, in any case, or an earlier line gave", async () => {
      const before = await catalogue();
      const csv = [
        "id,sku,name,short,price,minimum,stock,category,image", // line 1
        `${hostile._id},lnp-160/a,x,x,1.00,1,0,Electrical,/images/tools/level.svg`, // line 2: the pliers' SKU
        ",NEW-7,New A,A.,1.00,1,1,Mechanical,/images/tools/level.svg", // line 3: new
        ",new-7,New B,B.,1.00,1,1,Mechanical,/images/tools/level.svg", // line 4: line 3's, other case
        ",HX-1,New C,C.,1.00,1,1,Mechanical,/images/tools/level.svg", // line 5: the hostile tool's
        `${pliers._id},LNP-160/A,"Pliers, long-nose",x,12.50,2,100,Mechanical > Long-nose Pliers,/images/tools/pliers.svg`, // line 6: its own
        ",../etc,New D,D.,1.00,1,1,Mechanical,/images/tools/level.svg", // line 7: no SKU
      ].join("\n");
      const rows = (await preview(csv)).rows;
      expect(rows.map((row) => [row.line, row.action])).toEqual([
        [2, "error"],
        [3, "create"],
        [4, "error"],
        [5, "error"],
        [6, "update"],
        [7, "error"],
      ]);
      expect(rows[0]?.errors).toEqual(["Another tool already has the SKU lnp-160/a."]);
      expect(rows[2]?.errors).toEqual(["Line 3 already gives the SKU new-7."]);
      expect(rows[3]?.errors).toEqual(["Another tool already has the SKU HX-1."]);
      expect(rows[4]?.changes.map((change) => change.column)).toEqual(["short"]);
      expect(rows[5]?.errors).toEqual([
        "The SKU may hold only letters, digits and - . / (each between two letters or digits)",
      ]);
      expect((await importCsv(csv, "")).statusCode).toBe(422);
      expect(await catalogue()).toEqual(before);

      // A SKU changed by the file is the tool's, as typed; the export then gives it back unchanged.
      const renamed = await importCsv(`id,sku\n${hostile._id},hx-2\n`, "");
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await catalogue()).find((tool) => tool._id === hostile._id)?.sku).toBe("hx-2");
      expect((await preview((await exportCsv(admin)).rawPayload)).counts.unchanged).toBe(before.length);
      await importCsv(`id,sku\n${hostile._id},HX-1\n`, "");
    });

    it("previews changes, new tools and each bad row's errors with its line, and a dry run changes nothing", async () => {
      const before = await catalogue();
      const csv = [
        "name,price,stock,short,image,category,minimum,sku", // line 1
        `"Pliers, long-nose",13.00,100,"Grips ""small"" parts,`, // line 2, its cell goes on to line 3
        `reaches deep.",/images/tools/pliers.svg,Mechanical > Long-nose Pliers,2,LNP-160/A`, // line 3
        "", // line 4: empty, skipped
        "Cable Cutter,24.99,500,Cuts cable.,/images/tools/pliers.svg,electrical,10,CC-24", // line 5: new
        "Bad Price,12.345,5,Too precise.,/images/tools/pliers.svg,mechanical,1,BP-1", // line 6
        ",abc,-1,,/uploads/missing.webp,wooden,1,", // line 7
        "Cable Cutter,20.00,1,Twice.,/images/tools/pliers.svg,electrical,1,CC-25", // line 8
      ].join("\r\n");
      const result = await preview(`${BOM}${csv}`);
      expect(result.counts).toEqual({ create: 1, update: 1, unchanged: 0, error: 3 });
      const [update, create, badPrice, empty, twice] = result.rows;
      expect(update).toMatchObject({ line: 2, action: "update", toolId: pliers._id, errors: [] });
      expect(update?.changes).toEqual([{ column: "price", from: "12.50", to: "13.00" }]);
      expect(create).toMatchObject({ line: 5, action: "create", toolId: null, name: "Cable Cutter" });
      expect(create?.changes).toContainEqual({ column: "price", from: "", to: "24.99" });
      expect(badPrice).toMatchObject({
        line: 6,
        action: "error",
        errors: ["Price can have at most 2 decimals"],
      });
      expect(empty?.line).toBe(7);
      expect(empty?.errors).toEqual([
        "The price must be a number like 12.50, not “abc”",
        "No category has the path “wooden”: add it on the Categories screen first, or give the path of one there (its names from the top, joined by “ > ”)",
        "SKU is required",
        "Product Name is required",
        "Short description is required",
        "Available quantity must be at least 0",
      ]);
      expect(twice).toMatchObject({
        line: 8,
        action: "error",
        errors: ["Line 5 already adds a tool named “Cable Cutter”."],
      });

      // Applying it refuses the whole file while a row has an error, and the dry run changed nothing.
      const refused = await importCsv(csv, "");
      expect(refused.statusCode).toBe(422);
      expect(toolImportResultSchema.parse(refused.json()).applied).toBe(false);
      expect(await catalogue()).toEqual(before);
    });

    it("reads price breaks as quantity:price pairs, checks them as the product form does, and saves them", async () => {
      const csv = [
        "sku,name,short,price,minimum,stock,category,image,price breaks", // line 1
        "BS-1,Break Saw,Cuts.,20.00,5,10,mechanical,/images/tools/level.svg,5:18.00", // line 2: at the minimum
        "BD-1,Break Drill,Drills.,20.00,1,10,electrical,/images/tools/level.svg,10:19.00;20:19.50", // line 3
        "BL-1,Break Level,Levels.,20.00,1,10,mechanical,/images/tools/level.svg,ten for 18", // line 4
        `BT-1,Break Tape,Measures.,20.00,1,10,mechanical,/images/tools/level.svg,"10:18,00"`, // line 5
        "BK-1,Break Knife,Cuts.,20.00,1,10,mechanical,/images/tools/level.svg,10:18.00;20:17", // line 6: fine
      ].join("\n");
      const result = await preview(csv);
      const [atMinimum, rising, words, comma, fine] = result.rows;
      expect(atMinimum).toMatchObject({
        line: 2,
        action: "error",
        errors: ["Price break 1: The quantity must be more than the minimum order (5)"],
      });
      expect(rising).toMatchObject({
        line: 3,
        action: "error",
        errors: ["Price break 2: The unit price must be below the row above (19.00)"],
      });
      for (const [row, cell, line] of [
        [words, "ten for 18", 4],
        [comma, "10:18,00", 5],
      ] as const) {
        expect(row).toMatchObject({ line, action: "error" });
        expect(row?.errors).toEqual([
          `The price breaks must be quantity:unit price pairs separated by semicolons, like 50:9.00;200:8.20 (empty: none), not “${cell}”`,
        ]);
      }
      expect(fine).toMatchObject({ line: 6, action: "create" });
      expect(fine?.changes).toContainEqual({ column: "price breaks", from: "", to: "10:18.00;20:17.00" });

      const good = `id,price breaks\n${pliers._id},100:10.50; 400:9.00;\n`;
      const previewed = await preview(good);
      expect(previewed.rows[0]?.changes).toEqual([
        { column: "price breaks", from: "50:11.00;200:9.90", to: "100:10.50;400:9.00" },
      ]);
      const applied = await importCsv(good, `expect=${previewed.fingerprint}`);
      expect(applied.statusCode, applied.body).toBe(200);
      expect((await catalogue()).find((tool) => tool._id === pliers._id)?.priceBreaks).toEqual([
        { minQuantity: 100, unitPrice: 10.5 },
        { minQuantity: 400, unitPrice: 9 },
      ]);
      // Exported again, the file says the same.
      const again = await preview((await exportCsv(admin)).rawPayload);
      expect(again.counts.update + again.counts.create + again.counts.error).toBe(0);
    });

    it("applies a corrected file all at once, and the catalogue's cached answer shows it", async () => {
      await catalogue(); // cached now
      const csv = [`id,price,stock`, `${pliers._id},14.00,90`, ""].join("\n");
      const withNew = `${csv}`;
      const result = await preview(withNew);
      expect(result.counts.update).toBe(1);
      const applied = await importCsv(withNew, `expect=${result.fingerprint}`);
      expect(applied.statusCode, applied.body).toBe(200);
      const created = `sku,name,short,price,minimum,stock,category,image\ncc-24,Cable Cutter,Cuts cable.,24.99,10,500,electrical,/images/tools/pliers.svg\n`;
      const second = await importCsv(created, "");
      expect(second.statusCode, second.body).toBe(200);
      const newId = toolImportResultSchema.parse(second.json()).rows[0]?.toolId;
      const after = await catalogue();
      expect(after.find((tool) => tool._id === pliers._id)).toMatchObject({
        price: 14,
        availableQuantity: 90,
      });
      expect(after.find((tool) => tool._id === newId)).toMatchObject({
        name: "Cable Cutter",
        price: 24.99,
        minQuantity: 10,
      });
      // Its other fields stayed as they were: the file had no such columns.
      expect(after.find((tool) => tool._id === pliers._id)?.short).toBe(pliers.short);
    });

    it("refuses a confirmation whose preview is out of date (an order took stock meanwhile)", async () => {
      const csv = `id,stock\n${hostile._id},7\n`;
      const result = await preview(csv);
      const { tools } = await import("@toolshop/db/schema");
      const { eq } = await import("drizzle-orm");
      await t.database.db.update(tools).set({ availableQuantity: 3 }).where(eq(tools.id, hostile._id));
      const refused = await importCsv(csv, `expect=${result.fingerprint}`);
      expect(refused.statusCode).toBe(409);
      const [row] = await t.database.db.select().from(tools).where(eq(tools.id, hostile._id));
      expect(row?.availableQuantity).toBe(3);
    });

    it("previews 10,000 new tools, and refuses a file with more rows", async () => {
      const row = (n: number) =>
        `Bulk tool ${n},"Bulk, ""quoted"" tool",${(n % 900) + 1}.25,1,${n},mechanical,/images/tools/level.svg,BULK-${n}`;
      const rows = Array.from({ length: TOOL_IMPORT_MAX_ROWS }, (_, index) => row(index));
      const header = "name,short,price,minimum,stock,category,image,sku";
      const result = await preview(`${header}\n${rows.join("\n")}\n`);
      expect(result.counts).toEqual({ create: TOOL_IMPORT_MAX_ROWS, update: 0, unchanged: 0, error: 0 });
      expect(result.rows.at(-1)?.line).toBe(TOOL_IMPORT_MAX_ROWS + 1);
      const tooMany = await importCsv(`${header}\n${rows.join("\n")}\n${row(-1)}\n`);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(
        `The file has more than ${TOOL_IMPORT_MAX_ROWS} rows; please split it.`,
      );
    }, 120_000);

    it("says what is wrong with a file it cannot read", async () => {
      const cases: [string | Buffer, string][] = [
        ["", "The file is empty"],
        ["name,colour\nX,red\n", "Line 1 has the unknown column “colour”"],
        ["price,stock\n1,2\n", "The file needs an “id” or a “name” column"],
        ['name,short\n"never closed,x\n', "The file is not valid CSV"],
        [Buffer.from("name\nPince \xe0 bec\n", "latin1"), "The file is not UTF-8 text"],
      ];
      for (const [csv, message] of cases) {
        const response = await importCsv(csv);
        expect(response.statusCode, String(csv)).toBe(400);
        expect(response.json().message).toContain(message);
      }
      const json = await t.app.inject({
        method: "POST",
        url: "/api/tools/import?dryRun=true",
        payload: { name: "x" },
        headers: admin.headers,
      });
      expect(json.statusCode).toBe(415);
    });
  });
}
