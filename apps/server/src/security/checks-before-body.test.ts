// Who is asking is checked before the body is read: a stranger gets 401 and a customer 403 from every
// guarded operation of the OpenAPI document, whatever the body, never a 400 that describes the schema.
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requiresSignIn } from "../lib/route-security";
import { registerAuthGuards } from "../plugins/auth/guards";
import { type SignedInCustomer, signedInCustomer } from "../testing/api-client";
import { createTestApp, type TestApp } from "../testing/test-app";

interface Operation {
  method: string;
  path: string;
  admin: boolean;
}

// The summaries of admin operations say so: "(admin)" or "(admins only)".
const ADMIN_SUMMARY = /\(admins?( only)?\)/;
const HOSTILE_BODIES: { label: string; payload: string; contentType: string }[] = [
  {
    label: "a body of the wrong shape",
    payload: JSON.stringify({ name: 1, quantity: "x" }),
    contentType: "application/json",
  },
  { label: "broken JSON", payload: "{", contentType: "application/json" },
  {
    label: "a huge field",
    payload: JSON.stringify({ name: "x".repeat(200_000) }),
    contentType: "application/json",
  },
];

describe("signed-in and admin routes answer 401/403 before they parse or validate a body", () => {
  let t: TestApp;
  let customer: SignedInCustomer;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" });
    customer = await signedInCustomer(t);
    await t.app.ready();
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown; summary?: string }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => requiresSignIn(operation.security))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          // Path parameters get values of the wrong shape too.
          path: path.replace(/\{[^}]+\}/g, "not-a-valid-value"),
          admin: ADMIN_SUMMARY.test(operation.summary ?? ""),
        })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses to build a route that declares security but checks it after the body is read", async () => {
    const app = Fastify();
    registerAuthGuards(app, "a-secret-that-is-at-least-32-characters-long");
    const schema = { security: [{ bearerAuth: [] }] };
    expect(() => app.post("/late", { schema, preHandler: app.requireUser }, async () => ({}))).toThrow(
      "POST /late declares security but has no requireUser/requireAdmin in onRequest.",
    );
    expect(() => app.post("/early", { schema, onRequest: app.requireAdmin }, async () => ({}))).not.toThrow();
    await app.close();
  });

  it("finds the guarded operations, admin ones among them", () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.filter((operation) => operation.admin).length).toBeGreaterThan(10);
  });

  it("answers 401 to a stranger, whatever the body", async () => {
    for (const operation of operations) {
      for (const body of HOSTILE_BODIES) {
        const response = await t.app.inject({
          method: operation.method as "POST",
          url: operation.path,
          headers: { "content-type": body.contentType },
          ...(operation.method === "GET" ? {} : { payload: body.payload }),
        });
        expect(response.statusCode, `${operation.method} ${operation.path} with ${body.label}`).toBe(401);
      }
    }
  });

  it("answers 403 to a customer on an admin operation, whatever the body", async () => {
    for (const operation of operations.filter((candidate) => candidate.admin)) {
      for (const body of HOSTILE_BODIES) {
        const response = await t.app.inject({
          method: operation.method as "POST",
          url: operation.path,
          headers: { ...customer.headers, "content-type": body.contentType },
          ...(operation.method === "GET" ? {} : { payload: body.payload }),
        });
        expect(response.statusCode, `${operation.method} ${operation.path} with ${body.label}`).toBe(403);
      }
    }
  });
});
