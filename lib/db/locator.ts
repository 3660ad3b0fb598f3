// Finds the server of a multi-host URL that svc must use (the primary for `target_session_attrs=read-write`), as
// libpq does: connect to the hosts in order, ask each whether it is in recovery, take the first that suits. The
// answer is kept until a connection to it fails; then the next connection looks again. While no host suits, every
// connection fails fast with a connection error (callers answer 503), and a new look waits a short while so a
// dead cluster is not hammered.
import pg from "pg";
import type { Logger } from "../log.ts";
import type { DatabaseHost, DatabaseTarget, SessionAttrs } from "./url.ts";

/** How long one host may take to accept a connection while looking; a dead host must not hold requests long. */
export const PROBE_TIMEOUT_MS = 2_000;
/** After a look found nothing, connections fail with that answer for this long before the next look. */
const RETRY_AFTER_FAILED_LOOK_MS = 250;

/** A connection error in PostgreSQL's own class 08, so everything that maps "database unreachable" maps it too. */
export class NoSuitableServer extends Error {
  readonly code = "08001";
  constructor(message: string) {
    super(message);
    this.name = "NoSuitableServer";
  }
}

export interface ServerRole {
  inRecovery: boolean;
  readOnly: boolean;
}

export const ROLE_SQL =
  "select pg_is_in_recovery() as in_recovery, current_setting('transaction_read_only') = 'on' as read_only";

export async function roleOf(client: pg.Client): Promise<ServerRole> {
  const { rows } = await client.query<{ in_recovery: boolean; read_only: boolean }>(ROLE_SQL);
  return { inRecovery: rows[0]!.in_recovery, readOnly: rows[0]!.read_only };
}

/** Whether a server with `role` is one libpq would accept for `attrs` (prefer-standby's fallback is the locator's). */
export function suits(attrs: SessionAttrs, role: ServerRole): boolean {
  switch (attrs) {
    case "any":
      return true;
    case "read-write":
      return !role.readOnly && !role.inRecovery;
    case "primary":
      return !role.inRecovery;
    case "read-only":
      return role.readOnly || role.inRecovery;
    case "standby":
    case "prefer-standby":
      return role.inRecovery;
  }
}

/** Points a not yet connected client at one host of the target (node-postgres reads host and port when connecting). */
export function aim(client: pg.Client, host: DatabaseHost): void {
  if (host.host === undefined) return;
  const c = client as unknown as { host: string; port: number; connectionParameters: { host: string; port: number } };
  c.host = c.connectionParameters.host = host.host;
  c.port = c.connectionParameters.port = host.port ?? 5432;
}

export class Locator {
  private current: number | undefined;
  private looking: Promise<number> | undefined;
  private failedLook: { at: number; error: Error } | undefined;

  /** Where a change of server is logged (the first pool that has a logger sets it). */
  log: Logger | undefined;

  constructor(readonly target: DatabaseTarget) {}

  /** Whether connections must check where they landed (several hosts, or a kind of server asked for). */
  get checks(): boolean {
    return this.target.hosts.length > 1 || this.target.sessionAttrs !== "any";
  }

  /** The index of the host to connect to: the known one, or the first that suits after a look. */
  async pick(): Promise<number> {
    if (this.current !== undefined) return this.current;
    if (this.failedLook && Date.now() - this.failedLook.at < RETRY_AFTER_FAILED_LOOK_MS) throw this.failedLook.error;
    this.looking ??= this.look().finally(() => (this.looking = undefined));
    return this.looking;
  }

  /** A connection to `index` failed or landed on the wrong kind of server: look again next time. */
  forget(index: number): void {
    if (this.current === index) this.current = undefined;
  }

  private async look(): Promise<number> {
    const { hosts, sessionAttrs } = this.target;
    const seen: string[] = [];
    const passes: SessionAttrs[] = sessionAttrs === "prefer-standby" ? ["standby", "any"] : [sessionAttrs];
    for (const attrs of passes) {
      for (let i = 0; i < hosts.length; i++) {
        const role = await this.probe(hosts[i]!).catch((err: Error) => err);
        if (role instanceof Error) {
          if (attrs === passes[0]) seen.push(`${hosts[i]!.label}: ${role.message}`);
          continue;
        }
        if (attrs === passes[0]) seen.push(`${hosts[i]!.label}: ${role.inRecovery ? "standby" : "primary"}`);
        if (suits(attrs, role)) {
          this.log?.info("database server picked", { host: hosts[i]!.label, target_session_attrs: sessionAttrs });
          this.current = i;
          this.failedLook = undefined;
          return i;
        }
      }
    }
    const error = new NoSuitableServer(`no ${sessionAttrs} server among the database hosts (${seen.join("; ")})`);
    this.failedLook = { at: Date.now(), error };
    throw error;
  }

  private async probe(host: DatabaseHost): Promise<ServerRole> {
    const client = new pg.Client({
      connectionString: this.target.base,
      application_name: "svc-locate",
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    });
    aim(client, host);
    client.on("error", () => {});
    try {
      await client.connect();
      return await roleOf(client);
    } finally {
      client.end().catch(() => {});
    }
  }
}
