import { API_BASE_PATH, NEXT_CURSOR_HEADER } from "@toolshop/shared/paths";
import { readAccessToken } from "./access-token";
import { type HttpOptions, NetworkError, sendHttp } from "./http";

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

export interface ApiRequestOptions extends HttpOptions {
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
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Calls the API and answers the body as a Blob (a PDF...); throws ApiRequestError for anything but 2xx. */
export async function apiBlobRequest(path: string, options: ApiRequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/** One page of a paged list: the JSON body and where the next page starts (X-Next-Cursor), if any. */
export interface ApiPage<T> {
  body: T;
  nextCursor: string | null;
  /** The answer's headers, for what a list sends beside its page (a total, say). */
  headers: Headers;
}

/** Like apiRequest, for the lists whose body is the page and whose next cursor is the X-Next-Cursor header. */
export async function apiPageRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiPage<T>> {
  const response = await send(path, options);
  return {
    body: (await response.json()) as T,
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER),
    headers: response.headers,
  };
}

/** A file the API answers (a CSV export): its bytes, and the name its Content-Disposition gives. */
export async function apiFileRequest(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, {});
  const disposition = response.headers.get("Content-Disposition") ?? "";
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const { withoutAccessToken = false, ...init } = options;
  const headers = new Headers(init.headers);
  const token = withoutAccessToken ? null : await accessTokenProvider();
  if (token) headers.set("Authorization", `Bearer ${token}`);

  let response: Response;
  try {
    response = await sendHttp(`${API_BASE_PATH}${path}`, { ...init, headers });
  } catch (cause) {
    if (!(cause instanceof NetworkError)) throw cause;
    throw new ApiRequestError(
      0,
      "Network Error",
      "The server could not be reached. Check your connection and try again.",
      { cause },
    );
  }
  if (response.status === 401 && !withoutAccessToken) reportUnauthorized();
  if (!response.ok) throw await toApiRequestError(response);
  return response;
}
