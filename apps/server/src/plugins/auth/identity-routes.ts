// Mounts Better Auth at /api/auth: every request is converted to a Web Request for its handler and
// its Web Response back. Before that, our own rules run on the calls that need them: the spec's
// sign-up validation, the password rule on resets, and the rate limits.
import { passwordSchema, signUpSchema } from "@toolshop/shared/auth";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { HttpError } from "../../lib/http-errors";
import { IDENTITY_BASE_PATH, identityFailures } from "./identity";
import { toWebHeaders } from "./web-headers";

type JsonObject = Record<string, unknown>;

/** Runs before Better Auth on one POST path; may answer an error or hand on a corrected body. */
type BeforeIdentity = (
  request: FastifyRequest,
  reply: FastifyReply,
  body: JsonObject,
) => Promise<JsonObject | undefined>;

const emailOf = (body: JsonObject) => (typeof body.email === "string" ? body.email : undefined);

const beforeIdentity: Record<string, BeforeIdentity> = {
  "/sign-up/email": async (request, reply, body) => {
    await request.server.enforceRateLimit(request, reply, "signUp", emailOf(body));
    const parsed = signUpSchema.safeParse({
      name: body.name ?? "",
      email: body.email ?? "",
      password: body.password ?? "",
    });
    if (!parsed.success) throw new HttpError(400, messagesOf(parsed.error));
    // The trimmed name and email are what gets stored.
    return { ...body, ...parsed.data };
  },
  "/sign-in/email": async (request, reply, body) => {
    await request.server.enforceRateLimit(request, reply, "signIn", emailOf(body));
    return undefined;
  },
  "/request-password-reset": async (request, reply, body) => {
    await request.server.enforceRateLimit(request, reply, "accountMail", emailOf(body));
    return undefined;
  },
  "/send-verification-email": async (request, reply, body) => {
    await request.server.enforceRateLimit(request, reply, "accountMail", emailOf(body));
    return undefined;
  },
  "/reset-password": async (_request, _reply, body) => {
    checkNewPassword(body);
    return undefined;
  },
  "/change-password": async (_request, _reply, body) => {
    checkNewPassword(body);
    return undefined;
  },
};

export async function identityRoutes(app: FastifyInstance): Promise<void> {
  // Better Auth reads the body itself: hand it over untouched, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.route({
    method: ["GET", "POST"],
    url: `${IDENTITY_BASE_PATH}/*`,
    // Better Auth's own endpoints are described by Better Auth, not in our OpenAPI document.
    schema: { hide: true },
    handler: async (request, reply) => {
      let body = request.body instanceof Buffer ? request.body : undefined;
      const before = beforeIdentity[identityPath(request.url)];
      if (request.method === "POST" && before) {
        const corrected = await before(request, reply, parseJsonObject(body) ?? {});
        if (corrected) body = Buffer.from(JSON.stringify(corrected));
      }
      const failure: { error?: unknown } = {};
      const response = await identityFailures.run(failure, () =>
        app.identity.handler(toWebRequest(request, body)),
      );
      // Better Auth turns a fault (the database gone, a bug) into a bare 500; the app's error handler
      // answers it as every other route's: 503 with Retry-After for an outage, logged 500 otherwise.
      if (response.status >= 500 && failure.error !== undefined) throw failure.error;
      return sendWebResponse(reply, response);
    },
  });
}

/** "/api/auth/sign-in/email?x=1" -> "/sign-in/email" */
function identityPath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path.slice(IDENTITY_BASE_PATH.length).replace(/\/+$/, "");
}

function toWebRequest(request: FastifyRequest, body: Buffer | undefined): Request {
  const headers = toWebHeaders(request);
  // The body may have been rewritten; the Request measures it again.
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
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const payload = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  return reply.send(payload);
}

function parseJsonObject(body: Buffer | undefined): JsonObject | undefined {
  if (!body || body.length === 0) return undefined;
  try {
    const value: unknown = JSON.parse(body.toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

function checkNewPassword(body: JsonObject): void {
  const parsed = passwordSchema.safeParse(body.newPassword ?? "");
  if (!parsed.success) throw new HttpError(400, messagesOf(parsed.error));
}

/** The schema's own sentences in field order: each field's first problem ("password is required",
 * not also "1 capital letter 1number" for an empty password). */
function messagesOf(error: z.ZodError): string {
  const firstPerField = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    if (!firstPerField.has(field)) firstPerField.set(field, issue.message);
  }
  return [...firstPerField.values()].join("; ");
}
