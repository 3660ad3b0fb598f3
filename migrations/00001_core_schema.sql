-- Core schema for the whole service. The delivery table is the work queue itself: see docs/architecture.md.

create table namespaces (
  name        text primary key,
  created_at  timestamptz not null default now()
);
insert into namespaces (name) values ('default');

-- Event types are global (RegisterEvent names no namespace). Each schema change on REST adds a version.
create table event_types (
  name             text primary key,
  description      text not null default '',
  metadata         jsonb not null default '{}',
  active           boolean not null default true,
  current_version  integer not null default 1,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now()
);

create table event_type_versions (
  event_name  text not null references event_types (name) on delete cascade,
  version     integer not null,
  schema      jsonb,
  created_at  timestamptz not null default now(),
  primary key (event_name, version)
);

create table webhooks (
  id                       uuid primary key,
  namespace                text not null references namespaces (name),
  url                      text not null,
  description              text not null default '',
  active                   boolean not null default true,
  headers                  jsonb not null default '{}',
  -- Encrypted JSON object of name -> value; the names are kept in clear so reads never decrypt.
  secret_headers           bytea,
  secret_header_names      text[] not null default '{}',
  -- Encrypted `whsec_…` signing secret (null = none) and the encrypted Ed25519 seed.
  signing_secret           bytea,
  signing_key              bytea not null,
  signing_public_key       bytea not null,
  timeout_seconds          integer not null default 0,
  max_retries              integer not null default 3,
  retry_backoff_seconds    integer not null default 60,
  request_timeout_seconds  integer not null default 30,
  expected_status_codes    integer[] not null default '{200,201,202,204}',
  verify_ssl               boolean not null default true,
  capture_response_body    boolean not null default false,
  follow_redirects         boolean not null default true,
  rate_limit_rps           double precision,
  paused_reason            text,
  created_at               timestamptz not null default now(),
  updated_at               timestamptz not null default now(),
  unique (namespace, url)
);
create index webhooks_namespace_created on webhooks (namespace, created_at, id);

-- Pause/resume and other state changes, kept for audit.
create table webhook_audit (
  id          bigint generated always as identity primary key,
  webhook_id  uuid not null,
  namespace   text not null,
  action      text not null,
  reason      text not null default '',
  created_at  timestamptz not null default now()
);
create index webhook_audit_webhook on webhook_audit (webhook_id, created_at);

create table subscriptions (
  id                  uuid primary key,
  namespace           text not null references namespaces (name),
  webhook_id          uuid not null references webhooks (id) on delete cascade,
  event_name          text not null,
  headers             jsonb not null default '{}',
  method              text not null default 'POST',
  timeout_seconds     integer not null default 0,
  transform_enabled   boolean not null default false,
  transform_template  text not null default '',
  on_transform_error  text not null default 'fail' check (on_transform_error in ('fail', 'fallback')),
  strict_missing_keys boolean not null default false,
  label_filters       jsonb not null default '{}',
  created_at          timestamptz not null default now(),
  updated_at          timestamptz not null default now(),
  unique (webhook_id, event_name)
);
-- Fan-out looks subscriptions up by namespace and event name.
create index subscriptions_fanout on subscriptions (namespace, event_name);

create table events (
  id               uuid primary key,
  namespace        text not null,
  event_name       text not null,
  event_version    integer,
  payload          jsonb not null,
  metadata         jsonb not null default '{}',
  labels           jsonb not null default '{}',
  idempotency_key  text,
  schema_valid     boolean not null default true,
  warnings         jsonb not null default '[]',
  created_at       timestamptz not null default now(),
  expires_at       timestamptz,
  -- Null until the fan-out worker has turned the event into deliveries.
  fanned_out_at    timestamptz
);
create unique index events_idempotency on events (namespace, idempotency_key) where idempotency_key is not null;
-- Only events still waiting for fan-out are indexed, so this index stays tiny.
create index events_fanout_due on events (created_at) where fanned_out_at is null;
create index events_namespace_created on events (namespace, created_at desc, id desc);
create index events_labels on events using gin (labels jsonb_path_ops);

