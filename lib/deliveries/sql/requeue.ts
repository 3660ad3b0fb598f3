// Deliveries put back in the queue as pending, due now, with a fresh attempt budget — the ids given, or every
// failed/pending/retrying one of a webhook — where their status is one of `statuses`; a delivery being sent right
// now (locked) is left alone. Moves the consumer counters and wakes the delivery workers; the rows are the ids, each
// with the partition it lives in (its table oid: a retry makes a count of that partition stale, markChanged).
// `from`/`until` bound the deliveries' created_at, so a retry of one delivery visits its partition only. A retried
// success's attempt, kept in its row, is written to delivery_attempts by the table's trigger (migration 17).
import { notifySql } from "../../signals/signals.ts";
import { statement } from "./statement.ts";

export interface RequeueParams {
  consumer: string;
  /** null: by webhook only. */
  deliveryIds: string[] | null;
  webhookId: string | null;
  statuses: string[];
  shard: number;
  /** The created_at range the deliveries lie in ("-infinity"/"infinity": any). */
  from: string;
  until: string;
}

export const requeue = statement<RequeueParams, { id: string; partition: number }>(
  "deliveries.requeue",
  `with picked as (
               select id, created_at, status from deliveries
                where namespace = $1 and status = any($4::text[]) and created_at >= $6::timestamptz and created_at < $7::timestamptz
                  and (($2::uuid[] is not null and id = any($2)) or ($3::uuid is not null and webhook_id = $3 and status in ('failed', 'pending', 'retrying')))
                for update skip locked
             ), reset as (
               update deliveries d set status = 'pending', lane = 1, next_attempt_at = now(), attempt_count = 0, lease_token = null,
                      rate_limited_since = null, completed_at = null, updated_at = now()
                 from picked p where d.id = p.id and d.created_at = p.created_at and d.created_at >= $6::timestamptz and d.created_at < $7::timestamptz
               returning d.id, d.tableoid::int8 as partition, p.status as was
             ), counted as (
               insert into namespace_counters as n (namespace, shard, successful, failed, pending)
               select $1, $5, -count(*) filter (where was = 'success'), -count(*) filter (where was = 'failed'),
                      count(*) filter (where was in ('success', 'failed', 'expired'))
                 from reset having count(*) > 0
               on conflict (namespace, shard) do update
                 set successful = n.successful + excluded.successful, failed = n.failed + excluded.failed, pending = n.pending + excluded.pending
             ), wake as (${notifySql("deliveries")} where exists (select 1 from reset))
             select id, partition from reset, (select count(*) from wake) w`,
  (p) => [p.consumer, p.deliveryIds, p.webhookId, p.statuses, p.shard, p.from, p.until],
);
