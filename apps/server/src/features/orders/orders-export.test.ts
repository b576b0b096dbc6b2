import { orderLines } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { formatOrderNumber } from "@toolshop/shared/orders";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addCustomer, addTool, insertOrders, orderRow } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { insertTaxDocument } from "../invoices/series";
import { ORDER_EXPORT_HEADER, orderExportRows } from "./export";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`orders CSV export ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    let numbers: Map<string, string>;
    let invoiceNumber: string;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
      const tool = await addTool(t.database.db);
      const buyer = await addCustomer(t.database.db, { email: "buyer@example.com" });
      const at = (instant: string) => ({ createdAt: new Date(instant) });
      const placed = await insertOrders(t.database.db, [
        orderRow(buyer, tool, { unitPriceCents: 1250, quantity: 2, ...at("2026-03-31T23:59:59.999Z") }),
        // Two orders in the same millisecond: the keyset's id tie-break keeps both.
        orderRow(buyer, tool, { unitPriceCents: 1250, quantity: 3, ...at("2026-04-01T00:00:00.000Z") }),
        orderRow(buyer, tool, { unitPriceCents: 999, quantity: 1, ...at("2026-04-01T00:00:00.000Z") }),
        orderRow(buyer, tool, {
          unitPriceCents: 500,
          quantity: 4,
          status: "paid",
          paidAt: new Date("2026-04-15T10:00:00Z"),
          paymentIntentId: "pi_123",
          address: '=HYPERLINK("http://evil.example","Click"), "Flat 2"\nBack door',
          ...at("2026-04-15T09:00:00Z"),
        }),
        orderRow(buyer, tool, { unitPriceCents: 100, quantity: 1, ...at("2026-04-30T23:59:59.999Z") }),
        orderRow(buyer, tool, { unitPriceCents: 100, quantity: 1, ...at("2026-05-01T00:00:00.000Z") }),
      ]);
      // The paid order has a second line.
      const paid = placed[3];
      if (!paid) throw new Error("no paid order");
      await t.database.db.insert(orderLines).values({
        orderId: paid.id,
        position: 1,
        toolId: null,
        name: "-Tool gone from the catalogue",
        image: "/images/tools/level.svg",
        unitPriceCents: 250,
        quantity: 2,
        totalCents: 500,
      });
      numbers = new Map(placed.map((order) => [order.id, formatOrderNumber(order.number)]));
      // And its invoice.
      ({ number: invoiceNumber } = await t.database.db.transaction((tx) =>
        insertTaxDocument(tx, {
          kind: "invoice",
          prefix: "INV",
          orderId: paid.id,
          ordinal: 0,
          correctsId: null,
          issuedAt: new Date("2026-04-15T10:00:00Z"),
          snapshot: {},
          grossCents: 2500,
        }),
      ));
    });
    afterAll(async () => {
      await t?.close();
    });

    const exportCsv = (query: string, who: SignedInCustomer | null = admin) =>
      t.app.inject({ method: "GET", url: `/api/orders/export.csv?${query}`, headers: { ...who?.headers } });

    it("answers 401 to a visitor and 403 to a customer", async () => {
      expect((await exportCsv("from=2026-04-01&to=2026-04-30", null)).statusCode).toBe(401);
      expect((await exportCsv("from=2026-04-01&to=2026-04-30", customer)).statusCode).toBe(403);
    });

    it("refuses a missing, malformed or reversed range with a clear message", async () => {
      const cases: [string, string][] = [
        ["to=2026-04-30", "The start date must be a date like 2026-11-23"],
        ["from=2026-04-01&to=2026-02-30", "The end date must be a date like 2026-11-23"],
        ["from=0001-01-01&to=2026-04-30", "The start date must be between 1970 and 9999"],
        ["from=2026-05-01&to=2026-04-30", "The start date must be on or before the end date"],
      ];
      for (const [query, message] of cases) {
        const response = await exportCsv(query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toContain(message);
      }
    });

    it("lists every line of the orders placed in the range's UTC days, one row each, formulas guarded", async () => {
      const response = await exportCsv("from=2026-04-01&to=2026-04-30");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(
        'attachment; filename="orders-2026-04-01-to-2026-04-30.csv"',
      );
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [header, ...all] = parse(response.rawPayload, { bom: true }) as string[][];
      expect(header).toEqual(ORDER_EXPORT_HEADER);
      const cell = (row: string[] | undefined, name: string) => row?.[ORDER_EXPORT_HEADER.indexOf(name)];
      // Each order's row comes first, then its lines.
      expect(all.map((row) => cell(row, "kind"))).toEqual([
        ...["order", "line", "order", "line"],
        ...["order", "line", "line", "order", "line"],
      ]);
      const rows = all.filter((row) => cell(row, "kind") === "line");
      // April's four orders, oldest first; the paid one has two lines.
      expect(rows.map((row) => cell(row, "quantity"))).toEqual(expect.arrayContaining(["3", "1", "4", "2"]));
      expect(rows).toHaveLength(5);
      expect(new Set(rows.map((row) => cell(row, "orderId"))).size).toBe(4);
      for (const row of rows) expect(cell(row, "order")).toBe(numbers.get(cell(row, "orderId") ?? ""));
      const paidLines = rows.filter((row) => cell(row, "status") === "paid");
      expect(paidLines.map((row) => [cell(row, "line"), cell(row, "tool"), cell(row, "net")])).toEqual([
        ["1", "Test Pliers", "20.00"],
        ["2", "'-Tool gone from the catalogue", "5.00"],
      ]);
      expect(cell(paidLines[0], "address")).toBe(
        `'=HYPERLINK("http://evil.example","Click"), "Flat 2"\nBack door`,
      );
      expect(cell(paidLines[0], "paidAt")).toBe("2026-04-15T10:00:00.000Z");
      expect(cell(paidLines[0], "paymentId")).toBe("pi_123");
      expect(invoiceNumber).toMatch(/^INV-2026-\d{6}$/);
      expect(paidLines.map((row) => cell(row, "invoiceNumber"))).toEqual([invoiceNumber, invoiceNumber]);
      const unpaidLines = rows.filter((row) => cell(row, "status") !== "paid");
      expect(unpaidLines.map((row) => cell(row, "invoiceNumber"))).toEqual(["", "", ""]);
      // The order's total once, on its own row, not on its lines.
      expect(paidLines.map((row) => cell(row, "orderGross"))).toEqual(["", ""]);
      const paidOrder = all.find((row) => cell(row, "kind") === "order" && cell(row, "status") === "paid");
      // The sum of its lines, as the invoice's (the fixture's second line was added to the order's row).
      expect(cell(paidOrder, "orderGross")).toBe("25.00");
      expect(cell(paidOrder, "net")).toBe("");
      expect(cell(paidLines[0], "currency")).toBe("USD");
    });

    it("reads the range in keyset batches without losing or repeating an order", async () => {
      const all: string[][] = [];
      for await (const row of orderExportRows(
        t.database.db,
        "usd",
        { from: "2026-03-01", to: "2026-05-31" },
        2,
      )) {
        all.push(row);
      }
      const ids = all.map((row) => row[ORDER_EXPORT_HEADER.indexOf("orderId")]);
      expect(new Set(ids).size).toBe(6);
      // Six order rows and their seven lines.
      expect(all).toHaveLength(13);
      const placedAt = all.map((row) => row[ORDER_EXPORT_HEADER.indexOf("placedAt")] ?? "");
      expect([...placedAt].sort()).toEqual(placedAt);
    });

    it("answers just the header for a range without orders", async () => {
      const response = await exportCsv("from=2025-01-01&to=2025-01-31");
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.toString("utf8")).toBe(`\uFEFF${ORDER_EXPORT_HEADER.join(",")}\r\n`);
    });
  });
}
