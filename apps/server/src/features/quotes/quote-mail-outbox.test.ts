// Issue 56: a quote's mails are queued in the transaction of the change that causes them (decision
// 0052's outbox). A fault injected at the mail (the database refuses the mail job) undoes the change
// with it: both are kept or neither. Queued after the commit, as they were, the request was stored, the
// offer made, accepted or declined, or the quote expired, and nobody was told.
import { orders, quoteHistory, quotes } from "@toolshop/db/schema";
import { queryRows, testDatabaseTargets } from "@toolshop/db/test-support";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool, stockOf } from "../../testing/fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { JOB_SCHEMA } from "../jobs/queue";
import { expireOffers } from "./offers";
import { appQuoteMails } from "./quote-outbox";

const SALES = "sales.outbox@example.com";
const DELIVERY = { address: "1 Trade Park", phone: "5550100" };
const REFUSED = "no mail may be queued now";

/** The messages of an error and its causes (Drizzle wraps the database's). */
const causes = (error: unknown): string =>
  error instanceof Error ? `${error.message} ${causes(error.cause)}` : "";

/** The subjects of the mails a request of `who`, then its offer, queued. */
const asked = (who: { email: string }) => `Quote request from ${who.email}`;
const OFFERED = (who: { email: string }) => [asked(who), "Your Toolshop quote: our offer"];

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`a quote's mails, queued with its change ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    beforeAll(async () => {
      // No worker: the jobs stay as queued, and no periodic sweep expires offers behind the test's back.
      t = await createTestApp(target.options, { env: { SALES_EMAIL: SALES, WORKER: "off" } });
      await t.app.ready();
      admin = await signedInCustomer(t, { role: "admin" });
      // A sequence is not rolled back with the transaction: it counts the mail jobs refused.
      await t.database.db.execute(sql.raw("create sequence refused_mail_jobs"));
      await t.database.db.execute(
        sql.raw(`create function refuse_mail_jobs() returns trigger language plpgsql as $$
          begin
            if new.name = 'mail' then
              perform nextval('refused_mail_jobs');
              raise exception '${REFUSED}';
            end if;
            return new;
          end $$`),
      );
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    const nextCount = async () =>
      Number(
        (await queryRows<{ n: string }>(t.database.db, sql`select nextval('refused_mail_jobs') as n`))[0]?.n,
      );

    /**
     * Runs `step` while the database refuses every mail job: a fault between a change and its mail, in
     * whatever transaction the job is inserted. Answers what `step` answered and how many jobs were refused.
     */
    async function withMailsRefused<T>(step: () => Promise<T>): Promise<{ outcome: T; refused: number }> {
      const before = await nextCount();
      await t.database.db.execute(
        sql.raw(`create trigger refuse_mail_jobs before insert on ${JOB_SCHEMA}.job
          for each row execute function refuse_mail_jobs()`),
      );
      try {
        const outcome = await step();
        return { outcome, refused: (await nextCount()) - before - 1 };
      } finally {
        await t.database.db.execute(sql.raw(`drop trigger refuse_mail_jobs on ${JOB_SCHEMA}.job`));
      }
    }

    /** A call whose mail was refused: it failed (500), after trying to queue exactly one mail. */
    async function refusedCall(step: () => Promise<{ statusCode: number }>) {
      const { outcome, refused } = await withMailsRefused(step);
      expect([outcome.statusCode, refused]).toEqual([500, 1]);
      return outcome;
    }

    /** The subjects of the mail jobs about the quote (its link names its id), oldest first. */
    const mailsAbout = async (quoteId: string) =>
      (
        await queryRows<{ subject: string }>(
          t.database.db,
          sql`select data -> 'mail' -> 'message' ->> 'subject' as subject
            from ${sql.raw(JOB_SCHEMA)}.job
            where name = 'mail' and strpos(data::text, ${quoteId}) > 0
            order by created_on`,
        )
      ).map((row) => row.subject);

    const stored = async (quoteId: string) => {
      const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
      const history = await t.database.db
        .select({ state: quoteHistory.state })
        .from(quoteHistory)
        .where(eq(quoteHistory.quoteId, quoteId))
        .orderBy(asc(quoteHistory.at), asc(quoteHistory.id));
      return { state: row?.state, history: history.map((entry) => entry.state) };
    };

    let address = 0;
    /** A signed-in customer's request for 20 of a tool (a customer each: requests are rate limited). */
    async function requested() {
      const customer = await signedInCustomer(t);
      const tool = await addTool(t.database.db, { priceCents: 1250, minQuantity: 1, availableQuantity: 50 });
      const response = await t.app.inject({
        method: "POST",
        url: "/api/quotes",
        payload: { lines: [{ toolId: tool.id, quantity: 20 }] },
        headers: customer.headers,
        remoteAddress: `192.0.2.${++address}`,
      });
      return { response, customer, tool };
    }

    const offer = (quoteId: string, toolId: string) =>
      call(t.app, admin, "POST", `/api/quotes/${quoteId}/offer`, {
        lines: [{ toolId, quantity: 20, unitPrice: 10 }],
      });

    async function offered() {
      const { response, customer, tool } = await requested();
      const id = response.json()._id as string;
      expect((await offer(id, tool.id)).statusCode).toBe(200);
      return { id, customer, tool };
    }

    it("stores a request only with its mail to the sales team", async () => {
      let asker: SignedInCustomer | undefined;
      await refusedCall(async () => {
        const { response, customer } = await requested();
        asker = customer;
        return response;
      });
      const theirs = await t.database.db
        .select()
        .from(quotes)
        .where(eq(quotes.userId, asker?.id ?? ""));
      expect(theirs).toEqual([]);

      const { response, customer } = await requested();
      expect(response.statusCode, response.body).toBe(201);
      expect(await mailsAbout(response.json()._id)).toEqual([asked(customer)]);
    });

    it("makes an offer only with its mail to the customer", async () => {
      const { response, customer, tool } = await requested();
      const id = response.json()._id as string;
      await refusedCall(() => offer(id, tool.id));
      expect(await stored(id)).toEqual({ state: "requested", history: ["requested"] });

      expect((await offer(id, tool.id)).statusCode).toBe(200);
      expect(await stored(id)).toEqual({ state: "offered", history: ["requested", "offered"] });
      expect(await mailsAbout(id)).toEqual([asked(customer), "Your Toolshop quote: our offer"]);
    });

    it("accepts an offer into an order only with its mail to the sales team", async () => {
      const { id, customer, tool } = await offered();
      const accept = () => call(t.app, customer, "POST", `/api/quotes/${id}/accept`, DELIVERY);
      await refusedCall(accept);
      expect((await stored(id)).state).toBe("offered");
      expect(await t.database.db.select().from(orders).where(eq(orders.quoteId, id))).toEqual([]);
      expect(await stockOf(t.database.db, tool.id)).toBe(50);

      expect((await accept()).statusCode).toBe(201);
      expect(await stockOf(t.database.db, tool.id)).toBe(30);
      expect(await mailsAbout(id)).toEqual([...OFFERED(customer), `Quote accepted by ${customer.email}`]);
    });

    it("declines an offer, or withdraws it, only with its mail", async () => {
      const declined = await offered();
      const decline = () =>
        call(t.app, declined.customer, "POST", `/api/quotes/${declined.id}/decline`, { reason: "Too dear" });
      await refusedCall(decline);
      expect((await stored(declined.id)).state).toBe("offered");
      expect((await decline()).statusCode).toBe(200);
      expect(await mailsAbout(declined.id)).toEqual([
        ...OFFERED(declined.customer),
        `Quote declined by ${declined.customer.email}`,
      ]);

      const withdrawn = await offered();
      const withdraw = () => call(t.app, admin, "POST", `/api/quotes/${withdrawn.id}/withdraw`);
      await refusedCall(withdraw);
      expect((await stored(withdrawn.id)).state).toBe("offered");
      expect((await withdraw()).statusCode).toBe(200);
      expect(await mailsAbout(withdrawn.id)).toEqual([
        ...OFFERED(withdrawn.customer),
        "Your Toolshop quote was withdrawn",
      ]);
    });

    const pastItsValidity = (id: string) =>
      t.database.db.execute(
        sql`update quotes set valid_until = now() - interval '1 minute' where id = ${id}`,
      );

    it("stores an expiry the sweep finds only with its mail to the customer", async () => {
      const { id, customer } = await offered();
      await pastItsValidity(id);
      const sweep = { db: t.database.db, quoteMails: appQuoteMails(t.app) };
      const { outcome, refused } = await withMailsRefused(() =>
        expireOffers(sweep).then(
          () => "expired",
          (error: unknown) => causes(error),
        ),
      );
      expect([outcome, refused]).toEqual([expect.stringContaining(REFUSED), 1]);
      expect(await stored(id)).toEqual({ state: "offered", history: ["requested", "offered"] });

      expect((await expireOffers(sweep)).map((quote) => quote.id)).toContain(id);
      expect((await stored(id)).state).toBe("expired");
      expect(await mailsAbout(id)).toEqual([...OFFERED(customer), "Your Toolshop quote has expired"]);
    });

    it("stores an expiry an accept finds only with its mail, then refuses the accept", async () => {
      const { id, customer } = await offered();
      await pastItsValidity(id);
      const accept = () => call(t.app, customer, "POST", `/api/quotes/${id}/accept`, DELIVERY);
      await refusedCall(accept);
      expect((await stored(id)).state).toBe("offered");

      const refused = await accept();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("This quote has expired, so it cannot be accepted.");
      expect((await stored(id)).state).toBe("expired");
      expect(await mailsAbout(id)).toEqual([...OFFERED(customer), "Your Toolshop quote has expired"]);
    });
  });
}
