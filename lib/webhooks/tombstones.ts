// Deletes the deliveries and attempts of unregistered webhooks in small batches, so no statement holds locks long.
import { type Db, withTransaction } from "../db/pool.ts";
import { markChanged } from "../history/partition-counts.ts";
import { randomShard, uncountSql } from "../stats/counters.ts";

export interface PurgeResult {
  deliveries: number;
  webhooks: number;
}

/**
 * One batch for one webhook: up to `batchSize` deliveries with their attempts. The partitions it deleted from are
 * marked changed: a count of them made ahead for retention (lib/history/partition-counts.ts) no longer holds.
 */
async function purgeBatch(db: Db, webhookId: string, batchSize: number): Promise<number> {
  return withTransaction(db, async (tx) => {
    const { rows } = await tx.query({
      name: "tombstones.purgeBatch",
      text: `with gone as (
               delete from deliveries where (id, created_at) in (select id, created_at from deliveries where webhook_id = $1 limit $2)
               returning id, namespace, status, tableoid
             ), attempts as (
               delete from delivery_attempts a using gone where a.delivery_id = gone.id
             ), counted as (${uncountSql("gone", "$3")})
             select count(*)::int as n, coalesce(array_agg(distinct tableoid::int8), '{}') as partitions from gone`,
      values: [webhookId, batchSize, randomShard()],
    });
    await markChanged(tx, rows[0].partitions);
    return rows[0].n;
  });
}

export async function purgeDeletedWebhooks(
  db: Db,
  options: { batchSize?: number; budgetMs?: number } = {},
): Promise<PurgeResult> {
  const batchSize = options.batchSize ?? 1000;
  const deadline = Date.now() + (options.budgetMs ?? 5_000);
  const result: PurgeResult = { deliveries: 0, webhooks: 0 };
  const { rows } = await db.query("select webhook_id from webhook_tombstones order by deleted_at limit 100");
  for (const { webhook_id } of rows) {
    for (;;) {
      const n = await purgeBatch(db, webhook_id, batchSize);
      result.deliveries += n;
      if (n < batchSize) {
        await db.query("delete from webhook_tombstones where webhook_id = $1", [webhook_id]);
        result.webhooks += 1;
        break;
      }
      if (Date.now() > deadline) return result;
    }
  }
  return result;
}
