// HTTP at the socket level, for what fetch will not send: broken requests, bodies that never end,
// headers a byte at a time.
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
