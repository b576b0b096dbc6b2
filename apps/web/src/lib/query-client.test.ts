import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client";
import { createQueryClient } from "./query-client";

describe("createQueryClient", () => {
  const { queries } = createQueryClient().getDefaultOptions();
  const retry = queries?.retry as (failureCount: number, error: Error) => boolean;
  const retryDelay = queries?.retryDelay as (attempt: number) => number;

  it("retries a failing call three times (docs/product.md section 9)", () => {
    const serverError = new ApiRequestError(500, "Internal Server Error", "boom");
    expect([0, 1, 2, 3].map((count) => retry(count, serverError))).toEqual([true, true, true, false]);
    expect(retry(0, new ApiRequestError(0, "Network Error", "offline"))).toBe(true);
  });

  it("does not retry answers that another try cannot change", () => {
    expect(retry(0, new ApiRequestError(404, "Not Found", "no such tool"))).toBe(false);
    expect(retry(0, new ApiRequestError(403, "Forbidden", "not yours"))).toBe(false);
  });

  it("waits exponentially longer, never more than 30 s, and keeps data 5 minutes", () => {
    expect([0, 1, 2, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000]);
    expect(queries?.gcTime).toBe(5 * 60 * 1000);
  });
});
