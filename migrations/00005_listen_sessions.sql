-- Listen sessions (`svc listen` when svc cannot reach the developer's machine): a temporary webhook whose
-- deliveries are handed to the CLI over a long-lived HTTP stream instead of an outbound request.
create table listen_sessions (
  id uuid primary key,
  namespace text not null,
  webhook_id uuid not null unique,
  created_at timestamptz not null default now(),
  -- Pushed forward while a stream is open; a session past it is abandoned and removed with its webhook.
  expires_at timestamptz not null,
  -- The stream currently serving the session: a newer stream (a resume) takes over from an older one.
  stream_token uuid
);
create index listen_sessions_expiry on listen_sessions (expires_at);

-- One signed request waiting for the CLI: written by the instance that claimed the delivery, streamed by the
-- instance holding the session's stream, answered through any instance, read back by the claimer. Rows live
-- only while their attempt runs (the claimer deletes its row when the attempt ends), so the table stays tiny.
create table listen_requests (
  id uuid primary key,
  session_id uuid not null,
  delivery_id uuid not null,
  method text not null,
  headers jsonb not null,
  body text not null,
  created_at timestamptz not null default now(),
  streamed_by uuid,
  answer_status integer,
  answer_body text,
  answered_at timestamptz
);
create index listen_requests_session on listen_requests (session_id, created_at);
