import { randomUUID } from "node:crypto";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** REDIS_URL, or "" when it is not set (apps/server/vitest.config.ts provides it). */
    redisUrl: string;
  }
}

// One key prefix per test file (each file has its own module instance): the files that run at the same
// time share one Redis, and must not count each other's sign-ins or hear each other's events.
const filePrefix = `toolshop-test-${randomUUID().slice(0, 8)}:`;

/** The Redis to test shared state against, and how a suite that needs it says why it is skipped. */
export function testRedis(): {
  url: string;
  /** REDIS_PREFIX for every app of this test file: they share state with each other, and only. */
  prefix: string;
  /** REDIS_URL and REDIS_PREFIX, for an app's environment. */
  env: { REDIS_URL: string; REDIS_PREFIX: string };
  skip: boolean;
  title: string;
} {
  const url = inject("redisUrl");
  return {
    url,
    prefix: filePrefix,
    env: { REDIS_URL: url, REDIS_PREFIX: filePrefix },
    skip: !url,
    title: url ? "with Redis" : "with Redis (skipped: REDIS_URL is not set)",
  };
}
