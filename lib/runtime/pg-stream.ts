// What node-postgres gets in dist/fetch.js in place of its lib/stream.js (which requires node:net and node:tls):
// workerd's own sockets (cloudflare:sockets, through pg-cloudflare, as node-postgres itself picks there), and on
// other runtimes their Node-compatible net and tls (lib/runtime/builtin.ts), asked for when a connection opens.
import type * as NodeNet from "node:net";
import type * as NodeTls from "node:tls";
// The package's types describe what Node resolves (an empty module); dist/fetch.js resolves its workerd build.
import * as pgCloudflare from "pg-cloudflare";
import { runtimeBuiltin } from "./builtin.ts";

const { CloudflareSocket } = pgCloudflare as unknown as { CloudflareSocket: new (ssl: boolean) => unknown };

const isWorkerd = () =>
  typeof navigator !== "undefined" && (navigator as { userAgent?: string }).userAgent === "Cloudflare-Workers";

const PURPOSE = "to connect to PostgreSQL";

export function getStream(ssl: unknown): unknown {
  if (isWorkerd()) return new CloudflareSocket(ssl as boolean);
  return new (runtimeBuiltin<typeof NodeNet>("node:net", PURPOSE).Socket)();
}

export function getSecureStream(options: NodeTls.ConnectionOptions & { socket: { startTls(o: unknown): void } }) {
  if (isWorkerd()) {
    options.socket.startTls(options);
    return options.socket;
  }
  return runtimeBuiltin<typeof NodeTls>("node:tls", PURPOSE).connect(options as NodeTls.ConnectionOptions);
}
