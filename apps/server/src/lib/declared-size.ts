import type { FastifyRequest } from "fastify";
import { HttpError } from "./http-errors";

/** Room for a multipart body's boundaries, headers and small fields around its one file. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * An onRequest hook for a route that takes one file: a body without a declared size (chunked) is refused
 * (411), since the multipart parser would read whatever comes, and a declared size over the file's limit
 * plus its envelope is refused (413) before anything is read or any token checked. Browsers always
 * declare the size of a form they send.
 */
export function refuseUndeclaredOrLarger(
  maxFileBytes: number,
  messages: { notDeclared: string; tooLarge: string },
) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.headers["content-length"] === undefined) throw new HttpError(411, messages.notDeclared);
    const declared = Number(request.headers["content-length"]);
    if (declared > maxFileBytes + ENVELOPE_BYTES) throw new HttpError(413, messages.tooLarge);
  };
}
