-- Automatic pauses. A 410 Gone answer (unless pause_on_gone is off) and sustained failure (auto-disable) pause a
-- webhook like PauseWebhook does, and also hold its queued deliveries; paused_by tells them from a manual pause.
alter table webhooks
  add column pause_on_gone boolean not null default true,
  -- 0 = the server default (SVC_AUTO_DISABLE_AFTER; unset = never).
  add column auto_disable_after_seconds integer not null default 0,
  add column paused_by text check (paused_by in ('manual', 'gone', 'auto_disabled'));

-- The first failure since the last success: auto-disable pauses a webhook that has failed for that long.
alter table webhook_health add column failing_since timestamptz;
