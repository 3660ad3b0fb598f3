// The previous build's lane indexes, over `status` (migration 3), outlive migration 18 on a database that held
// deliveries, for that build's claims during a rolling upgrade: without them each of its claims reads a webhook's
// whole history. While they exist no index-free (HOT) outcome is possible, since they use `status`. They are dropped
// once migration 18 is `quietSeconds` old and no write of the previous build (its deliveries get their lane from a
// trigger, which notes the time) has been seen for as long: by then its instances are gone.
import { type Db, withTransaction } from "../db/pool.ts";

export const STATUS_LANE_INDEXES = ["deliveries_fresh_lane", "deliveries_retry_lane", "deliveries_expiring"];

export type StatusLanes =
  | { state: "gone" }
  | { state: "dropped" }
  | { state: "waiting"; reason: string }
  | { state: "busy" };

export async function retireStatusLanes(db: Db, quietSeconds = 1_800): Promise<StatusLanes> {
  const { rows } = await db.query<{ left: number; migration_recent: boolean; previous_build_recent: boolean }>({
    text: `select (select count(*) from pg_indexes where schemaname = current_schema() and tablename = 'deliveries'
                     and indexname = any($1::text[]))::int as left,
                  coalesce((select created_at > now() - make_interval(secs => $2) from migrations where migration_id = 18), true)
                    as migration_recent,
                  coalesce((select last_seen_at > now() - make_interval(secs => $2) from previous_build_writes), false)
                    as previous_build_recent`,
    values: [STATUS_LANE_INDEXES, quietSeconds],
  });
  const r = rows[0]!;
  if (r.left === 0) return { state: "gone" };
  if (r.migration_recent) return { state: "waiting", reason: "migration 18 is recent" };
  if (r.previous_build_recent) return { state: "waiting", reason: "the previous build wrote deliveries recently" };
  try {
    await withTransaction(db, async (tx) => {
      // DROP INDEX takes ACCESS EXCLUSIVE on deliveries: never queue pushes behind a long transaction for it.
      await tx.query("set local lock_timeout = '200ms'");
      await tx.query(`drop index if exists ${STATUS_LANE_INDEXES.join(", ")}`);
    });
  } catch (err) {
    if ((err as { code?: string }).code === "55P03") return { state: "busy" };
    throw err;
  }
  return { state: "dropped" };
}
