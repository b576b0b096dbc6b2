// Typed domain events (issue 11, docs/decisions/0009-domain-events.md): what a committed write changed.
// The service that made the write publishes, after its transaction has committed; the side effects
// (dropping cached catalogue bodies, mailing the customer) are subscribers, so that a new caller of a
// service cannot forget them. Events cross processes as JSON: payloads hold only plain data.
import type { Order } from "@toolshop/shared/orders";

/** Who ended an unpaid order: its customer (by deleting it), the shop (an admin), or the hold's end. */
export type CancelReason = "customer" | "admin" | "expiry";

export type DomainEvent =
  | { type: "OrderPlaced"; order: Order }
  | { type: "OrderPaid"; order: Order }
  | { type: "OrderCancelled"; order: Order; reason: CancelReason }
  | { type: "OrderShipped"; order: Order; carrier: string; trackingNumber: string }
  | { type: "OrderDelivered"; order: Order }
  | {
      type: "OrderRefunded";
      order: Order;
      paymentId: string;
      /** Set when an admin refunded chosen lines: those units, and the amount in currency units. */
      part?: { lines: { name: string; quantity: number }[]; amount: number };
      /** The number of the credit note this refund issued (none for an order that was never invoiced). */
      creditNote?: string | undefined;
    }
  | { type: "ToolChanged"; toolId: string; change: "created" | "updated" | "deleted" }
  /** A category was added, renamed, moved or deleted: the tree, and every tool's path in it. */
  | { type: "CategoryChanged" }
  | { type: "ReviewChanged" };

export type DomainEventType = DomainEvent["type"];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

// A record, so that a new event type cannot be left out: remote messages are checked against it.
const EVENT_TYPES: Record<DomainEventType, true> = {
  OrderPlaced: true,
  OrderPaid: true,
  OrderCancelled: true,
  OrderShipped: true,
  OrderDelivered: true,
  OrderRefunded: true,
  ToolChanged: true,
  CategoryChanged: true,
  ReviewChanged: true,
};

export function isDomainEventType(value: unknown): value is DomainEventType {
  return typeof value === "string" && Object.hasOwn(EVENT_TYPES, value);
}

/**
 * Where a subscriber runs. "every-process": on each process, for events published anywhere (state each
 * process keeps for itself, like the catalogue cache). "publishing-process": once, on the process that
 * committed the write (effects on the outside world, like a mail, which must happen exactly once).
 */
export type SubscriberScope = "every-process" | "publishing-process";

export interface DomainEventPublisher {
  /**
   * Call it after the write has committed, never inside its transaction. Resolves once this process's
   * every-process subscribers have run and other processes have been told (so a cache is dropped
   * everywhere before the answer leaves); publishing-process subscribers run in the background. It
   * never throws: the write stands, and failures are logged.
   */
  publish(event: DomainEvent): Promise<void>;
}

export type DomainEventHandler<T extends DomainEventType> = (event: DomainEventOf<T>) => void | Promise<void>;

export interface DomainEventBus extends DomainEventPublisher {
  /** Answers a function that unsubscribes. */
  subscribe<T extends DomainEventType>(
    types: readonly T[],
    scope: SubscriberScope,
    handler: DomainEventHandler<T>,
  ): () => void;
  /** An event another process published: only the every-process subscribers run here. */
  deliverRemote(event: DomainEvent): Promise<void>;
  /** Waits for the publishing-process subscribers still running (the app's close calls it). */
  drain(): Promise<void>;
}

/** What the bus logs with; a Fastify logger is one. */
export interface EventLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Sends an event to the other processes (Redis pub/sub in plugins/domain-events.ts). */
export type EventForwarder = (event: DomainEvent) => Promise<void>;

interface Subscription {
  types: ReadonlySet<DomainEventType>;
  scope: SubscriberScope;
  handler: (event: DomainEvent) => void | Promise<void>;
}

/** The in-process bus; `forward`, when given, carries each published event to the other processes. */
export function createEventBus(log: EventLog, forward?: EventForwarder): DomainEventBus {
  const subscriptions = new Set<Subscription>();
  const background = new Set<Promise<void>>();

  /** Runs one handler; its failure is logged with the event's type only (payloads hold personal data). */
  async function run(subscription: Subscription, event: DomainEvent): Promise<void> {
    try {
      await subscription.handler(event);
    } catch (error) {
      log.error({ err: error, event: event.type }, "domain events: a subscriber failed");
    }
  }

  function matching(event: DomainEvent, scope: SubscriberScope): Subscription[] {
    return [...subscriptions].filter((each) => each.scope === scope && each.types.has(event.type));
  }

  async function runEveryProcess(event: DomainEvent): Promise<void> {
    await Promise.all(matching(event, "every-process").map((each) => run(each, event)));
  }

  async function forwardSafely(event: DomainEvent): Promise<void> {
    if (!forward) return;
    try {
      await forward(event);
    } catch (error) {
      // The write stands; other processes cannot hear us either, and serve from short TTLs meanwhile.
      log.warn({ err: error, event: event.type }, "domain events: could not tell the other processes");
    }
  }

  return {
    async publish(event) {
      for (const subscription of matching(event, "publishing-process")) {
        const running = run(subscription, event);
        background.add(running);
        running.finally(() => background.delete(running));
      }
      await Promise.all([runEveryProcess(event), forwardSafely(event)]);
    },
    deliverRemote: runEveryProcess,
    subscribe(types, scope, handler) {
      const subscription: Subscription = {
        types: new Set(types),
        scope,
        handler: handler as Subscription["handler"],
      };
      subscriptions.add(subscription);
      return () => subscriptions.delete(subscription);
    },
    async drain() {
      await Promise.allSettled([...background]);
    },
  };
}

/** A publisher for code that runs outside the app (a worker script): nobody listens. */
export const NO_SUBSCRIBERS: DomainEventPublisher = { publish: async () => {} };
