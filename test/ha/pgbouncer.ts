// Debian's PgBouncer in transaction pooling mode in front of a PostgreSQL server, for one test file.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { waitUntil } from "../helpers/wait.ts";
import type { Cleanup } from "../helpers/service.ts";
import { ensurePackage, freePort, postgresOwnedDir, run, spawnAsPostgres } from "./debian.ts";
import { connect } from "node:net";

export const PGBOUNCER = "/usr/sbin/pgbouncer";

export interface PgBouncer {
  port: number;
  /** The process that runs PgBouncer (runuser; PgBouncer is its child). */
  pid: number;
  /** `serverUrl` with host and port replaced by PgBouncer's. */
  url(serverUrl: string): string;
}

/**
 * Starts PgBouncer with `pool_mode = transaction` and few server connections (so clients share them, as in
 * production), no ignored startup parameters (a startup `options` is refused, as operators' configs do).
 */
export async function startPgBouncer(
  t: Cleanup,
  server: string,
  options: { poolSize?: number } = {},
): Promise<PgBouncer> {
  await ensurePackage("pgbouncer", PGBOUNCER);
  const backend = new URL(server);
  const dir = await postgresOwnedDir(t, "svc-pgbouncer-");
  const port = await freePort();
  const user = decodeURIComponent(backend.username);
  const password = decodeURIComponent(backend.password);
  await writeFile(join(dir, "users.txt"), `"${user}" "${password.replace(/"/g, '""')}"\n`, { mode: 0o644 });
  await writeFile(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${backend.hostname} port=${backend.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      "auth_type = trust",
      `auth_file = ${join(dir, "users.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${options.poolSize ?? 8}`,
      "max_client_conn = 500",
      "server_login_retry = 1",
      "log_connections = 0",
      "log_disconnections = 0",
      "",
    ].join("\n"),
  );
  await run("chown", ["-R", "postgres:postgres", dir]);
  const child = spawnAsPostgres(t, PGBOUNCER, [join(dir, "pgbouncer.ini")]);
  const accepting = () =>
    new Promise<boolean>((resolve) => {
      const s = connect(port, "127.0.0.1");
      s.once("connect", () => {
        s.destroy();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    });
  await waitUntil(async () => {
    if (child.exitCode !== null)
      throw new Error(`pgbouncer exited: ${(child as unknown as { output: string }).output}`);
    return accepting();
  }, 10_000);
  return {
    port,
    pid: child.pid!,
    url(serverUrl) {
      const u = new URL(serverUrl);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
  };
}
