// Mounts Better Auth at /api/auth: every request is converted to a Web Request for its handler and
// its Web Response back. Our own rules (sign-up validation, the password rule, the rate limits) run
// inside Better Auth, in hooks keyed on the endpoint it routed to (identity-hooks.ts); this route gives
// them the Fastify request and reply, and answers their refusals.

import { IDENTITY_BASE_PATH } from "@toolshop/shared/paths";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../../lib/http-errors";
import { checkedRedirect, siteBase } from "../../lib/redirects";
import { checkCallbackUrls } from "./callback-urls";
import { type IdentityRequestSlot, identityRequests } from "./identity-hooks";
import { toWebHeaders } from "./web-headers";

export const JSON_ONLY_MESSAGE =
  "The identity service accepts JSON request bodies only: send them with Content-Type: application/json.";

export async function identityRoutes(app: FastifyInstance): Promise<void> {
  // Better Auth reads the body itself: hand it over untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.route({
    method: ["GET", "POST"],
    url: `${IDENTITY_BASE_PATH}/*`,
    // Better Auth's own endpoints are described by Better Auth, not in our OpenAPI document.
    schema: { hide: true },
    handler: async (request, reply) => {
      const body = request.body instanceof Buffer ? request.body : undefined;
      // One encoding for every body: Better Auth would read forms and text on some endpoints, and
      // nothing the shop sends needs them.
      if (request.method === "POST" && body && body.length > 0 && !isJson(request.headers["content-type"])) {
        throw new HttpError(415, JSON_ONLY_MESSAGE);
      }
      checkCallbackUrls(request, body, siteBase(app.config.publicUrl));
      const slot: IdentityRequestSlot = { request, reply };
      const response = await identityRequests.run(slot, () =>
        app.identity.handler(toWebRequest(request, body)),
      );
      // A refusal of our hooks answers in the API's error shape (and keeps the Retry-After it set).
      if (slot.refusal) throw slot.refusal;
      // Better Auth turns a fault (the database gone, a bug) into a bare 500; the app's error handler
      // answers it as every other route's: 503 with Retry-After for an outage, logged 500 otherwise.
      if (response.status >= 500 && slot.error !== undefined) throw slot.error;
      return sendWebResponse(reply, response);
    },
  });
}

/** application/json, with or without parameters such as a charset. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

function toWebRequest(request: FastifyRequest, body: Buffer | undefined): Request {
  const headers = toWebHeaders(request);
  // Fastify has read the body (whatever its transfer encoding): the Request measures it again.
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(body) : undefined,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  // Better Auth's redirects (OAuth callbacks, verification and reset links) go where a callbackURL
  // said: checked before anything is copied, so a refused one answers a plain 400. A Location on an
  // answer that is no redirect means nothing to a browser and is dropped.
  const location = response.headers.get("location");
  const redirect = response.status >= 300 && response.status <= 399;
  const checkedLocation =
    location && redirect ? checkedRedirect(location, siteBase(reply.server.config.publicUrl)) : undefined;
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie" && name !== "content-length" && name !== "location") reply.header(name, value);
  }
  if (checkedLocation) reply.header("location", checkedLocation);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const payload = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  return reply.send(payload);
}
