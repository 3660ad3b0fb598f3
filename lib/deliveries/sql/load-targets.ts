// What the worker caches about webhooks and subscriptions (targets.ts), loaded by id for the versions a claim
// reported newer than the cached ones: two statements, one per table, with the rows the cache builds targets from.
import type { SubscriptionRow } from "../../subscriptions/row.ts";
import { httpConfigColumns, type HttpConfig } from "../../webhooks/http-config.ts";
import { statement } from "./statement.ts";

/** A row of the targets.webhooks statement. */
export interface WebhookTargetRow extends HttpConfig {
  id: string;
  namespace: string;
  url: string;
  headers: Record<string, string>;
  secret_headers: Buffer | null;
  signing_secret: Buffer | null;
  signing_key: Buffer;
  previous_signing_secret: Buffer | null;
  previous_signing_key: Buffer | null;
  previous_until_ms: number | string | null;
  version: number | string;
  listen_session_id: string | null;
}

/** A row of the targets.subscriptions statement: the columns a send needs, and the version the cache keys on. */
export interface SubscriptionTargetRow
  extends Pick<
    SubscriptionRow,
    | "id"
    | "headers"
    | "method"
    | "timeout_seconds"
    | "transform_enabled"
    | "transform_template"
    | "on_transform_error"
    | "strict_missing_keys"
  > {
  version: number | string;
}

export const loadWebhookTargets = statement<string[], WebhookTargetRow>(
  "targets.webhooks",
  `select id, namespace, url, headers, secret_headers, signing_secret, signing_key, ${httpConfigColumns()},
                      previous_signing_secret, previous_signing_key, extract(epoch from previous_expires_at) * 1000 as previous_until_ms,
                      extract(epoch from updated_at) * 1000 as version,
                      (select s.id from listen_sessions s where s.webhook_id = webhooks.id) as listen_session_id
                 from webhooks where id = any($1::uuid[])`,
  (ids) => [ids],
);

export const loadSubscriptionTargets = statement<string[], SubscriptionTargetRow>(
  "targets.subscriptions",
  `select id, headers, method, timeout_seconds, transform_enabled, transform_template, on_transform_error, strict_missing_keys,
                      extract(epoch from updated_at) * 1000 as version
                 from subscriptions where id = any($1::uuid[])`,
  (ids) => [ids],
);
