import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { errorBody, HttpError } from "../lib/http-errors";

/**
 * Every error answers `{statusCode, error, message}` with a sentence meant for people: validation
 * failures give 400 with the schema's own messages; server faults are logged and answered without
 * any detail (never a stack trace).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(errorBody(400, validationMessage(error.validation)));
    }
    const statusCode = error.statusCode ?? 500;
    // A deliberate answer: whoever threw it has logged what matters.
    if (error instanceof HttpError) {
      return reply.code(statusCode).send(errorBody(statusCode, error.message));
    }
    if (UNSTORABLE_TEXT_CODES.has(sqlStateOf(error) ?? "")) {
      return reply.code(400).send(errorBody(400, UNSTORABLE_TEXT_MESSAGE));
    }
    if (isDatabaseUnreachable(error)) {
      // Not a bug to fix but an outage to ride out: the pool reconnects by itself once it is back.
      request.log.warn({ err: error }, "the database is unreachable");
      return reply.code(503).header("retry-after", "5").send(errorBody(503, DATABASE_UNREACHABLE_MESSAGE));
    }
    if (statusCode >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply
        .code(statusCode)
        .send(errorBody(statusCode, "Something went wrong on our side. Please try again later."));
    }
    // Fastify's own client errors (malformed JSON, too large a body...) have readable messages.
    return reply.code(statusCode).send(errorBody(statusCode, error.message));
  });
}

// PostgreSQL refuses text it cannot store (a NUL character, bytes that are not UTF-8) with these;
// they come from what the client sent, wherever a schema let it through, so they are the client's 400.
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);
const UNSTORABLE_TEXT_MESSAGE =
  "The request contains a character that cannot be stored, such as a null character. Please remove it and try again.";

function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

export const DATABASE_UNREACHABLE_MESSAGE =
  "The shop cannot reach its database right now. Please try again in a moment.";

// Socket errors, and SQLSTATEs of class 08 (connection exception) plus the server shutting down,
// starting up or out of connections.
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
// node-postgres and its pool say these in words only, without a code.
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;

/** True when the error, or one it wraps (Drizzle wraps driver errors), says the database cannot be reached. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 10; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (UNREACHABLE_MESSAGES.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnreachable)) return true;
    current = current.cause;
  }
  return false;
}

type ValidationIssue = { instancePath: string; message?: string | undefined };

/** The issues' messages, each prefixed with its field unless the message already names it. */
function validationMessage(issues: ValidationIssue[]): string {
  const sentences = issues.map((issue) => {
    const message = issue.message ?? "is invalid";
    const path = issue.instancePath.split("/").filter(Boolean);
    const field = path.at(-1);
    if (!field || message.toLowerCase().includes(field.toLowerCase())) return message;
    return `${path.join(".")}: ${message}`;
  });
  return [...new Set(sentences)].join("; ");
}
