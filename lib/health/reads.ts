// Health reads: one webhook's metrics, webhooks by state, and the summary across consumers — all from the kept
// counters (the 24-hour counts from at most 24 hourly buckets), never from the delivery table.
import type { Db } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { healthState, healthStateSql, successRate, type HealthState } from "./state.ts";

export interface HealthMetrics {
  webhook_id: string;
  total_deliveries: number;
  successful_deliveries: number;
  failed_deliveries: number;
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  success_rate: number;
  avg_response_time: number;
  created_at: string;
  updated_at: string;
  client_errors: number;
  server_errors: number;
  timeout_errors: number;
  network_errors: number;
  unexpected_status_errors: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The endpoint's circuit (see docs/isolation.md). */
export interface Circuit {
  open: boolean;
  opened_at: string | null;
  next_probe_at: string | null;
  reason: string | null;
  consecutive_no_answer: number;
}

export interface WebhookHealth {
  webhook_id: string;
  health: HealthState;
  metrics: HealthMetrics | null;
  circuit: Circuit;
  /** Why the webhook is paused (by an operator, a 410 Gone answer or auto-disable); null while active. */
  paused_reason: string | null;
}

export async function getWebhookHealth(db: Db, consumer: string, webhookId: string): Promise<WebhookHealth> {
  const { rows } = await db.query(
    `select w.id, w.active, w.paused_reason, h.*,
            (select coalesce(json_build_object(
               'client_errors', sum(client_errors), 'server_errors', sum(server_errors), 'timeout_errors', sum(timeout_errors),
               'network_errors', sum(network_errors), 'unexpected_status_errors', sum(unexpected_status_errors)), '{}')
               from webhook_health_hourly b where b.webhook_id = w.id and b.hour > now() - interval '24 hours') as last_day
       from webhooks w left join webhook_health h on h.webhook_id = w.id
      where w.id = $1 and w.namespace = $2`,
    [webhookId, consumer],
  );
  const r = rows[0];
  if (!r) throw notFound(`webhook ${webhookId} not found in namespace "${consumer}"`);
  const circuit: Circuit = {
    open: r.circuit_opened_at != null,
    opened_at: iso(r.circuit_opened_at ?? null),
    next_probe_at: iso(r.circuit_probe_at ?? null),
    reason: r.circuit_reason ?? null,
    consecutive_no_answer: r.transport_failures ?? 0,
  };
  const paused_reason = r.active ? null : r.paused_reason || "paused";
  if (r.total_deliveries == null || r.total_deliveries === 0)
    return { webhook_id: webhookId, health: "unspecified", metrics: null, circuit, paused_reason };
  const day = r.last_day ?? {};
  const n = (v: unknown) => Number(v ?? 0);
  return {
    webhook_id: webhookId,
    health: healthState(r),
    metrics: {
      webhook_id: webhookId,
      total_deliveries: r.total_deliveries,
      successful_deliveries: r.successful_deliveries,
      failed_deliveries: r.failed_deliveries,
      consecutive_failures: r.consecutive_failures,
      last_success_at: iso(r.last_success_at),
      last_failure_at: iso(r.last_failure_at),
      success_rate: successRate(r),
      avg_response_time: Math.round(Number(r.response_time_total_ms) / r.total_deliveries),
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      client_errors: n(day.client_errors),
      server_errors: n(day.server_errors),
      timeout_errors: n(day.timeout_errors),
      network_errors: n(day.network_errors),
      unexpected_status_errors: n(day.unexpected_status_errors),
    },
    circuit,
    paused_reason,
  };
}

export interface HealthSummary {
  healthy_count: number;
  degraded_count: number;
  unhealthy_count: number;
  unknown_count: number;
  total_count: number;
}

export async function healthSummary(db: Db): Promise<HealthSummary> {
  const { rows } = await db.query(
    `select count(*) filter (where state = 'healthy')::int as healthy,
            count(*) filter (where state = 'degraded')::int as degraded,
            count(*) filter (where state = 'unhealthy')::int as unhealthy,
            count(*) filter (where state = 'unspecified')::int as unknown,
            count(*)::int as total
       from (select ${healthStateSql("h.total_deliveries", "h.successful_deliveries", "h.consecutive_failures")} as state
               from webhooks w left join webhook_health h on h.webhook_id = w.id) s`,
  );
  const r = rows[0];
  return {
    healthy_count: r.healthy,
    degraded_count: r.degraded,
    unhealthy_count: r.unhealthy,
    unknown_count: r.unknown,
    total_count: r.total,
  };
}

/** Drops hourly buckets that fell out of the 24-hour window (with an hour of slack). */
export async function pruneHealthBuckets(db: Db): Promise<number> {
  const { rowCount } = await db.query("delete from webhook_health_hourly where hour < now() - interval '25 hours'");
  return rowCount ?? 0;
}
