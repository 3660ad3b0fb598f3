// The pg pool that all run-time work goes through, and the transaction helper.
import pg from "pg";
import type { Logger } from "../log.ts";

export type Db = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;
export type Tx = pg.PoolClient;

// int8 (counts, sums) as numbers: every value we count stays far below 2^53.
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  max?: number;
  applicationName?: string;
  /**
   * Commit without waiting for the WAL flush. Only for writes that can be redone: a lost claim or outcome sends a
   * delivery again (at-least-once), a lost fan-out fans out again. Accepted pushes always commit synchronously.
   */
  asyncCommit?: boolean;
}

export function createPool(databaseUrl: string, log: Logger, options: PoolOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 20,
    application_name: options.applicationName ?? "svc",
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types,
    ...(options.asyncCommit ? { options: "-c synchronous_commit=off" } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on("error", (err) => log.warn("database connection lost", { error: err.message }));
  return pool;
}

/**
 * Runs `fn` in a transaction; rolls back on any error and rethrows it. A checked-out pg client reports a lost
 * connection as an 'error' event besides failing its query, and an event nobody listens to would crash the
 * process: we listen for the whole checkout and hand a broken client back to be destroyed, not reused.
 */
export async function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => (broken ??= err);
  client.on("error", onError);
  try {
    await client.query("begin");
    const result = await fn(client);
    await client.query("commit");
    return result;
  } catch (err) {
    if (!broken) await client.query("rollback").catch((e: Error) => (broken ??= e));
    throw err;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}

/** True for errors that mean "the database is not reachable right now" rather than a bad query. */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && /^(08|57P0[1-3]|53300)/.test(e.code)) return true;
  if (e.code && ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE", "EAI_AGAIN"].includes(e.code))
    return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is not open/i.test(
    e.message ?? "",
  );
}
