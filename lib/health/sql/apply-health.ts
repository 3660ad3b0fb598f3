// A batch's health, applied to the webhooks' counters and circuits in one statement: the batch arrives aggregated
// per webhook (one array parameter per column of COLUMNS), the policy as two numbers. A circuit opens after
// `circuitFailures` consecutive attempts without an answer; while open, the probe interval grows with how long it
// has been open (5 s, 10 s, 20 s … at most 5 min); any answer closes it. Rows: each webhook's state after the batch.
import type { Category } from "../../deliveries/classify.ts";
import { statement } from "../../deliveries/sql/statement.ts";
import { healthStateSql, type HealthState } from "../state.ts";

/** What a batch says about one webhook, oldest sample first. */
export interface Aggregate {
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

/** The columns of the batch's rows: SQL name, field of Aggregate, element type. */
const COLUMNS = [
  ["id", "webhookId", "uuid"],
  ["total", "total", "int"],
  ["successful", "successful", "int"],
  ["had_success", "hadSuccess", "bool"],
  ["trailing_failures", "trailingFailures", "int"],
  ["response_time_ms", "responseTimeMs", "bigint"],
  ["last_success_at", "lastSuccessAt", "timestamptz"],
  ["last_failure_at", "lastFailureAt", "timestamptz"],
  ["answered", "answered", "bool"],
  ["trailing_no_answer", "trailingNoAnswer", "int"],
  ["last_no_answer", "lastNoAnswer", "text"],
  ["trailing_failure_start", "trailingFailureStart", "timestamptz"],
] as const satisfies readonly (readonly [string, keyof Aggregate, string])[];

export interface ApplyHealthParams {
  aggregates: Aggregate[];
  /** Consecutive attempts without an answer that open a circuit (0 = never): $13. */
  circuitFailures: number;
  /** For webhooks without their own setting (0 = never): $14. */
  autoDisableAfterSeconds: number;
}

export interface HealthAppliedRow {
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
}

export const applyHealth = statement<ApplyHealthParams, HealthAppliedRow>(
  "health.apply",
  `with u as (
             select * from unnest(${COLUMNS.map(([, , type], i) => `$${i + 1}::${type}[]`).join(", ")})
               as u(${COLUMNS.map(([column]) => column).join(", ")})
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
             select n.*, $13::int > 0 and n.no_answer >= $13 as open,
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
  (p) => [
    ...COLUMNS.map(([, field]) => p.aggregates.map((a) => a[field])),
    p.circuitFailures,
    p.autoDisableAfterSeconds,
  ],
);
