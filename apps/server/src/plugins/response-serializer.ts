// Answers are written by fast-json-stringify, compiled once per route from the response's zod schema
// (decision 0016): zod's encode walks every field of every row with its checks, then JSON.stringify
// walks it again. Only the schema's properties are written, so a field the schema does not name never
// leaves the server. Outside production every answer is also encoded by zod and compared, so a
// handler that drifts from its schema fails the tests instead of passing unchecked.
import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type JsonSchema = { [key: string]: unknown };
type Serialize = (data: unknown) => string;

/** What only a validator needs: the written JSON is the same without them. */
const VALIDATION_ONLY = new Set([
  "$schema",
  "pattern",
  "format",
  "enum",
  "const",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "description",
]);

/**
 * The JSON schema a serializer needs. `anyOf [x, null]` (zod's nullable) becomes `type: [x, "null"]`,
 * which fast-json-stringify writes directly, where an `anyOf` would be validated for every value.
 */
function forSerializing(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializing);
  if (!schema || typeof schema !== "object") return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALIDATION_ONLY.has(key)) continue;
    out[key] = key === "properties" ? mapValues(value as JsonSchema, forSerializing) : forSerializing(value);
  }
  const options = out.anyOf as JsonSchema[] | undefined;
  if (options?.length === 2 && options.some((option) => option.type === "null")) {
    const other = options.find((option) => option.type !== "null") as JsonSchema;
    if (typeof other.type === "string" && other.type !== "object" && other.type !== "array") {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, "null"] };
    }
  }
  return out;
}

const mapValues = (object: JsonSchema, map: (value: unknown) => unknown): JsonSchema =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));

/** fast-json-stringify for `schema`, or undefined when zod cannot say its output as JSON schema. */
export function compileFastSerializer(schema: z.ZodType): Serialize | undefined {
  let jsonSchema: unknown;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      io: "output",
      unrepresentable: "throw",
      // Inline everything: named schemas would become $refs into the OpenAPI document's registry.
      metadata: z.registry(),
      reused: "inline",
      cycles: "throw",
    });
  } catch {
    return undefined;
  }
  return fastJson(forSerializing(jsonSchema) as Parameters<typeof fastJson>[0]);
}

/**
 * Fastify's serializer compiler for zod response schemas. With `verify`, zod's own serializer runs
 * too (it throws when the data breaks the schema) and the two answers must say the same.
 */
export function createResponseSerializerCompiler({
  verify,
}: {
  verify: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const bySchema = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    // Compiled on the first answer of this route and status, not at start: most pairs (the error
    // statuses) seldom answer, and compiling all of them added about 60 ms to every start.
    let fast: Serialize | undefined | null = null;
    return (data) => {
      if (fast === null) fast = compileFastSerializer(route.schema);
      if (!fast) return bySchema(data);
      if (!verify) return fast(data);
      const expected = bySchema(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: the fast serializer wrote ${written}, zod ${expected}`,
        );
      }
      return written;
    };
  };
}
