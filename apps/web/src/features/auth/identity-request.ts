import { IDENTITY_BASE_PATH } from "@toolshop/shared/paths";
import { NetworkError, sendHttp } from "../../lib/http";

/** A failed identity call: `code` is the service's error code (e.g. INVALID_EMAIL_OR_PASSWORD). */
export class IdentityError extends Error {
  override name = "IdentityError";
  /** The HTTP status, or 0 when the service could not be reached. */
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.code = code;
  }
}

async function toIdentityError(response: Response): Promise<IdentityError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the status alone says what happened.
  }
  // Better Auth answers {code, message}; the API's own errors (its rate limit) {statusCode, error, message}.
  const code = typeof body.code === "string" ? body.code : typeof body.error === "string" ? body.error : "";
  const message =
    typeof body.message === "string" ? body.message : `The request failed (${response.status}).`;
  return new IdentityError(response.status, code, message);
}

/** Calls the identity service and answers its parsed JSON body (null for an empty one). */
export async function identityRequest<T>(
  path: string,
  init: { method?: "GET" | "POST"; json?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await sendHttp(`${IDENTITY_BASE_PATH}${path}`, {
      method: init.method ?? "GET",
      json: init.json,
    });
  } catch (cause) {
    if (!(cause instanceof NetworkError)) throw cause;
    throw new IdentityError(0, "NETWORK_ERROR", "The server could not be reached.", { cause });
  }
  if (!response.ok) throw await toIdentityError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}
