import { once } from "node:events";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";

declare module "fastify" {
  interface FastifyInstance {
    /** The shared Redis when REDIS_URL is set: rate limits and revoked sessions across processes. */
    redis: Redis | undefined;
  }
}

// How long start-up waits for a first connection before serving without Redis for a while.
const FIRST_CONNECTION_WAIT_MS = 2000;

/**
 * Connects to REDIS_URL when it is set; every key starts with REDIS_PREFIX. Commands fail at once while
 * the connection is down (no offline queue), so that callers fall back to in-process state instead of
 * waiting; the client keeps reconnecting in the background.
 */
export async function registerRedis(
  app: FastifyInstance,
  redisUrl: string | undefined,
  keyPrefix: string,
): Promise<void> {
  if (!redisUrl) {
    app.decorate("redis", undefined);
    return;
  }
  // Loaded only when Redis is configured: a single process never needs its 7 MB.
  const { Redis } = await import("ioredis");
  const redis = new Redis(redisUrl, {
    // Put before every key of every command (Lua scripts' KEYS too), not before pub/sub channels.
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
  });
  let reported = false;
  redis.on("error", (error: Error) => {
    if (reported) return;
    reported = true;
    app.log.warn({ err: error }, "Redis is unreachable; shared limits fall back to this process");
  });
  redis.on("ready", () => {
    if (reported) app.log.info("Redis is reachable again");
    reported = false;
  });

  // "ready" or the first "error", whichever comes first, but no longer than the wait.
  await once(redis, "ready", { signal: AbortSignal.timeout(FIRST_CONNECTION_WAIT_MS) }).catch(
    () => undefined,
  );

  app.decorate("redis", redis);
  app.addHook("onClose", async () => {
    if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
}
