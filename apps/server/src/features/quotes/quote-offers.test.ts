// Issue 49 through the API: a signed-in customer's request with lines, the owner's offer, and every
// transition and refusal of the one table (other customer, wrong state, expired, short stock, twice).
import { orderLines, orders, quotes, tools, users } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { type Order, orderSchema } from "@toolshop/shared/orders";
import { type Quote, quoteSchema } from "@toolshop/shared/quote-offers";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { allOutboxMails, outboxMailTo } from "../../testing/identity-client";
import { proveAddress } from "../../testing/proven-address";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { payThroughCheckout } from "../orders/test-fixtures";
import { expireOffers } from "./offers";
import { appQuoteMails } from "./quote-outbox";

const SALES = "sales.quotes@example.com";
const DELIVERY = { address: "1 Trade Park", phone: "5550100" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`quotes that become orders ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    beforeAll(async () => {
      t = await createTestApp(target.options, { env: { SALES_EMAIL: SALES } });
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    let address = 0;
    const ask = (who: SignedInCustomer | undefined, body: object) =>
      t.app.inject({
        method: "POST",
        url: "/api/quotes",
        payload: body,
        headers: who?.headers ?? {},
        remoteAddress: `192.0.2.${++address}`,
      });

    /** Two tools (list prices 12.50 and 40.00) and a request for 60 and 10 of them by `who`. */
    /** A customer of their own each: requests are rate limited per account. */
    async function requested(asker?: SignedInCustomer, stock = 100) {
      const who = asker ?? (await signedInCustomer(t));
      const pliers = await addTool(t.database.db, {
        priceCents: 1250,
        minQuantity: 1,
        availableQuantity: stock,
      });
      const drill = await addTool(t.database.db, {
        priceCents: 4000,
        minQuantity: 1,
        availableQuantity: stock,
      });
      const lines = [
        { toolId: pliers.id, quantity: 60 },
        { toolId: drill.id, quantity: 10 },
      ];
      const response = await ask(who, { lines, company: "Builder & Sons" });
      expect(response.statusCode, response.body).toBe(201);
      return { id: response.json()._id as string, pliers, drill, who };
    }

    async function offered(asker?: SignedInCustomer, stock = 100, validDays?: number) {
      const quote = await requested(asker, stock);
      const offer = await call(t.app, admin, "POST", `/api/quotes/${quote.id}/offer`, {
        lines: [
          { toolId: quote.pliers.id, quantity: 60, unitPrice: 10.5 },
          { toolId: quote.drill.id, quantity: 12, unitPrice: 35 },
        ],
        note: "Trade prices for <b>you</b>",
        ...(validDays ? { validDays } : {}),
      });
      expect(offer.statusCode, offer.body).toBe(200);
      return { ...quote, view: quoteSchema.parse(offer.json()) };
    }

    const get = async (who: SignedInCustomer, id: string) => call(t.app, who, "GET", `/api/quotes/${id}`);
    const accept = (who: SignedInCustomer, id: string) =>
      call(t.app, who, "POST", `/api/quotes/${id}/accept`, DELIVERY);

    it("stores a signed-in request with its lines, tied to the account whatever email the body names", async () => {
      const { id, who: customer, pliers } = await requested();
      // The owner's offer starts from the tool's prices now: its list price and its price breaks.
      await t.database.db
        .update(tools)
        .set({ priceBreaks: [{ minQuantity: 50, unitPriceCents: 1100 }] })
        .where(eq(tools.id, pliers.id));
      const read = await get(customer, id);
      expect(read.statusCode, read.body).toBe(200);
      const view = quoteSchema.parse(read.json());
      expect(view).toMatchObject({
        state: "requested",
        email: customer.email,
        company: "Builder & Sons",
        total: null,
      });
      expect(view.lines.map((line) => [line.quantity, line.unitPrice, line.listPrice])).toEqual([
        [60, null, 12.5],
        [10, null, 40],
      ]);
      expect(view.lines.map((line) => line.priceBreaks)).toEqual([[{ minQuantity: 50, unitPrice: 11 }], []]);
      expect(view.history.map((entry) => entry.state)).toEqual(["requested"]);
      // The sales team's mail names each line's tool and quantity, and opens the request.
      const mail = await vi.waitFor(async () => {
        const found = (await allOutboxMails(t.dataDir)).find((each) => each.includes(`open=${id}`));
        if (!found) throw new Error("no sales mail yet");
        return found;
      }, 15_000);
      expect(mail).toContain(`To: ${SALES}`);
      expect(mail).toContain("Tool 1: 60 x Test Pliers");
      expect(mail).toContain("Tool 2: 10 x Test Pliers");
      expect(mail).toContain(`/dashboard/quote-requests?open=${id}`);
      const mine = (await call(t.app, customer, "GET", "/api/quotes/mine")).json() as Quote[];
      expect(mine.map((quote) => quote._id)).toContain(id);
    });

    it("names a cart's request after the account's display name, with its tools, on the owner's list and in the offer's greeting", async () => {
      const who = await signedInCustomer(t);
      await t.database.db.update(users).set({ displayName: "Ada Lovelace" }).where(eq(users.id, who.id));
      const { id, pliers, drill } = await offered(who);
      const list = await call(t.app, admin, "GET", `/api/quotes?q=${encodeURIComponent(who.email)}`);
      expect(list.json().map((quote: { _id: string; name: string }) => [quote._id, quote.name])).toEqual([
        [id, "Ada Lovelace"],
      ]);
      // The card lists the request's tools (issue 62, item 6): once offered, as the offer has them.
      expect(list.json()[0].lines).toEqual([
        { name: pliers.name, sku: pliers.sku, quantity: 60 },
        { name: drill.name, sku: drill.sku, quantity: 12 },
      ]);
      const mail = await outboxMailTo(t.dataDir, who.email, "Your Toolshop quote: our offer");
      expect(mail).toContain("Hello Ada Lovelace,");
    });

    it("refuses lines from a visitor (401) and a tool not in the catalogue (404)", async () => {
      const tool = await addTool(t.database.db);
      const visitor = await ask(undefined, { lines: [{ toolId: tool.id, quantity: 5 }] });
      expect(visitor.statusCode).toBe(401);
      const unknown = await ask(customer, {
        lines: [{ toolId: "00000000-0000-4000-8000-000000000000", quantity: 5 }],
      });
      expect(unknown.statusCode).toBe(404);
      const repeated = await ask(customer, {
        lines: [
          { toolId: tool.id, quantity: 5 },
          { toolId: tool.id, quantity: 6 },
        ],
      });
      expect(repeated.statusCode).toBe(400);
      expect(repeated.json().message).toContain("Each tool may appear only once in a quote");
    });

    it("offers prices per line with a note and 14 days, mails the customer a link, and a revision replaces it", async () => {
      const { id, view, pliers, drill, who: customer } = await offered();
      expect(view.state).toBe("offered");
      expect(view.total).toBe(60 * 10.5 + 12 * 35);
      const days =
        (Date.parse(view.validUntil ?? "") - Date.parse(view.history.at(-1)?.at ?? "")) / 86_400_000;
      expect(Math.round(days)).toBe(14);
      const mail = await outboxMailTo(t.dataDir, customer.email, "Your Toolshop quote: our offer");
      expect(mail).toContain(`/dashboard/quotes/${id}`);
      expect(mail).toContain("60 x Test Pliers at $10.50 each ($630.00)");
      expect(mail).toContain("&lt;b&gt;you&lt;/b&gt;");

      const revised = await call(t.app, admin, "POST", `/api/quotes/${id}/offer`, {
        lines: [{ toolId: pliers.id, quantity: 80, unitPrice: 9.99 }],
        validDays: 3,
      });
      expect(revised.statusCode, revised.body).toBe(200);
      const after = quoteSchema.parse(revised.json());
      expect(after.lines.map((line) => [line.toolId, line.quantity, line.unitPrice])).toEqual([
        [pliers.id, 80, 9.99],
      ]);
      expect(after.lines.some((line) => line.toolId === drill.id)).toBe(false);
      expect(after.note).toBeNull();
      expect(after.history.map((entry) => entry.state)).toEqual(["requested", "offered", "offered"]);
    });

    it("adds an offer's percentage discount to every unit and its freight as the order's shipping (issue 62)", async () => {
      const quote = await requested();
      const offer = (body: object) => call(t.app, admin, "POST", `/api/quotes/${quote.id}/offer`, body);
      const lines = [
        { toolId: quote.pliers.id, quantity: 60, unitPrice: 10.5 },
        { toolId: quote.drill.id, quantity: 12, unitPrice: 35 },
      ];
      for (const [body, message] of [
        [{ lines, discountPercent: 100 }, "The discount must be less than 100 percent"],
        [{ lines, discountPercent: 12.345 }, "The discount can have at most 2 decimals"],
        [{ lines, freight: -1 }, "The freight must be at least 0"],
      ] as const) {
        const refused = await offer(body);
        expect([refused.statusCode, refused.json().message]).toEqual([400, expect.stringContaining(message)]);
      }
      const offered = await offer({ lines, discountPercent: 10, freight: 25 });
      expect(offered.statusCode, offered.body).toBe(200);
      // 60 × 9.45 + 12 × 31.50 + 25 freight.
      expect(quoteSchema.parse(offered.json())).toMatchObject({
        discountPercent: 10,
        freight: 25,
        total: 970,
      });
      const accepted = await accept(quote.who, quote.id);
      expect(accepted.statusCode, accepted.body).toBe(201);
      const order = orderSchema.parse(accepted.json());
      expect(order.lines.map((line) => [line.unitPrice, line.quantity])).toEqual([
        [9.45, 60],
        [31.5, 12],
      ]);
      expect(order.shipping).toMatchObject({ name: "Freight", charge: 25, gross: 25 });
      expect(order.price).toBe(970);
    });

    it("accepts into an unpaid order at exactly the offered prices, stock reserved, quoteId set; paid, it keeps them", async () => {
      const { id, pliers, drill, who: customer } = await offered();
      const response = await accept(customer, id);
      expect(response.statusCode, response.body).toBe(201);
      const order: Order = orderSchema.parse(response.json());
      expect(order).toMatchObject({ status: "unpaid", quoteId: id, price: 60 * 10.5 + 12 * 35 });
      expect(order.lines.map((line) => [line.toolId, line.quantity, line.unitPrice])).toEqual([
        [pliers.id, 60, 10.5],
        [drill.id, 12, 35],
      ]);
      expect([await stockOf(t.database.db, pliers.id), await stockOf(t.database.db, drill.id)]).toEqual([
        40, 88,
      ]);
      const view = quoteSchema.parse((await get(customer, id)).json());
      expect(view).toMatchObject({ state: "accepted", orderId: order._id });
      expect(view.history.map((entry) => entry.state)).toEqual(["requested", "offered", "accepted"]);
      await outboxMailTo(t.dataDir, SALES, `Quote accepted by ${customer.email}`);

      // Twice: the same order, no second one.
      const again = await accept(customer, id);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()._id).toBe(order._id);
      expect(await t.database.db.select().from(orders).where(eq(orders.quoteId, id))).toHaveLength(1);

      await payThroughCheckout(t.app, customer, order._id);
      const paid = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
      expect(paid.map((line) => line.unitPriceCents).sort()).toEqual([1050, 3500]);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
      expect([row?.status, row?.totalCents]).toEqual(["paid", 60 * 1050 + 12 * 3500]);
    });

    it("answers another customer 404 on every call, as for no quote, and an admin may read but not accept", async () => {
      const { id, who: customer } = await offered();
      const other = await signedInCustomer(t);
      expect((await get(other, id)).statusCode).toBe(404);
      expect((await accept(other, id)).statusCode).toBe(404);
      expect((await call(t.app, other, "POST", `/api/quotes/${id}/decline`, {})).statusCode).toBe(404);
      expect((await accept(admin, id)).statusCode).toBe(403);
      expect((await get(admin, id)).statusCode).toBe(200);
      expect((await call(t.app, customer, "POST", `/api/quotes/${id}/withdraw`)).statusCode).toBe(403);
      expect((await call(t.app, customer, "POST", `/api/quotes/${id}/offer`, { lines: [] })).statusCode).toBe(
        403,
      );
      expect((await call(t.app, undefined, "GET", `/api/quotes/${id}`)).statusCode).toBe(401);
      expect((await get(customer, id)).json().state).toBe("offered");
    });

    it("refuses every change the table forbids with 409 and a sentence", async () => {
      const { id, who: customer } = await requested();
      const early = await accept(customer, id);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe("This quote has no offer yet, so it cannot be accepted.");
      expect((await call(t.app, admin, "POST", `/api/quotes/${id}/withdraw`)).statusCode).toBe(409);

      const declined = await offered(customer);
      const decline = await call(t.app, customer, "POST", `/api/quotes/${declined.id}/decline`, {
        reason: "Too dear",
      });
      expect(decline.statusCode, decline.body).toBe(200);
      expect(decline.json()).toMatchObject({ state: "declined", declineReason: "Too dear" });
      await outboxMailTo(t.dataDir, SALES, `Quote declined by ${customer.email}`);
      for (const [who, action] of [
        [customer, "accept"],
        [customer, "decline"],
        [admin, "withdraw"],
      ] as const) {
        const refused = await call(t.app, who, "POST", `/api/quotes/${declined.id}/${action}`, DELIVERY);
        expect(refused.statusCode, action).toBe(409);
        expect(refused.json().message, action).toMatch(/^This quote was declined, so it cannot be /);
      }

      const withdrawn = await offered(customer);
      expect((await call(t.app, admin, "POST", `/api/quotes/${withdrawn.id}/withdraw`)).statusCode).toBe(200);
      await outboxMailTo(t.dataDir, customer.email, "Your Toolshop quote was withdrawn");
      const late = await accept(customer, withdrawn.id);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe("This quote was withdrawn, so it cannot be accepted.");
      const reoffer = await call(t.app, admin, "POST", `/api/quotes/${withdrawn.id}/offer`, {
        lines: [{ toolId: withdrawn.pliers.id, quantity: 1, unitPrice: 1 }],
      });
      expect(reoffer.statusCode).toBe(409);
    });

    it("shows an offer past its validity as expired, refuses its accept, and stores and mails the expiry once", async () => {
      const { id, pliers, who: customer } = await offered(undefined, 100, 1);
      await t.database.db.execute(
        sql`update quotes set valid_until = now() - interval '1 minute' where id = ${id}`,
      );
      expect((await get(customer, id)).json().state).toBe("expired");
      const refused = await accept(customer, id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("This quote has expired, so it cannot be accepted.");
      const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, id));
      expect(row?.state).toBe("expired");
      expect(await stockOf(t.database.db, pliers.id)).toBe(100);
      await outboxMailTo(t.dataDir, customer.email, "Your Toolshop quote has expired");
      // The sweep finds nothing more to expire for it.
      const sweep = { db: t.database.db, quoteMails: appQuoteMails(t.app) };
      expect((await expireOffers(sweep)).map((quote) => quote.id)).not.toContain(id);
    });

    it("refuses an accept when a line is short, names it, and leaves the offer open and the stock whole", async () => {
      const { id, drill, pliers, who: customer } = await offered(undefined, 100);
      await t.database.db.update(tools).set({ availableQuantity: 5 }).where(eq(tools.id, drill.id));
      const refused = await accept(customer, id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain("only 5 units of Test Pliers are available");
      expect((await get(customer, id)).json().state).toBe("offered");
      expect(await stockOf(t.database.db, pliers.id)).toBe(100);
      expect(await t.database.db.select().from(orders).where(eq(orders.quoteId, id))).toEqual([]);
    });

    it("lets a visitor's message be priced, and the account that proved its email accept it", async () => {
      const visitorEmail = `visitor-${Date.now()}@example.com`;
      const sent = await ask(undefined, { name: "Vera", email: visitorEmail, message: "50 pliers?" });
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json()._id as string;
      const tool = await addTool(t.database.db, { priceCents: 1250, minQuantity: 1 });
      const offer = await call(t.app, admin, "POST", `/api/quotes/${id}/offer`, {
        lines: [{ toolId: tool.id, quantity: 50, unitPrice: 11 }],
      });
      expect(offer.statusCode, offer.body).toBe(200);
      const list = (await call(t.app, admin, "GET", "/api/quotes?state=offered&limit=100")).json();
      expect(list.map((quote: { _id: string }) => quote._id)).toContain(id);
      const vera = await signedInCustomer(t);
      await t.database.db.execute(sql`update users set email = ${visitorEmail} where id = ${vera.id}`);
      // Vera proved the address (visitor-quotes.test.ts: not before).
      await proveAddress(t.database.db, visitorEmail);
      const veraToken = { ...vera, email: visitorEmail };
      veraToken.headers = {
        authorization: `Bearer ${await t.app.accessTokens.sign({ id: vera.id, email: visitorEmail, sessionId: crypto.randomUUID() })}`,
      };
      const accepted = await accept(veraToken, id);
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(accepted.json().price).toBe(550);
    });
  });
}
