// One way to send an answer kept in memory (the API's catalogue, product pages, the app's pages): a
// strong ETag and 304, and brotli or gzip made once per body, on the first request that accepts them.
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A finished answer: the body, its strong ETag, and its compressed forms once asked for. */
export interface CachedBody {
  status: number;
  type: string;
  body: Buffer;
  etag: string;
  /** The ETag of each compressed representation, made with the body (not per request). */
  etagOf: Record<Encoding, string>;
  gzip?: Buffer;
  br?: Buffer;
}

type Encoding = "br" | "gzip";

/** A small body gains nothing from compression. */
const MIN_COMPRESSED_BYTES = 1024;

export function cachedBody(content: string | Buffer, type: string, status = 200): CachedBody {
  const body = typeof content === "string" ? Buffer.from(content) : content;
  const etag = etagOf(body);
  const tagged = (encoding: Encoding) => `${etag.slice(0, -1)}-${encoding}"`;
  return { status, type, body, etag, etagOf: { br: tagged("br"), gzip: tagged("gzip") } };
}

/** Which representation of a cached body a request gets, from its Accept-Encoding and If-None-Match. */
interface Representation {
  encoding: Encoding | undefined;
  etag: string;
  notModified: boolean;
}

function representationFor(
  entry: CachedBody,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): Representation {
  const encoding = entry.body.length < MIN_COMPRESSED_BYTES ? undefined : preferredEncoding(acceptEncoding);
  const etag = encoding ? entry.etagOf[encoding] : entry.etag;
  return { encoding, etag, notModified: entry.status === 200 && matchesEtag(ifNoneMatch, etag) };
}

/** The body in an encoding, compressed on first use and kept with the entry. */
function encodedBody(entry: CachedBody, encoding: Encoding | undefined): Buffer {
  if (encoding === "br") {
    entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return entry.br;
  }
  if (encoding === "gzip") {
    entry.gzip ??= gzipSync(entry.body);
    return entry.gzip;
  }
  return entry.body;
}

/**
 * Sends a cached body: 304 when If-None-Match matches, brotli or gzip when the client takes them.
 * Each encoding is a representation of its own, with its own strong ETag (RFC 9110 8.8.3).
 * Synchronous: a route handler that returns this needs no promise per request.
 */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
): FastifyReply {
  const { encoding, etag, notModified } = representationFor(
    entry,
    request.headers["accept-encoding"],
    request.headers["if-none-match"],
  );
  // no-cache: browsers and proxies may keep the answer but must ask again, which costs a 304.
  reply.header("cache-control", "no-cache").header("etag", etag);
  if (entry.body.length >= MIN_COMPRESSED_BYTES) reply.header("vary", "accept-encoding");
  if (notModified) return reply.code(304).send();
  reply.code(entry.status).type(entry.type);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(encodedBody(entry, encoding));
}

/**
 * Browsers send one Accept-Encoding header each, the same on every request: its answer is remembered
 * (up to 256 short spellings; a client inventing new ones only refills the memo).
 */
const encodingMemo = new Map<string, Encoding | undefined>();
const ENCODING_MEMO_SIZE = 256;

/** br before gzip; an encoding listed with q=0 is refused. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (encodingMemo.has(header)) return encodingMemo.get(header);
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (!refused) accepted.add(name.trim());
  }
  const encoding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : undefined;
  if (header.length <= 200) {
    if (encodingMemo.size >= ENCODING_MEMO_SIZE) encodingMemo.clear();
    encodingMemo.set(header, encoding);
  }
  return encoding;
}

function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ is ignored; "*" matches anything. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}
