// The server process's entry: configuration, database (migrated and seeded, start-up.ts), HTTP server,
// graceful shutdown. With WORKER on (the default) it also runs the kept jobs; worker.ts runs only those.
import type { AddressInfo } from "node:net";
import { buildApp } from "./app";
import { startDraining } from "./features/health/draining";
import { startBanner } from "./start-banner";
import { fail, prepareStart, rootMessage } from "./start-up";

// Give up on requests that are still running this long after the drain delay.
const SHUTDOWN_GRACE_MS = 10_000;
// Time to send the request headers, and the whole request (uploads of up to 5 MB on a slow line).
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 60_000;

async function main(): Promise<void> {
  const { config, database } = await prepareStart();
  const app = await buildApp({ config, database });
  // A client that trickles its request (slow-loris) holds a connection until these run out; Node's
  // defaults (60 s for headers, Fastify: no limit for the whole request) let few clients hold many.
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.server.requestTimeout = REQUEST_TIMEOUT_MS;
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    fail(`Toolshop could not listen on ${config.host}:${config.port}: ${rootMessage(error)}`);
  }
  const { port } = app.server.address() as AddressInfo;
  const listeningUrl = `http://${config.host}:${port}`;
  app.log.info(
    `Toolshop is serving ${listeningUrl} on ${database.kind === "pglite" ? "PGlite" : "PostgreSQL"}`,
  );
  app.log.info(startBanner({ config, listeningUrl }));

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(
      `${signal}: readiness now answers 503; serving ${config.shutdownDrainMs} ms more, then finishing in-flight requests and stopping`,
    );
    setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.shutdownDrainMs + SHUTDOWN_GRACE_MS).unref();
    // The load balancer takes the process out when readiness fails; until then requests keep coming
    // and are served, so the listener stays open for the drain delay (features/health/draining.ts).
    startDraining(app.server);
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    // Connections busy at this point stay open for keep-alive after their answer, and close()
    // would wait for them until keepAliveTimeout: close each one as soon as it has answered.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
      clearInterval(closeIdle);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error: unknown) => fail(`Toolshop could not start: ${rootMessage(error)}`));
