import { describe, expect, it } from "vitest";
import { openPostgres } from "./client";
import { testDatabaseTargets } from "./test-support";
import { createTestDatabase } from "./testing";

const postgres = testDatabaseTargets().find((target) => target.options.kind === "postgres");

describe.skipIf(!postgres || postgres.skip)(`the PostgreSQL pool ${postgres?.title}`, () => {
  it("survives the server ending a connection that is checked out, and reports it", async () => {
    const template = await createTestDatabase(postgres?.options ?? { kind: "postgres" });
    if (template.kind !== "postgres") throw new Error("expected PostgreSQL");
    const reported: Error[] = [];
    const handle = await openPostgres(String(template.client.options.connectionString), (error) =>
      reported.push(error),
    );
    if (handle.kind !== "postgres") throw new Error("expected PostgreSQL");
    try {
      const connection = await handle.client.connect();
      const { rows } = await connection.query<{ pid: number }>("select pg_backend_pid() as pid");
      // Without a listener on the checked-out connection, this would be an uncaught exception.
      await template.client.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
      await expect.poll(() => reported.length).toBeGreaterThan(0);
      connection.release(true);
      await expect(handle.ping()).resolves.toBeUndefined();
    } finally {
      await handle.close();
      await template.close();
    }
  });
});
