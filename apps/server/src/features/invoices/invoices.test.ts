// Invoices and credit notes (issue 50): issued with the payment and each refund, numbered in gap-free
// yearly series, read back from the PDF as a person would, and only by the order's customer or an admin.
import { taxDocuments, tools, users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { readPdf } from "../../testing/pdf-text";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { payThroughCheckout } from "../orders/test-fixtures";
import { insertTaxDocument } from "./series";

const INVOICE_NUMBER = /^SHOP-(\d{4})-(\d{6})$/;

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`invoices and credit notes ${target.title}`, () => {
    let t: TestApp;
    let stranger: SignedInCustomer;
    let admin: SignedInCustomer;
    let pliers: Awaited<ReturnType<typeof addTool>>;
    let saw: Awaited<ReturnType<typeof addTool>>;
    beforeAll(async () => {
      t = await createTestApp(target.options, {
        env: {
          TAX_RATE: "20",
          PRICES_INCLUDE_TAX: "false",
          SELLER_NAME: "Toolshop Ltd",
          SELLER_ADDRESS: "1 Forge Lane\\nSheffield",
          SELLER_TAX_ID: "GB123456789",
          INVOICE_PREFIX: "SHOP",
        },
      });
      stranger = await signedInCustomer(t);
      admin = await signedInCustomer(t, { role: "admin" });
      const db = t.database.db;
      pliers = await addTool(db, {
        priceCents: 1250,
        minQuantity: 1,
        availableQuantity: 500,
      });
      saw = await addTool(db, {
        priceCents: 999,
        minQuantity: 1,
        availableQuantity: 500,
      });
      // Two tools of their own names, so each line is told apart in the PDF.
      await db.update(tools).set({ name: "Invoice Saw" }).where(eq(tools.id, saw.id));
      saw.name = "Invoice Saw";
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    async function placeOrder(owner: SignedInCustomer): Promise<Order> {
      const body = {
        lines: [
          { toolId: pliers.id, quantity: 3 },
          { toolId: saw.id, quantity: 2 },
        ],
        address: "7 Buyer Road, Leeds",
        phone: "+44 113 496 0000",
      };
      const response = await call(t.app, owner, "POST", "/api/orders", body);
      expect(response.statusCode, response.body).toBe(201);
      return orderSchema.parse(response.json());
    }

    async function orderNow(who: SignedInCustomer, id: string): Promise<Order> {
      const response = await call(t.app, who, "GET", `/api/orders/${id}/detail`);
      expect(response.statusCode, response.body).toBe(200);
      return orderSchema.parse(response.json());
    }

    async function pdfText(who: SignedInCustomer, path: string) {
      const response = await call(t.app, who, "GET", path);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      return readPdf(response.rawPayload);
    }

    it("issues the invoice with the payment: its number on the order, its lines and totals in the PDF", async () => {
      const owner = await signedInCustomer(t);
      const order = await placeOrder(owner);
      expect(order.invoiceNumber).toBeNull();
      const before = await call(t.app, owner, "GET", `/api/orders/${order._id}/invoice.pdf`);
      expect(before.statusCode).toBe(404);
      expect(before.json().message).toMatch(/no invoice/);

      const paymentId = await payThroughCheckout(t.app, owner, order._id);
      const paid = await orderNow(owner, order._id);
      expect(paid.invoiceNumber).toMatch(INVOICE_NUMBER);
      expect(paid.creditNotes).toEqual([]);

      const [page, ...more] = await pdfText(owner, `/api/orders/${order._id}/invoice.pdf`);
      expect(more).toEqual([]);
      expect(page?.width).toBe(595); // A4
      const text = page?.text ?? "";
      for (const expected of [
        `Invoice ${paid.invoiceNumber}`,
        "Toolshop Ltd",
        "1 Forge Lane",
        "Tax id: GB123456789",
        owner.email,
        "7 Buyer Road, Leeds",
        paymentId,
        // 3 x 12.50 = 37.50 net, 7.50 tax; 2 x 9.99 = 19.98 net, 4.00 tax (3.996 rounded per line).
        `${pliers.name}, SKU ${pliers.sku} 3 USD 12.50 USD 37.50 USD 7.50 USD 45.00`,
        `${saw.name}, SKU ${saw.sku} 2 USD 9.99 USD 19.98 USD 4.00 USD 23.98`,
        "Net USD 57.48",
        "Tax (20%) USD 11.50",
        "Total USD 68.98",
      ]) {
        expect(text).toContain(expected);
      }
      const letter = await pdfText(owner, `/api/orders/${order._id}/invoice.pdf?paper=letter`);
      expect(letter.map(({ width, height }) => [width, height])).toEqual([[612, 792]]);
      expect(letter[0]?.text).toContain(`Invoice ${paid.invoiceNumber}`);
    });

    it("prints names beyond Latin-1 as they are written: the buyer's, the address, the tool's", async () => {
      const owner = await signedInCustomer(t);
      const db = t.database.db;
      await db.update(users).set({ displayName: "Łukasz Żółć" }).where(eq(users.id, owner.id));
      const omega = await addTool(db, { priceCents: 500, minQuantity: 1, availableQuantity: 10 });
      await db.update(tools).set({ name: "Ωmega Дрель" }).where(eq(tools.id, omega.id));
      const body = {
        lines: [{ toolId: omega.id, quantity: 1 }],
        address: "Müllerstraße 5, 80331 München",
        phone: "+49 89 000000",
      };
      const placed = await call(t.app, owner, "POST", "/api/orders", body);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderSchema.parse(placed.json());
      await payThroughCheckout(t.app, owner, order._id);

      const [page] = await pdfText(owner, `/api/orders/${order._id}/invoice.pdf`);
      for (const name of [
        "Łukasz Żółć",
        "Müllerstraße 5, 80331 München",
        `Ωmega Дрель, SKU ${omega.sku} 1 USD 5.00`,
      ]) {
        expect(page?.text).toContain(name);
      }
    });

    it("numbers consecutive payments' invoices one after the other, in the order they were paid", async () => {
      const numbers: number[] = [];
      for (let i = 0; i < 3; i++) {
        const owner = await signedInCustomer(t);
        const order = await placeOrder(owner);
        await payThroughCheckout(t.app, owner, order._id);
        const [, , seq] = (await orderNow(owner, order._id)).invoiceNumber?.match(INVOICE_NUMBER) ?? [];
        numbers.push(Number(seq));
      }
      expect(numbers).toEqual([numbers[0], (numbers[0] ?? 0) + 1, (numbers[0] ?? 0) + 2]);
    });

    it("gives the invoice to its customer and admins only", async () => {
      const owner = await signedInCustomer(t);
      const order = await placeOrder(owner);
      await payThroughCheckout(t.app, owner, order._id);
      const path = `/api/orders/${order._id}/invoice.pdf`;
      expect((await call(t.app, undefined, "GET", path)).statusCode).toBe(401);
      expect((await call(t.app, stranger, "GET", path)).statusCode).toBe(403);
      expect((await call(t.app, admin, "GET", path)).statusCode).toBe(200);
      expect(
        (await call(t.app, owner, "GET", `/api/orders/${crypto.randomUUID()}/invoice.pdf`)).statusCode,
      ).toBe(404);
      expect((await call(t.app, owner, "GET", "/api/orders/not-an-id/invoice.pdf")).statusCode).toBe(400);
      expect((await call(t.app, owner, "GET", `${path}?paper=a3`)).statusCode).toBe(400);
      const note = `/api/orders/${order._id}/credit-notes/1.pdf`;
      expect((await call(t.app, owner, "GET", note)).statusCode).toBe(404);
      expect((await call(t.app, stranger, "GET", note)).statusCode).toBe(403);
      expect(
        (await call(t.app, owner, "GET", `/api/orders/${order._id}/credit-notes/0.pdf`)).statusCode,
      ).toBe(400);
    });

    it("issues a credit note naming the invoice for a line refund, then one for the rest with the whole refund", async () => {
      const owner = await signedInCustomer(t);
      const order = await placeOrder(owner);
      await payThroughCheckout(t.app, owner, order._id);
      const part = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, {
        lines: [{ toolId: pliers.id, quantity: 1 }],
      });
      expect(part.statusCode, part.body).toBe(200);
      const afterPart = orderSchema.parse(part.json());
      expect(afterPart.creditNotes).toHaveLength(1);
      const [first] = afterPart.creditNotes;
      expect(first).toMatchObject({ n: 1, amount: 15 });
      expect(first?.number).toMatch(/^SHOP-CN-\d{4}-\d{6}$/);
      const [firstPage] = await pdfText(owner, `/api/orders/${order._id}/credit-notes/1.pdf`);
      expect(firstPage?.text).toContain(`Credit note ${first?.number}`);
      expect(firstPage?.text).toContain(`Corrects invoice: ${afterPart.invoiceNumber}`);
      expect(firstPage?.text).toContain(
        `${pliers.name}, SKU ${pliers.sku} 1 USD 12.50 USD 12.50 USD 2.50 USD 15.00`,
      );
      expect(firstPage?.text).not.toContain(saw.name);
      expect(firstPage?.text).toContain("Total credited USD 15.00");

      const whole = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`);
      expect(whole.statusCode, whole.body).toBe(200);
      const refunded = orderSchema.parse(whole.json());
      expect(refunded.creditNotes.map((note) => note.n)).toEqual([1, 2]);
      const [, , firstSeq] = first?.number.match(/-(\d{4})-(\d{6})$/) ?? [];
      const [, , secondSeq] = refunded.creditNotes[1]?.number.match(/-(\d{4})-(\d{6})$/) ?? [];
      expect(Number(secondSeq)).toBe(Number(firstSeq) + 1);
      const [secondPage] = await pdfText(admin, `/api/orders/${order._id}/credit-notes/2.pdf`);
      // What was left: 2 pliers and 2 saws.
      expect(secondPage?.text).toContain(
        `${pliers.name}, SKU ${pliers.sku} 2 USD 12.50 USD 25.00 USD 5.00 USD 30.00`,
      );
      expect(secondPage?.text).toContain(
        `${saw.name}, SKU ${saw.sku} 2 USD 9.99 USD 19.98 USD 4.00 USD 23.98`,
      );
      expect(secondPage?.text).toContain("Total credited USD 53.98");
      expect(
        (await call(t.app, stranger, "GET", `/api/orders/${order._id}/credit-notes/2.pdf`)).statusCode,
      ).toBe(403);
    });

    it("starts each calendar year's series at 1 and never changes an issued document", async () => {
      const owner = await signedInCustomer(t);
      const order = await placeOrder(owner);
      await payThroughCheckout(t.app, owner, order._id);
      const db = t.database.db;
      const issue = (at: string) =>
        db.transaction((tx) =>
          insertTaxDocument(tx, {
            kind: "credit_note",
            prefix: "YEAR",
            orderId: order._id,
            ordinal: 100 + Math.floor(Math.random() * 10_000),
            correctsId: null,
            issuedAt: new Date(at),
            snapshot: {},
            grossCents: 1,
          }),
        );
      // Credit notes of an order must correct its invoice: these test the series, so the rule is relaxed
      // by giving each a fresh series of its own year far in the future.
      const [invoice] = await db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order._id));
      expect(invoice).toBeDefined();
      const numbers = [];
      for (const at of [
        "2098-12-31T23:59:59.999Z",
        "2099-01-01T00:00:00.000Z",
        "2098-12-31T12:00:00Z",
        "2099-06-01T00:00:00Z",
      ]) {
        numbers.push((await issue(at).catch((error) => error)).number ?? "refused");
      }
      expect(numbers).toEqual([
        "YEAR-2098-000001",
        "YEAR-2099-000001",
        "YEAR-2098-000002",
        "YEAR-2099-000002",
      ]);

      await expect(
        db
          .update(taxDocuments)
          .set({ grossCents: 0 })
          .where(eq(taxDocuments.id, invoice?.id ?? "")),
      ).rejects.toThrow();
      await expect(db.delete(taxDocuments).where(eq(taxDocuments.id, invoice?.id ?? ""))).rejects.toThrow();
    });
  });
}
