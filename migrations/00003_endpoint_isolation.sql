-- Endpoint isolation. The claim walks the webhooks that have queued work one by one (a loose index scan) and takes
-- a bounded share from each, so one endpoint's backlog cannot fill a claim. Fresh deliveries and retries have
-- their own index (their own lane): a first attempt never waits behind another endpoint's retries.
drop index deliveries_due;
create index deliveries_fresh_lane on deliveries (webhook_id, next_attempt_at) where status = 'pending';
create index deliveries_retry_lane on deliveries (webhook_id, next_attempt_at) where status in ('retrying', 'sending');

-- The circuit of an endpoint that keeps failing without answering (timeouts, refused or reset connections): while
-- it is open, the endpoint's due deliveries are held back and only a probe goes out at circuit_probe_at.
alter table webhook_health
  add column transport_failures integer not null default 0,
  add column circuit_opened_at timestamptz,
  add column circuit_probe_at timestamptz,
  add column circuit_reason text;

create index webhook_health_circuit_open on webhook_health (webhook_id) where circuit_opened_at is not null;
