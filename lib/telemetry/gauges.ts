// Gauges read at scrape time from small, bounded tables or bounded index probes: open circuits (a partial index
// holding only open ones), the pending count the workers keep per namespace (namespace_counters), batches running
// (a partial index), and the queue by status — never a count over the deliveries' history.
import type { AppContext } from "../app/context.ts";
import { withTransaction } from "../db/pool.ts";
import { LANE_CONDITION } from "../deliveries/queue.ts";

/** Queue depth is counted up to this many per status (an index-only count of the live lanes, never the history). */
export const QUEUE_DEPTH_CAP = 100_000;
/** Scrapes (Prometheus and the OTLP reader) within this window share one reading of the queue. */
const QUEUE_READ_MS = 5_000;

interface QueueReading {
  depth: { status: string; n: number }[];
  oldest: { status: string; age: number | null }[];
}

export function registerDatabaseGauges(app: Pick<AppContext, "db" | "metrics" | "tracing">): void {
  app.metrics.gauge(
    "svc_endpoints_circuit_open",
    "Webhooks whose circuit is open: deliveries held, probes only",
    async (result) => {
      const { rows } = await app.db.query({
        name: "metrics.circuits",
        text: "select count(*)::int as n from webhook_health where circuit_opened_at is not null",
      });
      result.observe(rows[0].n);
    },
  );
  app.metrics.gauge(
    "svc_deliveries_pending",
    "Deliveries not yet final (pending, sending or retrying), all consumers",
    async (result) => {
      const { rows } = await app.db.query({
        name: "metrics.pending",
        text: "select coalesce(sum(pending), 0)::bigint as n from namespace_counters",
      });
      result.observe(Number(rows[0].n));
    },
  );

  let reading: { at: number; value: Promise<QueueReading> } | undefined;
  const queue = () => {
    if (!reading || Date.now() - reading.at > QUEUE_READ_MS) {
      reading = { at: Date.now(), value: readQueue(app) };
      reading.value.catch(() => (reading = undefined));
    }
    return reading.value;
  };
  app.metrics.gauge(
    "svc_queue_depth",
    `Deliveries in the queue by status (pending, retrying, sending); counted up to ${QUEUE_DEPTH_CAP} each`,
    async (result) => {
      for (const { status, n } of (await queue()).depth) result.observe(n, { status });
    },
  );
  app.metrics.gauge(
    "svc_queue_oldest_due_age_seconds",
    "Age of the oldest delivery that is due and not yet claimed, by status (0 when none is due)",
    async (result) => {
      for (const { status, age } of (await queue()).oldest) result.observe(age ?? 0, { status });
    },
  );

  app.metrics.gauge("svc_batches_running", "Batch jobs (retry, repush) being processed, by kind", async (result) => {
    for (const row of await batches(app)) result.observe(row.running, { kind: row.kind });
  });
  app.metrics.gauge(
    "svc_batch_items",
    "Items of the batch jobs being processed, by kind and state (total, processed, failed)",
    async (result) => {
      for (const row of await batches(app)) {
        result.observe(row.total, { kind: row.kind, state: "total" });
        result.observe(row.processed, { kind: row.kind, state: "processed" });
        result.observe(row.failed, { kind: row.kind, state: "failed" });
      }
    },
  );

  app.metrics.observedCounter(
    "svc_otel_spans_dropped",
    "Spans not exported: the export queue was full (slow or dead collector) or the collector refused them",
    () => app.tracing.droppedSpans(),
  );
}

async function readQueue(app: Pick<AppContext, "db">): Promise<QueueReading> {
  // Each lease's deliveries by their range of ids: a join the planner otherwise makes a hash over every partition.
  const { rows: depth } = await withTransaction(
    app.db,
    (tx) =>
      tx.query({
        name: "metrics.queueDepth",
        // Each count through a lane's index (migration 18); deliveries born claimed and being sent are in no lane, and
        // are found through their leases' rows (bounded by their ids).
        text: `select 'pending' as status, (select count(*) from (select 1 from deliveries where ${LANE_CONDITION.fresh} limit $1) p)::int as n
           union all select 'retrying', (select count(*) from (select 1 from deliveries where ${LANE_CONDITION.retry} and status = 'retrying' limit $1) r)::int
           union all select 'sending', (select count(*) from (
             select 1 from deliveries where ${LANE_CONDITION.retry} and status = 'sending'
             union all
             select 1 from delivery_leases l join deliveries d
                 on d.id between l.first_id and l.last_id and d.created_at = l.created_at and d.lease_token = l.lease_token
              where d.status = 'sending' and d.lane = 0
             limit $1) s)::int`,
        values: [QUEUE_DEPTH_CAP],
      }),
    { rowsBy: "index-joins" },
  );
  // One probe of each webhook's lane index (its oldest due row): cost grows with webhooks, never with deliveries.
  const { rows: oldest } = await app.db.query({
    name: "metrics.queueOldestDue",
    text: `select 'pending' as status, extract(epoch from now() - min(p.next_attempt_at))::float8 as age
             from webhooks w cross join lateral (
                    select next_attempt_at from deliveries d
                     where d.webhook_id = w.id and d.${LANE_CONDITION.fresh} and d.next_attempt_at <= now()
                     order by next_attempt_at limit 1) p
           union all
           select 'retrying', extract(epoch from now() - min(r.next_attempt_at))::float8
             from webhooks w cross join lateral (
                    select next_attempt_at from deliveries d
                     where d.webhook_id = w.id and d.${LANE_CONDITION.retry} and d.status = 'retrying' and d.next_attempt_at <= now()
                     order by next_attempt_at limit 1) r`,
  });
  return { depth, oldest };
}

async function batches(
  app: Pick<AppContext, "db">,
): Promise<{ kind: string; running: number; total: number; processed: number; failed: number }[]> {
  const { rows } = await app.db.query({
    name: "metrics.batches",
    text: `select k.kind, count(b.id)::int as running, coalesce(sum(b.total), 0)::int as total,
                  coalesce(sum(b.processed), 0)::int as processed, coalesce(sum(b.failed), 0)::int as failed
             from (values ('retry'), ('repush')) k(kind) left join batches b on b.kind = k.kind and b.status = 'processing'
            group by k.kind`,
  });
  return rows;
}
