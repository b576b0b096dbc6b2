// Back-in-stock alerts (issue 58, decision 0059): a sold-out tool's "Email me when it is back" mails
// once when the stock covers a minimum order again (the admin's edit, an order's cancellation), only
// to a proven address, and never before; its links prove and stop, each usable as meant only.
import { stockAlerts, tools } from "@toolshop/db/schema";
import { testDatabaseTargets } from "@toolshop/db/test-support";
import { stockAlertSentences } from "@toolshop/shared/stock-alerts";
import { toolDiscontinued } from "@toolshop/shared/tool-relations";
import type { Tool } from "@toolshop/shared/tools";
import { stringify } from "csv-stringify/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../lib/csv";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { addTool } from "../../testing/fixtures";
import { allOutboxMails, linkIn, outboxMailTo, uniqueEmail } from "../../testing/identity-client";
import { proveAddress } from "../../testing/proven-address";
import { createTestApp, type TestApp } from "../../testing/test-app";

const DELIVERY = { address: "1 Trade Park", phone: "5550100" };

for (const target of testDatabaseTargets()) {
  describe.skipIf(target.skip)(`back-in-stock alerts ${target.title}`, () => {
    let t: TestApp;
    let admin: SignedInCustomer;
    let ip = 10;
    beforeAll(async () => {
      t = await createTestApp(target.options);
      admin = await signedInCustomer(t, { role: "admin" });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    /** A sold-out tool: fewer units than its minimum order of 2. */
    const soldOutTool = (name: string) =>
      addTool(t.database.db, { minQuantity: 2, availableQuantity: 1 }).then(async (tool) => {
        await t.database.db.execute(`update tools set name = '${name}' where id = '${tool.id}'`);
        return tool;
      });

    /** A visitor's request, each from an address of its own so that no limit is met. */
    const ask = (payload: object, who?: SignedInCustomer) =>
      t.app.inject({
        method: "POST",
        url: "/api/stock-alerts",
        remoteAddress: `198.51.100.${ip++}`,
        headers: who?.headers ?? {},
        payload,
      });
    const openLink = (kind: "confirm" | "unsubscribe", link: string) =>
      call(t.app, undefined, "POST", `/api/stock-alerts/${kind}`, {
        token: new URL(link).searchParams.get("token"),
      });

    /** The admin's edit of the stock, as the form sends it. */
    async function setStock(toolId: string, availableQuantity: number) {
      const tool = (await t.app.inject({ method: "GET", url: `/api/tools/${toolId}` })).json() as Tool;
      const { sku, name, short, image, price, minQuantity } = tool;
      const edit = await call(t.app, admin, "PATCH", `/api/tools/${toolId}`, {
        sku,
        name,
        short,
        image,
        price,
        minQuantity,
        category: tool.category.slug,
        availableQuantity,
        previousAvailableQuantity: tool.availableQuantity,
      });
      expect(edit.statusCode, edit.body).toBe(200);
    }
    const alertsOf = (email: string) =>
      t.database.db.select().from(stockAlerts).where(eq(stockAlerts.email, email));
    const mailsTo = async (email: string, subject: string) =>
      (await allOutboxMails(t.dataDir)).filter(
        (mail) => mail.includes(`To: ${email}`) && mail.includes(`Subject: ${subject}`),
      );

    it("mails a visitor once when the stock covers a minimum order, only after the proof", async () => {
      const tool = await soldOutTool("Alert Pliers");
      const email = uniqueEmail("visitor");
      const asked = await ask({ toolId: tool.id, email: email.toUpperCase() });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json()).toEqual({ message: stockAlertSentences.proofMailed(email), proofMailed: true });
      const proof = await outboxMailTo(t.dataDir, email, "Confirm your alert for Alert Pliers");

      // Back in stock before the proof: nothing is sent to an address nobody proved.
      await setStock(tool.id, 50);
      expect((await alertsOf(email)).map((alert) => alert.notifiedAt)).toEqual([null]);
      await setStock(tool.id, 0);

      const confirmed = await openLink("confirm", linkIn(proof, "/stock-alerts/confirm"));
      expect(confirmed.json()).toEqual({ message: stockAlertSentences.confirmed("Alert Pliers") });
      // One unit more is still less than a minimum order: no mail yet.
      await setStock(tool.id, 1);
      expect((await alertsOf(email))[0]?.notifiedAt).toBeNull();

      await setStock(tool.id, 40);
      const back = await outboxMailTo(t.dataDir, email, "Alert Pliers is back in stock");
      expect(linkIn(back, "/tools/")).toContain(`/tools/${tool.id}`);
      // Sold out and back again: the alert was for one mail.
      await setStock(tool.id, 0);
      await setStock(tool.id, 30);
      expect(await mailsTo(email, "Alert Pliers is back in stock")).toHaveLength(1);
      // The proof link was used up by the mail (a new token went with it).
      expect((await openLink("confirm", linkIn(proof, "/stock-alerts/confirm"))).statusCode).toBe(400);
    });

    it("mails at once a proof opened after the tool came back", async () => {
      const tool = await soldOutTool("Late Proof Saw");
      const email = uniqueEmail("late");
      expect((await ask({ toolId: tool.id, email })).statusCode).toBe(202);
      const proof = await outboxMailTo(t.dataDir, email, "Confirm your alert");
      await setStock(tool.id, 10);
      const confirmed = await openLink("confirm", linkIn(proof, "/stock-alerts/confirm"));
      expect(confirmed.json()).toEqual({ message: stockAlertSentences.confirmedInStock("Late Proof Saw") });
      await outboxMailTo(t.dataDir, email, "Late Proof Saw is back in stock");
    });

    it("keeps a proven account's alert without a mail, counts it for the owner, and mails it when a cancelled order brings the stock back", async () => {
      const tool = await addTool(t.database.db, { minQuantity: 5, availableQuantity: 5 });
      const buyer = await signedInCustomer(t);
      const order = await call(t.app, buyer, "POST", "/api/orders", {
        toolId: tool.id,
        quantity: 5,
        ...DELIVERY,
      });
      expect(order.statusCode, order.body).toBe(201);

      const waiter = await signedInCustomer(t);
      await proveAddress(t.database.db, waiter.email);
      // The account's address, whatever the body says.
      const asked = await ask({ toolId: tool.id, email: "someone.else@example.com" }, waiter);
      expect(asked.json()).toEqual({
        message: stockAlertSentences.alertSet(waiter.email, "Test Pliers"),
        proofMailed: false,
      });
      expect(await alertsOf("someone.else@example.com")).toEqual([]);
      const waiting = await call(t.app, admin, "GET", "/api/stock-alerts/waiting");
      expect(waiting.json()).toContainEqual({ toolId: tool.id, waiting: 1 });
      expect((await call(t.app, waiter, "GET", "/api/stock-alerts/waiting")).statusCode).toBe(403);

      const cancelled = await call(t.app, admin, "POST", `/api/orders/${order.json()._id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await outboxMailTo(t.dataDir, waiter.email, "Test Pliers is back in stock");
      const after = await call(t.app, admin, "GET", "/api/stock-alerts/waiting");
      expect(after.json()).not.toContainEqual(expect.objectContaining({ toolId: tool.id }));
    });

    it("answers an address that waits already as a new one, and tells it so by mail", async () => {
      const tool = await soldOutTool("Twice Asked Level");
      const email = uniqueEmail("twice");
      const first = await ask({ toolId: tool.id, email });
      await openLink("confirm", linkIn(await outboxMailTo(t.dataDir, email, "Confirm"), "/confirm"));
      const second = await ask({ toolId: tool.id, email });
      expect(second.json()).toEqual(first.json());
      await outboxMailTo(t.dataDir, email, "You are on the list for Twice Asked Level");
      expect(await alertsOf(email)).toHaveLength(1);
    });

    it("stops every open alert of the address from any mail's link", async () => {
      const [saw, drill] = [await soldOutTool("Stop Saw"), await soldOutTool("Stop Drill")];
      const email = uniqueEmail("stop");
      await ask({ toolId: saw.id, email });
      const proof = await outboxMailTo(t.dataDir, email, "Confirm your alert for Stop Saw");
      await ask({ toolId: drill.id, email });
      await openLink(
        "confirm",
        linkIn(await outboxMailTo(t.dataDir, email, "Confirm your alert for Stop Drill"), "/confirm"),
      );
      const stopped = await openLink("unsubscribe", linkIn(proof, "/stock-alerts/unsubscribe"));
      expect(stopped.json()).toEqual({ message: stockAlertSentences.unsubscribed(email) });
      expect(await alertsOf(email)).toEqual([]);
      await setStock(drill.id, 20);
      expect(await alertsOf(email)).toEqual([]);
    });

    it("mails with the catalogue import that brings the tool back", async () => {
      const tool = await soldOutTool("Imported Stripper");
      const email = uniqueEmail("import");
      await ask({ toolId: tool.id, email });
      await openLink("confirm", linkIn(await outboxMailTo(t.dataDir, email, "Confirm"), "/confirm"));
      const exported = await call(t.app, admin, "GET", "/api/tools/export.csv");
      const [header, ...rows] = parseCsv(exported.body, 10_000).map((record) => record.cells);
      const stock = header?.indexOf("stock") ?? -1;
      const edited = rows.map((row) => (row[0] === tool.id ? row.with(stock, "60") : row));
      const imported = await t.app.inject({
        method: "POST",
        url: "/api/tools/import?dryRun=false",
        payload: stringify([header ?? [], ...edited]),
        headers: { ...admin.headers, "content-type": "text/csv" },
      });
      expect(imported.statusCode, imported.body).toBe(200);
      await outboxMailTo(t.dataDir, email, "Imported Stripper is back in stock");
    });

    it("refuses a tool in stock, an unknown tool, a visitor without an address, a forged link and a hostile value", async () => {
      const inStock = await addTool(t.database.db, { minQuantity: 1, availableQuantity: 3 });
      const refused = await ask({ toolId: inStock.id, email: uniqueEmail("in") });
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        stockAlertSentences.inStock("Test Pliers"),
      ]);
      const unknown = await ask({ toolId: "00000000-0000-4000-8000-000000000000", email: uniqueEmail("x") });
      expect(unknown.statusCode).toBe(404);
      const gone = await soldOutTool("Retired Stripper");
      await t.database.db.update(tools).set({ discontinued: true }).where(eq(tools.id, gone.id));
      const retired = await ask({ toolId: gone.id, email: uniqueEmail("gone") });
      expect([retired.statusCode, retired.json().message]).toEqual([
        409,
        toolDiscontinued("Retired Stripper"),
      ]);
      const soldOut = await soldOutTool("Hostile Tape");
      expect((await ask({ toolId: soldOut.id })).statusCode).toBe(400);
      // Over the address's cap: the schema's 400; far over any body of this route: refused unread.
      const capped = await ask({ toolId: soldOut.id, email: `${"a".repeat(300)}@example.com` });
      expect(capped.statusCode).toBe(400);
      const huge = await ask({ toolId: soldOut.id, email: `${"a".repeat(100_000)}@example.com` });
      expect(huge.statusCode).toBe(413);
      for (const token of ["A".repeat(43), "short", "'; drop table stock_alerts; --".padEnd(43, "x")]) {
        const forged = await call(t.app, undefined, "POST", "/api/stock-alerts/confirm", { token });
        expect(forged.statusCode, token).toBe(400);
      }
      expect((await call(t.app, undefined, "GET", "/api/stock-alerts/waiting")).statusCode).toBe(401);
    });

    it("mails an alert once when a confirmation and a restock race", async () => {
      const tool = await soldOutTool("Race Crimper");
      const email = uniqueEmail("race");
      await ask({ toolId: tool.id, email });
      const proof = await outboxMailTo(t.dataDir, email, "Confirm your alert");
      await Promise.all([openLink("confirm", linkIn(proof, "/confirm")), setStock(tool.id, 25)]);
      // Whichever came second: the restock found the alert proven, or the proof found the stock back.
      const back = await outboxMailTo(t.dataDir, email, "Race Crimper is back in stock");
      expect(back).toBeTruthy();
      await setStock(tool.id, 0);
      await setStock(tool.id, 30);
      expect(await mailsTo(email, "Race Crimper is back in stock")).toHaveLength(1);
    });
  });
}
