import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from "fastify";
import type { AppConfig } from "../env";

/** Where the log goes; process stdout unless a test captures it. */
export interface LogDestination {
  write(line: string): void;
}

/** JSON lines for machines (production, pipes, files, log collectors); readable lines for a person. */
export type LogFormat = "json" | "pretty";

/**
 * Readable lines only for a developer watching a terminal: stdout is a TTY and NODE_ENV is not
 * production. Anything else (a container, a pipe, a file, production) gets one JSON object per line.
 */
export function chooseLogFormat(
  stdout: { isTTY?: boolean | undefined },
  nodeEnv: string | undefined,
  setting: LogFormat | "auto" = "auto",
): LogFormat {
  if (setting !== "auto") return setting;
  return stdout.isTTY === true && nodeEnv !== "production" ? "pretty" : "json";
}

/**
 * Formats each JSON line pino writes (already redacted) with pino-pretty and writes it on, on the same
 * tick: nothing is lost when the process exits right after logging. pino-pretty's own stream or a
 * pino transport would format in a stream pipeline or a worker thread (loaded by name, which the
 * esbuild bundle would also have to keep resolvable).
 */
export function prettyDestination(out: LogDestination = process.stdout): LogDestination {
  // Loaded only here: importing it costs a production start some 40 ms for nothing.
  const { prettyFactory } = createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty");
  const format = prettyFactory({
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
    // Colours when the terminal takes them (NO_COLOR and FORCE_COLOR are honoured); none in a capture.
    ...(out === process.stdout ? {} : { colorize: false }),
  });
  return { write: (line) => out.write(format(line)) };
}

// Query parameters and path parts that carry one-time secrets (reset and verification tokens, OAuth
// codes and states).
const SECRET_QUERY_PARAMETERS = ["token", "code", "state", "id_token", "access_token"];
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/;

/**
 * pino settings: requests are logged without bodies (Fastify never logs them) and without
 * credentials: authorization and cookie headers are redacted wherever they appear, and so is any
 * password-like field of a logged object. Redaction happens before formatting, so it holds in
 * both formats (app.ts passes chooseLogFormat's choice for this process).
 */
export function loggerOptions(
  level: AppConfig["logLevel"],
  destination?: LogDestination,
  format: LogFormat = "json",
): FastifyServerOptions["logger"] {
  const stream = format === "pretty" ? prettyDestination(destination) : destination;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "headers.authorization",
        "headers.cookie",
        "*.password",
        "*.newPassword",
        "*.currentPassword",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}

export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const safePath = path.replace(SECRET_PATH, "$1[redacted]");
  if (queryStart === -1) return safePath;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of SECRET_QUERY_PARAMETERS) {
    if (params.has(name)) params.set(name, "[redacted]");
  }
  return `${safePath}?${params.toString()}`;
}

/** The most of a client's X-Request-Id a log line keeps. */
export const CLIENT_REQUEST_ID_MAX_LENGTH = 128;

/**
 * Fastify options for request ids: every log line's `reqId` (and a security event's) is the server's
 * own, unique across processes. A client's (or proxy's) X-Request-Id is kept beside it as
 * `clientRequestId`, capped and escaped like any string value, never in its place: a client chose
 * what a security event called its request (issue 47, finding 10).
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: () => randomUUID(),
  childLoggerFactory: (logger, bindings, options, rawRequest) => {
    const header = rawRequest.headers["x-request-id"];
    const clientRequestId = Array.isArray(header) ? header.join(",") : header;
    if (clientRequestId === undefined) return logger.child(bindings, options);
    return logger.child(
      { ...bindings, clientRequestId: clientRequestId.slice(0, CLIENT_REQUEST_ID_MAX_LENGTH) },
      options,
    );
  },
} satisfies FastifyServerOptions;

/** Answers slower than this are logged at warn, with server errors (5xx). */
export const SLOW_REQUEST_MS = 1000;

/**
 * One log line per answer, replacing Fastify's two (incoming, completed) at info: at the catalogue's
 * rates those cost more than the answer itself (bench/results/latest.md). Server errors and slow
 * answers are logged at warn; every answer at debug, so LOG_LEVEL=debug gives a full access log
 * (a reverse proxy usually keeps one too). Fastify must be built with request logging disabled (app.ts's logController).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", (request, reply, done) => {
    const statusCode = reply.statusCode;
    const responseTimeMs = Math.round(reply.elapsedTime * 10) / 10;
    if (statusCode >= 500 || responseTimeMs >= SLOW_REQUEST_MS) {
      request.log.warn({ req: request, statusCode, responseTimeMs }, "request completed");
    } else {
      // A no-op below debug.
      request.log.debug({ req: request, statusCode, responseTimeMs }, "request completed");
    }
    done();
  });
}
