// Reads that tolerate replication lag (lists of events and deliveries, attempts, stats, webhook health, the
// dashboard's overview) go to SVC_DATABASE_READ_URL while it answers and is behind by at most SVC_READ_MAX_LAG;
// otherwise, and for every read a caller must see its own write in, they go to the primary. Which operations read
// where: docs/high-availability.md.
import type { Logger } from "../log.ts";
import { createPool, isConnectionError, type Db } from "./pool.ts";

/** How often the replica's lag is measured. */
const CHECK_EVERY_MS = 1_000;

// Behind = WAL received but not yet replayed, measured from the last replayed commit; a replica that has replayed
// all it received is current (an idle primary sends nothing, and the last commit's age says nothing then).
const LAG_SQL = `select case when not pg_is_in_recovery() then 0
                             when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
                             else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
                        end::float8 as lag_seconds`;

export interface ReadRouting {
  /** The pool lag-tolerant reads use: the replica's while it is usable, the primary's otherwise. */
  db: Db;
  /** Where reads go right now, and why. */
  state(): { target: "replica" | "primary"; reason: string };
  close(): Promise<void>;
}

export interface ReadRoutingOptions {
  readUrl: string | undefined;
  maxLagSeconds: number;
  pooled: boolean;
}

/** Without a read URL every read goes to the primary and nothing is checked. */
export function createReadRouting(primary: Db, log: Logger, options: ReadRoutingOptions): ReadRouting {
  if (!options.readUrl)
    return { db: primary, state: () => ({ target: "primary", reason: "no read URL" }), close: async () => {} };
  const replica = createPool(options.readUrl, log, { max: 10, applicationName: "svc-read", pooled: options.pooled });
  let usable = false;
  let reason = "not checked yet";
  const set = (ok: boolean, why: string) => {
    if (ok !== usable) log.info(ok ? "reads go to the read replica" : "reads go to the primary", { reason: why });
    usable = ok;
    reason = why;
  };
  const check = async () => {
    try {
      const { rows } = await replica.query<{ lag_seconds: number }>(LAG_SQL);
      const lag = rows[0]!.lag_seconds;
      set(lag <= options.maxLagSeconds, `replica ${lag.toFixed(1)} s behind (at most ${options.maxLagSeconds} s)`);
    } catch (err) {
      set(false, `replica unavailable: ${(err as Error).message}`);
    }
  };
  let checking = check();
  const timer = setInterval(() => {
    checking = checking.then(check);
  }, CHECK_EVERY_MS);
  timer.unref();

  // A read the replica fails to serve for want of a connection is served by the primary at once.
  const query = (...args: unknown[]) => {
    if (!usable) return (primary.query as (...a: unknown[]) => unknown)(...args);
    return (replica.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((err) => {
      if (!isConnectionError(err)) throw err;
      set(false, `replica unavailable: ${(err as Error).message}`);
      return (primary.query as (...a: unknown[]) => unknown)(...args);
    });
  };
  const routed = {
    query,
    connect: (...args: unknown[]) => ((usable ? replica : primary).connect as (...a: unknown[]) => unknown)(...args),
  };
  return {
    db: routed as unknown as Db,
    state: () => ({ target: usable ? "replica" : "primary", reason }),
    async close() {
      clearInterval(timer);
      await checking;
      await replica.end().catch(() => {});
    },
  };
}
