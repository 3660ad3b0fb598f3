// Keeps webhook health from delivery outcomes: one statement per batch for all webhooks in it, never a row lock
// per delivery. Template errors never reach here.
import type { Tx } from "../db/pool.ts";
import { healthBucket, type Category } from "../deliveries/classify.ts";
import type { HealthSample } from "../deliveries/stages.ts";
import { run } from "../deliveries/sql/statement.ts";
import { addHourlyHealth, type Hourly } from "./sql/add-hourly-health.ts";
import { applyHealth, type Aggregate } from "./sql/apply-health.ts";
import { ensureHealthRows } from "./sql/ensure-health-rows.ts";
import type { HealthState } from "./state.ts";

export interface HealthPolicy {
  /** Consecutive attempts without an answer that open an endpoint's circuit (0 = never). */
  circuitFailures: number;
  /** Seconds of only failures that pause a webhook, for webhooks without their own setting (0 = never). */
  autoDisableAfterSeconds: number;
}

/** Categories where the endpoint never answered: these, and only these, count toward its circuit. */
const NO_ANSWER = new Set<Category>(["timeout", "connection_refused", "network_error", "dns_error", "tls_error"]);

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

/** Most webhooks a recorder remembers as having a health row; forgetting costs one insert. */
const MAX_REMEMBERED = 50_000;

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
export class HealthRecorder {
  /**
   * Webhooks whose health row existed before a batch of this recorder touched it: their batches skip the insert
   * that ensures the row (a round trip per batch). A row goes only with its webhook, whose id never comes back; a
   * row inserted by a transaction that may still roll back is never remembered. Bounded by MAX_REMEMBERED.
   */
  private readonly haveRow = new Set<string>();

  record(tx: Tx, samples: HealthSample[], policy: HealthPolicy): Promise<HealthChanges> {
    return recordHealth(tx, samples, policy, this.haveRow);
  }
}

async function recordHealth(
  tx: Tx,
  samples: HealthSample[],
  policy: HealthPolicy,
  haveRow: Set<string>,
): Promise<HealthChanges> {
  const changes: HealthChanges = { open: [], opened: [], closed: [], stateChanged: [], disable: [] };
  if (!samples.length) return changes;
  const aggregates = aggregate(samples);
  // Unregistered webhooks get no row back: their outcomes may still be arriving.
  const unknown = aggregates.filter((a) => !haveRow.has(a.webhookId));
  const insertedNow = new Set<string>();
  if (unknown.length) {
    const rows = await run(tx, ensureHealthRows, unknown);
    for (const r of rows) insertedNow.add(r.webhook_id);
  }
  const circuits = await run(tx, applyHealth, {
    aggregates,
    circuitFailures: policy.circuitFailures,
    autoDisableAfterSeconds: policy.autoDisableAfterSeconds,
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

  const hourly = new Map<string, Hourly>();
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
  await run(tx, addHourlyHealth, [...hourly.values()]);
  return changes;
}
