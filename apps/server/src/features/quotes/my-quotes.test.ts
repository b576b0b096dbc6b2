// The customer's side of issue 49 through the API: GET /api/quotes/mine a page at a time (keyset, as
// My orders), and a request from the home page's block tied to the account when sent signed in.
import { quotes } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { CURSOR_NOT_OURS } from "@toolshop/shared/paging";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import { MY_QUOTES_PAGE_SIZE, quoteSchema } from "@toolshop/shared/quote-offers";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { proveAddress } from "../../testing/proven-address";
import { createTestApp, type TestApp } from "../../testing/test-app";

const cursorOf = (text: string) => Buffer.from(text, "utf8").toString("base64url");

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`my quotes ${target.title}`, () => {
    let t: TestApp;
    let customer: SignedInCustomer;
    let other: SignedInCustomer;
    /** The customer's quotes, newest first as the database orders them. */
    let expected: string[];

    beforeAll(async () => {
      t = await createTestApp(target.options);
      customer = await signedInCustomer(t);
      other = await signedInCustomer(t);
      // The visitor messages below are the customer's only because the account proved the address.
      await proveAddress(t.database.db, customer.email);
      // 23 of the customer's own (several sharing one created_at to the microsecond: only the id breaks
      // the tie), 2 messages sent from their email before they had an account, and another's.
      const at = (i: number) =>
        sql`timestamptz '2002-02-02 00:00:00.000001+00' + ${i % 4} * interval '1 microsecond'`;
      await t.database.db.insert(quotes).values([
        ...Array.from({ length: 23 }, (_, i) => ({
          userId: customer.id,
          name: "Mine",
          email: customer.email,
          message: `Mine ${i}`,
          createdAt: at(i),
        })),
        ...[0, 1].map((i) => ({
          name: "Visitor",
          email: customer.email,
          message: `Before my account ${i}`,
          createdAt: at(i),
        })),
        { userId: other.id, name: "Other", email: other.email, message: "Not yours", createdAt: at(0) },
      ]);
      const rows = await t.database.db
        .select({ id: quotes.id })
        .from(quotes)
        .where(
          sql`${quotes.userId} = ${customer.id} or (${quotes.userId} is null and ${quotes.email} = ${customer.email})`,
        )
        .orderBy(sql`${quotes.createdAt} desc, ${quotes.id} desc`);
      expected = rows.map((row) => row.id);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const mine = (who: SignedInCustomer | undefined, query = "") =>
      call(t.app, who, "GET", `/api/quotes/mine${query}`);

    it("answers the newest page, then each next one from its cursor, every quote once, ties by id", async () => {
      const first = await mine(customer);
      expect(first.statusCode, first.body).toBe(200);
      expect(quoteSchema.array().parse(first.json())).toHaveLength(MY_QUOTES_PAGE_SIZE);
      expect(first.headers[NEXT_CURSOR_HEADER]).toEqual(expect.any(String));

      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const response = await mine(customer, `?limit=10${cursor ? `&cursor=${cursor}` : ""}`);
        expect(response.statusCode, response.body).toBe(200);
        pages.push(
          quoteSchema
            .array()
            .parse(response.json())
            .map((quote) => quote._id),
        );
        // A request made between two pages is newer than the cursor: it never shifts the next page.
        await t.database.db
          .insert(quotes)
          .values({ userId: customer.id, name: "Late", email: customer.email, message: "late" });
        cursor = response.headers[NEXT_CURSOR_HEADER] as string | undefined;
      } while (cursor);
      expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
      expect(pages.flat()).toEqual(expected);
    });

    it("shows another customer none of them", async () => {
      const response = await mine(other, "?limit=100");
      expect(response.statusCode, response.body).toBe(200);
      const ids = quoteSchema
        .array()
        .parse(response.json())
        .map((quote) => quote._id);
      expect(ids).toHaveLength(1);
      expect(expected).not.toContain(ids[0]);
    });

    it("refuses a forged cursor and a limit out of range with a sentence (400), and a visitor (401)", async () => {
      const uuid = "00000000-0000-4000-8000-000000000000";
      for (const query of [
        "?cursor=garbage",
        `?cursor=${cursorOf(JSON.stringify(["2031-01-01T00:00:00.000000Z", "'; drop table quotes; --"]))}`,
        "?limit=0",
        "?limit=101",
      ]) {
        const response = await mine(customer, query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toMatch(/[A-Z][a-z]+ [a-z].{8,}/);
      }
      expect((await mine(customer, "?cursor=garbage")).json().message).toBe(CURSOR_NOT_OURS);
      const end = await mine(
        customer,
        `?cursor=${cursorOf(JSON.stringify(["1970-01-01T00:00:00.000000Z", uuid]))}`,
      );
      expect(end.json()).toEqual([]);
      expect(end.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
      expect((await mine(undefined)).statusCode).toBe(401);
    });

    it("ties the home page's request to the account when sent signed in, whatever email it names", async () => {
      const asker = await signedInCustomer(t);
      const sent = await t.app.inject({
        method: "POST",
        url: "/api/quotes",
        headers: asker.headers,
        remoteAddress: "192.0.2.77",
        payload: { name: "Ann Lee", email: "someone.else@example.com", message: "50 drills, please." },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json()._id as string;
      const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, id));
      expect(row).toMatchObject({ userId: asker.id, email: asker.email.toLowerCase() });

      const listed = quoteSchema.array().parse((await mine(asker)).json());
      expect(listed.map((quote) => [quote._id, quote.state, quote.message])).toEqual([
        [id, "requested", "50 drills, please."],
      ]);
      expect((await call(t.app, asker, "GET", `/api/quotes/${id}`)).statusCode).toBe(200);
      expect((await call(t.app, other, "GET", `/api/quotes/${id}`)).statusCode).toBe(404);
    });
  });
}
