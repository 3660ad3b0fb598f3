// A TCP proxy in front of PostgreSQL that a test can cut and restore, to simulate a database outage.
import { createServer, connect, type Socket } from "node:net";
import type { TestContext } from "node:test";

export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(
  t: Pick<TestContext, "after">,
  targetHost: string,
  targetPort: number,
): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxy: TcpProxy = {
    port: (server.address() as { port: number }).port,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  t.after(() => proxy.close());
  return proxy;
}
