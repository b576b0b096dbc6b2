import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The request's headers as Web Headers for Better Auth. `x-forwarded-for` is replaced by the address
 * Fastify trusts, so a client cannot choose the IP address recorded with its session.
 */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set("x-forwarded-for", request.ip);
  return headers;
}

/** Passes on the cookies Better Auth set in a server-side call (`returnHeaders: true`). */
export function forwardCookies(reply: FastifyReply, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}
