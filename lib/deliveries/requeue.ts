// Putting deliveries back in the queue: RetryDelivery and the retry batches.
import type { Db, Tx } from "../db/pool.ts";
import { withTransaction } from "../db/pool.ts";
import { invalid, notFound } from "../errors.ts";
import { notifySql } from "../signals/signals.ts";
import { randomShard } from "../stats/counters.ts";
import { getDelivery } from "./reads.ts";

/**
 * Puts deliveries back in the queue as pending, due now, with a fresh attempt budget: a single delivery, or every
 * failed/pending delivery of a webhook, or both. Successes only with `force` (the receiver gets a duplicate).
 * A delivery being sent right now is left alone.
 */
export async function requeueDeliveries(
  db: Db,
  consumer: string,
  target: { deliveryIds?: string[]; webhookId?: string; force: boolean },
): Promise<string[]> {
  return withTransaction(db, (tx) => requeueIn(tx, consumer, target));
}

/** requeueDeliveries inside the caller's transaction (a retry batch records its progress in the same one). */
export async function requeueIn(
  tx: Tx,
  consumer: string,
  target: { deliveryIds?: string[]; webhookId?: string; force: boolean },
): Promise<string[]> {
  const allowed = target.force
    ? ["failed", "pending", "retrying", "expired", "success"]
    : ["failed", "pending", "retrying", "expired"];
  {
    const { rows } = await tx.query({
      name: "deliveries.requeue",
      text: `with picked as (
               select id, created_at, status from deliveries
                where namespace = $1 and status = any($4::text[])
                  and (($2::uuid[] is not null and id = any($2)) or ($3::uuid is not null and webhook_id = $3 and status in ('failed', 'pending', 'retrying')))
                for update skip locked
             ), reset as (
               update deliveries d set status = 'pending', next_attempt_at = now(), attempt_count = 0, lease_token = null,
                      rate_limited_since = null, completed_at = null, updated_at = now()
                 from picked p where d.id = p.id and d.created_at = p.created_at
               returning d.id, p.status as was
             ), counted as (
               insert into namespace_counters as n (namespace, shard, successful, failed, pending)
               select $1, $5, -count(*) filter (where was = 'success'), -count(*) filter (where was = 'failed'),
                      count(*) filter (where was in ('success', 'failed', 'expired'))
                 from reset having count(*) > 0
               on conflict (namespace, shard) do update
                 set successful = n.successful + excluded.successful, failed = n.failed + excluded.failed, pending = n.pending + excluded.pending
             ), wake as (${notifySql("deliveries")} where exists (select 1 from reset))
             select id from reset, (select count(*) from wake) w`,
      values: [
        consumer,
        target.deliveryIds?.length ? target.deliveryIds : null,
        target.webhookId ?? null,
        allowed,
        randomShard(),
      ],
    });
    return rows.map((r) => r.id);
  }
}

/** RetryDelivery: a single delivery, every failed/pending one of a webhook, or both. Unknown ids are NOT_FOUND. */
export async function retryDelivery(
  db: Db,
  consumer: string,
  input: { deliveryId?: string; webhookId?: string; force: boolean },
): Promise<string[]> {
  if (!input.deliveryId && !input.webhookId) throw invalid("give delivery_id, webhook_id or both");
  if (input.deliveryId) await getDelivery(db, consumer, input.deliveryId);
  if (input.webhookId) {
    const { rowCount } = await db.query("select 1 from webhooks where id = $1 and namespace = $2", [
      input.webhookId,
      consumer,
    ]);
    if (!rowCount) throw notFound(`webhook ${input.webhookId} not found in namespace "${consumer}"`);
  }
  return requeueDeliveries(db, consumer, {
    deliveryIds: input.deliveryId ? [input.deliveryId] : undefined,
    webhookId: input.webhookId,
    force: input.force,
  });
}
