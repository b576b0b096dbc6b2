// The checks in front of the identity service cannot be walked around by spelling the path differently
// or encoding the body differently: Better Auth's router resolves dot segments, backslashes, queries and
// fragments to the same endpoint (and answers 404 to a trailing slash, a double slash, another case or a
// percent-encoded letter), and reads forms and BOM-prefixed JSON. Every spelling that reaches an endpoint
// is counted and validated as the canonical one; every body that is not JSON is refused with 415.
// Requests go over a real socket: app.inject normalizes the URL the way a browser would, and an attacker
// sends the bytes it likes.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { queryRows } from "@toolshop/db/test-support";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_ONLY_MESSAGE } from "../plugins/auth/identity-routes";
import { TEST_ORIGIN, uniqueEmail } from "../testing/identity-client";
import { createTestApp, type TestApp } from "../testing/test-app";

/** How a path under /api/auth may be spelled; `path` is the endpoint's, such as "/sign-in/email". */
const SPELLINGS: [label: string, spell: (path: string) => string][] = [
  ["the canonical path", (path) => `/api/auth${path}`],
  ["a trailing slash", (path) => `/api/auth${path}/`],
  ["a double slash", (path) => `/api/auth/${path}`],
  ["upper case", (path) => `/api/auth${path.toUpperCase()}`],
  ["an upper-case prefix", (path) => `/API/AUTH${path}`],
  ["a percent-encoded letter", (path) => `/api/auth/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`],
  ["a percent-encoded slash", (path) => `/api/auth/x%2F..${path}`],
  ["a query", (path) => `/api/auth${path}?via=query`],
  ["a dot-dot segment", (path) => `/api/auth/x/..${path}`],
  ["a percent-encoded dot-dot segment", (path) => `/api/auth/x/%2e%2E${path}`],
  ["a dot segment", (path) => `/api/auth/.${path}`],
  ["a backslash", (path) => `/api/auth/.\\${path.slice(1)}`],
  ["a fragment", (path) => `/api/auth${path}#fragment`],
  ["a semicolon", (path) => `/api/auth${path};x=1`],
];

const BOM = "\uFEFF";
const WEAK_PASSWORD = "abcdefgh";
const GOOD_PASSWORD = "Spanner2024";

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): { statusCode?: number; message?: string } & Record<string, unknown>;
}

