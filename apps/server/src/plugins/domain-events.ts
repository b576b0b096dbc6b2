// The app's domain event bus (lib/domain-events.ts) and its Redis transport: with REDIS_URL, every
// published event also goes out on one pub/sub channel, and each process runs its every-process
// subscribers for the events the others published (docs/decisions/0009-domain-events.md).
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance } from "fastify";
import {
  createEventBus,
  type DomainEvent,
  type DomainEventBus,
  isDomainEventType,
} from "../lib/domain-events";

export interface DomainEvents extends DomainEventBus {
  /**
   * "single-process" without REDIS_URL; "shared" while other processes' events reach this one;
   * "degraded" while they cannot (Redis is down): state kept from them must then not be trusted long.
   */
  readonly mode: "single-process" | "shared" | "degraded";
  /**
   * Called each time this process starts hearing the others again (the first time too): events
   * published in between were lost, so whatever was derived from them must be rebuilt.
   */
  onResubscribed(listener: () => void): void;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Publish after commit, subscribe for the side effects (lib/domain-events.ts). */
    events: DomainEvents;
  }
}

/** The pub/sub channel of the shop whose keys start with `redisPrefix` (REDIS_PREFIX). */
export const domainEventsChannel = (redisPrefix: string) => `${redisPrefix}domain-events`;

// Start-up waits this long for the subscriber before running degraded (as plugins/redis.ts).
const FIRST_SUBSCRIBE_WAIT_MS = 2000;

/** What goes over the channel: the event and the process that published it. */
interface Envelope {
  origin: string;
  event: DomainEvent;
}

/** Decorates `app.events`; with a REDIS_URL it needs `app.redis` (plugins/redis.ts) to publish with. */
export async function registerDomainEvents(
  app: FastifyInstance,
  redisUrl: string | undefined,
  redisPrefix: string,
): Promise<void> {
  const channel = domainEventsChannel(redisPrefix);
  // This process's own events come back on the channel: it has already run them.
  const origin = randomUUID();
  const redis = redisUrl ? app.redis : undefined;
  const bus = createEventBus(
    app.log,
    redis &&
      (async (event) => {
        await redis.publish(channel, JSON.stringify({ origin, event } satisfies Envelope));
      }),
  );
  const resubscribed = new Set<() => void>();

  const onMessage = (message: string) => {
    const envelope = parse(message);
    if (!envelope) {
      app.log.warn("domain events: ignored a message that is not an event");
      return;
    }
    if (envelope.origin !== origin) void bus.deliverRemote(envelope.event);
  };
  const onSubscribed = () => {
    for (const listener of resubscribed) listener();
  };
  const subscriber = redisUrl ? await subscribe(app, redisUrl, channel, onMessage, onSubscribed) : undefined;

  const events: DomainEvents = {
    ...bus,
    get mode() {
      if (!subscriber) return "single-process";
      return subscriber.listening ? "shared" : "degraded";
    },
    onResubscribed(listener) {
      resubscribed.add(listener);
    },
  };
  app.decorate("events", events);
  // The mails still being composed; plugins/mail.ts then waits for those being sent.
  app.addHook("onClose", async () => bus.drain());
}

function parse(message: string): Envelope | undefined {
  try {
    const envelope = JSON.parse(message) as Partial<Envelope> | null;
    if (typeof envelope?.origin !== "string" || !isDomainEventType(envelope.event?.type)) return undefined;
    return envelope as Envelope;
  } catch {
    return undefined;
  }
}

interface Subscriber {
  /** True while subscribed: every event published anywhere reaches this process. */
  readonly listening: boolean;
}

/**
 * A dedicated connection (a subscribed Redis connection can run no other command). Redis going away
 * must degrade, never fail: errors are logged once, `listening` turns false, and ioredis keeps
 * reconnecting. Every (re)subscription calls `onSubscribed`, since events published meanwhile were lost.
 */
async function subscribe(
  app: FastifyInstance,
  redisUrl: string,
  channel: string,
  onMessage: (message: string) => void,
  onSubscribed: () => void,
): Promise<Subscriber> {
  const { Redis } = await import("ioredis");
  const connection = new Redis(redisUrl, {
    // Subscribed by hand on every "ready", so that `listening` is only true once SUBSCRIBE answered.
    autoResubscribe: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: "toolshop-domain-events",
  });
  const state = { listening: false, reported: false, closing: false };
  let firstSubscription = () => {};
  const subscribedOnce = new Promise<void>((resolve) => {
    firstSubscription = resolve;
  });

  connection.on("message", (from: string, message: string) => {
    if (from === channel) onMessage(message);
  });
  connection.on("ready", () => {
    connection.subscribe(channel).then(
      () => {
        onSubscribed();
        state.listening = true;
        if (state.reported) app.log.info("domain events: hearing other processes' events again");
        state.reported = false;
        firstSubscription();
      },
      (error: unknown) => connection.emit("error", error),
    );
  });
  connection.on("close", () => {
    state.listening = false;
  });
  connection.on("error", (error: Error) => {
    state.listening = false;
    if (state.reported || state.closing) return;
    state.reported = true;
    app.log.warn(
      { err: error },
      "domain events: Redis is unreachable; other processes' events do not reach this one (cached catalogue bodies now expire quickly)",
    );
  });

  // Subscribed, or running degraded after the wait; ioredis keeps trying in the background.
  await Promise.race([subscribedOnce, sleep(FIRST_SUBSCRIBE_WAIT_MS, undefined, { ref: false })]);

  app.addHook("onClose", async () => {
    state.closing = true;
    state.listening = false;
    if (connection.status === "ready") await connection.quit().catch(() => connection.disconnect());
    else connection.disconnect();
  });
  return {
    get listening() {
      return state.listening;
    },
  };
}
