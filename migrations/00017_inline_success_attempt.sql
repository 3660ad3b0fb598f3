-- A delivery's successful attempt is kept in the delivery row instead of a row of delivery_attempts. Every other
-- field of that attempt is already in the row the outcome writes (its response code and body, its category, its
-- number: attempt_count), so two columns hold the rest: its id and its response time. Its time is the id's: an
-- attempt's id is a UUIDv7 of the attempt's time, to the millisecond (lib/ids.ts). The attempt row and its key entry
-- were ≈ 246 bytes of WAL per delivered event, an eighth of the total (bench/e2e); the two columns add ≈ 20 bytes
-- to the outcome's new row version. Attempts that failed, and the attempts of
-- claims that lost their lease, are rows of delivery_attempts as before. Reads list both (deliveries/sql/reads/
-- delivery-attempts.ts).
--
-- A delivery leaves success only when it is retried (requeued): its successful attempt must then become a row,
-- before the next outcome writes over the fields it is read from. The trigger below does it for any statement that
-- moves such a row out of success, so the previous build's retry (which knows nothing of these columns) keeps the
-- attempt as well. During a rolling upgrade the previous build lists a delivery's attempts without the successful
-- one when this build wrote it (docs/architecture.md).
--
-- An AFTER trigger, not a BEFORE one: with a BEFORE UPDATE row trigger PostgreSQL locks every row it updates
-- before the trigger's WHEN clause is evaluated, and writes a lock record for it (≈ 54 bytes of WAL for each claim
-- and each outcome, measured). An AFTER trigger evaluates its WHEN clause on the versions it is given, and fires
-- only for a retried success, whose extra row version is written once per retry.
--
-- Locks: ADD COLUMN without a default and CREATE TRIGGER take ACCESS EXCLUSIVE on deliveries and its partitions
-- for a catalog update (milliseconds; nothing is rewritten).
alter table deliveries
  add column success_attempt_id uuid,
  add column success_response_time_ms integer;

create function deliveries_keep_success_attempt() returns trigger language plpgsql as $$
begin
  insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, response_time_ms, response_code,
                                 response_body, error_message, error_category, created_at)
  values (old.success_attempt_id, old.id, old.webhook_id, old.attempt_count, true, coalesce(old.success_response_time_ms, 0),
          coalesce(old.response_code, 0), old.response_body, '', coalesce(old.error_category, 'success'),
          to_timestamp(('x' || lpad(replace(substr(old.success_attempt_id::text, 1, 13), '-', ''), 16, '0'))::bit(64)::bigint / 1000.0));
  update deliveries set success_attempt_id = null, success_response_time_ms = null
   where id = new.id and created_at = new.created_at;
  return null;
end
$$;

-- The WHEN clause is all an ordinary update of deliveries evaluates: once the trigger has cleared the columns, its
-- own update does not fire it again.
create trigger deliveries_keep_success_attempt
  after update on deliveries
  for each row
  when (new.success_attempt_id is not null and new.status <> 'success')
  execute function deliveries_keep_success_attempt();
