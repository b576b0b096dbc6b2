// Two server processes on one PostgreSQL without AUTH_SECRET, each with its own DATA_DIR: the secret
// they generate is one row of the database, so a session or access token from one is good on the other.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generatedSecrets } from "@toolshop/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../testing/identity-client";
import { type FreshPostgres, freshPostgres, missingBackends } from "./support/backends";
import { type ServerProcess, startServer, stopServer, TEST_PUBLIC_URL } from "./support/server-process";

const skipped = missingBackends({ postgres: true });

/** A browser's cookie jar against real processes: the cookies of every answer, sent with each request. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async request(url: string, init: { method: string; body?: unknown; token?: string }) {
    const headers: Record<string, string> = { origin: TEST_PUBLIC_URL };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(url, {
      method: init.method,
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const separator = pair.indexOf("=");
      this.cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    return response;
  }
}

describe.skipIf(skipped)(`two processes on one PostgreSQL without AUTH_SECRET${skipped}`, () => {
  let database: FreshPostgres;
  let servers: ServerProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await freshPostgres();
    for (const label of ["a", "b"]) dataDirs.push(await mkdtemp(join(tmpdir(), `toolshop-secret-${label}-`)));
    // An empty AUTH_SECRET counts as unset (env.ts); no Redis: nothing else is shared.
    servers = await Promise.all(
      dataDirs.map((dataDir) =>
        startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir, AUTH_SECRET: "" }),
      ),
    );
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await database?.handle.close();
    await Promise.all(dataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true })));
  });

  it("accepts on each process the session cookie and the access token the other one issued", async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const email = uniqueEmail("two-secrets");
    const browser = new Browser();
    const password = "Chisel2024xyz";
    const signUp = await browser.request(`${first.url}/api/auth/sign-up/email`, {
      method: "POST",
      body: { name: "Two Processes", email, password },
    });
    expect(signUp.status).toBe(200);
    const signIn = await browser.request(`${first.url}/api/auth/sign-in/email`, {
      method: "POST",
      body: { email, password },
    });
    expect(signIn.status).toBe(200);

    // The session cookie signed by the first process gets a token from the second...
    const issued = await browser.request(`${second.url}/api/user/${encodeURIComponent(email)}`, {
      method: "PUT",
    });
    expect(issued.status).toBe(200);
    const { accessToken } = (await issued.json()) as { accessToken: string };
    // ... which the first process accepts, and the first's token the second.
    const onFirst = await browser.request(`${first.url}/api/admin/${encodeURIComponent(email)}`, {
      method: "GET",
      token: accessToken,
    });
    expect(onFirst.status).toBe(200);
    const fromFirst = await browser.request(`${first.url}/api/user/${encodeURIComponent(email)}`, {
      method: "PUT",
    });
    const firstToken = ((await fromFirst.json()) as { accessToken: string }).accessToken;
    const onSecond = await browser.request(`${second.url}/api/admin/${encodeURIComponent(email)}`, {
      method: "GET",
      token: firstToken,
    });
    expect(onSecond.status).toBe(200);
  }, 60_000);

  it("keeps the one secret in the database and none in either DATA_DIR", async () => {
    const rows = await database.handle.db.select().from(generatedSecrets);
    expect(rows.map((row) => row.name)).toEqual(["auth"]);
    expect(rows[0]?.secret).toMatch(/^[\w-]{43}$/);
    for (const dataDir of dataDirs) {
      await expect(stat(join(dataDir, "secret"))).rejects.toThrow(/ENOENT/);
    }
  });
});
