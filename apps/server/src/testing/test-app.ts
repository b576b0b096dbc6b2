import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { DatabaseHandle } from "@toolshop/db/client";
import { createTestDatabase, type TestDatabaseOptions } from "@toolshop/db/testing";
import type { FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp } from "../app";
import { loadConfig } from "../env";

const TEST_SECRET = "test-secret-that-is-at-least-32-characters";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A fresh DATA_DIR, removed by close(). */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Defaults to a folder that does not exist: no web build. */
  webDistDir?: string;
  /**
   * A web build of these files, by path in it ("index.html", "assets/index-abc.js"): written to a
   * folder of the DATA_DIR, which is the webDistDir then.
   */
  webBuild?: Record<string, string>;
  /** Extra environment variables for loadConfig. */
  env?: Record<string, string>;
  rateLimitWindowMs?: BuildAppOptions["rateLimitWindowMs"];
  logDestination?: BuildAppOptions["logDestination"];
  paymentGateway?: BuildAppOptions["paymentGateway"];
}

/** The app on a fresh, migrated, empty database of the given kind, silent, for `app.inject`. */
export async function createTestApp(
  target: TestDatabaseOptions,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), "toolshop-server-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_SECRET,
    ...options.env,
  });
  const webDistDir = options.webBuild
    ? await writeWebBuild(join(dataDir, "web-build"), options.webBuild)
    : (options.webDistDir ?? join(dataDir, "no-web-build"));
  const database = await createTestDatabase(target);
  const app = await buildApp({
    config: { ...config, authSecret: TEST_SECRET },
    database,
    webDistDir,
    rateLimitWindowMs: options.rateLimitWindowMs,
    logDestination: options.logDestination,
    paymentGateway: options.paymentGateway,
  });
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function writeWebBuild(dir: string, files: Record<string, string>): Promise<string> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}
