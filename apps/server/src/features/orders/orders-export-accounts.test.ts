// Issue 62 item 7: the orders CSV as an accountant sums it. A taxed two-line order, paid and partly
// refunded: each line's net + tax = gross, the order's totals once, the credit note's own negative rows
// with its number, and the customer's name and company.
import { users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { orderSchema } from "@toolshop/shared/orders";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { ORDER_EXPORT_HEADER } from "./export";
import { payThroughCheckout } from "./test-fixtures";

/** Cents of a "12.50" or "-2.50" cell: sums in whole cents, as a spreadsheet's would be exact. */
const cents = (cell: string | undefined) => Math.round(Number(cell ?? Number.NaN) * 100);

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`orders CSV for the accountant ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { TAX_RATE: "20", INVOICE_PREFIX: "ACC" } });
      admin = await signedInCustomer(t, { role: "admin" });
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    it("gives each line its net, tax and gross, the totals once and the credit note as negative rows", async () => {
      const db = t.database.db;
      const pliers = await addTool(db, { priceCents: 1250, minQuantity: 1, availableQuantity: 50 });
      const saw = await addTool(db, { priceCents: 999, minQuantity: 1, availableQuantity: 50 });
      const buyer = await signedInCustomer(t);
      await db.update(users).set({ displayName: "Ada Lovelace" }).where(eq(users.id, buyer.id));
      const profile = { company: "Buyer Electrical Ltd", taxId: "GB 123 4567 89" };
      expect((await call(t.app, buyer, "PUT", "/api/profile", profile)).statusCode).toBe(200);
      const placed = await call(t.app, buyer, "POST", "/api/orders", {
        lines: [
          { toolId: pliers.id, quantity: 3 },
          { toolId: saw.id, quantity: 2 },
        ],
        address: "7 Buyer Road, Leeds",
        phone: "+44 113 496 0000",
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderSchema.parse(placed.json());
      await payThroughCheckout(t.app, buyer, order._id);
      const refund = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, {
        lines: [{ toolId: saw.id, quantity: 1 }],
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const refunded = orderSchema.parse(refund.json());
      const [creditNote] = refunded.creditNotes;

      const day = new Date().toISOString().slice(0, 10);
      const response = await call(t.app, admin, "GET", `/api/orders/export.csv?from=${day}&to=${day}`);
      expect(response.statusCode).toBe(200);
      const [header, ...all] = parse(response.rawPayload, { bom: true }) as string[][];
      expect(header).toEqual(ORDER_EXPORT_HEADER);
      const cell = (row: string[] | undefined, name: string) => row?.[ORDER_EXPORT_HEADER.indexOf(name)];
      const rows = all.filter((row) => cell(row, "orderId") === order._id);
      expect(rows.map((row) => cell(row, "kind"))).toEqual(["order", "line", "line", "credit-note"]);
      for (const row of rows) {
        expect(cell(row, "order")).toBe(order.number);
        expect(cell(row, "customerName")).toBe("Ada Lovelace");
        expect(cell(row, "company")).toBe("Buyer Electrical Ltd");
        expect(cell(row, "vatNumber")).toBe("GB 123 4567 89");
        expect(cell(row, "invoiceNumber")).toBe(refunded.invoiceNumber);
      }

      const [orderRow, ...others] = rows;
      const lines = others.filter((row) => cell(row, "kind") === "line");
      // 3 x 12.50 = 37.50 + 7.50 tax; 2 x 9.99 = 19.98 + 4.00 tax (3.996 rounded per line, decision 0041).
      expect(lines.map((row) => ["net", "tax", "gross"].map((name) => cell(row, name)))).toEqual([
        ["37.50", "7.50", "45.00"],
        ["19.98", "4.00", "23.98"],
      ]);
      for (const row of lines) {
        expect(cents(cell(row, "net")) + cents(cell(row, "tax"))).toBe(cents(cell(row, "gross")));
      }
      // The totals once, on the order's row: summing a whole column counts them once.
      expect(["orderNet", "orderTax", "orderGross"].map((name) => cell(orderRow, name))).toEqual([
        "57.48",
        "11.50",
        "68.98",
      ]);
      const columnSum = (name: string, kinds: string[]) =>
        rows
          .filter((row) => kinds.includes(cell(row, "kind") ?? ""))
          .reduce((sum, row) => sum + cents(cell(row, name)), 0);
      expect(columnSum("orderGross", ["order", "line", "credit-note"])).toBe(Math.round(order.price * 100));
      expect(columnSum("gross", ["line"])).toBe(cents(cell(orderRow, "orderGross")));
      expect(columnSum("net", ["line"])).toBe(cents(cell(orderRow, "orderNet")));
      expect(columnSum("tax", ["line"])).toBe(cents(cell(orderRow, "orderTax")));
      expect(cell(orderRow, "net")).toBe("");

      // The credit note: its number and date, the saw's line, negative, as the credit note prints it.
      const credit = rows.find((row) => cell(row, "kind") === "credit-note");
      expect(creditNote?.number).toMatch(/^ACC-CN-\d{4}-\d{6}$/);
      expect(cell(credit, "creditNoteNumber")).toBe(creditNote?.number);
      expect(cell(credit, "creditNoteDate")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect([cell(credit, "line"), cell(credit, "tool"), cell(credit, "quantity")]).toEqual([
        "2",
        saw.name,
        "-1",
      ]);
      expect(["net", "tax", "gross"].map((name) => cell(credit, name))).toEqual(["-9.99", "-2.00", "-11.99"]);
      expect(columnSum("gross", ["line", "credit-note"])).toBe(6898 - 1199);
      expect(response.rawPayload.toString("utf8")).not.toContain("'-");
    });
  });
}
