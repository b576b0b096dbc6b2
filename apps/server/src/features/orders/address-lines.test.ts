// Issue 62, item 1: a postal address has lines. An order placed (or an offer accepted) with a three-line
// address keeps its three lines, and the order, the owner's list, the invoice PDF and the paid mail show
// them as three lines; a tab or another control character is still refused with a sentence.
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { addressControlMessage } from "@toolshop/shared/address";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { quoteSchema } from "@toolshop/shared/quote-offers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { outboxMailTo } from "../../testing/identity-client";
import { readPdf } from "../../testing/pdf-text";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { payThroughCheckout } from "./test-fixtures";

const LINES = ["Unit 4, Forge Park", "Sheffield", "S1 2AB"];
/** As a textarea on Windows, or a pasted letter, sends it: CRLF breaks, a blank line, stray spaces. */
const TYPED = `  ${LINES[0]}\r\n\r\n${LINES[1]} \r\n${LINES[2]}\n`;
const STORED = LINES.join("\n");

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`an address of several lines ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    async function placed(who: SignedInCustomer, address: string) {
      const tool = await addTool(t.database.db, { priceCents: 1250, minQuantity: 1, availableQuantity: 50 });
      const body = { lines: [{ toolId: tool.id, quantity: 2 }], address, phone: "5550100" };
      return call(t.app, who, "POST", "/api/orders", body);
    }

    it("keeps a three-line address as three lines: the order, its page, the owner's list", async () => {
      const customer = await signedInCustomer(t);
      const response = await placed(customer, TYPED);
      expect(response.statusCode, response.body).toBe(201);
      const order = orderSchema.parse(response.json());
      expect(order.address).toBe(STORED);
      const detail = await call(t.app, customer, "GET", `/api/orders/${order._id}/detail`);
      expect(orderSchema.parse(detail.json()).address).toBe(STORED);
      const listed = await call(t.app, admin, "GET", `/api/orders?q=${order.number}`);
      expect((listed.json() as Order[]).map((each) => each.address)).toEqual([STORED]);
    });

    it("prints the address line by line on the invoice and in the paid mail", async () => {
      const customer = await signedInCustomer(t);
      const order = orderSchema.parse((await placed(customer, TYPED)).json());
      await payThroughCheckout(t.app, customer, order._id);

      const pdf = await call(t.app, customer, "GET", `/api/orders/${order._id}/invoice.pdf`);
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      const [page] = await readPdf(pdf.rawPayload);
      const drawn = LINES.map((line) => page?.items.find((item) => item.text === line));
      // Each line its own text, one under the other, in the Bill to column.
      expect(drawn.map((item) => item?.text)).toEqual(LINES);
      expect(new Set(drawn.map((item) => item?.x)).size).toBe(1);
      const heights = drawn.map((item) => item?.y ?? 0);
      expect(heights).toEqual([...heights].sort((a, b) => b - a));
      expect(new Set(heights).size).toBe(3);

      const mail = await outboxMailTo(t.dataDir, customer.email, "Your Toolshop order is paid");
      expect(mail).toMatch(/Delivery address: Unit 4, Forge Park\r?\n {2}Sheffield\r?\n {2}S1 2AB\r?\n/);
      expect(mail).toContain("<td>Unit 4, Forge Park<br>Sheffield<br>S1 2AB</td>");
      const headers = mail.slice(0, mail.search(/\r?\n\r?\n/));
      expect(headers).not.toContain("Sheffield");
    });

    it("refuses a tab or another control character with a sentence, and more than six lines", async () => {
      const customer = await signedInCustomer(t);
      for (const address of ["Unit 4\tForge Park\nSheffield", "Unit 4\u001b[2J\nSheffield"]) {
        const response = await placed(customer, address);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(addressControlMessage("The address"));
      }
      const seven = await placed(customer, "1\n2\n3\n4\n5\n6\n7");
      expect(seven.statusCode).toBe(400);
      expect(seven.json().message).toContain("The address must be at most 6 lines");
    });

    it("keeps the lines of an offer's accept and of the profile", async () => {
      const customer = await signedInCustomer(t);
      const tool = await addTool(t.database.db, { priceCents: 1250, minQuantity: 1, availableQuantity: 50 });
      const asked = await t.app.inject({
        method: "POST",
        url: "/api/quotes",
        payload: { lines: [{ toolId: tool.id, quantity: 20 }] },
        headers: customer.headers,
        remoteAddress: "192.0.2.62",
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id: string = asked.json()._id;
      const offer = await call(t.app, admin, "POST", `/api/quotes/${id}/offer`, {
        lines: [{ toolId: tool.id, quantity: 20, unitPrice: 10 }],
      });
      expect(offer.statusCode, offer.body).toBe(200);
      const accepted = await call(t.app, customer, "POST", `/api/quotes/${id}/accept`, {
        address: TYPED,
        phone: "5550100",
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      const view = quoteSchema.parse((await call(t.app, customer, "GET", `/api/quotes/${id}`)).json());
      const order = await call(t.app, customer, "GET", `/api/orders/${view.orderId}/detail`);
      expect(orderSchema.parse(order.json()).address).toBe(STORED);

      const saved = await call(t.app, customer, "PUT", "/api/profile", { address: TYPED });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call(t.app, customer, "GET", "/api/profile")).json().address).toBe(STORED);
    });
  });
}
