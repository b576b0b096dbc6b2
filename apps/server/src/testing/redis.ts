import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** REDIS_URL, or "" when it is not set (apps/server/vitest.config.ts provides it). */
    redisUrl: string;
  }
}

/** The Redis to test shared state against, and how a suite that needs it says why it is skipped. */
export function testRedis(): { url: string; skip: boolean; title: string } {
  const url = inject("redisUrl");
  return { url, skip: !url, title: url ? "with Redis" : "with Redis (skipped: REDIS_URL is not set)" };
}
