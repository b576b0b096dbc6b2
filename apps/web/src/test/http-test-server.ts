import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type TestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A real HTTP server on a free port that the component under test talks to. The document gets a
 * <base> pointing at it, so the app's relative "/api/..." URLs reach it exactly as in the browser.
 */
export async function startTestApi(handler: TestHandler) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const base = document.createElement("base");
  base.href = `${origin}/`;
  document.head.append(base);
  return {
    origin,
    close: async () => {
      base.remove();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
