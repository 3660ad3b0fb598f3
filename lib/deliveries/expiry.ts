// TTL expiry: pending or retrying deliveries whose event's TTL passed become expired, in bounded batches.
import type { Db } from "../db/pool.ts";
import { withCounterShard } from "../stats/counters.ts";
import { expireDue } from "./sql/expire-deliveries.ts";
import { run } from "./sql/statement.ts";

export async function expireDeliveries(db: Db, batchSize = 1000): Promise<number> {
  const rows = await withCounterShard((shard) => run(db, expireDue, { batchSize, shard }));
  return rows[0]!.n;
}
