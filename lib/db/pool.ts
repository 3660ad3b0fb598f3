// The pg pool that all run-time work goes through, and the transaction helper. Two deployment shapes change how
// connections behave (docs/high-availability.md): a multi-host DATABASE_URL (lib/db/locator.ts picks the server)
// and a transaction-mode pooler in front (SVC_DATABASE_POOLER=transaction), where a server connection belongs to
// us for one transaction only, so nothing may outlive it: no named prepared statements, no startup options.
import pg from "pg";
import type { Logger } from "../log.ts";
import { aim, Locator, NoSuitableServer, roleOf, suits } from "./locator.ts";
import { parseDatabaseUrl, type DatabaseTarget } from "./url.ts";

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
  /** A transaction-mode pooler (PgBouncer) is in front: statements go unnamed, settings are per transaction. */
  pooled?: boolean;
}

// One locator per URL in the process: every pool and client on the same URL shares what it found.
const locators = new Map<string, Locator>();

function locatorFor(databaseUrl: string, target: DatabaseTarget, log?: Logger): Locator | undefined {
  let locator = locators.get(databaseUrl);
  if (!locator) {
    locator = new Locator(target);
    if (!locator.checks) return undefined;
    locators.set(databaseUrl, locator);
  }
  locator.log ??= log;
  return locator;
}

/**
 * The client class for a URL: plain node-postgres for one host without a pooler (nothing in the way of the fast
 * path); otherwise one that connects where the locator says, checks the server's role, and drops statement names.
 */
function clientClass(locator: Locator | undefined, pooled: boolean): typeof pg.Client {
  if (!locator && !pooled) return pg.Client;
  const attrs = locator?.target.sessionAttrs === "prefer-standby" ? "any" : locator?.target.sessionAttrs;
  return class SvcClient extends pg.Client {
    // pg-pool calls connect with a callback, everything else awaits the promise.
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' overloads (promise or callback) in one body
    override connect(callback?: any): any {
      const done = this.locateAndConnect();
      if (!callback) return done;
      done.then(() => callback(null, this), callback);
    }

    private async locateAndConnect(): Promise<this> {
      if (!locator) {
        await super.connect();
        return this;
      }
      const index = await locator.pick();
      const host = locator.target.hosts[index]!;
      aim(this, host);
      this.on("error", () => locator.forget(index));
      try {
        await super.connect();
        if (attrs && attrs !== "any" && !suits(attrs, await roleOf(this)))
          throw new NoSuitableServer(`${host.label} is no longer a ${attrs} server`);
      } catch (err) {
        locator.forget(index);
        await this.end().catch(() => {});
        throw err;
      }
      return this;
    }

    // Behind a transaction-mode pooler the next statement may run on another server connection, where a statement
    // prepared under this name does not exist (or one with the name does): send it unnamed, parsed each time.
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query overloads (text, config, submittable) in one body
    override query(config: any, values?: any, callback?: any): any {
      if (pooled && config && typeof config === "object" && typeof config.name === "string" && !config.submit) {
        const { name: _name, ...unnamed } = config;
        return super.query(unnamed, values, callback);
      }
      return super.query(config, values, callback);
    }
  };
}

/** Pools whose transactions commit asynchronously by a `set local` (behind a pooler no startup option can). */
const asyncCommitPerTransaction = new WeakSet<Db>();

export function createPool(databaseUrl: string, log: Logger, options: PoolOptions = {}): Db {
  const target = parseDatabaseUrl(databaseUrl);
  const locator = locatorFor(databaseUrl, target, log);
  const pooled = options.pooled ?? false;
  const pool = new pg.Pool({
    connectionString: locator ? target.base : databaseUrl,
    Client: clientClass(locator, pooled),
    max: options.max ?? 20,
    application_name: options.applicationName ?? "svc",
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types,
    ...(options.asyncCommit && !pooled ? { options: "-c synchronous_commit=off" } : {}),
  });
  if (options.asyncCommit && pooled) asyncCommitPerTransaction.add(pool);
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on("error", (err) => log.warn("database connection lost", { error: err.message }));
  return pool;
}

export interface ClientOptions {
  applicationName: string;
  connectionTimeoutMillis?: number;
  pooled?: boolean;
}

/** One connection outside the pools (migrations, LISTEN), on the same server the pools would pick. Not connected yet. */
export function createClient(databaseUrl: string, options: ClientOptions): pg.Client {
  const target = parseDatabaseUrl(databaseUrl);
  const locator = locatorFor(databaseUrl, target);
  const Client = clientClass(locator, options.pooled ?? false);
  return new Client({
    connectionString: locator ? target.base : databaseUrl,
    application_name: options.applicationName,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
  });
}

export interface TransactionOptions {
  /**
   * Plan each named statement once, without its values (`plan_cache_mode`), for transactions whose statements have
   * one good plan whatever the values: PostgreSQL otherwise plans a statement anew at every call while it estimates
   * the kept plan dearer than the plans it made for earlier values — which a table growing between calls (its
   * statistics with it) keeps true.
   */
  genericPlans?: boolean;
  /**
   * How the statements reach rows, for transactions that find them by key. `"index"`: never by reading a table
   * through (`enable_seqscan = off`): a plan made while a table was small keeps its sequential scan as the table
   * grows — a generic plan until something invalidates it — and the outcome write scanned its whole deliveries
   * partition at every batch (7–10 ms at 30,000 rows, growing with them). `"index-joins"`: also joined only by
   * nested loops over index probes: a join on a key range the planner cannot size (the ids of one lease) is planned
   * as a hash over every partition, at any size.
   */
  rowsBy?: "index" | "index-joins";
}

/**
 * Runs `fn` in a transaction; rolls back on any error and rethrows it. A checked-out pg client reports a lost
 * connection as an 'error' event besides failing its query, and an event nobody listens to would crash the
 * process: we listen for the whole checkout and hand a broken client back to be destroyed, not reused.
 */
export async function withTransaction<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await db.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => (broken ??= err);
  client.on("error", onError);
  try {
    // One round trip whatever is set: behind a pooler the worker's asynchronous commit is set per transaction.
    let begin = "begin";
    if (asyncCommitPerTransaction.has(db)) begin += "; set local synchronous_commit = off";
    if (options.genericPlans) begin += "; set local plan_cache_mode = force_generic_plan";
    if (options.rowsBy) begin += "; set local enable_seqscan = off";
    if (options.rowsBy === "index-joins")
      begin += "; set local enable_hashjoin = off; set local enable_mergejoin = off";
    await client.query(begin);
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
  // 08: connection exceptions (also our NoSuitableServer); 57P0x: shutdown/crash; 53300: too many connections;
  // 25006: a read-only transaction, i.e. the server we reached is a standby now (failover in progress).
  if (e.code && /^(08|57P0[1-3]|53300|25006)/.test(e.code)) return true;
  if (e.code && ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE", "EAI_AGAIN"].includes(e.code))
    return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is not open/i.test(
    e.message ?? "",
  );
}
