// Identifiers: every id svc issues is a UUID in its canonical text form.
//
// The ids of the history (events, deliveries, attempts) are UUIDv7 (RFC 9562): their first 48 bits are the
// milliseconds of the row's creation, so they name the time partition the row lives in (migration 12). A lookup by
// id adds the created_at range the id allows and PostgreSQL visits one partition instead of each. Ids made before
// this (random, version 4) still work: they allow any created_at.
import { v7 } from "uuid";

export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isUuid = (value: string) => UUID_PATTERN.test(value);

/**
 * A time-ordered id made at `at` (default: now). The `uuid` package rather than a few lines over node:crypto: it is
 * a dependency already and measured the same (≈ 2–3 µs an id on the shared machine, both), and it keeps ids of one
 * millisecond in order.
 */
export const newId = (at?: Date): string => (at ? v7({ msecs: at.getTime() }) : v7());

/**
 * How far a row's created_at may lie from its id's time. Ids made by PostgreSQL (ID_SQL) carry the statement's
 * now(), created_at's default: no gap. Event ids are made by the server before its insert (lib/events/push.ts), so
 * the gap is the wait for the batched insert plus any difference between the server's clock and the database's.
 * Generous, because a bound that misses costs a second lookup (boundedById callers) or a rebuilt body.
 */
export const ID_TIME_MARGIN_MS = 3_600_000;

/** The milliseconds a UUIDv7 carries; null for any other version (the random ids of earlier versions). */
export function idTime(id: string): number | null {
  if (!isUuid(id) || id[14] !== "7") return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/** The created_at range an id allows, as timestamptz text: ±ID_TIME_MARGIN_MS around a UUIDv7's time, else all. */
export function idTimeRange(id: string): { from: string; until: string } {
  const ms = idTime(id);
  if (ms === null) return { from: "-infinity", until: "infinity" };
  return {
    from: new Date(ms - ID_TIME_MARGIN_MS).toISOString(),
    until: new Date(ms + ID_TIME_MARGIN_MS).toISOString(),
  };
}

/**
 * SQL for a new UUIDv7 at `at` (a timestamptz expression; default now(), the created_at of the row it goes in):
 * the time's milliseconds in hex, then the version and a random UUID's last 74 bits (its variant bits are v7's).
 * An expression rather than a function, so no migration is needed and every server version can run the statement.
 */
export const idSql = (at = "now()") =>
  `(overlay(lpad(to_hex(floor(extract(epoch from ${at}) * 1000)::bigint), 12, '0') placing '-' from 9 for 0)
     || '-7' || substr(gen_random_uuid()::text, 16))::uuid`;

/**
 * SQL for the earliest created_at the UUID column (or expression) `id` allows, for a join to prune partitions by it:
 * its time less ID_TIME_MARGIN_MS for a UUIDv7, -infinity for any other.
 */
export const idFromSql = (id: string) =>
  `case when substr(${id}::text, 15, 1) = '7'
     then ${idTimeSql(id)} - interval '${ID_TIME_MARGIN_MS} milliseconds'
     else '-infinity'::timestamptz end`;

/** SQL for the time (timestamptz, to the millisecond) a UUIDv7 column or expression `id` carries. */
export function idTimeSql(id: string): string {
  return `to_timestamp(('x' || lpad(replace(substr(${id}::text, 1, 13), '-', ''), 16, '0'))::bit(64)::bigint / 1000.0)`;
}
