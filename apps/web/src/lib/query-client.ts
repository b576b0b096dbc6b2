import { QueryClient } from "@tanstack/react-query";
import { QUERY_CACHE_TIME_MS, QUERY_MAX_RETRY_DELAY_MS, QUERY_RETRIES } from "@toolshop/shared/constants";
import { ApiRequestError } from "./api-client";

/** A client error (bad id, no permission) will not change by asking again; time-outs and 5xx may. */
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** docs/product.md section 9: 3 retries, exponential delay capped at 30 s, cache lifetime 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < QUERY_RETRIES && isWorthRetrying(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_MAX_RETRY_DELAY_MS),
        gcTime: QUERY_CACHE_TIME_MS,
      },
    },
  });
}
