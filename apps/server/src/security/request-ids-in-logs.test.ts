// The request id in the log is the server's own (issue 47, finding 10): a client's X-Request-Id took
// its place in every line, security events included, so a client chose what its request was called
// and could write a line of its own into a log read as lines. It is kept beside it, escaped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_REQUEST_ID_MAX_LENGTH } from "../plugins/logging";
import { TEST_ORIGIN, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FORGED = '{"level":60,"msg":"forged","event":"admin.promoted"}';
const HOSTILE_IDS = [`req-1\n${FORGED}`, `req-2\r\n${FORGED}`, `"},${FORGED.slice(1)}`, "x".repeat(5000)];

for (const format of ["json", "pretty"] as const) {
  describe(`request ids in the log (${format})`, () => {
    let t: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      t = await createTestApp(
        { kind: "pglite" },
        {
          env: { LOG_LEVEL: "info", LOG_FORMAT: format },
          logDestination: { write: (line) => lines.push(...line.split("\n").filter(Boolean)) },
        },
      );
    });
    afterAll(async () => {
      await t?.close();
    });

    it("names each request by the server's id and keeps a hostile X-Request-Id escaped beside it", async () => {
      // A quote is logged (no SALES_EMAIL and no admin to mail); a failed sign-in is a security event. Better Auth
      // cannot take a line break in a header (nor can HTTP carry one): the sign-in gets the others.
      for (const requestId of HOSTILE_IDS) {
        const quote = await t.app.inject({
          method: "POST",
          url: "/api/quotes",
          headers: { "x-request-id": requestId },
          payload: { name: "Ada", email: uniqueEmail("quote"), message: "Two levels, please." },
        });
        expect(quote.statusCode, quote.body).toBe(201);
        if (/[\r\n]/.test(requestId)) continue;
        const signIn = await t.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { origin: TEST_ORIGIN, "x-request-id": requestId },
          payload: { email: uniqueEmail("nobody"), password: "Guessed2024" },
        });
        expect(signIn.statusCode, signIn.body).toBe(401);
      }
      const logged = lines.filter((line) => /no SALES_EMAIL and no admin|sign-in failed/.test(line));
      expect(logged).toHaveLength(HOSTILE_IDS.length + HOSTILE_IDS.filter((id) => !/[\r\n]/.test(id)).length);
      // No line of the client's own: every line is the server's, whole.
      expect(lines.some((line) => line.trimStart().startsWith(FORGED))).toBe(false);
      if (format === "pretty") return;

      const entries = logged.map((line) => JSON.parse(line));
      expect(new Set(entries.map((entry) => entry.reqId)).size).toBe(entries.length);
      for (const entry of entries) {
        expect(entry.reqId).toMatch(UUID);
        expect(HOSTILE_IDS.map((id) => id.slice(0, CLIENT_REQUEST_ID_MAX_LENGTH))).toContain(
          entry.clientRequestId,
        );
        if (entry.event === "sign-in-failed") expect(entry.requestId).toBe(entry.reqId);
      }
    });
  });
}
