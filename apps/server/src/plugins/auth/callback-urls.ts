// Where a request to the identity service asks Better Auth to send the browser later (after the
// provider, the verification link, the reset link). Better Auth checks these itself, on the raw
// string: "/.//evil.example" passes, and a non-Latin-1 character passes too and fails Better Auth
// later with a 500. They are refused here, before Better Auth sees them, by the same check every
// Location gets (lib/redirects.ts); identity-routes.ts checks Better Auth's answers too.
import type { FastifyRequest } from "fastify";
import { checkedRedirect } from "../../lib/redirects";

const FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;

/** Throws the 400 of checkedRedirect for the first callback URL, in the query or the JSON body, off `site`. */
export function checkCallbackUrls(request: FastifyRequest, body: Buffer | undefined, site: URL): void {
  const sources = [request.query, jsonObject(body)];
  for (const source of sources) {
    if (typeof source !== "object" || source === null) continue;
    for (const field of FIELDS) {
      const value: unknown = (source as Record<string, unknown>)[field];
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === "string") checkedRedirect(item, site);
      }
    }
  }
}

/** Better Auth reads the body itself; a body that is no JSON is its own to refuse. */
function jsonObject(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}
