// Retention: the history older than SVC_EVENT_RETENTION_DAYS goes a whole partition at a time (migration 12), never
// row by row. A partition goes only when it lies wholly before the cut-off; the one straddling it waits. Work that is
// not done is never dropped: a deliveries partition holding a pending, retrying or sending delivery waits (and is
// reported) until it has drained, and an events partition waits while any undelivered delivery or any fan-out still
// needs one of its events. Events go one interval after their period's deliveries, because fan-out may create a
// delivery after its event's period ended; attempts are history of their own and go with their period.
//
// Each partition is detached in a transaction of its own that waits at most LOCK_WAIT_MS for the parent's lock and
// holds it for the detach and a check of live work, so pushes and claims never wait long behind it; dropping it
// happens after, with no lock anyone else needs. What a deliveries partition held comes out of the per-consumer
// counters; those figures are counted ahead (countAhead, about an interval before the drop, by the same job) so the
// drop reads no rows, and counted at the drop only when no count made ahead still holds.
import { LANE_CONDITION } from "../deliveries/queue.ts";
import { type Db, type Queryable, type Tx, withTransaction } from "../db/pool.ts";
import { type ConsumerCount, type Held, storeCount, storedCounts } from "../history/partition-counts.ts";
import { type HistoryTable, listPartitions, type Partition } from "../history/partitions.ts";
import { randomShard } from "../stats/counters.ts";

export const LOCK_WAIT_MS = 50;
const DAY_MS = 86_400_000;
// Undelivered work, as the claim lanes' partial indexes define it (migration 18). Each check asks once per lane, so
// each condition is exactly one index's predicate: asked as one IN list, no index implies it and the planner scans
// the partition (3.6 s under the parent's lock for 1 M deliveries, measured). A delivery born claimed is in no lane
// while it is sent, for its lease's length (seconds to minutes), and back in the retry lane if the lease lapses:
// never in a partition past the retention window.
const LANES = Object.values(LANE_CONDITION);

export interface RetentionResult {
  /** Partitions dropped, oldest first. */
  dropped: string[];
  /** Partitions past the window kept because work in them (or needing them) is not done yet. */
  waiting: { partition: string; reason: string }[];
  /** Partitions past the window whose parent was too busy to detach within LOCK_WAIT_MS this time. */
  busy: string[];
  events: number;
  deliveries: number;
  /** Partitions dropped whose figures had to be counted at the drop: no count made ahead (countAhead) held. */
  counted_at_drop: string[];
  /** The longest the parent's lock was held by one detach (with its check of live work), and the detach alone, in ms. */
  longest_lock_ms: number;
  longest_detach_ms: number;
  /**
   * Where the run's time went, in ms, summed over partitions: checks before the locks, detaches (with their checks),
   * taking the dropped deliveries out of the counters (reading stored figures, or counting rows when none held),
   * dropping (the files are freed at the drop's commit).
   */
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
    counted_at_drop: [],
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

  // What the checks made under the parents' locks look at: what changed since a minute before the first check
  // made without them (transactions open then may commit later).
  const { since } = (await db.query<{ since: Date }>("select clock_timestamp() - interval '1 minute' as since"))
    .rows[0]!;
  const run: Run = { db, result, attempts: options.attempts, detached: [], since };
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
  /** Changes since this time are looked at again under the parent's lock (EVENTS_NEEDED_SINCE's $1). */
  since: Date;
  /** Partitions detached by this run, in order, each with what counts and drops it. */
  detached: { name: string; table: HistoryTable; drop: (stored: Map<string, Held>) => Promise<void> }[];
}

/**
 * Removing the detached partitions' files takes most of a run (for a day of 1 M deliveries on the loaded benchmark
 * machine, the drops' commits freeing ≈ 0.7 GB of files ≈ 1.1 s; counting the deliveries here, when no count made
 * ahead holds, ≈ 0.6–1.8 s more). The drops start once every detach is done — run beside a detach, they slowed the
 * check it makes under the parent's lock to 122 ms — and the three tables' go side by side, each table's in order:
 * at most three of the pool's connections, for as long.
 */
