import { readAccessToken } from "./access-token";

/** Every call of the shop's own API goes under this path (same origin as the app). */
export const API_BASE_PATH = "/api";

/** An API call that failed: `message` is the server's human sentence when it sent one. */
export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  /** The HTTP status, or 0 when the server could not be reached at all. */
  readonly status: number;
  /** The server's short error label, e.g. "Not Found". */
  readonly error: string;

  constructor(status: number, error: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.error = error;
  }
}

export interface ApiRequestOptions extends Omit<RequestInit, "body"> {
  /** A value sent as the JSON body. */
  json?: unknown;
  body?: FormData;
  /**
   * Sent without the access token, and a 401 is left to the caller instead of signing out: for the
   * call that issues the token from the identity session.
   */
  withoutAccessToken?: boolean;
}

type AccessTokenProvider = () => Promise<string | null> | string | null;

// The session registers these: a provider that refreshes a token about to expire, and what a 401
// does (sign out, go to /login). Until then calls send the stored token as it is.
let accessTokenProvider: AccessTokenProvider = readAccessToken;
let unauthorizedHandler: (() => void) | null = null;

export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  accessTokenProvider = provider;
}

/** The identity session is gone (the API or the token exchange said 401): sign out, go to /login. */
export function reportUnauthorized(): void {
  unauthorizedHandler?.();
}

/** Registers what a 401 from the API does; answers a function that unregisters it. */
export function setUnauthorizedHandler(handler: () => void): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

function apiUrl(path: string): string {
  // Resolved against the document so the same code works in the browser and in jsdom tests.
  return new URL(`${API_BASE_PATH}${path}`, document.baseURI).href;
}

async function toApiRequestError(response: Response): Promise<ApiRequestError> {
  const fallback = `The request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ""}).`;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
      const label = "error" in body && typeof body.error === "string" ? body.error : response.statusText;
      return new ApiRequestError(response.status, label, body.message);
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): fall back to the status line.
  }
  return new ApiRequestError(response.status, response.statusText, fallback);
}

/** Calls the API and answers the parsed JSON body; throws ApiRequestError for anything but 2xx. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { json, headers: extraHeaders, withoutAccessToken = false, ...init } = options;
  const headers = new Headers(extraHeaders);
  headers.set("Accept", "application/json");
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const token = withoutAccessToken ? null : await accessTokenProvider();
  if (token) headers.set("Authorization", `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...init,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiRequestError(
      0,
      "Network Error",
      "The server could not be reached. Check your connection and try again.",
      { cause },
    );
  }
  if (response.status === 401 && !withoutAccessToken) reportUnauthorized();
  if (!response.ok) throw await toApiRequestError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
