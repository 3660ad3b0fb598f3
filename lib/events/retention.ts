// Retention: events older than SVC_EVENT_RETENTION_DAYS go, with their deliveries and attempts. Deletion runs in
// small batches (each statement touches at most a few thousand rows and holds its locks for milliseconds) and per
// namespace, so the (namespace, created_at) indexes find the old rows without a scan.
import type { Db } from "../db/pool.ts";
import { randomShard, uncountSql } from "../stats/counters.ts";

export interface PurgeResult {
  events: number;
  deliveries: number;
  batches: number;
  /** The longest single statement, in ms (how long any lock was held). */
  longest_statement_ms: number;
}

export async function purgeOldEvents(
  db: Db,
  retentionDays: number,
  options: { deliveryBatch?: number; eventBatch?: number; budgetMs?: number } = {},
): Promise<PurgeResult> {
  const result: PurgeResult = { events: 0, deliveries: 0, batches: 0, longest_statement_ms: 0 };
  if (retentionDays <= 0) return result;
  const deliveryBatch = options.deliveryBatch ?? 5_000;
  const eventBatch = options.eventBatch ?? 1_000;
  const deadline = Date.now() + (options.budgetMs ?? 10 * 60_000);
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
  const timed = async <T>(fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      result.batches++;
      result.longest_statement_ms = Math.max(result.longest_statement_ms, Math.round(performance.now() - started));
    }
  };

  // Distinct consumers by skipping through the (namespace, created_at) index: no scan of the events table.
  const { rows: consumers } = await db.query(
    `with recursive ns as (
       (select namespace from events order by namespace limit 1)
       union all
       select (select e.namespace from events e where e.namespace > ns.namespace order by e.namespace limit 1) from ns where ns.namespace is not null
     ) select namespace from ns where namespace is not null`,
  );
  for (const { namespace: consumer } of consumers) {
    // Deliveries first, oldest first; then the events with any stragglers fanned out after the cut-off.
    for (let n = deliveryBatch; n === deliveryBatch && Date.now() < deadline; ) {
      n = await timed(async () => {
        const { rows } = await db.query({
          name: "retention.deliveries",
          text: `with gone as (
                   delete from deliveries where id in (
                     select id from deliveries where namespace = $1 and created_at < $2 order by created_at limit $3)
                   returning id, namespace, status
                 ), attempts as (delete from delivery_attempts a using gone where a.delivery_id = gone.id),
                 counted as (${uncountSql("gone", "$4")})
                 select count(*)::int as n from gone`,
          values: [consumer, cutoff, deliveryBatch, randomShard()],
        });
        return rows[0].n as number;
      });
      result.deliveries += n;
    }
    for (let n = eventBatch; n === eventBatch && Date.now() < deadline; ) {
      n = await timed(async () => {
        const { rows } = await db.query({
          name: "retention.events",
          text: `with old as (
                   -- Never an event still waiting for fan-out: its deliveries may be being born (fan-out reads the
                   -- event without a lock; the queue row is there until they are committed). NOT EXISTS, not NOT IN:
                   -- a queue too large for a hashed NOT IN is probed once per event; the anti join hashes it once.
                   select id from events e where namespace = $1 and created_at < $2
                      and not exists (select 1 from fanout_queue q where q.event_id = e.id)
                    order by created_at limit $3 for update skip locked
                 ), gone as (
                   delete from deliveries where event_id in (select id from old) returning id, namespace, status
                 ), attempts as (delete from delivery_attempts a using gone where a.delivery_id = gone.id),
                 counted as (${uncountSql("gone", "$4")}),
                 removed as (delete from events where id in (select id from old) returning id)
                 select (select count(*)::int from removed) as n, (select count(*)::int from gone) as d`,
          values: [consumer, cutoff, eventBatch, randomShard()],
        });
        result.deliveries += rows[0].d;
        return rows[0].n as number;
      });
      result.events += n;
    }
  }
  return result;
}
