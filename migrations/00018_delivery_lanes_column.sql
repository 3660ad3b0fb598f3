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
-- This build always writes the lane its status means, so neither trigger fires for it. The previous build's claims
-- ask for `status`, which no index serves any more: they read the webhook's deliveries through
-- deliveries_webhook_created until every instance runs this build (docs/architecture.md).
--
-- Locks: ACCESS EXCLUSIVE on deliveries and its partitions for the whole migration. Adding the column rewrites
-- nothing; the new lane indexes read every partition once to be built (≈ 1–2 s per million deliveries each).
alter table deliveries add column lane smallint;

update deliveries set lane = 1 where status = 'pending';
update deliveries set lane = 2 where status in ('retrying', 'sending');

create index deliveries_fresh_lane_by_column on deliveries (webhook_id, next_attempt_at) where lane = 1;
create index deliveries_retry_lane_by_column on deliveries (webhook_id, next_attempt_at) where lane = 2;
create index deliveries_expiring_by_column on deliveries (expires_at) where lane in (1, 2) and expires_at is not null;
drop index deliveries_fresh_lane, deliveries_retry_lane, deliveries_expiring;
alter index deliveries_fresh_lane_by_column rename to deliveries_fresh_lane;
alter index deliveries_retry_lane_by_column rename to deliveries_retry_lane;
alter index deliveries_expiring_by_column rename to deliveries_expiring;

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
