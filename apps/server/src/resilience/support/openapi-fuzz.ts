// Hostile requests for every operation of the OpenAPI document (GET /api/docs/json): fast-check
// arbitraries for path parameters, query strings, headers and bodies, shaped by the document so that
// many requests get past the first checks, and broken in every way a client (or an attacker) can.
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export interface Operation {
  method: string;
  /** /api/tools/{id} */
  path: string;
  pathParams: string[];
  queryParams: string[];
  headerParams: string[];
  /** Property names of the JSON body's schema, when it has one. */
  bodyFields: string[] | undefined;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | undefined;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its UTF-8 bytes would be. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ""))}%ED%A0%80`;
  }
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const named = (where: string) =>
        (operation.parameters ?? []).filter((parameter) => parameter.in === where).map((p) => p.name);
      const properties = operation.requestBody?.content["application/json"]?.schema?.properties;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: named("path"),
        queryParams: named("query"),
        headerParams: named("header"),
        bodyFields: properties ? Object.keys(properties) : undefined,
      };
    }),
  );
}

/** Strings that have broken parsers before: encodings, traversal, injection, sizes, odd unicode. */
const nastyStrings = fc.constantFrom(
  "",
  " ",
  "null",
  "undefined",
  "0",
  "-1",
  "1e309",
  "NaN",
  "../../etc/passwd",
  "%",
  "%ZZ",
  "%00",
  "a%00b",
  "%2e%2e%2f",
  "'; drop table tools; --",
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  "\u0000",
  "\uD800",
  "💥🔧",
  "x".repeat(5000),
  "00000000-0000-0000-0000-000000000000",
  "admin@example.com",
  "ADMIN@EXAMPLE.COM ",
);

export function fuzzString(known: string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.uuid(),
    fc.emailAddress(),
    nastyStrings,
    ...(known.length ? [fc.constantFrom(...known)] : []),
  );
}

/** A value for a JSON field: right and wrong types, edges, nesting. */
function fieldValue(known: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fuzzString(known),
    fc.integer(),
    fc.constantFrom(0, -1, 1, 2, 1.5, 0.001, 12.345, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/** A body: the operation's fields with hostile values, any JSON, broken JSON, or poisoned objects. */
function fuzzBody(operation: Operation, known: string[]): fc.Arbitrary<string | undefined> {
  const shaped = operation.bodyFields?.length
    ? [
        fc
          .record(Object.fromEntries(operation.bodyFields.map((field) => [field, fieldValue(known)])), {
            requiredKeys: [],
          })
          .map((body) => JSON.stringify(body)),
      ]
    : [];
  return fc.oneof(
    ...shaped,
    ...shaped,
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.constantFrom(
      undefined,
      "",
      "{",
      '{"a":',
      "[]".repeat(2000),
      `${"[".repeat(5000)}${"]".repeat(5000)}`,
      '{"__proto__":{"admin":true,"role":"admin"}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      "\u0000\u0001\u0002",
      "null",
      '"just a string"',
    ),
    fc.string({ maxLength: 200 }),
  );
}

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----x",
  "multipart/form-data",
  "application/octet-stream",
  "application/xml",
  "image/png",
  "json",
  ";;;",
);

/** Header values as clients can send them (printable ASCII; HTTP allows no control characters). */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) }),
  fc.constantFrom("", "x".repeat(8000), "Bearer", "Bearer ", "Bearer a.b.c", "Basic YWRtaW46YWRtaW4="),
);

export function fuzzRequest(
  operation: Operation,
  options: { authorization: fc.Arbitrary<string | undefined>; knownIds: string[] },
): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.tuple(...operation.pathParams.map(() => fuzzString(options.knownIds)));
  const query = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...operation.queryParams, "x"), fc.string({ maxLength: 10 })),
      fuzzString(),
    ),
    { maxLength: 4 },
  );
  const extraHeaders = fc.dictionary(
    fc.constantFrom(
      ...operation.headerParams,
      "idempotency-key",
      "if-none-match",
      "accept",
      "accept-encoding",
      "x-forwarded-for",
      "x-request-id",
      "origin",
      "cookie",
      "range",
    ),
    headerValue,
    { maxKeys: 3 },
  );
  return fc
    .record({
      pathValues,
      query,
      extraHeaders,
      contentType: fc.option(contentTypes, { nil: undefined }),
      body: fuzzBody(operation, options.knownIds),
      authorization: options.authorization,
      rawPath: fc.boolean(),
    })
    .map(({ pathValues, query, extraHeaders, contentType, body, authorization, rawPath }) => {
      let path = operation.path;
      operation.pathParams.forEach((name, index) => {
        const value = pathValues[index] ?? "";
        // Mostly well encoded; sometimes as it is, broken percent-encodings included.
        const segment = rawPath ? value.replace(/[\s/?#]/g, "") || "x" : encodeSegment(value) || "x";
        path = path.replace(`{${name}}`, segment);
      });
      const search = new URLSearchParams(query).toString();
      const headers: Record<string, string> = { ...extraHeaders };
      if (contentType && body !== undefined) headers["content-type"] = contentType;
      else if (body !== undefined) headers["content-type"] = "application/json";
      if (authorization) headers.authorization = authorization;
      return {
        method: operation.method,
        url: search ? `${path}?${search}` : path,
        headers,
        payload: body,
      };
    });
}

/** Sends a generated request through app.inject; undefined when it is one no HTTP client could send. */
export async function injectFuzzRequest(
  app: FastifyInstance,
  request: FuzzRequest,
): Promise<LightMyRequestResponse | undefined> {
  try {
    return await app.inject({
      method: request.method as "GET",
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  } catch (error) {
    // light-my-request refuses to build some requests (a header or URL no HTTP client could send).
    if (error instanceof TypeError || (error as { code?: string }).code?.startsWith("ERR_")) return undefined;
    throw error;
  }
}
