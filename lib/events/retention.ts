// Retention: the history older than SVC_EVENT_RETENTION_DAYS goes a whole partition at a time (migration 12), never
// row by row. A partition goes only when it lies wholly before the cut-off; the one straddling it waits. Work that is
// not done is never dropped: a deliveries partition holding a pending, retrying or sending delivery waits (and is
// reported) until it has drained, and an events partition waits while any undelivered delivery or any fan-out still
// needs one of its events. Events go one interval after their period's deliveries, because fan-out may create a
// delivery after its event's period ended; attempts are history of their own and go with their period.
//
// Each partition is detached in a transaction of its own that waits at most LOCK_WAIT_MS for the parent's lock and
// holds it for the detach and a check of live work, so pushes and claims never wait long behind it; counting what
// it held (for the per-consumer counters) and dropping it happen after, with no lock anyone else needs.
import { type Db, type Tx, withTransaction } from "../db/pool.ts";
import { type HistoryTable, listPartitions, type Partition } from "../history/partitions.ts";
import { randomShard } from "../stats/counters.ts";

export const LOCK_WAIT_MS = 50;
const DAY_MS = 86_400_000;
// Undelivered work, as the claim lanes' partial indexes define it (migration 3). Each check asks once per lane, so
// each condition is exactly one index's predicate: asked as one IN list, no index implies it and the planner scans
// the partition (3.6 s under the parent's lock for 1 M deliveries, measured).
const LANES = ["status = 'pending'", "status in ('retrying', 'sending')"];

export interface RetentionResult {
  /** Partitions dropped, oldest first. */
  dropped: string[];
  /** Partitions past the window kept because work in them (or needing them) is not done yet. */
  waiting: { partition: string; reason: string }[];
  /** Partitions past the window whose parent was too busy to detach within LOCK_WAIT_MS this time. */
  busy: string[];
  events: number;
  deliveries: number;
  /** The longest the parent's lock was held by one detach (with its check of live work), and the detach alone, in ms. */
  longest_lock_ms: number;
  longest_detach_ms: number;
  /** Where the run's time went, in ms: checks before the locks, detaches (with their checks), counting, dropping. */
  phases_ms: { checks: number; detaches: number; counting: number; drops: number };
}

export async function dropOldPartitions(
  db: Db,
  retentionDays: number,
  options: { intervalDays: number; now?: Date; attempts?: number },
): Promise<RetentionResult> {
  const result: RetentionResult = {
    dropped: [],
    waiting: [],
    busy: [],
    events: 0,
    deliveries: 0,
    longest_lock_ms: 0,
    longest_detach_ms: 0,
    phases_ms: { checks: 0, detaches: 0, counting: 0, drops: 0 },
  };
  if (retentionDays <= 0) return result;
  await finishDetached(db, result);
  const now = options.now ?? (await db.query<{ now: Date }>("select now()")).rows[0]!.now;
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  const past = async (table: HistoryTable, graceMs = 0) =>
    (await listPartitions(db, table)).filter((p) => p.upper.getTime() + graceMs <= cutoff);

  const run: Run = { db, result, attempts: options.attempts, detached: [] };
  const deliveries = await past("deliveries");
  for (const p of deliveries) await dropOne(run, p, { under: LIVE_DELIVERIES(p.name) });
  // A delivery that is kept keeps its attempts: they were made at or after its creation, so in its period's
  // attempts partition or a later one.
  const kept = new Set([...result.waiting.map((w) => w.partition), ...result.busy]);
  const keptFrom = Math.min(...deliveries.filter((p) => kept.has(p.name)).map((p) => p.lower?.getTime() ?? -Infinity));
  for (const p of await past("delivery_attempts")) {
    if (p.upper.getTime() > keptFrom) result.waiting.push({ partition: p.name, reason: "attempts of kept deliveries" });
    else await dropOne(run, p, {});
  }
  for (const p of await past("events", options.intervalDays * DAY_MS))
    await dropOne(run, p, { before: EVENTS_NEEDED(p.name), under: EVENTS_NEEDED_SINCE(p.name) });
  await dropDetachedTables(run);
  // In the order they were detached (oldest first, table by table), whichever drop ended first.
  const order = run.detached.map((d) => d.name);
  result.dropped.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return result;
}

/** One retention run: where it writes, what it found, how often a detach may try for its lock, what it detached. */
interface Run {
  db: Db;
  result: RetentionResult;
  attempts: number | undefined;
  /** Partitions detached by this run, in order, each with what counts and drops it. */
  detached: { name: string; table: HistoryTable; drop: () => Promise<void> }[];
}

