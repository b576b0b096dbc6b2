// A promotion or a revocation is logged as a security event: who, whom, from where, which request.
// Independent of the database kind, so it runs on PGlite only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type SignedInCustomer, signedInCustomer } from "../../testing/api-client";
import { createTestApp, type TestApp } from "../../testing/test-app";

describe("role changes in the log", () => {
  const logLines: string[] = [];
  let t: TestApp;
  let admin: SignedInCustomer;
  beforeAll(async () => {
    t = await createTestApp(
      { kind: "pglite" },
      { env: { LOG_LEVEL: "info" }, logDestination: { write: (line) => logLines.push(line) } },
    );
    admin = await signedInCustomer(t, { role: "admin" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("names the actor, the target, the address and the request id", async () => {
    const customer = await signedInCustomer(t);
    const url = `/api/user/admin/${encodeURIComponent(customer.email)}`;
    expect((await call(t.app, admin, "PUT", url)).statusCode).toBe(200);
    expect((await call(t.app, admin, "DELETE", url)).statusCode).toBe(200);
    const events = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.event);
    expect(events).toEqual([
      expect.objectContaining({
        event: "admin.promoted",
        actor: admin.email,
        target: customer.email,
        ip: "127.0.0.1",
      }),
      expect.objectContaining({
        event: "admin.revoked",
        actor: admin.email,
        target: customer.email,
        ip: "127.0.0.1",
      }),
    ]);
    for (const event of events) expect(event.reqId).toBeTruthy();
  });
});