async function dropDetachedTables(run: Run): Promise<void> {
  if (run.detached.length === 0) return;
  // The figures counted ahead, for every partition of the run at once (one round trip, not one per drop).
  const t0 = performance.now();
  const stored = await storedCounts(
    run.db,
    run.detached.map((d) => d.name),
  );
  run.result.phases_ms.counting += performance.now() - t0;
  const tables = new Map<HistoryTable, ((stored: Map<string, Held>) => Promise<void>)[]>();
  for (const d of run.detached) tables.set(d.table, [...(tables.get(d.table) ?? []), d.drop]);
  await settle(
    [...tables.values()].map(async (drops) => {
      for (const drop of drops) await drop(stored);
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

/** Checks that keep a partition: `before` runs first without a lock, `under` after the detach, before its commit. */
interface Keep {
  before?: string;
  under?: string;
}

/**
 * The marks of retries and purges (partition_counts' generations), as text. An events partition whose check without
 * the lock found nothing needing it can come to be needed only by a retry of one of its events' deliveries (fan-out
 * takes only events in its queue, which the check saw; a push makes new events), and every retry marks what it
 * changed: when the marks are as they were, the check under the lock has nothing to look at. Otherwise it looks at
 * the deliveries put back in the queue since (EVENTS_NEEDED_SINCE), which took 69 ms under the lock with a queue of
 * 5,000 deliveries being claimed.
 */
const MARKS = `select coalesce(string_agg(partition || ':' || generation, ',' order by partition), '') as marks from partition_counts`;

/** A string as an SQL literal (standard_conforming_strings, as PostgreSQL has it by default). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The detach and its check as one message to the server, committed in it: the parent's lock is held for the detach
 * and the check and never across a round trip to this process (on the loaded benchmark machine each round trip
 * under the lock added 10–40 ms). A check that finds a reason raises it (rolling everything back); what the detach
 * and the check took, measured by the server, is the message's last row.
 */
const detachSql = (p: Partition, under: string | undefined, since: Date, marks: string | undefined) => `begin;
  set local lock_timeout = '${LOCK_WAIT_MS}ms';
  set local enable_hashjoin = off;
  set local enable_mergejoin = off;
  do $detach$
  declare
    t0 timestamptz := clock_timestamp();
    t1 timestamptz;
    why text;
  begin
    alter table ${p.table} detach partition ${p.name};
    t1 := clock_timestamp();
    ${
      under
        ? `if ${marks === undefined ? "true" : `(${MARKS}) is distinct from ${literal(marks)}`} then
      select s.reason into why from (${under.replaceAll("$1", `'${since.toISOString()}'::timestamptz`)}) s;
    end if;`
        : ""
    }
    if why is not null then
      raise exception using errcode = '${KEPT_CODE}', message = why;
    end if;
    perform set_config('svc.detach_ms', (extract(epoch from t1 - t0) * 1000)::text, true),
            set_config('svc.lock_ms', (extract(epoch from clock_timestamp() - t0) * 1000)::text, true);
  end
  $detach$;
  select current_setting('svc.detach_ms')::float8 as detach_ms, current_setting('svc.lock_ms')::float8 as lock_ms;
  commit`;

/** The SQLSTATE a detach's check raises to keep its partition (a code of its own, in the class of user errors). */
const KEPT_CODE = "SVCKP";

/** Detaches one partition (if nothing keeps it); it is counted and dropped at the end of the run. */
async function dropOne(run: Run, p: Partition, keep: Keep): Promise<void> {
  const { db, result } = run;
  const attempts = run.attempts ?? 20;
  let t0 = performance.now();
  // What the retries and purges had marked (lib/history/partition-counts.ts) before the check without the lock.
  let marks: string | undefined;
  const first = keep.before
    ? await withTransaction(db, async (tx) => {
        marks = (await tx.query<{ marks: string }>(MARKS)).rows[0]!.marks;
        return reasonToKeep(tx, keep.before!, []);
      })
    : null;
  result.phases_ms.checks += performance.now() - t0;
  if (first) {
    result.waiting.push({ partition: p.name, reason: first });
    return;
  }
  t0 = performance.now();
  const client = await db.connect();
  let broken: Error | undefined;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const results = (await client.query(detachSql(p, keep.under, run.since, marks))) as unknown as {
          rows: { detach_ms: number; lock_ms: number }[];
        }[];
        const timing = results.find((r) => r.rows?.[0]?.lock_ms !== undefined)!.rows[0]!;
        result.longest_lock_ms = Math.max(result.longest_lock_ms, Math.round(timing.lock_ms));
        result.longest_detach_ms = Math.max(result.longest_detach_ms, Math.round(timing.detach_ms));
        break;
      } catch (err) {
        // The message stopped at its error, inside its transaction.
        await client.query("rollback").catch((e: Error) => (broken ??= e));
        if (broken) throw err;
        const code = (err as { code?: string }).code;
        if (code === KEPT_CODE) {
          result.phases_ms.detaches += performance.now() - t0;
          result.waiting.push({ partition: p.name, reason: (err as Error).message });
          return;
        }
        if (code !== "55P03") throw err; // lock_not_available
        if (attempt >= attempts) {
          result.phases_ms.detaches += performance.now() - t0;
          result.busy.push(p.name);
          return;
        }
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      }
    }
  } finally {
    client.release(broken);
  }
  result.phases_ms.detaches += performance.now() - t0;
  run.detached.push({
    name: p.name,
    table: p.table,
    drop: (stored) => dropDetached(db, p.table, p.name, { lower: p.lower, upper: p.upper }, result, stored.get(p.name)),
  });
}

/** The range of idempotency keys to remove with an events partition (null: remove none). */
type KeyRange = { lower: Date | null; upper: Date | null } | null;

/**
 * The per-consumer delivery counters lose what the partition held, its idempotency keys go, then the table. What it
 * held comes from its count made ahead when that still holds (the table is detached: nothing changes it any more);
 * otherwise it is counted here. `stored`: its figures counted ahead, if they still hold (read for the whole run at
 * once). The writes and the drop go as one message, committed in it.
 */
async function dropDetached(
  db: Db,
  table: HistoryTable,
  name: string,
  keys: KeyRange,
  result: RetentionResult,
  stored: Held | undefined,
): Promise<void> {
  const t0 = performance.now();
  const client = await db.connect();
  let broken: Error | undefined;
  let t1 = t0;
  try {
    const lit = (value: string | null) => (value === null ? "null" : client.escapeLiteral(value));
    const statements = ["begin"];
    if (table !== "delivery_attempts") {
      let held = stored;
      if (!held) {
        result.counted_at_drop.push(name);
        held = table === "deliveries" ? await countDeliveries(client, name) : await countEvents(client, name);
      }
      if (table === "deliveries") {
        statements.push(
          `insert into namespace_counters as n (namespace, shard, total, successful, failed, pending)
           select c.namespace, ${randomShard()}, -c.total, -c.successful, -c.failed, 0
             from jsonb_to_recordset(${lit(JSON.stringify(held.byConsumer ?? []))}::jsonb)
                  as c(namespace text, total bigint, successful bigint, failed bigint)
            order by c.namespace
           on conflict (namespace, shard) do update
             set total = n.total + excluded.total, successful = n.successful + excluded.successful, failed = n.failed + excluded.failed`,
        );
        result.deliveries += held.rows;
      } else {
        result.events += held.rows;
        // Keys of events written in this range: a key is unique for as long as its event is kept.
        if (keys)
          statements.push(
            `delete from event_keys
              where created_at >= coalesce(${lit(keys.lower?.toISOString() ?? null)}::timestamptz, '-infinity')
                and created_at < coalesce(${lit(keys.upper?.toISOString() ?? null)}::timestamptz, 'infinity')`,
          );
      }
    }
    statements.push(`delete from partition_counts where partition = ${lit(name)}`, `drop table ${name}`, "commit");
    t1 = performance.now();
    try {
      await client.query(statements.join(";\n"));
    } catch (err) {
      await client.query("rollback").catch((e: Error) => (broken ??= e));
      throw err;
    }
  } finally {
    client.release(broken);
  }
  // The drop's cost is at its commit, when the files are freed.
  result.phases_ms.counting += t1 - t0;
  result.phases_ms.drops += performance.now() - t1;
  result.dropped.push(name);
}

/** A deliveries table's rows per consumer, read row by row. */
async function countDeliveries(tx: Queryable, name: string): Promise<{ rows: number; byConsumer: ConsumerCount[] }> {
  const { rows } = await tx.query<{ namespace: string; total: string; successful: string; failed: string }>(
    `select namespace, count(*) as total, count(*) filter (where status = 'success') as successful,
            count(*) filter (where status = 'failed') as failed
       from ${name} group by namespace order by namespace`,
  );
  const byConsumer = rows.map((r) => ({
    namespace: r.namespace,
    total: Number(r.total),
    successful: Number(r.successful),
    failed: Number(r.failed),
  }));
  return { rows: byConsumer.reduce((n, c) => n + c.total, 0), byConsumer };
}

async function countEvents(tx: Queryable, name: string): Promise<{ rows: number; byConsumer: null }> {
  const { rows } = await tx.query<{ n: string }>(`select count(*) as n from ${name}`);
  return { rows: Number(rows[0]!.n), byConsumer: null };
}

export interface CountAheadResult {
  /** Partitions counted now. */
  counted: string[];
  /** Partitions not counted this time, and why (undelivered work; changed while being counted; old transactions). */
  skipped: { partition: string; reason: string }[];
  ms: number;
}

/**
 * Counts ahead what the partitions that retention will drop within the next interval hold (and any past the window
 * still waiting), so their drop subtracts stored figures instead of reading the rows: a deliveries partition's
 * deliveries per consumer, an events partition's events. Each count is a read of one partition in a REPEATABLE READ
 * transaction of its own, with no lock anyone else needs. A count is made only when nothing can change it but a
 * retry or a deleted webhook's purge, which mark it stale (lib/history/partition-counts.ts): the partition lies wholly
 * in the past with no transaction from before its end still open, and (deliveries) holds no undelivered work.
 */
export async function countAhead(
  db: Db,
  retentionDays: number,
  options: { intervalDays: number; now?: Date },
): Promise<CountAheadResult> {
  const t0 = performance.now();
  const result: CountAheadResult = { counted: [], skipped: [], ms: 0 };
  if (retentionDays <= 0) return result;
  const now = options.now ?? (await db.query<{ now: Date }>("select now()")).rows[0]!.now;
  const intervalMs = options.intervalDays * DAY_MS;
  // Deliveries go once wholly before the cut-off, events one interval later (dropOldPartitions).
  const horizon = now.getTime() - retentionDays * DAY_MS + intervalMs;
  const due = async (table: HistoryTable, graceMs: number) =>
    (await listPartitions(db, table)).filter(
      (p) => p.upper.getTime() + graceMs <= horizon && p.upper.getTime() <= now.getTime(),
    );
  for (const p of [...(await due("deliveries", 0)), ...(await due("events", intervalMs))]) {
    const reason = await countOne(db, p);
    if (reason === undefined) continue;
    if (reason) result.skipped.push({ partition: p.name, reason });
    else result.counted.push(p.name);
  }
  result.ms = performance.now() - t0;
  return result;
}

/** Counts one partition: null when counted, a reason when not, undefined when a count made before still holds. */
async function countOne(db: Db, p: Partition): Promise<string | null | undefined> {
  if ((await storedCounts(db, [p.name])).has(p.name)) return undefined;
  // A transaction that began before the partition's end may still add rows to it (its rows' created_at is its start):
  // none may be open now, before the count's snapshot is taken, so that all of them are in it.
  const { rows } = await db.query<{ open: boolean }>(
    `select exists (select 1 from pg_stat_activity
                     where backend_type = 'client backend' and xact_start < $1 and pid <> pg_backend_pid()) as open`,
    [p.upper],
  );
  if (rows[0]!.open) return "transactions from before its end are still open";
  try {
    return await withTransaction(db, async (tx) => {
      await tx.query("set transaction isolation level repeatable read");
      if (p.table === "deliveries") {
        const live = await reasonToKeep(tx, LIVE_DELIVERIES(p.name), []);
        if (live) return live;
      }
      const held = p.table === "deliveries" ? await countDeliveries(tx, p.name) : await countEvents(tx, p.name);
      await storeCount(tx, p.name, held.rows, held.byConsumer);
      return null;
    });
  } catch (err) {
    // A retry or purge marked it changed after this count's snapshot: counted again by a later run.
    if ((err as { code?: string }).code === "40001") return "changed while being counted";
    throw err;
  }
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
    await dropDetached(db, r.table, r.name, keys, result, (await storedCounts(db, [r.name])).get(r.name));
  }
}
