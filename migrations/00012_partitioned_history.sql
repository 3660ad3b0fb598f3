-- The history is partitioned by time. Events, deliveries and attempts become tables partitioned by range of their
-- `created_at`, so retention drops whole partitions (milliseconds, no dead rows, no index bloat) instead of deleting
-- row by row (lib/events/retention.ts). The scheduled job `partitions` keeps partitions ready ahead of time
-- (lib/history/partitions.ts); a DEFAULT partition takes any row no partition is ready for (a clock that jumped), so
-- a push never fails for want of one.
--
-- Upgrading: each existing table becomes the first partition of its new parent as it is, covering everything before
-- tomorrow (UTC). Nothing is copied; what takes time is building the new primary keys (the partition key must be in
-- them: (id, created_at)) and the scan that checks the rows fit, while pushes wait on the table locks: 1 M
-- deliveries took ≈ 2–3 s on the benchmark machine (docs/scaling.md). Retention drops that first partition once
-- it lies wholly outside the window, like any other.
--
-- The idempotency key cannot stay a unique index of `events` (a unique index on a partitioned table must hold the
-- partition key): keys move to `event_keys`, one small row per keyed event, removed with the event's partition.
-- A key is therefore unique for as long as its event is retained.
lock table events, deliveries, delivery_attempts in access exclusive mode;

create table event_keys (
  namespace        text not null,
  idempotency_key  text not null,
  event_id         uuid not null,
  -- The event's created_at (the same statement writes both): retention removes keys by the range it drops.
  created_at       timestamptz not null default now(),
  primary key (namespace, idempotency_key)
);
create index event_keys_created on event_keys (created_at);
insert into event_keys (namespace, idempotency_key, event_id, created_at)
  select namespace, idempotency_key, id, created_at from events where idempotency_key is not null;
drop index events_idempotency;

do $$
declare
  upper_bound timestamptz := date_trunc('day', now(), 'UTC') + interval '1 day';
  suffix text := to_char(upper_bound at time zone 'UTC', 'YYYYMMDD');
  t text;
  old text;
  ix record;
  defs text[];
  def text;
begin
  foreach t in array array['events', 'deliveries', 'delivery_attempts'] loop
    old := t || '_until_' || suffix;
    -- The parent takes the table's name and its indexes' names; the old table and its indexes are renamed.
    select array_agg(indexdef order by indexname) into defs
      from pg_indexes where schemaname = current_schema() and tablename = t and indexname <> t || '_pkey';
    execute format('alter table %I rename to %I', t, old);
    execute format('alter table %I rename constraint %I to %I', old, t || '_pkey', old || '_pkey');
    for ix in select indexname from pg_indexes where schemaname = current_schema() and tablename = old and indexname <> old || '_pkey' loop
      execute format('alter index %I rename to %I', ix.indexname, old || substr(ix.indexname, length(t) + 1));
    end loop;
    execute format('create table %I (like %I including defaults including constraints) partition by range (created_at)', t, old);
    foreach def in array coalesce(defs, '{}') loop
      execute def;
    end loop;
  end loop;
  -- Primary keys with the partition key. The attempts' key (delivery, time, id) already has it.
  alter table events add primary key (id, created_at);
  alter table deliveries add primary key (id, created_at);
  alter table delivery_attempts add primary key (delivery_id, created_at, id);
  foreach t in array array['events', 'deliveries', 'delivery_attempts'] loop
    old := t || '_until_' || suffix;
    -- Attaching reuses every index the old table has that the parent has too, and builds the rest.
    -- The old primary keys on the id alone cannot stay beside the new ones; the attempts' is the new one already.
    if t <> 'delivery_attempts' then
      execute format('alter table %I drop constraint %I', old, old || '_pkey');
    end if;
    execute format('alter table %I attach partition %I for values from (minvalue) to (%L)', t, old, upper_bound);
    execute format('create table %I partition of %I default', t || '_default', t);
  end loop;
end
$$;
