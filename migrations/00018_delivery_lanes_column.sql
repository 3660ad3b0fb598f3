-- The claim lanes are defined by a column of their own, `lane`, instead of by `status`, so that the outcome of a
-- delivery born claimed can be a HOT update: a new version on the same page, entered in no index.
--
-- PostgreSQL updates a row in place of new index entries only when no column any index uses changes, its partial
-- indexes' conditions included. The lanes were partial indexes over `status`, so every outcome entered the row's new
-- version in the four indexes over the row (≈ 80 bytes of WAL each, ≈ 330 of the ≈ 1,750 an event wrote, measured
-- with bench/e2e/wal-model.ts). Now `status` is in no index. `lane` is 1 for the fresh lane (pending), 2 for the
-- retry lane (retrying, and sending under a claim's lease), 0 or null for neither: a delivery done, or one born
-- claimed and being sent. The outcome of a born-claimed delivery that succeeded leaves `lane` at 0 and changes only
-- columns no index uses.
--
-- A delivery born claimed is in no lane while it is sent, so it enters one index less at its insert (the retry
-- lane's). If its worker dies, its lease's row in `delivery_leases` (one per statement that made deliveries born
-- claimed: the statement's lease, the range of their ids and their partition) finds it once the lease has lapsed,
-- and the recovery job puts it in the retry lane (lib/deliveries/sql/recover-leases.ts).
--
-- The previous build sets `status` only. During a rolling upgrade the two triggers below give its rows the lane
-- their status says: its inserts before they are written, its updates after (an AFTER trigger: with a BEFORE UPDATE
-- row trigger PostgreSQL locks and logs every updated row before evaluating the trigger's WHEN clause — migration 17).
-- This build always writes the lane its status means, so neither trigger fires for it; when one does, it notes the
-- time in `previous_build_writes`.
--
-- The previous build's claims ask for `status`. On a database that holds deliveries, the old lanes' indexes stay
-- for them (without, one of its claims read a webhook's whole history: 2.5–5.4 s a claim at 500,000 stored
-- deliveries, measured) until the previous build is gone: the `retire-status-lanes` job drops them once migration 18
-- is half an hour old and no write of the previous build has been seen for half an hour
-- (lib/deliveries/status-lanes.ts). Until then every outcome enters the new version in the indexes, as before. On
-- an empty database they go at once.
--
-- Locks: ACCESS EXCLUSIVE on deliveries and its partitions for the whole migration. Adding the column rewrites
-- nothing; the new lane indexes read every partition once to be built (0.56 s for 1 M deliveries, docs/scaling.md).
alter table deliveries add column lane smallint;

update deliveries set lane = 1 where status = 'pending';
update deliveries set lane = 2 where status in ('retrying', 'sending');

create index deliveries_lane_fresh on deliveries (webhook_id, next_attempt_at) where lane = 1;
create index deliveries_lane_retry on deliveries (webhook_id, next_attempt_at) where lane = 2;
create index deliveries_lane_expiring on deliveries (expires_at) where lane in (1, 2) and expires_at is not null;

-- When the previous build last wrote a delivery (a trigger below had to give it its lane): at most one write every
-- 10 s, and an UPDATE, which locks the row only when it writes it (ON CONFLICT DO UPDATE would lock it for every
-- write of the previous build, and make them wait for each other's commits).
create table previous_build_writes (
  since_migration integer primary key,
  last_seen_at    timestamptz not null
);
insert into previous_build_writes values (18, '-infinity');

create function deliveries_previous_build_seen() returns void language sql as $$
  update previous_build_writes set last_seen_at = now()
   where since_migration = 18 and last_seen_at < now() - interval '10 seconds'
$$;

-- The lane a delivery of this status belongs in, given the lane it has: a sending one stays out of the lanes when it
-- was born claimed (0), a done one keeps 0 or null.
create function deliveries_lane_of(status text, lane smallint) returns smallint language sql immutable as $$
  select case status when 'pending' then 1 when 'retrying' then 2
                     when 'sending' then case when lane = 0 then 0 else 2 end
                     else case when lane in (1, 2) then 0 else lane end end::smallint
$$;

create function deliveries_lane_on_insert() returns trigger language plpgsql as $$
begin
  new.lane := deliveries_lane_of(new.status, null);
  perform deliveries_previous_build_seen();
  return new;
end
$$;

create trigger deliveries_lane_on_insert
  before insert on deliveries
  for each row
  when (new.lane is null)
  execute function deliveries_lane_on_insert();

create function deliveries_lane_on_update() returns trigger language plpgsql as $$
begin
  update deliveries set lane = deliveries_lane_of(status, lane) where id = new.id and created_at = new.created_at;
  perform deliveries_previous_build_seen();
  return null;
end
$$;

-- The WHEN clause is all this build's updates evaluate. The trigger's own update makes the lane right, so it does
-- not fire the trigger again.
create trigger deliveries_lane_on_update
  after update on deliveries
  for each row
  when (new.lane is distinct from deliveries_lane_of(new.status, new.lane))
  execute function deliveries_lane_on_update();

-- One row per statement that made deliveries born claimed: they were created at `created_at`, their ids lie between
-- `first_id` and `last_id`, and `lease_token` holds them until `expires_at` (the latest of their leases).
create table delivery_leases (
  lease_token uuid not null,
  created_at  timestamptz not null,
  first_id    uuid not null,
  last_id     uuid not null,
  expires_at  timestamptz not null
);
create index delivery_leases_expiry on delivery_leases (expires_at);

-- Nothing stored: no claim of the previous build has a history to read, and the old lanes go now.
do $$
begin
  if not exists (select 1 from deliveries) then
    drop index deliveries_fresh_lane, deliveries_retry_lane, deliveries_expiring;
  end if;
end
$$;
