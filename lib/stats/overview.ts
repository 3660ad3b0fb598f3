// The dashboard's overview: delivery volume, success rate, latency percentiles and error categories over the last
// 24 hours and 7 days (from the per-minute rows of minute-stats.ts), the worst endpoints of the last 24 hours (from
// the hourly health buckets), and the queue (from the namespace counters and the due-index). No read scans the
// deliveries or attempts tables.
import type { Db } from "../db/pool.ts";
import { CATEGORIES } from "../deliveries/classify.ts";
import { LATENCY_BOUNDS_MS } from "../deliveries/minute-stats.ts";
import { LANE_CONDITION } from "../deliveries/queue.ts";

export interface OverviewWindow {
  attempts: number;
  successes: number;
  failures: number;
  success_rate: number | null;
  avg_latency_ms: number | null;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
  error_categories: Record<string, number>;
}

export interface Overview {
  last_24h: OverviewWindow;
  last_7d: OverviewWindow;
  hourly: { hour: string; attempts: number; successes: number; failures: number }[];
  worst_endpoints: { webhook_id: string; consumer: string; url: string; errors_24h: number }[];
  queue: { depth: number; oldest_due_at: string | null };
  generated_at: string;
}

/** The bucket bound at or under which `p` of the attempts fall (the upper bound of the bucket it lands in). */
export function percentileFromBuckets(buckets: number[], p: number): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (!total) return null;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i]!;
    if (seen >= p * total) return LATENCY_BOUNDS_MS[i] ?? LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
}

function window(
  row: { attempts: number; successes: number; failures: number; latency_ms_total: string | number } | undefined,
  latency: number[],
  categories: number[],
): OverviewWindow {
  const attempts = row?.attempts ?? 0;
  return {
    attempts,
    successes: row?.successes ?? 0,
    failures: row?.failures ?? 0,
    success_rate: attempts ? (row!.successes ?? 0) / attempts : null,
    avg_latency_ms: attempts ? Number(row!.latency_ms_total) / attempts : null,
    latency_p50_ms: percentileFromBuckets(latency, 0.5),
    latency_p95_ms: percentileFromBuckets(latency, 0.95),
    error_categories: Object.fromEntries(
      CATEGORIES.map((c, i) => [c, categories[i] ?? 0]).filter(([, n]) => (n as number) > 0),
    ),
  };
}

export async function readOverview(db: Db): Promise<Overview> {
  const [totals, arrays, hourly, worst, queue] = await Promise.all([
    db.query<{ last_day: boolean; attempts: number; successes: number; failures: number; latency_ms_total: string }>(
      `select minute > now() - interval '24 hours' as last_day, sum(attempts)::int as attempts, sum(successes)::int as successes,
              sum(failures)::int as failures, sum(latency_ms_total) as latency_ms_total
         from delivery_minutes where minute > now() - interval '7 days' group by 1`,
    ),
    db.query<{ last_day: boolean; kind: "latency" | "category"; i: number; n: number }>(
      `select minute > now() - interval '24 hours' as last_day, 'latency' as kind, t.i::int, sum(t.v)::int as n
         from delivery_minutes, unnest(latency_buckets) with ordinality as t(v, i)
        where minute > now() - interval '7 days' group by 1, 3
       union all
       select minute > now() - interval '24 hours', 'category', t.i::int, sum(t.v)::int
         from delivery_minutes, unnest(error_categories) with ordinality as t(v, i)
        where minute > now() - interval '7 days' group by 1, 3`,
    ),
    db.query<{ hour: Date; attempts: number; successes: number; failures: number }>(
      `select date_trunc('hour', minute) as hour, sum(attempts)::int as attempts, sum(successes)::int as successes, sum(failures)::int as failures
         from delivery_minutes where minute > now() - interval '7 days' group by 1 order by 1`,
    ),
    db.query<{ webhook_id: string; consumer: string; url: string; errors: number }>(
      `select b.webhook_id, w.namespace as consumer, w.url,
              sum(b.client_errors + b.server_errors + b.timeout_errors + b.network_errors + b.unexpected_status_errors)::int as errors
         from webhook_health_hourly b join webhooks w on w.id = b.webhook_id
        where b.hour > now() - interval '24 hours'
        group by 1, 2, 3 having sum(b.client_errors + b.server_errors + b.timeout_errors + b.network_errors + b.unexpected_status_errors) > 0
        order by errors desc limit 5`,
    ),
    db.query<{ depth: string | null; oldest: Date | null }>(
      `select (select sum(pending) from namespace_counters) as depth,
              -- Through each lane's index (migration 18): it holds the backlog only, never the history.
              least((select min(next_attempt_at) from deliveries where ${LANE_CONDITION.fresh}),
                    (select min(next_attempt_at) from deliveries where ${LANE_CONDITION.retry} and status = 'retrying')) as oldest`,
    ),
  ]);
  const arraysOf = (lastDayOnly: boolean, kind: "latency" | "category", size: number) => {
    const out = new Array<number>(size).fill(0);
    for (const r of arrays.rows)
      if (r.kind === kind && (!lastDayOnly || r.last_day)) out[r.i - 1] = (out[r.i - 1] ?? 0) + r.n;
    return out;
  };
  const day = totals.rows.find((r) => r.last_day);
  const older = totals.rows.find((r) => !r.last_day);
  const week =
    day || older
      ? {
          attempts: (day?.attempts ?? 0) + (older?.attempts ?? 0),
          successes: (day?.successes ?? 0) + (older?.successes ?? 0),
          failures: (day?.failures ?? 0) + (older?.failures ?? 0),
          latency_ms_total: Number(day?.latency_ms_total ?? 0) + Number(older?.latency_ms_total ?? 0),
        }
      : undefined;
  const latencySize = LATENCY_BOUNDS_MS.length + 1;
  return {
    last_24h: window(day, arraysOf(true, "latency", latencySize), arraysOf(true, "category", CATEGORIES.length)),
    last_7d: window(week, arraysOf(false, "latency", latencySize), arraysOf(false, "category", CATEGORIES.length)),
    hourly: hourly.rows.map((r) => ({
      hour: r.hour.toISOString(),
      attempts: r.attempts,
      successes: r.successes,
      failures: r.failures,
    })),
    worst_endpoints: worst.rows.map((r) => ({
      webhook_id: r.webhook_id,
      consumer: r.consumer,
      url: r.url,
      errors_24h: r.errors,
    })),
    queue: {
      depth: Number(queue.rows[0]?.depth ?? 0),
      oldest_due_at: queue.rows[0]?.oldest ? queue.rows[0].oldest.toISOString() : null,
    },
    generated_at: new Date().toISOString(),
  };
}
