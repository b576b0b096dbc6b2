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
