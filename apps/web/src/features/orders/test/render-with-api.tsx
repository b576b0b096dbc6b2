import type { IncomingMessage, ServerResponse } from "node:http";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { startTestApi } from "../../../test/http-test-server";

export interface ApiCall {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export type ApiAnswer = {
  status: number;
  body: unknown;
  delayMs?: number;
  /** Response headers beside the JSON content type, e.g. X-Next-Cursor. */
  headers?: Record<string, string>;
};

/**
 * A real HTTP server answering the orders and payments calls: `answer` decides each reply, and every
 * call is recorded with its headers and JSON body.
 */
export async function startOrdersApi(answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>) {
  const calls: ApiCall[] = [];
  const api = await startTestApi((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const call: ApiCall = {
        method: request.method ?? "GET",
        path: request.url ?? "/",
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      // A shop with no shipping methods, as the seed's: checkout has nothing to choose (decision 0067).
      const {
        status,
        body,
        delayMs = 0,
        headers = {},
      } = call.method === "POST" && call.path === "/api/shipping/options"
        ? { status: 200, body: { countries: [], options: [] } }
        : await answer(call);
      setTimeout(() => {
        response.writeHead(status, { ...headers, "content-type": "application/json" });
        response.end(JSON.stringify(body));
      }, delayMs);
    });
  });
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    close: api.close,
  };
}

/** Renders `element` at `path` with a fresh query client (no retries) and a memory router. */
export function renderScreen(
  element: ReactNode,
  {
    path = "/",
    pattern = "/",
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  } = {},
) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: "*", element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, user: userEvent.setup() };
}

export function apiError(status: number, error: string, message: string): ApiAnswer {
  return { status, body: { statusCode: status, error, message } };
}
