// Test databases with a history laid out in daily partitions from some days ago (instead of the one partition up to
// tomorrow that migration 12 leaves), so retention has old partitions to work on. Rows already there are kept.
import type { Db } from "../../lib/db/pool.ts";
import { createPartition, HISTORY_TABLES, listPartitions } from "../../lib/history/partitions.ts";

const DAY_MS = 86_400_000;

/** Daily partitions from the UTC midnight `daysAgo` days back to three days ahead; returns the first day's start. */
export async function partitionHistoryFrom(db: Db, daysAgo: number): Promise<Date> {
  const { now } = (await db.query<{ now: Date }>("select now()")).rows[0]!;
  const start = Math.floor(now.getTime() / DAY_MS) * DAY_MS - daysAgo * DAY_MS;
  for (const table of HISTORY_TABLES) {
    for (const p of await listPartitions(db, table)) {
      await db.query(`alter table ${table} detach partition ${p.name}`);
      await db.query(`alter table ${p.name} rename to ${p.name}_old`);
    }
    for (let lower = start; lower < now.getTime() + 3 * DAY_MS; lower += DAY_MS)
      await createPartition(db, table, new Date(lower), new Date(lower + DAY_MS));
  }
  for (const table of HISTORY_TABLES)
    for (const { relname } of (await db.query(`select relname from pg_class where relname like '${table}_%_old'`))
      .rows) {
      await db.query(`insert into ${table} select * from ${relname}`);
      await db.query(`drop table ${relname}`);
    }
  return new Date(start);
}

/** The partition of `table` that holds the row with this id, or undefined when no row has it. */
export async function partitionOf(db: Db, table: string, id: string): Promise<string | undefined> {
  const { rows } = await db.query(`select tableoid::regclass::text as p from ${table} where id = $1`, [id]);
  return rows[0]?.p;
}
