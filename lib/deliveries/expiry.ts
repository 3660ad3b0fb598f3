// TTL expiry: pending or retrying deliveries whose event's TTL passed become expired, in bounded batches.
import type { Db } from "../db/pool.ts";
import { randomShard } from "../stats/counters.ts";

export async function expireDeliveries(db: Db, batchSize = 1000): Promise<number> {
  const { rows } = await db.query({
    name: "deliveries.expire",
    text: `with due as (
             select id, created_at from deliveries
              where status in ('pending', 'retrying') and expires_at is not null and expires_at <= now()
              limit $1
                for update skip locked
           ), expired as (
             update deliveries d set status = 'expired', completed_at = now(), updated_at = now()
               from due where d.id = due.id and d.created_at = due.created_at
             returning d.namespace
           ), counted as (
             insert into namespace_counters as n (namespace, shard, pending)
             select namespace, $2, -count(*) from expired group by namespace order by namespace
             on conflict (namespace, shard) do update set pending = n.pending + excluded.pending
           )
           select count(*)::int as n from expired`,
    values: [batchSize, randomShard()],
  });
  return rows[0].n;
}
