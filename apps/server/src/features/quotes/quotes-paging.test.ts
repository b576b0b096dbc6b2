// GET /api/quotes one page at a time (issue 13): keyset cursor newest first, prefix search, and the
// filter by lifecycle state (issue 49), where an offer past its validity counts as expired.
import { quotes } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

interface Listed {
  _id: string;
  name: string;
  email: string;
  company: string;
  state: string;
  createdAt: string;
}

const cursorOf = (text: string) => Buffer.from(text, "utf8").toString("base64url");

const FUTURE = new Date("2999-01-01T00:00:00Z");
const PAST = new Date("2000-01-01T00:00:00Z");

/**
 * Request i's state: 1, 4, 7, 10 requested; 2, 5, 8, 11 declined; 0, 3, 6 offered; 9 stored expired
 * and 12 offered but past its validity (expired, whether or not the sweep has stored it so yet).
 */
function stateOf(i: number): Pick<typeof quotes.$inferInsert, "state" | "validUntil"> {
  if (i % 3 === 1) return { state: "requested", validUntil: null };
  if (i % 3 === 2) return { state: "declined", validUntil: FUTURE };
  if (i === 9) return { state: "expired", validUntil: PAST };
  return { state: "offered", validUntil: i === 12 ? PAST : FUTURE };
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`quotes paging ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let customer: SignedInCustomer;
    // Each run's rows carry their own tag, so the searches below see only them.
    const tag = `pg${Date.now().toString(36)}`;

    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
      customer = await signedInCustomer(t);
      // 13 requests; several share one created_at to the microsecond, so only the id breaks the tie.
      await t.database.db.insert(quotes).values(
        Array.from({ length: 13 }, (_, i) => ({
          name: i % 2 === 0 ? `Zoe ${tag} ${i}` : `Adam ${i}`,
          email: `${tag}.${i}@example.com`,
          company: i % 3 === 0 ? `${tag.toUpperCase()} Works` : null,
          message: `Request ${i}`,
          ...stateOf(i),
          createdAt: sql`timestamptz '2001-01-01 00:00:00.000001+00' + ${i % 5} * interval '1 microsecond'`,
        })),
      );
    });
    afterAll(async () => {
      await t?.close();
    });

    const get = (url: string, who: SignedInCustomer | undefined = admin) => call(t.app, who, "GET", url);

    /** Follows X-Next-Cursor from the first page to the last; answers every page's rows. */
    async function allPages(query: string, between?: () => Promise<void>): Promise<Listed[][]> {
      const pages: Listed[][] = [];
      let cursor: string | undefined;
      do {
        const separator = query ? "&" : "";
        const url = `/api/quotes?${query}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ""}`;
        const response = await get(url);
        expect(response.statusCode, response.body).toBe(200);
        pages.push(response.json());
        cursor = response.headers[NEXT_CURSOR_HEADER] as string | undefined;
        await between?.();
      } while (cursor);
      return pages;
    }

    it("visits every request exactly once, newest first, even when new ones arrive between pages", async () => {
      const before = await t.database.db.select({ id: quotes.id }).from(quotes);
      let arrived = 0;
      const pages = await allPages("limit=4", async () => {
        arrived++;
        await t.database.db
          .insert(quotes)
          .values({ name: "Late", email: `late${arrived}.${tag}@example.com`, message: "late" });
      });
      const seen = pages.flat().map((quote) => quote._id);
      expect(pages.length).toBeGreaterThan(2);
      expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
      expect(new Set(seen).size).toBe(seen.length);
      // Requests that arrived after the first page are newer than the cursor: not in later pages.
      expect(seen.sort()).toEqual(before.map((row) => row.id).sort());
    });

    it("orders ties on created_at by id, and pages a search the same way", async () => {
      const pages = await allPages(`q=${tag}.&limit=3`);
      const listed = pages.flat();
      expect(listed).toHaveLength(13);
      expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 3, 1]);
      // Same millisecond in JSON: the database orders the microseconds first, then the id, both descending.
      const expected = await t.database.db
        .select({ id: quotes.id })
        .from(quotes)
        .where(sql`${quotes.email} like ${`${tag}.%`}`)
        .orderBy(sql`${quotes.createdAt} desc, ${quotes.id} desc`);
      expect(listed.map((quote) => quote._id)).toEqual(expected.map((row) => row.id));
      expect(new Set(listed.map((quote) => quote.createdAt)).size).toBe(1);
    });

    it("searches the email, the name and the company by prefix, in any case, and filters by state", async () => {
      const names = async (query: string) => {
        const response = await get(`/api/quotes?${query}&limit=100`);
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as Listed[]).map((quote) => quote.email).sort();
      };
      const emails = (indexes: number[]) => indexes.map((i) => `${tag}.${i}@example.com`).sort();
      // The name "Zoe <tag> i" starts with "zoe <tag>": the even ones.
      expect(await names(`q=${encodeURIComponent(`ZOE ${tag}`)}`)).toEqual(emails([0, 2, 4, 6, 8, 10, 12]));
      // The company "<TAG> Works": every third; the email prefix matches all 13.
      expect(await names(`q=${tag.toUpperCase()}%20w`)).toEqual(emails([0, 3, 6, 9, 12]));
      expect(await names(`q=${tag}.1`)).toEqual(emails([1, 10, 11, 12]));
      expect(await names(`q=${tag}.&state=requested`)).toEqual(emails([1, 4, 7, 10]));
      expect(await names(`q=${tag}.&state=declined`)).toEqual(emails([2, 5, 8, 11]));
      expect(await names(`q=${tag}.&state=offered`)).toEqual(emails([0, 3, 6]));
      expect(await names(`q=${tag}.&state=expired`)).toEqual(emails([9, 12]));
      expect(await names(`q=${tag}.&state=withdrawn`)).toEqual([]);
      expect(await names(`q=${encodeURIComponent(`ZOE ${tag}`)}&state=offered`)).toEqual(emails([0, 6]));
      // LIKE's wildcards are searched literally, and a text in the middle is no prefix.
      expect(await names("q=%25")).toEqual([]);
      expect(await names(`q=_${tag.slice(1)}`)).toEqual([]);
      expect(await names("q=example.com")).toEqual([]);
    });

    it("pages a state by keyset: each quote in it once, in the unfiltered list's order", async () => {
      const order = (await allPages(`q=${tag}.&limit=100`)).flat().map((quote) => quote._id);
      for (const [state, count] of [
        ["declined", 4],
        ["expired", 2],
        ["offered", 3],
      ] as const) {
        const pages = await allPages(`q=${tag}.&state=${state}&limit=1`);
        expect(pages.map((page) => page.length)).toEqual(Array.from({ length: count }, () => 1));
        const listed = pages.flat().map((quote) => quote._id);
        // The filter keeps the list's order (created_at, then id, both descending): ties included.
        expect(listed).toEqual(order.filter((id) => listed.includes(id)));
        expect(pages.flat().every((quote) => quote.state === state)).toBe(true);
      }
    });

    it("refuses a forged cursor, a bad limit, state or search with a sentence (400)", async () => {
      const uuid = "00000000-0000-4000-8000-000000000000";
      const hostile = [
        "cursor=garbage",
        `cursor=${cursorOf(`2031-01-01 00:00:00|${uuid}`)}`,
        `cursor=${cursorOf(JSON.stringify(["0000-01-01T00:00:00.000000Z", uuid]))}`,
        `cursor=${cursorOf(JSON.stringify(["2031-01-01T00:00:00.000000+01:00", uuid]))}`,
        `cursor=${cursorOf(JSON.stringify(["2031-01-01T00:00:00.000000Z", "'; drop table quotes; --"]))}`,
        `cursor=${cursorOf(JSON.stringify(["2031-01-01T00:00:00.000000Z", uuid, 1]))}`,
        `cursor=${"a".repeat(401)}`,
        "limit=0",
        "limit=101",
        "limit=1000000000",
        "limit=-1",
        "limit=2.5",
        "limit=ten",
        "state=OFFERED",
        "state=open",
        "state=handled",
        `q=${"a".repeat(255)}`,
        "q=a%0D%0Ab",
      ];
      for (const query of hostile) {
        const response = await get(`/api/quotes?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toMatch(/[A-Z][a-z]+ [a-z].{8,}/);
      }
      // A well-formed cursor past the oldest request is simply the end.
      const end = await get(
        `/api/quotes?cursor=${cursorOf(JSON.stringify(["1970-01-01T00:00:00.000000Z", uuid]))}`,
      );
      expect(end.statusCode).toBe(200);
      expect(end.json()).toEqual([]);
      expect(end.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    });

    it("answers 401 without a token and 403 to a customer, whatever the query", async () => {
      for (const query of ["", "?q=a", "?cursor=garbage&limit=0"]) {
        expect((await call(t.app, undefined, "GET", `/api/quotes${query}`)).statusCode, query).toBe(401);
        const refused = await get(`/api/quotes${query}`, customer);
        expect(refused.statusCode, query).toBe(403);
        expect(refused.body).not.toContain(tag);
      }
    });
  });
}
