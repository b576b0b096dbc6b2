// What a request body may be before anything parses it (issue 47, finding 9): a 1 MiB body nested
// 500,000 deep, sent without signing in to /api/quotes or /api/auth/sign-in/email, held the event
// loop 200-380 ms while JSON.parse built it.
import { Transform, type TransformCallback } from "node:stream";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../lib/http-errors";
import { requiresSignIn } from "../lib/route-security";

/**
 * The body limit of every route that needs no sign-in (the quote / contact form, the identity
 * service, PUT /api/user/:email): the largest of them, a quote with a 2,000-character message and
 * every field full of 3-byte characters, is under 8 KB. Routes behind a sign-in keep Fastify's 1 MiB:
 * their guard answers a stranger before the body is read (security/checks-before-body.test.ts).
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** The shop's deepest JSON body (a Stripe event) is under 10 levels. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`;

/**
 * Routes that need no sign-in (no `security`, or one that lets anyone call) get PUBLIC_BODY_LIMIT unless they set their own
 * limit; a JSON body of any route is refused with a 400 at the first bracket past MAX_JSON_DEPTH,
 * while it streams in and before any parser, Better Auth's included, reads it. Register before the
 * routes.
 */
export function registerRequestBodyChecks(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (route.bodyLimit === undefined && !requiresSignIn(route.schema?.security)) {
      route.bodyLimit = PUBLIC_BODY_LIMIT;
    }
  });
  app.addHook("preParsing", (request, _reply, payload, done) => {
    if (!request.headers["content-type"]?.toLowerCase().includes("json")) return done(null, payload);
    const limited = payload.pipe(new JsonDepthLimit());
    // Fastify refuses a body whose Content-Length is over the limit without reading it: the refusal
    // of the bytes that still flow in then has no listener but this one.
    limited.on("error", () => {});
    done(null, limited);
  });
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Passes the bytes on unchanged, counting how deep the brackets outside strings go. UTF-8 continuation
 * bytes are all above 0x7f, so a byte-wise scan never mistakes part of a character for a bracket.
 */
class JsonDepthLimit extends Transform {
  private depth = 0;
  private inString = false;
  private escaped = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (const byte of chunk) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (++this.depth > MAX_JSON_DEPTH) {
          callback(new HttpError(400, TOO_DEEP_MESSAGE));
          return;
        }
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        this.depth--;
      }
    }
    callback(null, chunk);
  }
}
