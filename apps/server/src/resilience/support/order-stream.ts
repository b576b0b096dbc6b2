// A steady stream of requests from several clients at once, as a busy shop sees them, that can be
// stopped at any moment; every attempt is recorded with its answer or its failure.
import { type Customer, placeOrder, type RequestAttempt, readCatalogue } from "./shop-data";

export interface RequestStream {
  attempts: RequestAttempt[];
  /** Resolves once this many requests have been answered with the stream's success status. */
  succeeded(count: number): Promise<void>;
  /** Stops sending; resolves when every attempt has ended. */
  stop(): Promise<RequestAttempt[]>;
}

/** `send(index, client)` makes one attempt; `concurrency` clients send one after another until stopped. */
function streamRequests(
  send: (index: number, client: number) => Promise<RequestAttempt>,
  { concurrency, success }: { concurrency: number; success: number },
): RequestStream {
  const attempts: RequestAttempt[] = [];
  let running = true;
  let sent = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const succeededCount = () => attempts.filter((attempt) => attempt.status === success).length;

  const client = async (clientIndex: number) => {
    while (running) {
      const attempt = await send(sent++, clientIndex);
      attempts.push(attempt);
      for (const waiter of waiters.filter((candidate) => succeededCount() >= candidate.count)) {
        waiter.resolve();
      }
      // The server is gone: nothing more to send.
      if (attempt.failure) break;
    }
  };
  const clients = Promise.all(Array.from({ length: concurrency }, (_, index) => client(index)));

  return {
    attempts,
    succeeded: (count) =>
      new Promise<void>((resolve) => {
        if (succeededCount() >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    async stop() {
      running = false;
      await clients;
      return attempts;
    },
  };
}

/** Orders of `toolId` by the customers in turn; `succeeded` counts orders placed (201). */
export function streamOrders(
  baseUrl: string,
  customers: Customer[],
  toolId: string,
  options: { concurrency: number; quantity?: (index: number) => number },
): RequestStream {
  return streamRequests(
    (index, client) =>
      placeOrder(
        baseUrl,
        customers[(client + index) % customers.length] as Customer,
        toolId,
        options.quantity?.(index) ?? 1,
      ),
    { concurrency: options.concurrency, success: 201 },
  );
}

/** GET /api/tools over and over, as visitors browsing the shop; `succeeded` counts 200s. */
export function streamCatalogueReads(baseUrl: string, options: { concurrency: number }): RequestStream {
  return streamRequests(() => readCatalogue(baseUrl), { concurrency: options.concurrency, success: 200 });
}
