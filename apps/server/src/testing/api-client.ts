// Calls to the API as a signed-in user (tests only), with an access token the app itself signed.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, InjectOptions } from "fastify";
import { addCustomer } from "./fixtures";
import type { TestApp } from "./test-app";

export interface SignedInCustomer {
  id: string;
  email: string;
  /** `Authorization: Bearer …` with a token the app itself signed. */
  headers: { authorization: string };
}

export async function signedInCustomer(
  t: TestApp,
  options: { role?: "admin" | "user" } = {},
): Promise<SignedInCustomer> {
  const user = await addCustomer(t.database.db, options);
  // A session id of its own: no identity session to end, so the token stays valid.
  const token = await t.app.accessTokens.sign({ ...user, sessionId: randomUUID() });
  return { ...user, headers: { authorization: `Bearer ${token}` } };
}

/** A JSON call as a signed-in customer (or anonymous, without one). */
export function call(
  app: FastifyInstance,
  who: SignedInCustomer | undefined,
  method: NonNullable<InjectOptions["method"]>,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({ method, url, payload, headers: { ...who?.headers, ...headers } });
}
