// The delivery table is the queue: one claim statement per batch, one result write per batch (see docs/architecture.md).
import type { Db, Tx } from "../db/pool.ts";
import { randomShard } from "../stats/counters.ts";

export type DeliveryStatus = "pending" | "sending" | "success" | "failed" | "retrying" | "expired";
export const TERMINAL: readonly DeliveryStatus[] = ["success", "failed", "expired"];

export interface Claimed {
  id: string;
  namespace: string;
  eventId: string;
  webhookId: string;
  subscriptionId: string | null;
  /** The attempt this claim makes (1 = first). */
  attempt: number;
  previousStatus: DeliveryStatus;
  expiresAt: Date | null;
  rateLimitedSince: Date | null;
  /** updated_at of the webhook and subscription, to tell whether cached copies are still current; null if gone. */
  webhookVersion: number | null;
  subscriptionVersion: number | null;
  timeoutSeconds: number;
}

/** Lease margin beyond the attempt's own deadline, so a lease never ends while its attempt can still be running. */
export const LEASE_MARGIN_SECONDS = 10;

/**
 * Claims up to `limit` due deliveries for this worker. Skip-locked keeps concurrent workers apart; a `sending`
 * row whose lease ran out (its worker died) is due again and is claimed like any other.
 */
export async function claimDue(db: Db, limit: number, leaseToken: string): Promise<Claimed[]> {
  const { rows } = await db.query({
    name: "deliveries.claimDue",
    text: `with due as (
             select id, status from deliveries
              where status in ('pending', 'retrying', 'sending') and next_attempt_at <= now()
              order by next_attempt_at
              limit $1
                for update skip locked
           ), info as (
             select d.id, due.status as previous_status,
                    extract(epoch from w.updated_at) * 1000 as webhook_version,
                    extract(epoch from s.updated_at) * 1000 as subscription_version,
                    coalesce(nullif(s.timeout_seconds, 0), w.request_timeout_seconds, 30) as timeout_seconds
               from due join deliveries d on d.id = due.id
               left join webhooks w on w.id = d.webhook_id
               left join subscriptions s on s.id = d.subscription_id
           )
           update deliveries d
              set status = 'sending', lease_token = $2, attempt_count = d.attempt_count + 1,
                  next_attempt_at = now() + make_interval(secs => i.timeout_seconds + ${LEASE_MARGIN_SECONDS}), updated_at = now()
             from info i
            where d.id = i.id
        returning d.id, d.namespace, d.event_id, d.webhook_id, d.subscription_id, d.attempt_count, d.expires_at,
                  d.rate_limited_since, i.previous_status, i.webhook_version, i.subscription_version, i.timeout_seconds`,
    values: [limit, leaseToken],
  });
  return rows.map(toClaimed);
}

/** A claimed row (from the claim statement or a fan-out that created it claimed) as the worker uses it. */
export function toClaimed(r: any): Claimed {
  return {
    id: r.id,
    namespace: r.namespace,
    eventId: r.event_id,
    webhookId: r.webhook_id,
    subscriptionId: r.subscription_id,
    attempt: r.attempt_count,
    previousStatus: r.previous_status,
    expiresAt: r.expires_at,
    rateLimitedSince: r.rate_limited_since,
    webhookVersion: r.webhook_version === null ? null : Number(r.webhook_version),
    subscriptionVersion: r.subscription_version === null ? null : Number(r.subscription_version),
    timeoutSeconds: r.timeout_seconds,
  };
}

/**
 * What one claim ends in. `attemptUsed: false` gives the attempt back (expired before sending, 429, released);
 * `sent: false` keeps the last response fields (nothing was sent this time).
 */
export interface Outcome {
  id: string;
  namespace: string;
  status: DeliveryStatus;
  attemptUsed: boolean;
  sent: boolean;
  nextAttemptAt: Date | null;
  responseCode: number | null;
  responseBody: string | null;
  errorCategory: string | null;
  errorMessage: string | null;
  requestBody: string | null;
  rateLimitedSince: Date | null;
  templateError: string | null;
}

