// A port for a server a test starts itself (nginx, Caddy, PostgreSQL, PgBouncer, another runtime) when its address
// must be known before it runs. Taken below the kernel's ephemeral range, where every listen(0) and every outgoing
// connection of the tests running beside it get their ports: a port found by listen(0) and closed could be handed
// to one of them before the server binds it (seen: nginx still retrying its bind while a plain HTTP server of
// another test answered on its port, and the browser's TLS handshake failed).
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const LOWEST = 10_000;

/** The first port of the kernel's ephemeral range (32768 when it cannot be read). */
function ephemeralStart(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

const canBind = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

/** A free TCP port on 127.0.0.1 outside the ephemeral range (inside it only when the range leaves no room below). */
export async function freePort(): Promise<number> {
  const below = ephemeralStart();
  if (below - LOWEST >= 1_000)
    for (let tries = 0; tries < 200; tries++) {
      const port = LOWEST + Math.floor(Math.random() * (below - LOWEST));
      if (await canBind(port)) return port;
    }
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
