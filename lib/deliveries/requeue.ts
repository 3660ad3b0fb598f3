// Putting deliveries back in the queue: RetryDelivery and the retry batches.
import type { Db, Tx } from "../db/pool.ts";
import { withTransaction } from "../db/pool.ts";
import { invalid, notFound } from "../errors.ts";
import { markChanged } from "../history/partition-counts.ts";
import { randomShard } from "../stats/counters.ts";
import { getDelivery } from "./reads.ts";
import { requeue } from "./sql/requeue.ts";
import { run } from "./sql/statement.ts";

/**
 * Puts deliveries back in the queue as pending, due now, with a fresh attempt budget: a single delivery, or every
 * failed/pending delivery of a webhook, or both. Successes only with `force` (the receiver gets a duplicate).
 * A delivery being sent right now is left alone.
 */
export async function requeueDeliveries(db: Db, consumer: string, target: RequeueTarget): Promise<string[]> {
  return withTransaction(db, (tx) => requeueIn(tx, consumer, target));
}

/** What to put back: ids, a webhook's failed/pending ones, or both; `createdAt` bounds where the rows lie. */
export interface RequeueTarget {
  deliveryIds?: string[];
  webhookId?: string;
  force: boolean;
  /** The created_at range of the deliveries, ISO text; default any. */
  createdAt?: { from: string; until: string };
}

/** requeueDeliveries inside the caller's transaction (a retry batch records its progress in the same one). */
export async function requeueIn(tx: Tx, consumer: string, target: RequeueTarget): Promise<string[]> {
  const allowed = target.force
    ? ["failed", "pending", "retrying", "expired", "success"]
    : ["failed", "pending", "retrying", "expired"];
  const rows = await run(tx, requeue, {
    consumer,
    deliveryIds: target.deliveryIds?.length ? target.deliveryIds : null,
    webhookId: target.webhookId ?? null,
    statuses: allowed,
    shard: randomShard(),
    from: target.createdAt?.from ?? "-infinity",
    until: target.createdAt?.until ?? "infinity",
  });
  // After the counters (the statement's own), as every caller of markChanged: no two retries wait on each other in turn.
  await markChanged(
    tx,
    rows.map((r) => r.partition),
  );
  return rows.map((r) => r.id);
}

/** RetryDelivery: a single delivery, every failed/pending one of a webhook, or both. Unknown ids are NOT_FOUND. */
export async function retryDelivery(
  db: Db,
  consumer: string,
  input: { deliveryId?: string; webhookId?: string; force: boolean },
): Promise<string[]> {
  if (!input.deliveryId && !input.webhookId) throw invalid("give delivery_id, webhook_id or both");
  // The delivery's own created_at bounds the retry to its partition (getDelivery found it by its id's time, or in
  // every partition for an id that carries none). With a webhook too, the webhook's deliveries lie anywhere.
  const delivery = input.deliveryId ? await getDelivery(db, consumer, input.deliveryId) : undefined;
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
    createdAt: delivery && !input.webhookId ? around(delivery.created_at) : undefined,
  });
}

/** A range holding the timestamp whose milliseconds `iso` gives (PostgreSQL keeps microseconds: 1 ms either side). */
function around(iso: string): { from: string; until: string } {
  const ms = Date.parse(iso);
  return { from: new Date(ms - 1).toISOString(), until: new Date(ms + 1).toISOString() };
}
