// Reading events back: reports with their delivery counts and one record. (Re-pushing one is a write: repush.ts.)
import type { Db } from "../db/pool.ts";
import { invalid, notFound } from "../errors.ts";
import type { Page } from "../page.ts";
import { idTimeRange, isUuid } from "../ids.ts";

export interface EventReport {
  event_id: string;
  namespace: string;
  event_name: string;
  payload: unknown;
  metadata: Record<string, string>;
  labels: Record<string, string>;
  schema_valid: boolean;
  warnings: string[];
  created_at: string;
  expires_at: string | null;
  webhook_count: number;
  successful_count: number;
  failed_count: number;
  pending_count: number;
}

export interface EventFilter {
  eventName?: string;
  schemaValid?: boolean;
  labels?: Record<string, string>;
  createdAfter?: Date;
  createdBefore?: Date;
}

/** Counting stops here: an exact total over a growing table would cost more with every event stored. */
export const COUNT_CAP = 10_000;

const COLUMNS = `e.id, e.namespace, e.event_name, e.payload, e.metadata, e.labels, e.schema_valid, e.warnings, e.created_at, e.expires_at,
  c.webhook_count, c.successful_count, c.failed_count, c.pending_count`;

// Per-event counts come from that event's deliveries only (indexed by event_id): bounded by its fan-out. A delivery
// is made with or after its event, so the partitions before the event's are not visited.
const COUNTS = `left join lateral (
    select count(*)::int as webhook_count,
           count(*) filter (where d.status = 'success')::int as successful_count,
           count(*) filter (where d.status = 'failed')::int as failed_count,
           count(*) filter (where d.status in ('pending', 'sending', 'retrying'))::int as pending_count
      from deliveries d where d.event_id = e.id and d.created_at >= e.created_at
  ) c on true`;

/** An events row with its COUNTS. */
type ReportRow = Omit<EventReport, "event_id" | "created_at" | "expires_at"> & {
  id: string;
  created_at: Date;
  expires_at: Date | null;
};

const toReport = (r: ReportRow): EventReport => ({
  event_id: r.id,
  namespace: r.namespace,
  event_name: r.event_name,
  payload: r.payload,
  metadata: r.metadata,
  labels: r.labels,
  schema_valid: r.schema_valid,
  warnings: r.warnings,
  created_at: r.created_at.toISOString(),
  expires_at: r.expires_at ? r.expires_at.toISOString() : null,
  webhook_count: r.webhook_count,
  successful_count: r.successful_count,
  failed_count: r.failed_count,
  pending_count: r.pending_count,
});

// `labels <> '{}'` beside the label filter lets the planner use the labels index, which holds only events with
// labels (migration 9); a filter always asks for a label, so it changes no result.
function where(consumer: string, f: EventFilter): { sql: string; values: unknown[] } {
  return {
    sql: `e.namespace = $1 and ($2::text is null or e.event_name = $2) and ($3::bool is null or e.schema_valid = $3)
          and ($4::jsonb is null or (e.labels @> $4 and e.labels <> '{}'::jsonb)) and ($5::timestamptz is null or e.created_at > $5)
          and ($6::timestamptz is null or e.created_at < $6)`,
    values: [
      consumer,
      f.eventName ?? null,
      f.schemaValid ?? null,
      f.labels && Object.keys(f.labels).length ? JSON.stringify(f.labels) : null,
      f.createdAfter ?? null,
      f.createdBefore ?? null,
    ],
  };
}

/** Newest first. */
export async function listEventReports(
  db: Db,
  consumer: string,
  filter: EventFilter,
  page: Page,
): Promise<{ events: EventReport[]; total: number }> {
  const w = where(consumer, filter);
  const n = w.values.length;
  const [list, count] = await Promise.all([
    db.query(
      `select ${COLUMNS} from events e ${COUNTS} where ${w.sql} order by e.created_at desc, e.id desc limit $${n + 1} offset $${n + 2}`,
      [...w.values, page.limit, page.offset],
    ),
    db.query(
      `select count(*)::int as n from (select 1 from events e where ${w.sql} limit ${COUNT_CAP + 1}) x`,
      w.values,
    ),
  ]);
  return { events: list.rows.map(toReport), total: count.rows[0].n };
}

/** Ids of up to `limit` matching events, newest first (the re-push snapshot). */
export async function matchingEventIds(
  db: Db,
  consumer: string,
  filter: EventFilter,
  limit: number,
): Promise<string[]> {
  const w = where(consumer, filter);
  const { rows } = await db.query(
    `select e.id from events e where ${w.sql} order by e.created_at desc, e.id desc limit $${w.values.length + 1}`,
    [...w.values, limit],
  );
  return rows.map((r) => r.id);
}

/** One event by id; `consumer` scopes the lookup when given (REST), RPC looks it up across consumers. */
export async function getEventRecord(db: Db, eventId: string, consumer?: string): Promise<EventReport> {
  if (!isUuid(eventId)) throw invalid("event_id must be a UUID");
  // The created_at range the id allows (lib/ids.ts) names the partition to probe; outside it, every one is.
  const lookup = (range: { from: string; until: string }) =>
    db.query(
      `select ${COLUMNS} from events e ${COUNTS}
        where e.id = $1 and ($2::text is null or e.namespace = $2) and e.created_at >= $3 and e.created_at <= $4`,
      [eventId, consumer ?? null, range.from, range.until],
    );
  const range = idTimeRange(eventId);
  let { rows } = await lookup(range);
  if (!rows[0] && range.from !== "-infinity") ({ rows } = await lookup({ from: "-infinity", until: "infinity" }));
  if (!rows[0]) throw notFound(`event ${eventId} not found`);
  return toReport(rows[0]);
}
