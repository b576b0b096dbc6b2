import { STATUS_CODES } from "node:http";
import type { ApiError } from "@toolshop/shared/errors";

/** An error whose message is meant for the client; the error handler answers it as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The body of every error answer: `{statusCode, error, message}`. */
export function errorBody(statusCode: number, message: string): ApiError {
  return { statusCode, error: STATUS_CODES[statusCode] ?? "Error", message };
}
