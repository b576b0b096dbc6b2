// HTTP at the socket level, for what fetch will not send: broken requests, bodies that never end,
// headers a byte at a time.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect, type Socket } from "node:net";

export interface RawAnswer {
  /** The status line's code, or undefined when the server closed without answering. */
  status: number | undefined;
  head: string;
  /** Bytes of the request body written before the answer came (or the socket closed). */
  bodyBytesSent: number;
}

/** Sends `head` and then body chunks until the server answers or closes (or `maxBody` is reached). */
export function sendRaw(
  port: number,
  head: string,
  options: { bodyChunk?: Buffer; maxBody?: number; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, "127.0.0.1");
    let received = "";
    let bodyBytesSent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const status = received.match(/^HTTP\/1\.[01] (\d{3})/)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        head: received.split("\r\n\r\n")[0] ?? "",
        bodyBytesSent,
      });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 10_000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n")) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    socket.on("connect", () => {
      socket.write(head);
      const chunk = options.bodyChunk;
      if (!chunk) return;
      const pump = () => {
        while (!done && bodyBytesSent < (options.maxBody ?? 0)) {
          bodyBytesSent += chunk.length;
          if (!socket.write(chunk)) {
            socket.once("drain", pump);
            return;
          }
        }
      };
      pump();
    });
  });
}

export interface ProbeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request on a connection of its own, closed after the answer, as a load balancer's health check
 * sends it: no pooled keep-alive socket that the server may be closing at that moment (which a pooled
 * client such as fetch meets as ECONNRESET, a race of the client's, not the server's).
 */
export function probe(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const headers = { ...options.headers, ...(body ? { "content-length": String(body.length) } : {}) };
    const request = httpRequest(
      url,
      { method: options.method ?? "GET", headers, agent: false, timeout: options.timeoutMs ?? 20_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer from ${url} in time`)));
    request.on("error", reject);
    request.end(body);
  });
}
