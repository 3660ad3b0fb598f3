// What a partition of the history held, counted ahead of its drop (table partition_counts, migration 16), and the
// mark that makes such a count stale. Retention subtracts a dropped deliveries partition's deliveries from the
// per-consumer counters; counting them at the drop read the whole partition (1.4–1.8 s of a 3.1 s drop for a day of
// 1 M deliveries). The count is made ahead instead (lib/events/retention.ts, countAhead), and it stays exact:
// it is only made while the partition has no undelivered work, and a delivery that is done changes again only by a
// retry or by the purge of a deleted webhook's deliveries, which call markChanged in their transaction.
import type { Queryable } from "../db/pool.ts";

/**
 * Bumps the generation of the partitions (by table oid, as `tableoid` returns them) whose deliveries the caller's
 * transaction changed, so a count made before no longer holds. Called after the statement that changed them, in the
 * same transaction: every caller locks its counter rows first and these rows second, in name order, so two such
 * transactions never wait for each other in turn.
 */
export async function markChanged(tx: Queryable, partitionOids: (number | string)[]): Promise<void> {
  if (partitionOids.length === 0) return;
  await tx.query({
    name: "history.markChanged",
    text: `insert into partition_counts as c (partition, generation)
           select relname, 1 from pg_class where oid = any($1::oid[]) order by relname
           on conflict (partition) do update set generation = c.generation + 1`,
    values: [[...new Set(partitionOids.map(String))]],
  });
}

/** A deliveries partition's deliveries per consumer, as counted. */
export interface ConsumerCount {
  namespace: string;
  total: number;
  successful: number;
  failed: number;
}

/** What a partition held, as counted: its rows, and a deliveries partition's per consumer. */
export interface Held {
  rows: number;
  byConsumer: ConsumerCount[] | null;
}

/** The figures counted for each of `partitions` that still hold (nothing changed their deliveries since). */
export async function storedCounts(db: Queryable, partitions: string[]): Promise<Map<string, Held>> {
  const { rows } = await db.query<{ partition: string; rows: string; by_consumer: ConsumerCount[] | null }>(
    `select partition, counted_rows as rows, counted_by_consumer as by_consumer from partition_counts
      where partition = any($1::text[]) and counted_generation = generation`,
    [partitions],
  );
  return new Map(rows.map((r) => [r.partition, { rows: Number(r.rows), byConsumer: r.by_consumer }]));
}

/**
 * Stores what `partition` holds, in the caller's REPEATABLE READ transaction, as of its snapshot. A markChanged made
 * after that snapshot (committed or not) fails this with a serialization error (40001): the count may have missed
 * it. One made after this commits bumps the generation past the one stored.
 */
export async function storeCount(
  tx: Queryable,
  partition: string,
  rows: number,
  byConsumer: ConsumerCount[] | null,
): Promise<void> {
  await tx.query(
    `insert into partition_counts as c (partition, counted_generation, counted_rows, counted_by_consumer)
     values ($1, 0, $2, $3)
     on conflict (partition) do update
       set counted_generation = c.generation, counted_rows = excluded.counted_rows, counted_by_consumer = excluded.counted_by_consumer`,
    [partition, rows, byConsumer === null ? null : JSON.stringify(byConsumer)],
  );
}
