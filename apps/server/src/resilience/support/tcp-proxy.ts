// A TCP proxy between a server and its PostgreSQL or Redis, to take the backend away and bring it back
// without touching the real service (other suites use it at the same time).
import { once } from "node:events";
import { createConnection, createServer, type Server, type Socket } from "node:net";

export type CutMode =
  /** Existing connections are reset and new ones refused at once: the backend is down. */
  | "refuse"
  /** Existing connections are reset; new ones are accepted but never answered: a dead network path. */
  | "blackhole";

export interface TcpProxy {
  port: number;
  /** `host:port` of the proxy, to put in place of the backend's in a URL. */
  address: string;
  cut(mode?: CutMode): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let cutMode: CutMode | undefined;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  const server: Server = createServer((client) => {
    track(client);
    if (cutMode === "refuse") {
      client.resetAndDestroy();
      return;
    }
    if (cutMode === "blackhole") return; // held open, never answered, until restore() or close()
    const upstream = createConnection(target);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };

  const dropAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  };
  return {
    port,
    address: `127.0.0.1:${port}`,
    cut(mode = "refuse") {
      cutMode = mode;
      dropAll();
    },
    restore() {
      // Connections held by a black hole were never connected to the backend: drop them too.
      if (cutMode === "blackhole") dropAll();
      cutMode = undefined;
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The URL with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  return proxied.toString();
}
