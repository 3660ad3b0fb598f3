// One minute's attempt figures added to the overview's per-minute rows (delivery_minutes): counts, latency total,
// and the latency and error-category histograms added element by element.
import { statement } from "./statement.ts";

export interface MinuteStats {
  minute: Date;
  shard: number;
  attempts: number;
  successes: number;
  failures: number;
  latencyMsTotal: number;
  latencyBuckets: number[];
  errorCategories: number[];
}

export const addMinuteStats = statement<MinuteStats>(
  "deliveries.minuteStats",
  `insert into delivery_minutes as d (minute, shard, attempts, successes, failures, latency_ms_total, latency_buckets, error_categories)
             values ($1, $2, $3, $4, $5, $6, $7::int[], $8::int[])
             on conflict (minute, shard) do update set
               attempts = d.attempts + excluded.attempts,
               successes = d.successes + excluded.successes,
               failures = d.failures + excluded.failures,
               latency_ms_total = d.latency_ms_total + excluded.latency_ms_total,
               latency_buckets = (select array_agg(a + b order by i)
                                    from unnest(d.latency_buckets, excluded.latency_buckets)
                                         with ordinality as t(a, b, i)),
               error_categories = (select array_agg(a + b order by i)
                                     from unnest(d.error_categories, excluded.error_categories)
                                          with ordinality as t(a, b, i))`,
  (m) => [
    m.minute,
    m.shard,
    m.attempts,
    m.successes,
    m.failures,
    m.latencyMsTotal,
    m.latencyBuckets,
    m.errorCategories,
  ],
);
