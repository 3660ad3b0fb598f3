// Keeps webhook health from delivery outcomes: one statement per batch for all webhooks in it, never a row lock
// per delivery. Template errors never reach here.
import type { Tx } from "../db/pool.ts";
import { healthBucket, type Category } from "../deliveries/classify.ts";
import type { HealthSample } from "../deliveries/stages.ts";
import { healthStateSql, type HealthState } from "./state.ts";

export interface HealthPolicy {
  /** Consecutive attempts without an answer that open an endpoint's circuit (0 = never). */
  circuitFailures: number;
  /** Seconds of only failures that pause a webhook, for webhooks without their own setting (0 = never). */
  autoDisableAfterSeconds: number;
}

/** Categories where the endpoint never answered: these, and only these, count toward its circuit. */
const NO_ANSWER = new Set<Category>(["timeout", "connection_refused", "network_error", "dns_error", "tls_error"]);

interface Aggregate {
  webhookId: string;
  consumer: string;
  total: number;
  successful: number;
  hadSuccess: boolean;
  trailingFailures: number;
  responseTimeMs: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  answered: boolean;
  trailingNoAnswer: number;
  lastNoAnswer: Category | null;
  /** When the failures at the end of the batch began (null when it ends with a success). */
  trailingFailureStart: Date | null;
}

/** A webhook a batch touched, as system events describe it. */
export interface WebhookRef {
  webhookId: string;
  consumer: string;
  url: string;
}

/**
 * What a batch did: circuits open after it, those it opened and closed, health states it changed, and webhooks
 * failing long enough to auto-disable.
 */
export interface HealthChanges {
  open: string[];
  opened: (WebhookRef & { reason: string })[];
  closed: WebhookRef[];
  stateChanged: (WebhookRef & { from: HealthState; to: HealthState })[];
  disable: (WebhookRef & { failingSince: Date; afterSeconds: number })[];
}

/**
 * Webhooks whose health row existed before a batch of this process touched it: their batches skip the insert that
 * ensures the row (a round trip per batch). A row goes only with its webhook, whose id never comes back; a row
 * inserted by a transaction that may still roll back is never remembered. Bounded: forgetting costs one insert.
 */
const haveRow = new Set<string>();
const MAX_REMEMBERED = 50_000;

const BUCKETS = [
  "client_errors",
  "server_errors",
  "timeout_errors",
  "network_errors",
  "unexpected_status_errors",
] as const;

function aggregate(samples: HealthSample[]): Aggregate[] {
  const byWebhook = new Map<string, Aggregate>();
  for (const s of [...samples].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    let a = byWebhook.get(s.webhookId);
    if (!a)
      byWebhook.set(
        s.webhookId,
        (a = {
          webhookId: s.webhookId,
          consumer: s.consumer,
          total: 0,
          successful: 0,
          hadSuccess: false,
          trailingFailures: 0,
          responseTimeMs: 0,
          lastSuccessAt: null,
          lastFailureAt: null,
          answered: false,
          trailingNoAnswer: 0,
          lastNoAnswer: null,
          trailingFailureStart: null,
        }),
      );
    a.total++;
    a.responseTimeMs += s.responseTimeMs;
    if (s.success) {
      a.successful++;
      a.hadSuccess = true;
      a.trailingFailures = 0;
      a.trailingFailureStart = null;
      a.lastSuccessAt = s.at;
    } else {
      a.trailingFailures++;
      a.trailingFailureStart ??= s.at;
      a.lastFailureAt = s.at;
    }
    if (NO_ANSWER.has(s.category)) {
      a.trailingNoAnswer++;
      a.lastNoAnswer = s.category;
    } else {
      a.answered = true;
      a.trailingNoAnswer = 0;
    }
  }
  return [...byWebhook.values()];
}

/**
 * Applies a batch of outcomes to the health counters and the circuits. A circuit opens after `policy.failures`
 * consecutive attempts without an answer; while open, the probe interval grows with how long it has been open
 * (5 s, 10 s, 20 s … at most 5 min); any answer closes it. A webhook whose failures began longer ago than its
 * auto-disable period (with no success since) is reported in `disable`.
 */
