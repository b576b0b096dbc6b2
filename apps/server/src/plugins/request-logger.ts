import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

type LevelName = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
// Fastify uses pino's types without exporting them.
type ChildLoggerFactory = NonNullable<FastifyServerOptions["childLoggerFactory"]>;
type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;

// pino's standard levels (loggerOptions defines no custom ones).
const LEVEL_VALUES = new Map<string, number>([
  ["trace", 10],
  ["debug", 20],
  ["info", 30],
  ["warn", 40],
  ["error", 50],
  ["fatal", 60],
]);

/** Whether `threshold` (a logger's level; "silent" is above every level) lets `level` through. */
function isEnabled(level: LevelName, threshold: string): boolean {
  return (LEVEL_VALUES.get(level) ?? 0) >= (LEVEL_VALUES.get(threshold) ?? Number.POSITIVE_INFINITY);
}

/**
 * Fastify's `childLoggerFactory`: each request's logger (`request.log`, bound to its reqId) is made
 * when the request first logs something, not for every request. With our redaction paths, pino runs
 * the redaction over every child's bindings, and at the default level most answers log nothing: for
 * the cached catalogue that child cost about a twelfth of the server's time per request
 * (docs/decisions/0005-read-path-per-request-work.md). A route with a level of its own gets its
 * child at once, as before.
 */
export const lazyRequestLoggerFactory: ChildLoggerFactory = (logger, bindings, options) => {
  if (options.level !== undefined) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings, options);
};

/** `parent.child(bindings, options)`, made on the first call that logs (or that needs the child). */
export class LazyRequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** Until the child exists its level is the parent's (the factory handles children with their own). */
  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#made().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#log("error", args);
  }
  warn(...args: unknown[]): void {
    this.#log("warn", args);
  }
  info(...args: unknown[]): void {
    this.#log("info", args);
  }
  debug(...args: unknown[]): void {
    this.#log("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#log("trace", args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  #log(level: LevelName, args: unknown[]): void {
    if (this.#child === undefined && !isEnabled(level, this.#parent.level)) return;
    const logger = this.#made();
    Reflect.apply(logger[level], logger, args);
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }
}
