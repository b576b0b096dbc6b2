import { ACCESS_TOKEN_STORAGE_KEY } from "@toolshop/shared/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendJson, startTestApi } from "../test/http-test-server";
import { readAccessToken } from "./access-token";
import { ApiRequestError, apiRequest, setAccessTokenProvider, setUnauthorizedHandler } from "./api-client";

describe("apiRequest", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    localStorage.clear();
    setAccessTokenProvider(readAccessToken);
    await close?.();
    close = undefined;
  });

  it("calls /api with the stored access token as a Bearer header", async () => {
    const seen: { url?: string; authorization?: string } = {};
    ({ close } = await startTestApi((request, response) => {
      seen.url = request.url;
      seen.authorization = request.headers.authorization;
      sendJson(response, 200, [{ name: "Pliers" }]);
    }));
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "token-123");

    const body = await apiRequest<{ name: string }[]>("/tools");

    expect(body).toEqual([{ name: "Pliers" }]);
    expect(seen).toEqual({ url: "/api/tools", authorization: "Bearer token-123" });
  });

  it("sends no Authorization header without a stored token", async () => {
    let authorization: string | undefined = "unset";
    ({ close } = await startTestApi((request, response) => {
      authorization = request.headers.authorization;
      sendJson(response, 200, []);
    }));
    await apiRequest("/review");
    expect(authorization).toBeUndefined();
  });

  it("throws an ApiRequestError carrying the server's message and status", async () => {
    ({ close } = await startTestApi((_request, response) =>
      sendJson(response, 404, { statusCode: 404, error: "Not Found", message: "No tool has this id" }),
    ));
    const failure = await apiRequest("/tools/x").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 404, error: "Not Found", message: "No tool has this id" });
  });

  it("falls back to the status line when the error body is not JSON", async () => {
    ({ close } = await startTestApi((_request, response) => {
      response.writeHead(502, { "content-type": "text/html" });
      response.end("<h1>Bad gateway</h1>");
    }));
    await expect(apiRequest("/tools")).rejects.toMatchObject({
      status: 502,
      message: "The request failed (502 Bad Gateway).",
    });
  });

  it("reports an unreachable server as status 0", async () => {
    const api = await startTestApi(() => undefined);
    await api.close();
    const base = document.createElement("base");
    base.href = `${api.origin}/`;
    document.head.append(base);
    close = async () => base.remove();
    await expect(apiRequest("/tools")).rejects.toMatchObject({ status: 0, error: "Network Error" });
  });

  it("signs the user out through the registered handler when the API answers 401", async () => {
    ({ close } = await startTestApi((_request, response) =>
      sendJson(response, 401, { statusCode: 401, error: "Unauthorized", message: "Your session has ended" }),
    ));
    const onUnauthorized = vi.fn();
    const unregister = setUnauthorizedHandler(onUnauthorized);
    await expect(apiRequest("/orders/ann@example.com")).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    unregister();
    await expect(apiRequest("/orders/ann@example.com")).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("leaves a 401 of the token exchange to its caller and sends no token with it", async () => {
    let authorization: string | undefined = "unset";
    ({ close } = await startTestApi((request, response) => {
      authorization = request.headers.authorization;
      sendJson(response, 401, { statusCode: 401, error: "Unauthorized", message: "Sign in first" });
    }));
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, "stale-token");
    const onUnauthorized = vi.fn();
    const unregister = setUnauthorizedHandler(onUnauthorized);
    await expect(
      apiRequest("/user/ann@example.com", { method: "PUT", withoutAccessToken: true }),
    ).rejects.toMatchObject({ status: 401 });
    unregister();
    expect(authorization).toBeUndefined();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("asks the registered provider for the token, so the session can refresh it first", async () => {
    let authorization: string | undefined;
    ({ close } = await startTestApi((request, response) => {
      authorization = request.headers.authorization;
      sendJson(response, 200, []);
    }));
    setAccessTokenProvider(async () => "fresh-token");
    await apiRequest("/tools");
    expect(authorization).toBe("Bearer fresh-token");
  });
});