/**
 * Counting what the detached partitions held and removing their files take most of a run (for a day of 1 M
 * deliveries on the loaded benchmark machine: reading the deliveries ≈ 0.6–1.3 s, the drops' commits freeing
 * ≈ 0.7 GB of files ≈ 1.1 s). They start once every detach is done — run beside a detach, they slowed the check it
 * makes under the parent's lock to 122 ms — and the three tables' go side by side, each table's in order: at most
 * three of the pool's connections, for as long.
 */
async function dropDetachedTables(run: Run): Promise<void> {
  const tables = new Map<HistoryTable, (() => Promise<void>)[]>();
  for (const d of run.detached) tables.set(d.table, [...(tables.get(d.table) ?? []), d.drop]);
  await settle(
    [...tables.values()].map(async (drops) => {
      for (const drop of drops) await drop();
    }),
  );
}

/** Waits for every promise; the first failure is thrown once all are done. */
async function settle(promises: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(promises)).find((r) => r.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

/** Why a deliveries partition must stay: it holds undelivered work (the lanes' partial indexes find it). */
const LIVE_DELIVERIES = (name: string) =>
  `select case when ${LANES.map((lane) => `exists (select 1 from ${name} where ${lane})`).join(" or ")}
               then 'undelivered deliveries' end as reason`;

/** Whether a delivery that is not done (and matches `also`) belongs to an event of the events table `name`. */
const liveDeliveryOf = (name: string, also = "true") =>
  LANES.map(
    (lane) => `exists (select 1 from deliveries d join ${name} e on e.id = d.event_id where d.${lane} and ${also})`,
  ).join(" or ");

/** Why an events partition must stay: an event in it waits for fan-out, or has a delivery that is not done. */
const EVENTS_NEEDED = (name: string) =>
  `select case when exists (select 1 from fanout_queue q join ${name} e on e.id = q.event_id) then 'events waiting for fan-out'
               when ${liveDeliveryOf(name)} then 'events with undelivered deliveries'
          end as reason`;

/**
 * EVENTS_NEEDED for what may have changed since it ran ($1: when it ran, less a margin for transactions that were
 * open then): run under the parent's lock, it looks only at deliveries put back in the queue since (a retry sets
 * updated_at), so the lock is held for milliseconds however long the queue is.
 */
const EVENTS_NEEDED_SINCE = (name: string) =>
  `select case when exists (select 1 from fanout_queue q join ${name} e on e.id = q.event_id) then 'events waiting for fan-out'
               when ${liveDeliveryOf(name, "d.updated_at >= $1")} then 'events with undelivered deliveries'
          end as reason`;

/**
 * Runs a check in the caller's transaction, from the few undelivered deliveries to the partition's primary key: the
 * planner, weighing a partition of a million events against an estimate of the queue, chose to hash the whole
 * partition (≈ 100–300 ms under the parent's lock on a loaded machine, measured at 10 M deliveries).
 */
async function reasonToKeep(tx: Tx, sql: string, values: unknown[]): Promise<string | null> {
  await tx.query("set local enable_hashjoin = off; set local enable_mergejoin = off");
  return (await tx.query<{ reason: string | null }>(sql, values)).rows[0]?.reason ?? null;
}

/** Thrown inside the detach's transaction to roll it back: the partition stays, for this reason. */
class Kept extends Error {}

/** Checks that keep a partition: `before` runs first without a lock, `under` after the detach, before its commit. */
interface Keep {
  before?: string;
  under?: string;
}

/** Detaches one partition (if nothing keeps it); it is counted and dropped at the end of the run. */
async function dropOne(run: Run, p: Partition, keep: Keep): Promise<void> {
  const { db, result } = run;
  const attempts = run.attempts ?? 20;
  const { since } = (await db.query<{ since: Date }>("select clock_timestamp() - interval '1 minute' as since"))
    .rows[0]!;
  let t0 = performance.now();
  const first = keep.before ? await withTransaction(db, (tx) => reasonToKeep(tx, keep.before!, [])) : null;
  result.phases_ms.checks += performance.now() - t0;
  if (first) {
    result.waiting.push({ partition: p.name, reason: first });
    return;
  }
  t0 = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const { lockMs, detachMs } = await withTransaction(db, async (tx) => {
        await tx.query(`set local lock_timeout = '${LOCK_WAIT_MS}ms'`);
        const started = performance.now();
        await tx.query(`alter table ${p.table} detach partition ${p.name}`);
        const detachMs = performance.now() - started;
        // Checked under the parent's lock: no retry or fan-out can put work into it between the check and the detach.
        const reason = keep.under ? await reasonToKeep(tx, keep.under, keep.under.includes("$1") ? [since] : []) : null;
        if (reason) throw new Kept(reason);
        return { lockMs: performance.now() - started, detachMs };
      });
      result.longest_lock_ms = Math.max(result.longest_lock_ms, Math.round(lockMs));
      result.longest_detach_ms = Math.max(result.longest_detach_ms, Math.round(detachMs));
      break;
    } catch (err) {
      if (err instanceof Kept) {
        result.phases_ms.detaches += performance.now() - t0;
        result.waiting.push({ partition: p.name, reason: err.message });
        return;
      }
      if ((err as { code?: string }).code !== "55P03") throw err; // lock_not_available
      if (attempt >= attempts) {
        result.phases_ms.detaches += performance.now() - t0;
        result.busy.push(p.name);
        return;
      }
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    }
  }
  result.phases_ms.detaches += performance.now() - t0;
  run.detached.push({
    name: p.name,
    table: p.table,
    drop: () => dropDetached(db, p.table, p.name, { lower: p.lower, upper: p.upper }, result),
  });
}

