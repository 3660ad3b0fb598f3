// Per-minute delivery figures (volume, successes, final failures, a latency histogram, failed attempts by category)
// kept incrementally: each batch of outcomes adds its counts in the same transaction, and the overview reads at
// most 7 days × 1,440 minutes × a few shards of small rows — never the deliveries or attempts tables.
import type { Db, Tx } from "../db/pool.ts";
import { addMinuteStats } from "./sql/add-minute-stats.ts";
import { run } from "./sql/statement.ts";
import { CATEGORIES, type Category } from "./classify.ts";
import type { AttemptResult } from "./stages.ts";

/** Upper bounds (ms) of the latency buckets; the last bucket holds everything slower. */
export const LATENCY_BOUNDS_MS = [5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000] as const;
const SHARDS = 4;
// One shard per process: concurrent writers of another process rarely wait on this one's row.
const SHARD = Math.floor(Math.random() * SHARDS);

interface Minute {
  attempts: number;
  successes: number;
  failures: number;
  latencyMsTotal: number;
  latency: number[];
  categories: number[];
}

const bucketOf = (ms: number) => {
  const i = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return i < 0 ? LATENCY_BOUNDS_MS.length : i;
};

/** Adds the attempts of a written batch (only outcomes this worker still owned) to their minutes. */
export async function recordMinuteStats(tx: Tx, batch: AttemptResult[], written: Set<string>): Promise<void> {
  const minutes = new Map<number, Minute>();
  for (const { outcome, attempt } of batch) {
    if (!attempt || !written.has(outcome.id)) continue;
    const key = Math.floor(attempt.at.getTime() / 60_000) * 60_000;
    let m = minutes.get(key);
    if (!m)
      minutes.set(
        key,
        (m = {
          attempts: 0,
          successes: 0,
          failures: 0,
          latencyMsTotal: 0,
          latency: new Array(LATENCY_BOUNDS_MS.length + 1).fill(0),
          categories: new Array(CATEGORIES.length).fill(0),
        }),
      );
    m.attempts++;
    m.latencyMsTotal += Math.round(attempt.responseTimeMs);
    m.latency[bucketOf(attempt.responseTimeMs)]!++;
    if (attempt.success) m.successes++;
    else {
      const c = CATEGORIES.indexOf(attempt.errorCategory as Category);
      if (c >= 0) m.categories[c]!++;
    }
    if (outcome.status === "failed") m.failures++;
  }
  // A batch spans one or two minutes: one upsert each.
  for (const [minute, m] of minutes) {
    await run(tx, addMinuteStats, {
      minute: new Date(minute),
      shard: SHARD,
      attempts: m.attempts,
      successes: m.successes,
      failures: m.failures,
      latencyMsTotal: m.latencyMsTotal,
      latencyBuckets: m.latency,
      errorCategories: m.categories,
    });
  }
}

/** Drops minutes older than the overview's 7 days (with a day of slack). */
export async function pruneMinuteStats(db: Db): Promise<number> {
  const { rowCount } = await db.query("delete from delivery_minutes where minute < now() - interval '8 days'");
  return rowCount ?? 0;
}
