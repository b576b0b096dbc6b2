// The request logger made on its first log line: same lines as pino's child (reqId included), and
// no child at all for requests that log nothing at the configured level.
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyRequestLogger, lazyRequestLoggerFactory } from "./request-logger";

function appLoggingTo(lines: Record<string, unknown>[], level: string): FastifyInstance {
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    childLoggerFactory: lazyRequestLoggerFactory,
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.get("/quiet", async (request) => {
    request.log.debug("not at info");
    return "ok";
  });
  app.get("/chatty", async (request) => {
    request.log.info({ detail: 1 }, "hello %s", "there");
    request.log.child({ step: "inner" }).warn("inner line");
    return "ok";
  });
  app.get("/own-level", { logLevel: "debug" }, async (request) => {
    request.log.debug("at the route's level");
    return "ok";
  });
  return app;
}

describe("lazyRequestLoggerFactory", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it("writes the lines pino's child would, bound to the request id", async () => {
    const lines: Record<string, unknown>[] = [];
    app = appLoggingTo(lines, "info");
    await app.inject({ method: "GET", url: "/chatty" });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, msg: "hello there", detail: 1 });
    expect(lines[1]).toMatchObject({ level: 40, msg: "inner line", step: "inner" });
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    expect(lines[1]?.reqId).toBe(lines[0]?.reqId);
  });

  it("drops lines below the level, and honours a route's own level", async () => {
    const lines: Record<string, unknown>[] = [];
    app = appLoggingTo(lines, "info");
    await app.inject({ method: "GET", url: "/quiet" });
    expect(lines).toEqual([]);
    await app.inject({ method: "GET", url: "/own-level" });
    expect(lines).toMatchObject([{ level: 20, msg: "at the route's level" }]);
  });

  it("makes no child until a call logs, and follows the parent's level until then", () => {
    const child = { level: "info", info: vi.fn() };
    const parent = { level: "info", child: vi.fn(() => child) };
    const logger = new LazyRequestLogger(
      parent as unknown as ConstructorParameters<typeof LazyRequestLogger>[0],
      { reqId: "req-1" },
      {},
    );
    logger.debug("dropped");
    logger.trace("dropped");
    expect(parent.child).not.toHaveBeenCalled();
    parent.level = "debug";
    expect(logger.level).toBe("debug");
    parent.level = "silent";
    logger.fatal("dropped");
    expect(parent.child).not.toHaveBeenCalled();

    parent.level = "info";
    logger.info({ a: 1 }, "kept");
    expect(parent.child).toHaveBeenCalledOnce();
    expect(parent.child).toHaveBeenCalledWith({ reqId: "req-1" }, {});
    expect(child.info).toHaveBeenCalledWith({ a: 1 }, "kept");
    logger.info("again");
    expect(parent.child).toHaveBeenCalledOnce();
  });
});