/**
 * Writes a batch of outcomes where the lease still holds (a worker whose lease expired cannot overwrite the outcome
 * of the one that took over) and moves the namespace counters for terminal ones. Returns the ids written.
 */
export async function writeOutcomes(tx: Tx, leaseToken: string, outcomes: Outcome[]): Promise<Set<string>> {
  if (!outcomes.length) return new Set();
  // One JSON parameter instead of a dozen arrays: JSON.stringify is native, pg's array escaping is not (profiled).
  const rows = outcomes.map((o) => ({
    id: o.id, status: o.status, attempt_used: o.attemptUsed, sent: o.sent, next_attempt_at: o.nextAttemptAt, response_code: o.responseCode,
    response_body: o.responseBody, error_category: o.errorCategory, error_message: o.errorMessage, request_body: o.requestBody,
    rate_limited_since: o.rateLimitedSince, template_error: o.templateError,
  }));
  const { rows: written } = await tx.query({
    name: "deliveries.writeOutcomes",
    text: `with r as (
             select * from json_to_recordset($2::json) as r(id uuid, status text, attempt_used bool, sent bool, next_attempt_at timestamptz,
               response_code int, response_body text, error_category text, error_message text, request_body text, rate_limited_since timestamptz, template_error text)
           ), updated as (
             update deliveries d
                set status = r.status,
                    lease_token = null,
                    attempt_count = d.attempt_count - case when r.attempt_used then 0 else 1 end,
                    next_attempt_at = coalesce(r.next_attempt_at, d.next_attempt_at),
                    response_code = case when r.sent then r.response_code else d.response_code end,
                    response_body = case when r.sent then r.response_body else d.response_body end,
                    error_category = case when r.sent or r.error_category is not null then r.error_category else d.error_category end,
                    error_message = case when r.sent or r.error_message is not null then r.error_message else d.error_message end,
                    request_body = coalesce(r.request_body, d.request_body),
                    rate_limited_since = r.rate_limited_since,
                    template_error = coalesce(r.template_error, d.template_error),
                    completed_at = case when r.status in ('success', 'failed', 'expired') then now() end,
                    updated_at = now()
               from r
              where d.id = r.id and d.lease_token = $1
             returning d.id, d.namespace, r.status
           ), counted as (
             insert into namespace_counters as n (namespace, shard, successful, failed, pending)
             select namespace, $3, count(*) filter (where status = 'success'), count(*) filter (where status = 'failed'),
                    -count(*) filter (where status in ('success', 'failed', 'expired'))
               from updated where status in ('success', 'failed', 'expired') group by namespace
             on conflict (namespace, shard) do update
               set successful = n.successful + excluded.successful, failed = n.failed + excluded.failed, pending = n.pending + excluded.pending
           )
           select id from updated`,
    values: [leaseToken, JSON.stringify(rows), randomShard()],
  });
  return new Set(written.map((r) => r.id as string));
}

export interface AttemptRecord {
  id: string;
  deliveryId: string;
  webhookId: string;
  attempt: number;
  success: boolean;
  responseTimeMs: number;
  responseCode: number;
  responseBody: string | null;
  errorMessage: string;
  errorCategory: string;
  at: Date;
}

export async function insertAttempts(tx: Tx, attempts: AttemptRecord[]): Promise<void> {
  if (!attempts.length) return;
  const rows = attempts.map((a) => ({
    id: a.id, delivery_id: a.deliveryId, webhook_id: a.webhookId, attempt: a.attempt, success: a.success, response_time_ms: a.responseTimeMs,
    response_code: a.responseCode, response_body: a.responseBody, error_message: a.errorMessage, error_category: a.errorCategory, created_at: a.at,
  }));
  await tx.query({
    name: "deliveries.insertAttempts",
    text: `insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, response_time_ms, response_code, response_body, error_message, error_category, created_at)
           select * from json_to_recordset($1::json) as a(id uuid, delivery_id uuid, webhook_id uuid, attempt int, success bool, response_time_ms int,
             response_code int, response_body text, error_message text, error_category text, created_at timestamptz)`,
    values: [JSON.stringify(rows)],
  });
}
