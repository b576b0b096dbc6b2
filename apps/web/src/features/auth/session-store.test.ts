import { ACCESS_TOKEN_STORAGE_KEY } from "@toolshop/shared/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startAccountsApi, tokenExpiringIn } from "../../test/fake-accounts-api";

const ANN = { name: "Ann Lee", email: "ann@example.com" };
const MINUTE = 60_000;

/** Fresh copies of the session's modules: each test starts from a page that has just loaded. */
async function loadModules() {
  vi.resetModules();
  const state = await import("./session-state");
  const loader = await import("./session-loader");
  const store = await import("./session-store");
  const apiClient = await import("../../lib/api-client");
  return { state, loader, store, apiClient };
}

describe("the session", () => {
  let api: Awaited<ReturnType<typeof startAccountsApi>> | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    localStorage.clear();
    await api?.close();
    api = undefined;
  });

  it("starts signed out without asking anyone when no token is stored", async () => {
    api = await startAccountsApi({ signedIn: ANN });
    const { state, loader } = await loadModules();
    await loader.startSession();
    expect(state.getSession()).toEqual({ status: "signed-out" });
    expect(api.calls).toEqual([]);
  });

  it("starts signed in and keeps a stored token that is still valid for that user", async () => {
    api = await startAccountsApi({ signedIn: ANN });
    const stored = tokenExpiringIn(60 * MINUTE, ANN.email);
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, stored);
    const { state, loader } = await loadModules();
    await loader.startSession();
    expect(state.getSession()).toMatchObject({ status: "signed-in", user: ANN });
    expect(api.callsTo("PUT", "/api/user/")).toEqual([]);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(stored);
  });

  it("replaces a stored token that is inside its last 30 s, or another user's, with PUT /api/user/:email", async () => {
    api = await startAccountsApi({ signedIn: ANN });
    for (const stored of [
      tokenExpiringIn(25_000, ANN.email),
      tokenExpiringIn(60 * MINUTE, "bob@example.com"),
    ]) {
      localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, stored);
      const { state, loader } = await loadModules();
      await loader.startSession();
      expect(state.getSession()).toMatchObject({ status: "signed-in" });
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).not.toBe(stored);
    }
    expect(api.callsTo("PUT", "/api/user/").map((call) => call.path)).toEqual([
      "/api/user/ann%40example.com",
      "/api/user/ann%40example.com",
    ]);
  });

  it("starts signed out and forgets the token when the identity session has ended", async () => {
    api = await startAccountsApi({ signedIn: null });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokenExpiringIn(60 * MINUTE));
    const { state, loader } = await loadModules();
    await loader.startSession();
    expect(state.getSession()).toEqual({ status: "signed-out" });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("refreshes the token 5 minutes before it expires", async () => {
    api = await startAccountsApi({ signedIn: ANN });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // Expires in 5 minutes and 20 seconds: the refresh is due in about 20 s.
    const stored = tokenExpiringIn(5 * MINUTE + 20_000, ANN.email);
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, stored);
    const { state, loader } = await loadModules();
    await loader.startSession();
    expect(state.getSession()).toMatchObject({ status: "signed-in" });

    vi.advanceTimersByTime(18_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(api.callsTo("PUT", "/api/user/")).toEqual([]);

    vi.advanceTimersByTime(4_000);
    await vi.waitFor(() => expect(api?.callsTo("PUT", "/api/user/")).toHaveLength(1));
    await vi.waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).not.toBe(stored));
  });

  it("gets a new token before an API call when the stored one is inside its last 30 s", async () => {
    api = await startAccountsApi({ signedIn: ANN, other: () => ({ status: 200, body: [] }) });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokenExpiringIn(60 * MINUTE, ANN.email));
    const { loader, apiClient } = await loadModules();
    await loader.startSession();

    const almostExpired = tokenExpiringIn(20_000, ANN.email);
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, almostExpired);
    await apiClient.apiRequest("/tools");

    const [exchange, call] = api.calls.slice(-2);
    expect(exchange).toMatchObject({
      method: "PUT",
      path: "/api/user/ann%40example.com",
      authorization: undefined,
    });
    const fresh = localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
    expect(fresh).not.toBe(almostExpired);
    expect(call).toMatchObject({ method: "GET", path: "/api/tools", authorization: `Bearer ${fresh}` });
  });

  it("reports the user unauthorized when the refresh is refused because the identity session ended", async () => {
    api = await startAccountsApi({ signedIn: ANN, other: () => ({ status: 200, body: [] }) });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokenExpiringIn(60 * MINUTE, ANN.email));
    const { loader, apiClient } = await loadModules();
    await loader.startSession();
    const onUnauthorized = vi.fn();
    apiClient.setUnauthorizedHandler(onUnauthorized);

    api.endIdentitySession();
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokenExpiringIn(20_000, ANN.email));
    await apiClient.apiRequest("/tools");
    expect(onUnauthorized).toHaveBeenCalled();
  });

  it("signs out: clears accessToken, ends the identity session and shows the visitor signed out", async () => {
    api = await startAccountsApi({ signedIn: ANN });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokenExpiringIn(60 * MINUTE, ANN.email));
    const { state, loader } = await loadModules();
    await loader.startSession();
    await loader.signOut();
    expect(state.getSession()).toEqual({ status: "signed-out" });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(api.callsTo("POST", "/api/auth/sign-out")).toHaveLength(1);
  });

  it("follows a sign-out in another tab", async () => {
    api = await startAccountsApi({ signedIn: ANN });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokenExpiringIn(60 * MINUTE, ANN.email));
    const { state, loader } = await loadModules();
    await loader.startSession();
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent("storage", { key: ACCESS_TOKEN_STORAGE_KEY, newValue: null }));
    expect(state.getSession()).toEqual({ status: "signed-out" });
  });
});
