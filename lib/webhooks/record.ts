// A webhook as stored, and how it reads back on the API (secrets masked, never decrypted into a response).
import type { Keyring } from "../crypto/keyring.ts";
import { healthState, type HealthState } from "../health/state.ts";
import { httpConfigColumns, httpConfigFromRow, type HttpConfig } from "./http-config.ts";
import { FIXED_MASK, maskSecret, secretContext } from "./secrets.ts";

export interface WebhookRecord {
  id: string;
  namespace: string;
  url: string;
  description: string;
  active: boolean;
  headers: Record<string, string>;
  secretHeaderNames: string[];
  signingSecret: Buffer | null;
  signingPublicKey: Buffer;
  timeoutSeconds: number;
  httpConfig: HttpConfig;
  pausedReason: string | null;
  events: string[];
  health: HealthState;
  createdAt: Date;
  updatedAt: Date;
}

export interface Webhook {
  webhook_id: string;
  namespace: string;
  url: string;
  events: string[];
  headers: Record<string, string>;
  secret_headers: Record<string, string>;
  timeout: number;
  active: boolean;
  description: string;
  paused_reason: string;
  http_config: HttpConfig & { webhook_secret: string };
  health: HealthState;
  signing_public_key: string;
  created_at: string;
  updated_at: string;
}

/** Columns every webhook read selects (alias w; health from webhook_health h). */
export const WEBHOOK_COLUMNS = `w.id, w.namespace, w.url, w.description, w.active, w.headers, w.secret_header_names,
  w.signing_secret, w.signing_public_key, w.timeout_seconds, ${httpConfigColumns("w")}, w.paused_reason, w.created_at, w.updated_at,
  array(select s.event_name from subscriptions s where s.webhook_id = w.id order by s.event_name) as events,
  h.total_deliveries, h.successful_deliveries, h.consecutive_failures`;

export const WEBHOOK_FROM = `webhooks w left join webhook_health h on h.webhook_id = w.id`;

/** A row of WEBHOOK_COLUMNS over WEBHOOK_FROM (the health columns are null without history). */
export interface WebhookRow extends HttpConfig {
  id: string;
  namespace: string;
  url: string;
  description: string;
  active: boolean;
  headers: Record<string, string>;
  secret_header_names: string[];
  signing_secret: Buffer | null;
  signing_public_key: Buffer;
  timeout_seconds: number;
  paused_reason: string | null;
  created_at: Date;
  updated_at: Date;
  events: string[] | null;
  total_deliveries: number | null;
  successful_deliveries: number | null;
  consecutive_failures: number | null;
}

export function toRecord(r: WebhookRow): WebhookRecord {
  return {
    id: r.id,
    namespace: r.namespace,
    url: r.url,
    description: r.description,
    active: r.active,
    headers: r.headers,
    secretHeaderNames: r.secret_header_names,
    signingSecret: r.signing_secret,
    signingPublicKey: r.signing_public_key,
    timeoutSeconds: r.timeout_seconds,
    httpConfig: httpConfigFromRow(r),
    pausedReason: r.paused_reason,
    events: r.events ?? [],
    health: healthState(
      r.total_deliveries == null
        ? null
        : {
            total_deliveries: r.total_deliveries,
            successful_deliveries: r.successful_deliveries ?? 0,
            consecutive_failures: r.consecutive_failures ?? 0,
          },
    ),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The secret as reads show it: masked, a fixed mask if it cannot be decrypted, empty when there is none. */
function maskedSecret(record: WebhookRecord, keyring: Keyring): string {
  if (!record.signingSecret) return "";
  try {
    return maskSecret(keyring.decryptString(record.signingSecret, secretContext.signingSecret(record.id)));
  } catch {
    return FIXED_MASK;
  }
}

export function presentWebhook(record: WebhookRecord, keyring: Keyring, plaintextSecret?: string): Webhook {
  return {
    webhook_id: record.id,
    namespace: record.namespace,
    url: record.url,
    events: record.events,
    headers: record.headers,
    secret_headers: Object.fromEntries(record.secretHeaderNames.map((name) => [name, FIXED_MASK])),
    timeout: record.timeoutSeconds,
    active: record.active,
    description: record.description,
    paused_reason: record.pausedReason ?? "",
    http_config: { ...record.httpConfig, webhook_secret: plaintextSecret ?? maskedSecret(record, keyring) },
    health: record.health,
    signing_public_key: record.signingPublicKey.toString("base64"),
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}
