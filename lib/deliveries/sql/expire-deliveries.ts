// Pending or retrying deliveries whose event's TTL passed, expired in one bounded batch (skipping rows others hold),
// with the consumer counters moved; the one row is how many were expired.
import { statement } from "./statement.ts";

export const expireDue = statement<{ batchSize: number; shard: number }, { n: number }>(
  "deliveries.expire",
  `with due as (
             select id, created_at from deliveries
              -- deliveries_lane_expiring's condition (migration 18); a claimed delivery in the retry lane is expired by its claim.
              where lane in (1, 2) and expires_at is not null and status in ('pending', 'retrying') and expires_at <= now()
              limit $1
                for update skip locked
           ), expired as (
             update deliveries d set status = 'expired', lane = 0, completed_at = now(), updated_at = now()
               from due where d.id = due.id and d.created_at = due.created_at
             returning d.namespace
           ), counted as (
             insert into namespace_counters as n (namespace, shard, pending)
             select namespace, $2, -count(*) from expired group by namespace order by namespace
             on conflict (namespace, shard) do update set pending = n.pending + excluded.pending
           )
           select count(*)::int as n from expired`,
  (p) => [p.batchSize, p.shard],
);
