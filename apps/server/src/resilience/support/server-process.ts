// The system tests' server processes: the shared launcher (testing/server-process.ts) with the
// secret and public address that the tests sign tokens and send requests with.
import { type ServerProcess, startServer as startServerProcess } from "../../testing/server-process";

export { type ServerProcess, stopServer } from "../../testing/server-process";

/** The secret every test server signs its access tokens with (tests sign theirs with it too). */
export const TEST_AUTH_SECRET = "resilience-test-secret-at-least-32-characters";
/** The shop's public address (the port is random): identity calls must come from this origin. */
export const TEST_PUBLIC_URL = "http://localhost:3000";

export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({
    NODE_ENV: "test",
    AUTH_SECRET: TEST_AUTH_SECRET,
    PUBLIC_URL: TEST_PUBLIC_URL,
    // The suites stream hundreds of unpaid orders from a handful of customers: the per-customer cap on
    // unpaid orders (tested in features/orders) would turn their load into 409s.
    MAX_UNPAID_ORDERS_PER_CUSTOMER: "100000",
    ...env,
  });
}
