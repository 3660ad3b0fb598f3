-- Secret rotation with an overlap window: the signing material a rotation replaced stays in use (signatures by
-- both) until previous_expires_at, when the rotation job destroys it. Ciphertexts keep their encryption context.
alter table webhooks
  add column previous_signing_secret bytea,
  add column previous_signing_key bytea,
  add column previous_expires_at timestamptz;

create index webhooks_previous_expires_at on webhooks (previous_expires_at) where previous_expires_at is not null;