-- The delivery queue. A row is live while status is pending, retrying or sending; `next_attempt_at`
-- is when it is due (for a sending row: when its lease ends and it may be claimed again).
create table deliveries (
  id               uuid primary key,
  namespace        text not null,
  event_id         uuid not null,
  webhook_id       uuid not null,
  subscription_id  uuid,
  status           text not null default 'pending'
                   check (status in ('pending', 'sending', 'success', 'failed', 'retrying', 'expired')),
  attempt_count    integer not null default 0,
  next_attempt_at  timestamptz not null default now(),
  lease_token      uuid,
  expires_at       timestamptz,
  rate_limited_since timestamptz,
  request_body     text,
  response_code    integer,
  response_body    text,
  error_category   text,
  error_message    text,
  template_error   text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  completed_at     timestamptz
);
-- The one claim index: live rows only, so terminal history never slows the claim.
create index deliveries_due on deliveries (next_attempt_at) where status in ('pending', 'retrying', 'sending');
create index deliveries_event on deliveries (event_id);
-- Live deliveries with a TTL, for the expiry job; rows without a TTL are never in it.
create index deliveries_expiring on deliveries (expires_at) where status in ('pending', 'retrying') and expires_at is not null;
create index deliveries_webhook_created on deliveries (webhook_id, created_at desc);
create index deliveries_namespace_created on deliveries (namespace, created_at desc, id desc);

create table delivery_attempts (
  id                uuid primary key,
  delivery_id       uuid not null,
  webhook_id        uuid not null,
  attempt           integer not null,
  success           boolean not null,
  response_time_ms  integer not null default 0,
  response_code     integer not null default 0,
  response_body     text,
  error_message     text not null default '',
  error_category    text not null,
  created_at        timestamptz not null default now()
);
create index delivery_attempts_delivery on delivery_attempts (delivery_id, created_at);

-- Token buckets of webhooks with rate_limit_rps, shared by every instance.
create table webhook_rate_buckets (
  webhook_id   uuid primary key,
  tokens       double precision not null,
  refilled_at  timestamptz not null default now()
);

-- Deleted webhooks whose deliveries and attempts are still being removed in small batches.
create table webhook_tombstones (
  webhook_id  uuid primary key,
  namespace   text not null,
  deleted_at  timestamptz not null default now()
);

-- Per-webhook health, kept incrementally from delivery outcomes (template errors excluded).
create table webhook_health (
  webhook_id               uuid primary key,
  namespace                text not null,
  total_deliveries         integer not null default 0,
  successful_deliveries    integer not null default 0,
  failed_deliveries        integer not null default 0,
  consecutive_failures     integer not null default 0,
  response_time_total_ms   bigint not null default 0,
  last_success_at          timestamptz,
  last_failure_at          timestamptz,
  created_at               timestamptz not null default now(),
  updated_at               timestamptz not null default now()
);

-- Error counts per webhook and hour; the last 24 buckets make the 24-hour counters.
create table webhook_health_hourly (
  webhook_id                uuid not null,
  hour                      timestamptz not null,
  client_errors             integer not null default 0,
  server_errors             integer not null default 0,
  timeout_errors            integer not null default 0,
  network_errors            integer not null default 0,
  unexpected_status_errors  integer not null default 0,
  primary key (webhook_id, hour)
);

-- Delivery counters per namespace, spread over shards so concurrent writers never queue on one row.
create table namespace_counters (
  namespace    text not null,
  shard        smallint not null,
  total        bigint not null default 0,
  successful   bigint not null default 0,
  failed       bigint not null default 0,
  pending      bigint not null default 0,
  primary key (namespace, shard)
);

-- Retry and re-push batches: a snapshot of ids processed asynchronously, resumable after a restart.
create table batches (
  id           uuid primary key,
  kind         text not null check (kind in ('retry', 'repush')),
  namespace    text not null,
  status       text not null default 'pending' check (status in ('pending', 'processing', 'completed', 'cancelled')),
  item_ids     uuid[] not null,
  total        integer not null,
  processed    integer not null default 0,
  failed       integer not null default 0,
  lease_until  timestamptz,
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null,
  updated_at   timestamptz not null default now()
);
create index batches_processing on batches (updated_at) where status = 'processing';

create table access_tokens (
  id                uuid primary key,
  name              text not null,
  consumer          text,
  external_id       text,
  secret_hash       bytea not null unique,
  -- Only for tokens minted with external_id, so a repeat mint can return the same secret.
  secret_encrypted  bytea,
  created_at        timestamptz not null default now(),
  expires_at        timestamptz,
  revoked_at        timestamptz,
  last_used_at      timestamptz
);
create index access_tokens_consumer_external on access_tokens (consumer, external_id) where external_id is not null;

create table invites (
  id           uuid primary key,
  name         text not null,
  consumer     text,
  secret_hash  bytea not null unique,
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null,
  redeemed_at  timestamptz,
  cancelled_at timestamptz,
  token_id     uuid
);

-- The once-per-period gate for scheduled jobs across every instance.
create table scheduled_jobs (
  name              text primary key,
  last_started_at   timestamptz,
  last_finished_at  timestamptz,
  running_until     timestamptz,
  last_summary      jsonb
);