export async function recordHealth(tx: Tx, samples: HealthSample[], policy: HealthPolicy): Promise<HealthChanges> {
  const changes: HealthChanges = { open: [], opened: [], closed: [], stateChanged: [], disable: [] };
  if (!samples.length) return changes;
  const aggregates = aggregate(samples);
  const col = <K extends keyof Aggregate>(k: K) => aggregates.map((a) => a[k]);
  // Unregistered webhooks get no row back: their outcomes may still be arriving.
  const unknown = aggregates.filter((a) => !haveRow.has(a.webhookId));
  const insertedNow = new Set<string>();
  if (unknown.length) {
    const { rows } = await tx.query<{ webhook_id: string }>({
      name: "health.ensure",
      text: `insert into webhook_health (webhook_id, namespace)
             select u.id, u.namespace from unnest($1::uuid[], $2::text[]) as u(id, namespace)
              where exists (select 1 from webhooks w where w.id = u.id)
             on conflict (webhook_id) do nothing
             returning webhook_id`,
      values: [unknown.map((a) => a.webhookId), unknown.map((a) => a.consumer)],
    });
    for (const r of rows) insertedNow.add(r.webhook_id);
  }
  const { rows: circuits } = await tx.query<{
    webhook_id: string;
    namespace: string;
    url: string;
    open: boolean;
    was_open: boolean;
    reason: string | null;
    failing_since: Date | null;
    disable_after: number;
    disable: boolean;
    old_state: HealthState;
    new_state: HealthState;
  }>({
    name: "health.apply",
    text: `with u as (
             select * from unnest($1::uuid[], $2::int[], $3::int[], $4::bool[], $5::int[], $6::bigint[], $7::timestamptz[], $8::timestamptz[],
                                  $9::bool[], $10::int[], $11::text[], $13::timestamptz[])
               as u(id, total, successful, had_success, trailing_failures, response_time_ms, last_success_at, last_failure_at,
                    answered, trailing_no_answer, last_no_answer, trailing_failure_start)
           ), next as (
             select h.webhook_id,
                    h.total_deliveries + u.total as total,
                    h.successful_deliveries + u.successful as successful,
                    h.failed_deliveries + (u.total - u.successful) as failed,
                    case when u.had_success then u.trailing_failures else h.consecutive_failures + u.trailing_failures end as consecutive,
                    h.response_time_total_ms + u.response_time_ms as response_time,
                    coalesce(u.last_success_at, h.last_success_at) as last_success_at,
                    coalesce(u.last_failure_at, h.last_failure_at) as last_failure_at,
                    case when u.answered then u.trailing_no_answer else h.transport_failures + u.trailing_no_answer end as no_answer,
                    u.last_no_answer, h.circuit_opened_at,
                    case when u.had_success then u.trailing_failure_start else coalesce(h.failing_since, u.trailing_failure_start) end as failing_since,
                    coalesce(nullif(w.auto_disable_after_seconds, 0), $14) as disable_after, w.active, w.url,
                    ${healthStateSql("h.total_deliveries", "h.successful_deliveries", "h.consecutive_failures")} as old_state
               from webhook_health h join u on u.id = h.webhook_id join webhooks w on w.id = h.webhook_id
           ), judged as (
             select n.*, $12::int > 0 and n.no_answer >= $12 as open,
                    n.active and n.disable_after > 0 and n.failing_since <= now() - make_interval(secs => n.disable_after) as disable
               from next n
           )
           update webhook_health h
              set total_deliveries = n.total, successful_deliveries = n.successful, failed_deliveries = n.failed,
                  consecutive_failures = n.consecutive, response_time_total_ms = n.response_time,
                  last_success_at = n.last_success_at, last_failure_at = n.last_failure_at,
                  transport_failures = n.no_answer,
                  circuit_opened_at = case when n.open then coalesce(n.circuit_opened_at, now()) end,
                  circuit_probe_at = case when n.open then now() + least(interval '5 minutes',
                                       greatest(interval '5 seconds', now() - coalesce(n.circuit_opened_at, now()))) end,
                  circuit_reason = case when n.open then format('%s consecutive attempts got no answer (last: %s)', n.no_answer, n.last_no_answer) end,
                  failing_since = n.failing_since,
                  updated_at = now()
             from judged n where h.webhook_id = n.webhook_id
         returning h.webhook_id, h.namespace, n.url, n.open, n.circuit_opened_at is not null as was_open, h.circuit_reason as reason,
                   n.failing_since, n.disable_after, n.disable, n.old_state,
                   ${healthStateSql("h.total_deliveries", "h.successful_deliveries", "h.consecutive_failures")} as new_state`,
    values: [
      col("webhookId"),
      col("total"),
      col("successful"),
      col("hadSuccess"),
      col("trailingFailures"),
      col("responseTimeMs"),
      col("lastSuccessAt"),
      col("lastFailureAt"),
      col("answered"),
      col("trailingNoAnswer"),
      col("lastNoAnswer"),
      policy.circuitFailures,
      col("trailingFailureStart"),
      policy.autoDisableAfterSeconds,
    ],
  });
  if (haveRow.size >= MAX_REMEMBERED) haveRow.clear();
  for (const c of circuits) {
    if (!insertedNow.has(c.webhook_id)) haveRow.add(c.webhook_id);
    const ref = { webhookId: c.webhook_id, consumer: c.namespace, url: c.url };
    if (c.open) changes.open.push(c.webhook_id);
    if (c.open && !c.was_open) changes.opened.push({ ...ref, reason: c.reason ?? "" });
    if (!c.open && c.was_open) changes.closed.push(ref);
    if (c.old_state !== c.new_state) changes.stateChanged.push({ ...ref, from: c.old_state, to: c.new_state });
    if (c.disable) changes.disable.push({ ...ref, failingSince: c.failing_since!, afterSeconds: c.disable_after });
  }

  const hourly = new Map<string, Record<(typeof BUCKETS)[number], number> & { webhookId: string; hour: Date }>();
  for (const s of samples) {
    const bucket = healthBucket(s.category);
    if (!bucket || s.success) continue;
    const hour = new Date(Math.floor(s.at.getTime() / 3_600_000) * 3_600_000);
    const key = `${s.webhookId}/${hour.getTime()}`;
    let row = hourly.get(key);
    if (!row)
      hourly.set(
        key,
        (row = {
          webhookId: s.webhookId,
          hour,
          client_errors: 0,
          server_errors: 0,
          timeout_errors: 0,
          network_errors: 0,
          unexpected_status_errors: 0,
        }),
      );
    row[bucket]++;
  }
  if (!hourly.size) return changes;
  const rows = [...hourly.values()];
  await tx.query({
    name: "health.hourly",
    text: `insert into webhook_health_hourly as h (webhook_id, hour, ${BUCKETS.join(", ")})
           select * from unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
           on conflict (webhook_id, hour) do update set
             ${BUCKETS.map((b) => `${b} = h.${b} + excluded.${b}`).join(", ")}`,
    values: [rows.map((r) => r.webhookId), rows.map((r) => r.hour), ...BUCKETS.map((b) => rows.map((r) => r[b]))],
  });
  return changes;
}
