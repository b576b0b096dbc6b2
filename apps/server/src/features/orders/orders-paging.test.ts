// Manage Orders and My orders in pages (issue 13): keyset cursors, filters, totals and hostile input.
import { orders } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import {
  DATE_RANGE_REVERSED,
  TOTAL_COUNT_HEADER,
  TOTAL_ESTIMATED_HEADER,
} from "@toolshop/shared/admin-orders";
import { formatOrderNumber, ORDERS_PAGE_SIZE, type Order, orderSchema } from "@toolshop/shared/orders";
import { CURSOR_NOT_OURS } from "@toolshop/shared/paging";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addCustomer, addTool, insertOrders, orderRow } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`orders in pages ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let toolId: string;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      toolId = (await addTool(t.database.db)).id;
    });
    afterAll(async () => {
      await t?.close();
    });

    /** An order straight in the table; createdAt defaults to now(), as a placed order's does. */
    async function place(
      who: { id: string; email: string },
      options: { status?: Order["status"]; createdAt?: Date | SQL } = {},
    ) {
      const [row] = await insertOrders(
        t.database.db,
        orderRow(
          who,
          { id: toolId },
          {
            unitPriceCents: 1250,
            quantity: 2,
            status: options.status ?? "paid",
            ...(options.createdAt ? { createdAt: options.createdAt } : {}),
          },
        ),
      );
      if (!row) throw new Error("no order inserted");
      return row;
    }

    async function get(who: SignedInCustomer, url: string) {
      const response = await call(t.app, who, "GET", url);
      expect(response.statusCode, response.body).toBe(200);
      const cursor = response.headers[NEXT_CURSOR_HEADER];
      return {
        ids: orderSchema
          .array()
          .parse(response.json())
          .map((order) => order._id),
        cursor: typeof cursor === "string" ? cursor : null,
        total: response.headers[TOTAL_COUNT_HEADER],
        estimated: response.headers[TOTAL_ESTIMATED_HEADER],
      };
    }

    /** Every page of `url`, running `between` after each page; answers the ids in the order seen. */
    async function everyPage(who: SignedInCustomer, url: string, between?: () => Promise<unknown>) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const separator = url.includes("?") ? "&" : "?";
        const page = await get(who, cursor ? `${url}${separator}cursor=${cursor}` : url);
        seen.push(...page.ids);
        cursor = page.cursor;
        await between?.();
      } while (cursor);
      return seen;
    }

    const emailOf = (who: { email: string }) => encodeURIComponent(who.email);

    it("My orders: the spec's array, 20 by default, then every order exactly once while new ones are placed", async () => {
      const buyer = await signedInCustomer(t);
      const older: string[] = [];
      for (let i = 0; i < 23; i += 1) {
        older.push((await place(buyer, { createdAt: new Date(Date.now() - (i + 1) * 60_000) })).id);
      }
      // Orders placed in the same microsecond are told apart by their id, to the microsecond.
      const tied = sql`'2020-05-05 10:00:00.123456+00'::timestamptz`;
      for (let i = 0; i < 4; i += 1) older.push((await place(buyer, { createdAt: tied })).id);

      const first = await get(buyer, `/api/orders/${emailOf(buyer)}`);
      expect(first.ids).toEqual(older.slice(0, ORDERS_PAGE_SIZE));
      expect(first.cursor).toEqual(expect.any(String));

      const placedMeanwhile: string[] = [];
      const seen = await everyPage(buyer, `/api/orders/${emailOf(buyer)}?limit=2`, async () => {
        placedMeanwhile.push((await place(buyer)).id);
      });
      // PostgreSQL compares uuids byte by byte: as their lower-case text.
      expect(seen).toEqual([...older.slice(0, 23), ...older.slice(23).sort().reverse()]);
      // Orders placed after the first page are newer than the cursor: the next pages never show them.
      expect(seen.some((id) => placedMeanwhile.includes(id))).toBe(false);
    });

    it("My orders: another customer's email is 403 on every page, an admin sees them all", async () => {
      const owner = await signedInCustomer(t);
      const stranger = await signedInCustomer(t);
      for (let i = 0; i < 3; i += 1) await place(owner, { createdAt: new Date(Date.now() - i * 1000) });
      const firstPage = await get(owner, `/api/orders/${emailOf(owner)}?limit=1`);
      for (const url of [
        `/api/orders/${emailOf(owner)}`,
        `/api/orders/${emailOf(owner)}?limit=1&cursor=${firstPage.cursor}`,
        `/api/orders/${encodeURIComponent(owner.email.toUpperCase())}?cursor=${firstPage.cursor}`,
      ]) {
        const refused = await call(t.app, stranger, "GET", url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().message).toBe("You can only see your own orders.");
      }
      expect(await everyPage(admin, `/api/orders/${emailOf(owner)}?limit=2`)).toHaveLength(3);
    });

    it("Manage Orders: every page once, newest first, while orders are placed and deleted between pages", async () => {
      const buyer = await signedInCustomer(t);
      for (let i = 0; i < 7; i += 1) await place(buyer, { createdAt: new Date(Date.now() - 3_600_000 - i) });
      const expected = (await get(admin, "/api/orders?limit=100")).ids;
      expect(expected.length).toBeLessThan(100);
      const placed: string[] = [];
      const seen = await everyPage(admin, "/api/orders?limit=3", async () => {
        placed.push((await place(buyer)).id);
      });
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => !placed.includes(id))).toEqual(expected);

      // The order a cursor names may be deleted before the next page is asked for: it keeps its place.
      const current = (await get(admin, "/api/orders?limit=100")).ids;
      const page = await get(admin, "/api/orders?limit=2");
      await t.database.db.delete(orders).where(sql`${orders.id} = ${page.ids[1]}`);
      expect((await get(admin, `/api/orders?limit=2&cursor=${page.cursor}`)).ids).toEqual(
        current.slice(2, 4),
      );
    });

    it("Manage Orders: filters by status, UTC date range and email prefix, alone and together", async () => {
      const domain = `filters-${Date.now()}.example.com`;
      const ann = await addCustomer(t.database.db, { email: `ann@${domain}` });
      const annabel = await addCustomer(t.database.db, { email: `annabel@${domain}` });
      const bob = await addCustomer(t.database.db, { email: `bob@${domain}` });
      const at = (iso: string) => new Date(iso);
      const annPaidDay1 = (await place(ann, { status: "paid", createdAt: at("2021-03-01T00:00:00Z") })).id;
      const annShippedDay2 = (await place(ann, { status: "shipped", createdAt: at("2021-03-02T23:59:59Z") }))
        .id;
      const annabelPaidDay2 = (
        await place(annabel, { status: "paid", createdAt: at("2021-03-02T08:00:00Z") })
      ).id;
      const bobPaidDay3 = (await place(bob, { status: "paid", createdAt: at("2021-03-03T00:00:00Z") })).id;
      const annCancelled = (await place(ann, { status: "cancelled", createdAt: at("2021-03-02T09:00:00Z") }))
        .id;
      const list = async (query: string) => (await get(admin, `/api/orders?${query}`)).ids;

      // The search is a prefix, any case; without a status ("All"), cancelled orders are listed too.
      expect(await list(`q=ANN`)).toEqual(
        expect.arrayContaining([annPaidDay1, annShippedDay2, annabelPaidDay2, annCancelled]),
      );
      expect(await list(`q=${encodeURIComponent(`  ANN@${domain.toUpperCase()} `)}`)).toEqual([
        annShippedDay2,
        annCancelled,
        annPaidDay1,
      ]);
      expect(await list(`q=ann%25`)).toEqual([]);
      expect(await list(`q=${encodeURIComponent(`ann@${domain}`)}&status=cancelled`)).toEqual([annCancelled]);
      expect(await list(`q=${encodeURIComponent(`bob@${domain}`)}&status=shipped`)).toEqual([]);
      // Both ends of the range are whole UTC days.
      expect(await list(`from=2021-03-02&to=2021-03-02`)).toEqual([
        annShippedDay2,
        annCancelled,
        annabelPaidDay2,
      ]);
      expect(await list(`from=2021-03-02&to=2021-03-03&status=paid`)).toEqual([bobPaidDay3, annabelPaidDay2]);
      expect(await list(`to=2021-03-01&q=ann`)).toEqual([annPaidDay1]);
      expect(
        await list(`from=2021-03-01&to=2021-03-02&status=paid&q=${encodeURIComponent(`ann@${domain}`)}`),
      ).toEqual([annPaidDay1]);
      // Paged with the filters kept.
      expect(await everyPage(admin, `/api/orders?limit=1&from=2021-03-01&to=2021-03-03&q=ann`)).toEqual([
        annShippedDay2,
        annCancelled,
        annabelPaidDay2,
        annPaidDay1,
      ]);
    });

    it("Manage Orders: finds an order by its receipt number however it is typed", async () => {
      const buyer = await addCustomer(t.database.db);
      const order = await place(buyer, { status: "unpaid" });
      for (const typed of [
        formatOrderNumber(order.number),
        `ts-${order.number}`,
        ` ${order.number} `,
        `TS ${order.number}`,
        `#${order.number}`,
      ]) {
        expect((await get(admin, `/api/orders?q=${encodeURIComponent(typed)}`)).ids, typed).toEqual([
          order.id,
        ]);
      }
      expect((await get(admin, `/api/orders?q=${order.number}&status=paid`)).ids).toEqual([]);
      // A cancelled order is found by its number too.
      const cancelled = await place(buyer, { status: "cancelled" });
      expect((await get(admin, `/api/orders?q=${cancelled.number}`)).ids).toEqual([cancelled.id]);
      expect((await get(admin, `/api/orders?q=${order.number + 1000}`)).ids).toEqual([]);
    });

    it("answers a forged or garbled cursor, a huge limit, a reversed range or a giant number with a 400 sentence", async () => {
      const buyer = await signedInCustomer(t);
      const b64 = (text: string) => Buffer.from(text).toString("base64url");
      const forged = [
        "garbage",
        "%00%27%3B--",
        b64('["2021-02-31T10:00:00.000000Z","6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01"]'),
        b64('["0000-01-01T00:00:00.000000Z","6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01"]'),
        b64('["2021-01-01T10:00:00.000000+01:00","6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01"]'),
        b64(`["2021-01-01T10:00:00.000000Z","' or 1=1 --"]`),
        b64('["infinity","6f1c1d0e-3a52-4d5e-9b61-0c7a1f1b2a01"]'),
        "A".repeat(500),
      ];
      const cases: [SignedInCustomer, string, string][] = [
        ...forged.flatMap((cursor): [SignedInCustomer, string, string][] => [
          [admin, `/api/orders?cursor=${cursor}`, CURSOR_NOT_OURS],
          [buyer, `/api/orders/${emailOf(buyer)}?cursor=${cursor}`, CURSOR_NOT_OURS],
        ]),
        [admin, "/api/orders?limit=1000000", "The limit must be between 1 and 100"],
        [admin, "/api/orders?limit=0", "The limit must be between 1 and 100"],
        [buyer, `/api/orders/${emailOf(buyer)}?limit=101`, "The limit must be between 1 and 100"],
        [buyer, `/api/orders/${emailOf(buyer)}?limit=1e999`, "The limit must be a number"],
        [admin, "/api/orders?from=2021-03-05&to=2021-03-01", DATE_RANGE_REVERSED],
        [admin, "/api/orders?from=2021-02-30", "The start date must be a date like 2026-11-23"],
        [admin, "/api/orders?to=yesterday", "The end date must be a date like 2026-11-23"],
        [admin, "/api/orders?from=0000-01-01", "The start date must be between 1970 and 9999"],
        [admin, "/api/orders?to=9999-12-31", "The end date must be between 1970 and 9999"],
        [admin, "/api/orders?q=TS-99999999999999999999", "An order number has at most 15 digits"],
        [admin, `/api/orders?q=${"a".repeat(300)}`, "The search must be at most 254 characters"],
        [
          admin,
          "/api/orders?q=ann%0Abob",
          "The search must be a single line without line breaks or control characters",
        ],
      ];
      for (const [who, url, message] of cases) {
        const response = await call(t.app, who, "GET", url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(response.json().message, url).toContain(message);
      }
    });

    it("counts the matches on the first page: exactly when few, else an estimate that says so", async () => {
      const domain = `total-${Date.now()}.example.com`;
      const few = await addCustomer(t.database.db, { email: `few@${domain}` });
      for (let i = 0; i < 3; i += 1) await place(few);
      const first = await get(admin, `/api/orders?limit=2&q=${encodeURIComponent(`few@${domain}`)}`);
      expect([first.total, first.estimated]).toEqual(["3", "false"]);
      const second = await get(admin, `/api/orders?limit=2&cursor=${first.cursor}&q=few@${domain}`);
      expect(second.ids).toHaveLength(1);
      expect(second.total).toBeUndefined();

      const many = await addCustomer(t.database.db, { email: `many@${domain}` });
      await t.database.db.execute(sql`
        with placed as (insert into orders (user_id, email, total_cents, address, phone, status)
          select ${many.id}, ${many.email}, 2500, '1 Main St', '555 0100', 'paid' from generate_series(1, 1001)
          returning id)
        insert into order_lines (order_id, position, tool_id, name, image, unit_price_cents, quantity, total_cents)
        select id, 0, ${toolId}, 'Test Pliers', '/images/tools/pliers.svg', 1250, 2, 2500 from placed`);
      const estimated = await get(admin, `/api/orders?q=${encodeURIComponent(`many@${domain}`)}`);
      expect(estimated.estimated).toBe("true");
      expect(Number(estimated.total)).toBeGreaterThan(1000);

      // An estimate is answered again for a while (estimated-totals.ts); an exact total never is.
      await t.database.db.execute(sql`delete from orders where user_id in (${many.id}, ${few.id})`);
      const kept = await get(admin, `/api/orders?q=${encodeURIComponent(`many@${domain}`)}`);
      expect([kept.total, kept.estimated]).toEqual([estimated.total, "true"]);
      expect(kept.ids).toEqual([]);
      const recounted = await get(admin, `/api/orders?limit=2&q=${encodeURIComponent(`few@${domain}`)}`);
      expect([recounted.total, recounted.estimated]).toEqual(["0", "false"]);
    });
  });
}
