// A steady stream of orders from several clients at once, as a busy shop sees them, that can be
// stopped at any moment; every attempt is recorded with its answer or its failure.
import { type Customer, type OrderAttempt, placeOrder } from "./shop-data";

export interface OrderStream {
  attempts: OrderAttempt[];
  /** Resolves once this many orders have been answered 201. */
  placed(count: number): Promise<void>;
  /** Stops sending; resolves when every attempt has ended. */
  stop(): Promise<OrderAttempt[]>;
}

export function streamOrders(
  baseUrl: string,
  customers: Customer[],
  toolId: string,
  options: { concurrency: number; quantity?: (index: number) => number },
): OrderStream {
  const attempts: OrderAttempt[] = [];
  let running = true;
  let sent = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const placedCount = () => attempts.filter((attempt) => attempt.status === 201).length;

  const worker = async (workerIndex: number) => {
    while (running) {
      const index = sent++;
      const customer = customers[(workerIndex + index) % customers.length] as Customer;
      const attempt = await placeOrder(baseUrl, customer, toolId, options.quantity?.(index) ?? 1);
      attempts.push(attempt);
      for (const waiter of waiters.filter((candidate) => placedCount() >= candidate.count)) {
        waiter.resolve();
      }
      // The server is gone: nothing more to send.
      if (attempt.failure) break;
    }
  };
  const workers = Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));

  return {
    attempts,
    placed: (count) =>
      new Promise<void>((resolve) => {
        if (placedCount() >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    async stop() {
      running = false;
      await workers;
      return attempts;
    },
  };
}
