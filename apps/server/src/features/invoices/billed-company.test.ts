// Issue 62 item 5: the company a customer buys for, and its VAT number, billed on the invoice and its
// credit notes: the profile's when the order is placed, the quote's for a quote's order; frozen then.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { readPdf } from "../../testing/pdf-text";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { payThroughCheckout } from "../orders/test-fixtures";

const DELIVERY = { address: "7 Buyer Road, Leeds", phone: "+44 113 496 0000" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`the company billed on invoices ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let pliers: Awaited<ReturnType<typeof addTool>>;
    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { TAX_RATE: "20", INVOICE_PREFIX: "CO" } });
      admin = await signedInCustomer(t, { role: "admin" });
      pliers = await addTool(t.database.db, { priceCents: 1250, minQuantity: 1, availableQuantity: 500 });
    }, 180_000);
    afterAll(async () => {
      await t?.close();
    });

    async function saveProfile(who: SignedInCustomer, profile: { company: string; taxId: string }) {
      const response = await call(t.app, who, "PUT", "/api/profile", profile);
      expect(response.statusCode, response.body).toBe(200);
    }

    async function paidOrder(who: SignedInCustomer): Promise<Order> {
      const placed = await call(t.app, who, "POST", "/api/orders", {
        lines: [{ toolId: pliers.id, quantity: 2 }],
        ...DELIVERY,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = orderSchema.parse(placed.json());
      await payThroughCheckout(t.app, who, order._id);
      return order;
    }

    async function pdfText(who: SignedInCustomer, path: string): Promise<string> {
      const response = await call(t.app, who, "GET", path);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      return (await readPdf(response.rawPayload)).map((page) => page.text).join("\n");
    }

    it("bills the profile's company and VAT number, as they were when the order was placed", async () => {
      const buyer = await signedInCustomer(t);
      await saveProfile(buyer, { company: "Buyer Electrical Ltd", taxId: "GB 123 4567 89" });
      const order = await paidOrder(buyer);
      // A later change of the profile changes neither the issued invoice nor the credit note that corrects it.
      await saveProfile(buyer, { company: "Another Name plc", taxId: "GB 999 9999 99" });
      const invoice = await pdfText(buyer, `/api/orders/${order._id}/invoice.pdf`);
      expect(invoice).toContain("Buyer Electrical Ltd");
      expect(invoice).toContain("VAT number: GB 123 4567 89");
      expect(invoice).not.toContain("Another Name plc");

      const refund = await call(t.app, admin, "POST", `/api/orders/${order._id}/refund`, {
        lines: [{ toolId: pliers.id, quantity: 1 }],
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const note = await pdfText(buyer, `/api/orders/${order._id}/credit-notes/1.pdf`);
      expect(note).toContain("Buyer Electrical Ltd");
      expect(note).toContain("VAT number: GB 123 4567 89");

      // The next order bills the profile as it is now.
      const next = await paidOrder(buyer);
      const nextInvoice = await pdfText(buyer, `/api/orders/${next._id}/invoice.pdf`);
      expect(nextInvoice).toContain("Another Name plc");
      expect(nextInvoice).toContain("VAT number: GB 999 9999 99");
    });

    it("prints no company or VAT line for a customer without one, nor a VAT number without its company", async () => {
      const buyer = await signedInCustomer(t);
      await saveProfile(buyer, { company: "", taxId: "DE123456789" });
      const invoice = await pdfText(buyer, `/api/orders/${(await paidOrder(buyer))._id}/invoice.pdf`);
      expect(invoice).toContain(buyer.email);
      expect(invoice).not.toContain("VAT number");
    });

    async function quotedOrder(who: SignedInCustomer, company: string): Promise<Order> {
      const asked = await call(t.app, who, "POST", "/api/quotes", {
        lines: [{ toolId: pliers.id, quantity: 60 }],
        company,
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json()._id as string;
      const offer = await call(t.app, admin, "POST", `/api/quotes/${id}/offer`, {
        lines: [{ toolId: pliers.id, quantity: 60, unitPrice: 10.5 }],
      });
      expect(offer.statusCode, offer.body).toBe(200);
      const accepted = await call(t.app, who, "POST", `/api/quotes/${id}/accept`, DELIVERY);
      expect(accepted.statusCode, accepted.body).toBe(201);
      const order = orderSchema.parse(accepted.json());
      await payThroughCheckout(t.app, who, order._id);
      return order;
    }

    it("bills the company named on the quote, without the VAT number of the profile's other company", async () => {
      const buyer = await signedInCustomer(t);
      await saveProfile(buyer, { company: "Profile Holdings Ltd", taxId: "GB 111 1111 11" });
      const order = await quotedOrder(buyer, "Buyer Electrical Ltd");
      const invoice = await pdfText(buyer, `/api/orders/${order._id}/invoice.pdf`);
      expect(invoice).toContain("Buyer Electrical Ltd");
      expect(invoice).not.toContain("Profile Holdings Ltd");
      expect(invoice).not.toContain("GB 111 1111 11");

      // The profile's own company named on the quote keeps its VAT number.
      const same = await quotedOrder(buyer, "profile holdings ltd");
      const sameInvoice = await pdfText(buyer, `/api/orders/${same._id}/invoice.pdf`);
      expect(sameInvoice).toContain("profile holdings ltd");
      expect(sameInvoice).toContain("VAT number: GB 111 1111 11");
    });
  });
}
