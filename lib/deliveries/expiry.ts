// TTL expiry: pending or retrying deliveries whose event's TTL passed become expired, in bounded batches.
import type { Db } from "../db/pool.ts";
import { randomShard } from "../stats/counters.ts";
import { expireDue } from "./sql/expire-deliveries.ts";
import { run } from "./sql/statement.ts";

export async function expireDeliveries(db: Db, batchSize = 1000): Promise<number> {
  const rows = await run(db, expireDue, { batchSize, shard: randomShard() });
  return rows[0]!.n;
}