/** POST on a connection of its own, the path sent byte for byte (Node's client does not normalize it). */
function rawPost(
  port: number,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, method: "POST", path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            json: () => JSON.parse(text),
          });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("path spellings and body encodings of the identity service (PGlite, over HTTP)", () => {
  let t: TestApp;
  let port: number;
  let addresses = 0;
  /** A client address of its own per test (forwarded by the loopback "proxy"): budgets stay apart. */
  const nextIp = () => `10.77.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp({ kind: "pglite" }, { env: { TRUST_PROXY: "loopback" } });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `contentType` null: no Content-Type header at all. */
  const post = (
    url: string,
    ip: string,
    payload: string | object,
    contentType: string | null = "application/json",
  ) =>
    rawPost(
      port,
      url,
      {
        origin: TEST_ORIGIN,
        "x-forwarded-for": ip,
        ...(contentType === null ? {} : { "content-type": contentType }),
      },
      typeof payload === "object" ? JSON.stringify(payload) : payload,
    );

  const usersWithEmail = async (email: string) =>
    (await queryRows<{ id: string }>(t.database.db, sql`select id from auth_user where email = ${email}`))
      .length;

  function expectTooManyAttempts(response: Answer) {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toEqual({
      statusCode: 429,
      error: "Too Many Requests",
      message: "Too many attempts, try again in a minute",
    });
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  }

  /** Ten wrong passwords for one account from one address, sent together through `url`. */
  async function tenWrongSignIns(url: string, ip: string, email: string, encode = JSON.stringify) {
    const body = encode({ email, password: "wrong-password-1" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(url, ip, body)));
    return answers.map((answer) => answer.statusCode).sort();
  }

  describe.each(SPELLINGS)("through %s", (_label, spell) => {
    it("counts sign-ins: the tenth for one account from one address is refused, on every spelling", async () => {
      const ip = nextIp();
      const email = uniqueEmail("spelled");
      const statuses = await tenWrongSignIns(spell("/sign-in/email"), ip, email);
      // Not an endpoint under this spelling: nothing was checked, so nothing needed counting.
      if (statuses.every((status) => status === 404)) return;
      expect(statuses).toEqual([...Array(9).fill(401), 429]);
      expectTooManyAttempts(await post("/api/auth/sign-in/email", ip, { email, password: GOOD_PASSWORD }));
    });

    it("holds sign-ups to the spec's rules: a weak password or a 101-character name is 400", async () => {
      const url = spell("/sign-up/email");
      for (const [body, message] of [
        [{ name: "Weak", password: WEAK_PASSWORD }, "1 capital letter 1number"],
        [{ name: "n".repeat(101), password: GOOD_PASSWORD }, "Name must be at most 100 characters"],
      ] as const) {
        const email = uniqueEmail("spelled-up");
        const response = await post(url, nextIp(), { ...body, email });
        if (response.statusCode !== 404) {
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json()).toEqual({ statusCode: 400, error: "Bad Request", message });
        }
        expect(await usersWithEmail(email)).toBe(0);
      }
    });

    it("counts reset mails: the fourth for one account within a minute is refused", async () => {
      const url = spell("/request-password-reset");
      const email = uniqueEmail("spelled-reset");
      const statuses: number[] = [];
      for (let request = 0; request < 4; request++) {
        statuses.push((await post(url, nextIp(), { email })).statusCode);
      }
      if (statuses.every((status) => status === 404)) return;
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });

  it("counts every spelling against one budget: an attacker cycling through them gets nine guesses", async () => {
    const ip = nextIp();
    const email = uniqueEmail("cycled");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3 * SPELLINGS.length; attempt++) {
      const [, spell] = SPELLINGS[attempt % SPELLINGS.length] as (typeof SPELLINGS)[number];
      const response = await post(spell("/sign-in/email"), ip, { email, password: `guess-${attempt}x` });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(9);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => ![401, 404, 429].includes(status))).toEqual([]);
  });

  describe("body encodings", () => {
    const formOf = (body: Record<string, string>) => new URLSearchParams(body).toString();
    const refusedTypes: [contentType: string, encode: (body: Record<string, string>) => string][] = [
      ["application/x-www-form-urlencoded", formOf],
      ["application/x-www-form-urlencoded; charset=utf-8", formOf],
      ["text/plain", JSON.stringify],
      ["text/plain;charset=UTF-8", JSON.stringify],
      [
        "multipart/form-data; boundary=b",
        (body) =>
          `${Object.entries(body)
            .map(
              ([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
            )
            .join("")}--b--\r\n`,
      ],
      ["application/vnd.api+json", JSON.stringify],
      ["application/octet-stream", JSON.stringify],
    ];

    it.each(refusedTypes)(
      "refuses a %s body with 415 before the identity service reads it",
      async (type, encode) => {
        for (const path of [
          "/sign-in/email",
          "/sign-up/email",
          "/request-password-reset",
          "/reset-password",
        ]) {
          const email = uniqueEmail("encoded");
          const body = encode({ name: "Form", email, password: WEAK_PASSWORD, newPassword: WEAK_PASSWORD });
          const response = await post(`/api/auth${path}`, nextIp(), body, type);
          expect(response.statusCode, `${path}: ${response.body}`).toBe(415);
          expect(response.json()).toEqual({
            statusCode: 415,
            error: "Unsupported Media Type",
            message: JSON_ONLY_MESSAGE,
          });
          expect(await usersWithEmail(email)).toBe(0);
        }
      },
    );

    it("refuses a body without a Content-Type with 415", async () => {
      const body = JSON.stringify({ email: uniqueEmail("bare"), password: "x" });
      const response = await post("/api/auth/sign-in/email", nextIp(), body, null);
      expect(response.statusCode, response.body).toBe(415);
    });

    it("counts and validates JSON with a byte-order mark like any JSON", async () => {
      const withBom = (body: object) => `${BOM}${JSON.stringify(body)}`;
      const ip = nextIp();
      const email = uniqueEmail("bom");
      expect(await tenWrongSignIns("/api/auth/sign-in/email", ip, email, withBom)).toEqual([
        ...Array(9).fill(401),
        429,
      ]);

      const weak = await post(
        "/api/auth/sign-up/email",
        nextIp(),
        withBom({ name: "Bom", email, password: WEAK_PASSWORD }),
      );
      expect(weak.statusCode, weak.body).toBe(400);
      expect(weak.json().message).toBe("1 capital letter 1number");
      expect(await usersWithEmail(email)).toBe(0);

      const resets: number[] = [];
      for (let request = 0; request < 4; request++) {
        resets.push(
          (await post("/api/auth/request-password-reset", nextIp(), withBom({ email }))).statusCode,
        );
      }
      expect(resets).toEqual([200, 200, 200, 429]);
    });
  });
});
