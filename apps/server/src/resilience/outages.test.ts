// PostgreSQL or Redis going away under a running server, through a TCP proxy that is cut and restored
// (the machine's own PostgreSQL and Redis stay up: other suites use them). A database outage answers
// 503 with a sentence, quickly, and heals by itself; a Redis outage degrades to per-process limits.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedis } from "../testing/redis";
import { type FreshPostgres, freshPostgres, missingBackends, testBackends } from "./support/backends";
import { type ServerProcess, startServer, stopServer, TEST_PUBLIC_URL } from "./support/server-process";
import { addCustomers, addTool, type Customer } from "./support/shop-data";
import { type CutMode, startTcpProxy, type TcpProxy, throughProxy } from "./support/tcp-proxy";

// Without an answer by then, the server is hanging instead of saying the database is away.
const ANSWER_WITHIN_MS = 12_000;
const RECOVER_WITHIN_MS = 20_000;

interface Answer {
  status: number;
  body: { message?: unknown };
  ms: number;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS + 5000) });
  const text = await response.text();
  let body: Answer["body"];
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: `(not JSON) ${text.slice(0, 200)}` };
  }
  return { status: response.status, body, ms: performance.now() - started };
}

function backendAddress(url: string) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

function targetOf(url: string) {
  const { host, port } = backendAddress(url);
  return { host, port: port || 5432 };
}

const skippedPostgres = missingBackends({ postgres: true });

describe.skipIf(skippedPostgres)(`PostgreSQL going away under a running server${skippedPostgres}`, () => {
  let database: FreshPostgres;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let dataDir: string;
  let customer: Customer;
  let toolId: string;
  beforeAll(async () => {
    database = await freshPostgres();
    proxy = await startTcpProxy(targetOf(database.url));
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-db-outage-"));
    server = await startServer({ DATABASE_URL: throughProxy(database.url, proxy), DATA_DIR: dataDir });
    [customer] = (await addCustomers(database.handle.db, 1)) as [Customer];
    toolId = (await addTool(database.handle.db, 1000)).id;
  }, 90_000);
  afterAll(async () => {
    await stopServer(server);
    await proxy?.close();
    await database?.handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const order = (quantity = 1) =>
    call(`${server.url}/api/orders`, {
      method: "POST",
      headers: { authorization: customer.authorization, "content-type": "application/json" },
      body: JSON.stringify({ toolId, address: "1 Main St", phone: "5550100", quantity }),
    });

  it.each<CutMode>(["refuse", "blackhole"])(
    "answers 503 with a sentence while the database is cut (%s), and recovers without a restart",
    async (mode) => {
      expect((await order()).status).toBe(201);

      proxy.cut(mode);
      const during = await Promise.all([
        call(`${server.url}/api/tools`),
        call(`${server.url}/api/tools/${toolId}`),
        order(),
        call(`${server.url}/api/readyz`),
        // The identity service (Better Auth) answers through the same mapping.
        call(`${server.url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: TEST_PUBLIC_URL },
          body: JSON.stringify({ email: customer.email, password: "not-the-password-1" }),
        }),
        call(`${server.url}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: TEST_PUBLIC_URL },
          body: JSON.stringify({
            name: "Cut Off",
            email: `cut-${mode}@example.com`,
            password: "Passw0rdCut",
          }),
        }),
      ]);
      for (const answer of during) {
        expect(answer.status).toBe(503);
        expect(answer.body.message).toMatch(/^[A-Z].*\.$/);
        expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
      }
      // The process itself is alive and says so.
      expect((await call(`${server.url}/api/healthz`)).status).toBe(200);

      proxy.restore();
      const restoredAt = performance.now();
      await expect
        .poll(async () => (await call(`${server.url}/api/readyz`)).status, {
          timeout: RECOVER_WITHIN_MS,
          interval: 250,
        })
        .toBe(200);
      expect(performance.now() - restoredAt).toBeLessThan(RECOVER_WITHIN_MS);
      // Every pooled connection works again, not only the one that answered the readiness check.
      const after = await Promise.all(Array.from({ length: 12 }, () => order()));
      expect(after.map((answer) => answer.status)).toEqual(Array(12).fill(201));
      expect((await call(`${server.url}/api/tools`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    },
    60_000,
  );
});

const skippedRedis = missingBackends({ postgres: true, redis: true });

describe.skipIf(skippedRedis)(`Redis going away under a running server${skippedRedis}`, () => {
  let database: FreshPostgres;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    database = await freshPostgres();
    const redisUrl = testBackends().redisUrl;
    const { host, port } = backendAddress(redisUrl);
    proxy = await startTcpProxy({ host, port: port || 6379 });
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-redis-outage-"));
    server = await startServer({
      DATABASE_URL: database.url,
      REDIS_URL: throughProxy(redisUrl, proxy),
      REDIS_PREFIX: testRedis().prefix,
      DATA_DIR: dataDir,
    });
  }, 90_000);
  afterAll(async () => {
    await stopServer(server);
    await proxy?.close();
    await database?.handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Ten sign-in attempts for one new account: nine are answered by the identity service, the tenth is limited. */
  async function tenSignIns(): Promise<Answer[]> {
    const email = `redis-outage-${randomUUID()}@example.com`;
    const answers: Answer[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      answers.push(
        await call(`${server.url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: TEST_PUBLIC_URL },
          body: JSON.stringify({ email, password: "not-the-password-1" }),
        }),
      );
    }
    return answers;
  }

  it.each<CutMode>(["refuse", "blackhole"])(
    "keeps limiting per process, without errors, while Redis is cut (%s), and shares again after",
    async (mode) => {
      proxy.cut(mode);
      const during = await tenSignIns();
      expect(during.slice(0, 9).filter((answer) => answer.status === 429 || answer.status >= 500)).toEqual(
        [],
      );
      expect(during[9]?.status).toBe(429);
      const catalogue = await call(`${server.url}/api/tools`);
      expect(catalogue.status).toBe(200);
      expect(catalogue.ms).toBeLessThan(ANSWER_WITHIN_MS);

      const reconnections = server.output().split("Redis is reachable again").length;
      proxy.restore();
      // Until the client has reconnected, counts go to this process; from then on to Redis again.
      await expect
        .poll(() => server.output().split("Redis is reachable again").length, { timeout: 15_000 })
        .toBeGreaterThan(reconnections);
      const after = await tenSignIns();
      expect(after.slice(0, 9).map((answer) => answer.status)).toEqual(Array(9).fill(401));
      expect(after[9]?.status).toBe(429);
      expect((await call(`${server.url}/api/tools`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    },
    60_000,
  );
});
