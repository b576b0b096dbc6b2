// A rolling deploy's stop: on SIGTERM the process first says it is not ready (GET /api/readyz answers
// 503, so that the load balancer stops sending it new work) while it still serves, and closes its
// listener only after the drain delay. Kept per http.Server so that every app (tests build many) has
// its own state without a decorator that the /api scope would hide from server.ts.
import type { Server } from "node:http";

const drainingServers = new WeakSet<Server>();

/**
 * From now on readiness answers 503, and every answer carries `Connection: close`: a client finishes
 * the request it sent and opens its next connection elsewhere, instead of reusing one that is about to
 * be closed under it (the request written as the server closes an idle keep-alive connection is the one
 * that ends in ECONNRESET).
 */
export function startDraining(server: Server): void {
  if (drainingServers.has(server)) return;
  drainingServers.add(server);
  // Before Fastify's own listener, so that the header is set before any answer is written.
  server.prependListener("request", (_request, response) => {
    if (!response.headersSent) response.setHeader("connection", "close");
  });
}

export function isDraining(server: Server): boolean {
  return drainingServers.has(server);
}
