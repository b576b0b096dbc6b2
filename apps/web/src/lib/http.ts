// The one fetch of the web app: the API client (lib/api-client.ts) and the identity requests
// (features/auth/identity-request.ts) both send through it and differ only in how they read answers.

export interface HttpOptions extends Omit<RequestInit, "body"> {
  /** A value sent as the JSON body. */
  json?: unknown;
  /** A form (uploads) or a file sent as it is, with its own Content-Type header (a CSV import). */
  body?: FormData | Blob;
}

/** The server could not be reached at all (offline, DNS, reset). An aborted request is not one. */
export class NetworkError extends Error {
  override name = "NetworkError";
}

/**
 * Sends a request to `path` on the app's own origin, asking for JSON (and sending `json` as JSON).
 * Answers the response whatever its status; throws NetworkError when there is none.
 */
export async function sendHttp(path: string, options: HttpOptions = {}): Promise<Response> {
  const { json, headers: extraHeaders, ...init } = options;
  const headers = new Headers(extraHeaders);
  headers.set("Accept", "application/json");
  if (json !== undefined) headers.set("Content-Type", "application/json");
  try {
    // Resolved against the document so the same code works in the browser and in jsdom tests.
    return await fetch(new URL(path, document.baseURI).href, {
      ...init,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new NetworkError("The server could not be reached.", { cause });
  }
}
