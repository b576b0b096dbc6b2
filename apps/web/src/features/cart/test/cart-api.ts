import { afterEach } from "vitest";
import { signOutForTest } from "../../auth/test/session";
import { type ApiAnswer, type ApiCall, startOrdersApi } from "../../orders/test/render-with-api";
import { writeVisitorCart } from "../visitor-cart";

/**
 * For a describe block of the cart's screens: answers `startApi`, which starts one test's fake API
 * (startOrdersApi). After each test the API is closed, and the browser's cart and session are cleared,
 * so that every test starts signed out with an empty cart.
 */
export function cartApiPerTest() {
  let api: Awaited<ReturnType<typeof startOrdersApi>> | undefined;
  afterEach(async () => {
    localStorage.clear();
    writeVisitorCart([]);
    signOutForTest();
    await api?.close();
    api = undefined;
  });
  return async function startApi(answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>) {
    api = await startOrdersApi(answer);
    return api;
  };
}