/** The range of idempotency keys to remove with an events partition (null: remove none). */
type KeyRange = { lower: Date | null; upper: Date | null } | null;

/** The per-consumer delivery counters lose what the partition held, its idempotency keys go, then the table. */
async function dropDetached(
  db: Db,
  table: HistoryTable,
  name: string,
  keys: KeyRange,
  result: RetentionResult,
): Promise<void> {
  const t0 = performance.now();
  let t1 = t0;
  await withTransaction(db, async (tx) => {
    if (table === "deliveries") {
      const { rows } = await tx.query<{ n: number }>(
        `with held as (
           select namespace, count(*) as total, count(*) filter (where status = 'success') as successful,
                  count(*) filter (where status = 'failed') as failed
             from ${name} group by namespace
         ), counted as (
           insert into namespace_counters as n (namespace, shard, total, successful, failed, pending)
           select namespace, $1, -total, -successful, -failed, 0 from held order by namespace
           on conflict (namespace, shard) do update
             set total = n.total + excluded.total, successful = n.successful + excluded.successful, failed = n.failed + excluded.failed
         ) select coalesce(sum(total), 0)::int as n from held`,
        [randomShard()],
      );
      result.deliveries += rows[0]!.n;
    } else if (table === "events") {
      const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from ${name}`);
      result.events += rows[0]!.n;
      // Keys of events written in this range: a key is unique for as long as its event is kept.
      if (keys)
        await tx.query(
          `delete from event_keys
            where created_at >= coalesce($1::timestamptz, '-infinity') and created_at < coalesce($2::timestamptz, 'infinity')`,
          [keys.lower, keys.upper],
        );
    }
    t1 = performance.now();
    await tx.query(`drop table ${name}`);
  });
  // The drop's cost is at its commit, when the files are freed.
  result.phases_ms.counting += t1 - t0;
  result.phases_ms.drops += performance.now() - t1;
  result.dropped.push(name);
}

/**
 * A run that stopped between a detach and its drop (a crash, a lost connection) left a detached partition behind:
 * finish it. A detached table has no bounds any more, so an events table's keys are found by its rows' times.
 */
async function finishDetached(db: Db, result: RetentionResult): Promise<void> {
  const { rows } = await db.query<{ name: string; table: HistoryTable }>(
    `select c.relname as name, substring(c.relname from '^(events|deliveries|delivery_attempts)_') as table
       from pg_class c
      where c.relkind = 'r' and not c.relispartition and c.relnamespace = current_schema()::regnamespace
        and c.relname ~ '^(events|deliveries|delivery_attempts)_(p|until_)[0-9]{8}$'`,
  );
  for (const r of rows) {
    let keys: KeyRange = null;
    if (r.table === "events") {
      const { rows: span } = await db.query(
        `select min(created_at) as lower, max(created_at) + interval '1 microsecond' as upper from ${r.name}`,
      );
      if (span[0].lower) keys = { lower: span[0].lower, upper: span[0].upper };
    }
    await dropDetached(db, r.table, r.name, keys, result);
  }
}
