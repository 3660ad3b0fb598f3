// Delivery counters per consumer (table namespace_counters), kept by the writers of delivery state and read without touching deliveries.
import type { Db } from "../db/pool.ts";

// Each writer adds to a shard of its consumer, so concurrent writers do not queue on one row, and writes its
// consumers' rows in consumer order, so two statements never wait for each other's rows in turn (a deadlock).
export const COUNTER_SHARDS = 8;

export const randomShard = () => Math.floor(Math.random() * COUNTER_SHARDS);

/** How many of this process's writers hold each shard now. */
const holders: number[] = new Array<number>(COUNTER_SHARDS).fill(0);

/**
 * Runs `write` (a statement, or a whole transaction) with a shard no other writer of this process holds — the least
 * held when all are — from a random start, so instances spread too. With a shard drawn at random, a push at 1,000/s
 * met an outcome batch on the same row at one overlap in eight and waited for that transaction to commit: 5–7 % of
 * the push statement's time went to that row lock (pg_stat_activity during bench/latency). For the hot writers; a
 * rare job or an operator's action draws at random.
 */
export async function withCounterShard<T>(write: (shard: number) => Promise<T>): Promise<T> {
  const start = randomShard();
  let shard = start;
  for (let i = 1; i < COUNTER_SHARDS && holders[shard]! > 0; i++) {
    const next = (start + i) % COUNTER_SHARDS;
    if (holders[next]! < holders[shard]!) shard = next;
  }
  holders[shard] = holders[shard]! + 1;
  try {
    return await write(shard);
  } finally {
    holders[shard] = holders[shard]! - 1;
  }
}

/** SQL that takes deleted deliveries (a CTE returning namespace and status) out of the counters. */
export const uncountSql = (deleted: string, shardParam: string) => `
  insert into namespace_counters as n (namespace, shard, total, successful, failed, pending)
  select namespace, ${shardParam}, -count(*), -count(*) filter (where status = 'success'), -count(*) filter (where status = 'failed'),
         -count(*) filter (where status in ('pending', 'sending', 'retrying'))
    from ${deleted} group by namespace order by namespace
  on conflict (namespace, shard) do update
    set total = n.total + excluded.total, successful = n.successful + excluded.successful,
        failed = n.failed + excluded.failed, pending = n.pending + excluded.pending`;

export interface ConsumerStats {
  total_webhooks: number;
  active_webhooks: number;
  total_deliveries: number;
  successful_deliveries: number;
  failed_deliveries: number;
  pending_deliveries: number;
  success_rate: number;
}

/**
 * Stats of one consumer, or of all when `consumer` is undefined: a sum over at most COUNTER_SHARDS rows per
 * consumer plus the consumer's webhooks — the cost does not grow with the number of stored deliveries.
 */
export async function consumerStats(db: Db, consumer: string | undefined): Promise<ConsumerStats> {
  const { rows } = await db.query({
    name: "stats.namespace",
    text: `select (select count(*)::int from webhooks where $1::text is null or namespace = $1) as total_webhooks,
                  (select count(*)::int from webhooks where ($1::text is null or namespace = $1) and active) as active_webhooks,
                  coalesce(sum(total), 0) as total, coalesce(sum(successful), 0) as successful,
                  coalesce(sum(failed), 0) as failed, coalesce(sum(pending), 0) as pending
             from namespace_counters where $1::text is null or namespace = $1`,
    values: [consumer ?? null],
  });
  const r = rows[0];
  const total = Number(r.total);
  return {
    total_webhooks: r.total_webhooks,
    active_webhooks: r.active_webhooks,
    total_deliveries: total,
    successful_deliveries: Number(r.successful),
    failed_deliveries: Number(r.failed),
    pending_deliveries: Number(r.pending),
    success_rate: total > 0 ? Number(r.successful) / total : 0,
  };
}
