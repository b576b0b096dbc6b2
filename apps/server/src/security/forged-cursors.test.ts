// Every paged list (each GET of the OpenAPI document that takes ?cursor=) answers any cursor, sort or
// filter a client makes up with a page or a 400 sentence: never a 5xx, never an error in the log. The
// cursors start from real ones (each list's pages, under each of its enumerated filters and sorts),
// mutated at every level: base64 characters, decoded bytes, JSON values and types, and the values
// themselves (year 0, time-zone offsets, impossible dates, huge numbers, broken ids).
import { quotes, reviews } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzSeed } from "../resilience/support/fuzz-seed";
import { fuzzString } from "../resilience/support/openapi-fuzz";
import { call, type SignedInCustomer, signedInCustomer } from "../testing/api-client";
import { addTool } from "../testing/fixtures";
import { createTestApp, type TestApp } from "../testing/test-app";
import { type CursorSource, cursorMutation } from "./support/cursor-mutations";

const FUZZ_SEED = fuzzSeed(20_261_128);
const RUNS_PER_CURSOR = 60;

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: { enum?: unknown[] };
}

/** A paged list as the OpenAPI document describes it: its path and its query parameters' known values. */
interface PagedList {
  path: string;
  /** Each query parameter but cursor, with the values its schema enumerates (none for free text). */
  params: Record<string, string[]>;
}

function pagedLists(document: {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
}) {
  const lists: PagedList[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    const query = (operations.get?.parameters ?? []).filter((parameter) => parameter.in === "query");
    if (!query.some((parameter) => parameter.name === "cursor")) continue;
    const params: Record<string, string[]> = {};
    for (const parameter of query) {
      if (parameter.name === "cursor") continue;
      params[parameter.name] = (parameter.schema?.enum ?? []).map(String);
    }
    lists.push({ path, params });
  }
  return lists;
}

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(
    `forged cursors, sorts and filters on every paged list ${target.title}`,
    () => {
      let t: TestApp;
      let admin: SignedInCustomer;
      let customer: SignedInCustomer;
      const errorLines: string[] = [];

      beforeAll(async () => {
        t = await createTestApp(target.options, {
          env: { LOG_LEVEL: "error" },
          logDestination: { write: (line) => errorLines.push(line) },
        });
        const db = t.database.db;
        admin = await signedInCustomer(t, { role: "admin" });
        customer = await signedInCustomer(t);
        // Two rows at least in every list, so that a page of one has a next page's cursor.
        const tool = await addTool(db);
        await addTool(db, { priceCents: 990 });
        for (const address of ["1 Main St", "2 Main St"]) {
          const order = await call(t.app, customer, "POST", "/api/orders", {
            toolId: tool.id,
            address,
            phone: "5550100",
            quantity: 2,
          });
          expect(order.statusCode, order.body).toBe(201);
        }
        await db.insert(quotes).values([
          { name: "Ann", email: "ann@example.com", message: "Ten pliers?" },
          { name: "Bob", email: "bob@example.com", message: "A drill?", handled: true },
          // The admin's own, for My quotes (the list every call here makes as the admin).
          { name: "Ada", email: admin.email, message: "Five levels?", userId: admin.id },
          { name: "Ada", email: admin.email, message: "Two saws?", userId: admin.id },
        ]);
        await db.insert(reviews).values([
          { name: "Ann", email: "ann@example.com", rating: 5, comment: "Good" },
          { name: "Bob", email: "bob@example.com", rating: 2, comment: "Meh", hidden: true },
        ]);
      });
      afterAll(async () => {
        await t?.close();
      });

      const urlOf = (list: PagedList, params: Record<string, string>) => {
        const path = list.path.replace("{email}", encodeURIComponent(customer.email));
        const search = new URLSearchParams(params).toString();
        return search ? `${path}?${search}` : path;
      };

      /** The cursors the list gives: its first pages of one row, alone and under each enumerated value. */
      async function realCursors(list: PagedList): Promise<CursorSource[]> {
        const queries: Record<string, string>[] = [{ limit: "1" }];
        for (const [name, values] of Object.entries(list.params)) {
          for (const value of values) queries.push({ limit: "1", [name]: value });
        }
        const sources: CursorSource[] = [];
        for (const query of queries) {
          const response = await call(t.app, admin, "GET", urlOf(list, query));
          expect(response.statusCode, `${urlOf(list, query)}: ${response.body}`).toBe(200);
          const cursor = response.headers[NEXT_CURSOR_HEADER] ?? response.json().nextCursor;
          if (typeof cursor === "string") sources.push({ cursor, query });
        }
        return sources;
      }

      it("answers every mutated cursor and made-up parameter with a page or a 400 sentence", async () => {
        const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
        const lists = pagedLists(document);
        // Tools search, my orders, Manage Orders, users, quote requests, my quotes, review moderation.
        expect(lists.map((list) => list.path).sort()).toEqual([
          "/api/orders",
          "/api/orders/{email}",
          "/api/quotes",
          "/api/quotes/mine",
          "/api/reviews",
          "/api/tools/search",
          "/api/user",
        ]);
        // Each sort and filter value the document enumerates gives its own real cursors.
        expect(lists.find((list) => list.path === "/api/tools/search")?.params.sort).toContain("newest");
        let seed = FUZZ_SEED;
        const failures: string[] = [];
        for (const list of lists) {
          const sources = await realCursors(list);
          expect(sources.length, list.path).toBeGreaterThan(0);
          // Now and then another sort or filter, known or made up, beside the cursor.
          const otherParams = fc.oneof(
            { weight: 3, arbitrary: fc.constant({}) },
            fc.dictionary(
              fc.constantFrom(...Object.keys(list.params)),
              fc.oneof(
                fc.constantFrom(...Object.values(list.params).flat(), "0", "-1", "1e309", "9".repeat(30)),
                fuzzString(),
              ),
              { maxKeys: 2 },
            ),
          );
          for (const source of sources) {
            const requests = fc
              .record({ cursor: cursorMutation(source.cursor), other: otherParams })
              .map(({ cursor, other }) => urlOf(list, { ...source.query, ...other, cursor }));
            // Each cursor's first failure (shrunk), so that one run names every list that fails.
            const details = await fc.check(
              fc.asyncProperty(requests, async (url) => {
                const response = await call(t.app, admin, "GET", url);
                const what = `${url.slice(0, 400)} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
                expect([200, 400], what).toContain(response.statusCode);
                if (response.statusCode === 400)
                  expect(response.json().message, what).toMatch(/^[A-Z\w].{8,}$/);
              }),
              { numRuns: RUNS_PER_CURSOR, seed: seed++ },
            );
            if (details.failed) failures.push(String(details.errorInstance).split("\n")[0] ?? "");
          }
        }
        expect(failures).toEqual([]);
        expect(errorLines).toEqual([]);
      }, 120_000);
    },
  );
}
