// The partitions of the history (events, deliveries, attempts; migration 12): reading their ranges from the catalog,
// and creating them ahead of time. Ranges are contiguous, each starting where the previous one ends, one interval
// (SVC_PARTITION_INTERVAL) long; every table gets the same ranges, so a period's events, deliveries and attempts go
// together. A row no partition is ready for lands in the table's DEFAULT partition and is moved out when its
// partition is created.
import { type Db, withTransaction } from "../db/pool.ts";

export const HISTORY_TABLES = ["events", "deliveries", "delivery_attempts"] as const;
export type HistoryTable = (typeof HISTORY_TABLES)[number];

/** One range partition: `lower` null is MINVALUE (the table as it was before migration 12). */
export interface Partition {
  table: HistoryTable;
  name: string;
  lower: Date | null;
  upper: Date;
}

const DAY_MS = 86_400_000;

/**
 * The range partitions of `table`, oldest first (the DEFAULT partition is not among them). The bounds are read back
 * from the catalog's text and cast in the same statement, so the session's time zone cannot shift them.
 */
export async function listPartitions(db: Db, table: HistoryTable): Promise<Partition[]> {
  const { rows } = await db.query<{ name: string; lower: Date | null; upper: Date }>({
    name: "history.partitions",
    text: `select name, (regexp_match(bound, 'FROM \\(''([^'']+)''\\)'))[1]::timestamptz as lower,
                  (regexp_match(bound, 'TO \\(''([^'']+)''\\)'))[1]::timestamptz as upper
             from (select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
                     from pg_inherits i join pg_class c on c.oid = i.inhrelid
                    where i.inhparent = $1::regclass) p
            where bound <> 'DEFAULT'
            order by lower nulls first`,
    values: [table],
  });
  return rows.map((r) => ({ table, ...r }));
}

export interface EnsureResult {
  /** Partitions created by this call. */
  created: string[];
  /** Rows moved out of DEFAULT partitions into the partitions created for them. */
  moved: number;
}

/**
 * Makes sure every history table has partitions up to `ahead` intervals past `now` (the database's clock unless
 * given). After a gap (the job did not run for a while, or the clock jumped ahead) one partition spans the gap, so
 * the ranges stay contiguous and the number of partitions stays bounded.
 */
export async function ensurePartitionsAhead(
  db: Db,
  options: { intervalDays: number; ahead?: number; now?: Date },
): Promise<EnsureResult> {
  const intervalMs = options.intervalDays * DAY_MS;
  const now = options.now ?? (await db.query<{ now: Date }>("select now()")).rows[0]!.now;
  const until = now.getTime() + (options.ahead ?? 3) * intervalMs;
  const result: EnsureResult = { created: [], moved: 0 };
  for (const table of HISTORY_TABLES) {
    const last = (await listPartitions(db, table)).at(-1);
    // A table without ranges (never the case after migration 12, unless an operator removed them) starts today.
    let lower = last ? last.upper.getTime() : Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const behind = Math.floor((now.getTime() - lower) / intervalMs);
    if (behind >= 1) {
      const upper = lower + behind * intervalMs;
      result.moved += await createPartition(db, table, new Date(lower), new Date(upper), result.created);
      lower = upper;
    }
    for (; lower < until; lower += intervalMs) {
      result.moved += await createPartition(db, table, new Date(lower), new Date(lower + intervalMs), result.created);
    }
  }
  return result;
}

/** `events_p20261128`: the table and the partition's first day (UTC). */
export function partitionName(table: HistoryTable, lower: Date): string {
  return `${table}_p${lower.toISOString().slice(0, 10).replace(/-/g, "")}`;
}

/**
 * Creates the partition [lower, upper) of `table`, first moving into it the rows the DEFAULT partition holds for
 * that range. Built apart and then attached: ATTACH takes only a SHARE UPDATE EXCLUSIVE lock on the parent, so
 * pushes, reads and claims carry on (CREATE TABLE … PARTITION OF would lock the parent exclusively). Returns the
 * number of rows moved.
 */
export async function createPartition(
  db: Db,
  table: HistoryTable,
  lower: Date,
  upper: Date,
  created: string[] = [],
): Promise<number> {
  const name = partitionName(table, lower);
  const moved = await withTransaction(db, async (tx) => {
    // Never queue pushes behind this for long: if a lock is not free soon, the next run tries again.
    await tx.query("set local lock_timeout = '2s'");
    // Storage parameters (the deliveries' fill factor, migration 14) are the partitions' own: the DEFAULT
    // partition's carry over.
    const { rows } = await tx.query<{ options: string | null }>(
      "select array_to_string(reloptions, ', ') as options from pg_class where oid = $1::regclass",
      [`${table}_default`],
    );
    const storage = rows[0]?.options ? ` with (${rows[0].options})` : "";
    await tx.query(`create table ${name} (like ${table} including defaults including constraints)${storage}`);
    const { rowCount } = await tx.query(
      `with moved as (delete from ${table}_default where created_at >= $1 and created_at < $2 returning *)
       insert into ${name} select * from moved`,
      [lower, upper],
    );
    await tx.query(
      `alter table ${table} attach partition ${name} for values from ('${lower.toISOString()}') to ('${upper.toISOString()}')`,
    );
    return rowCount ?? 0;
  });
  created.push(name);
  return moved;
}
