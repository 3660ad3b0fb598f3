-- Delivery figures per minute for the dashboard's overview (volume, success rate, latency percentiles, error
-- categories), upserted with each batch of outcomes; kept 8 days. A few shards per minute keep concurrent writers
-- from queuing on one row.
create table delivery_minutes (
  minute            timestamptz not null,
  shard             smallint not null,
  attempts          integer not null default 0,
  successes         integer not null default 0,
  -- deliveries that failed for good (no attempt left)
  failures          integer not null default 0,
  latency_ms_total  bigint not null default 0,
  -- attempt counts per latency bucket (bounds in lib/deliveries/minute-stats.ts)
  latency_buckets   integer[] not null,
  -- failed attempts per error category (order in lib/deliveries/minute-stats.ts)
  error_categories  integer[] not null,
  primary key (minute, shard)
);
