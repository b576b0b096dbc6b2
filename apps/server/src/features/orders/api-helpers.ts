// Helpers for the orders and payments API suites (tests only): customers with real access tokens.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { TestApp } from "../../testing/test-app";
import { addCustomer } from "./test-fixtures";

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
  const token = await t.app.accessTokens.sign(user);
  return { ...user, headers: { authorization: `Bearer ${token}` } };
}

/** A JSON call as a signed-in customer. */
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

/** The mails written to the test app's outbox so far. */
export async function outboxMails(dataDir: string): Promise<string[]> {
  const directory = join(dataDir, "mail");
  const files = await readdir(directory).catch(() => [] as string[]);
  return Promise.all(files.sort().map((file) => readFile(join(directory, file), "utf8")));
}
