// The outcomes of a batch of claims, written by id and created_at (the primary key: one probe in the row's own
// partition) where this worker's lease still holds (a worker whose lease expired cannot overwrite the outcome of the
// one that took over), the consumer counters moved for terminal ones, and the batch's attempt records inserted — one
// statement, one round trip. Its rows are the ids written. One JSON
// parameter per table instead of a dozen arrays: JSON.stringify is native, pg's array escaping is not (profiled).
//
// A successful attempt goes into its delivery's row (migration 17: its id and response time; its time is its id's,
// the rest is the outcome's own fields) rather than a row of delivery_attempts — unless the outcome is not written
// (the lease moved on), when it becomes a row like any other, so no attempt made is lost.
import { idTime, idTimeSql } from "../../ids.ts";
import type { AttemptRecord, AttemptResult, Outcome } from "../stages.ts";
import { statement } from "./statement.ts";

export interface WriteOutcomesParams {
  leaseToken: string;
  /** Each claim's outcome, with the attempt it made if it made one. */
  results: Pick<AttemptResult, "outcome" | "attempt">[];
  /** The counter shard this write adds to. */
  shard: number;
}

// Times travel as epoch milliseconds: JSON.stringify of an object holding a Date leaves its fast path (measured:
// ≈ 6 µs an outcome with two Dates, ≈ 2 µs with numbers).
const msTime = (column: string) => `to_timestamp(${column} / 1000)`;
const ms = (at: Date | null) => (at ? at.getTime() : null);

export const writeOutcomes = statement<WriteOutcomesParams, { id: string }>(
  "deliveries.writeOutcomes",
  `with j as (
             select * from json_to_recordset($2::json) as j(id uuid, created_at timestamptz, status text, attempt_used bool,
               replaces_response bool, next_attempt_ms float8, response_code int, response_body text, error_category text,
               error_message text, request_body text, envelope_attempt int, envelope_ms float8, rate_limited_ms float8,
               template_error text, success_attempt_id uuid, webhook_id uuid, attempt int, response_time_ms int)
           ), r as (
             select j.*, ${msTime("next_attempt_ms")} as next_attempt_at, ${msTime("envelope_ms")} as envelope_at,
                    ${msTime("rate_limited_ms")} as rate_limited_since
               from j
           ), updated as (
             update deliveries d
                set status = r.status,
                    -- A born-claimed delivery's lane stays 0 when it succeeds: no indexed column changes (migration 18).
                    lane = case r.status when 'pending' then 1 when 'retrying' then 2 else 0 end,
                    lease_token = null,
                    attempt_count = d.attempt_count - case when r.attempt_used then 0 else 1 end,
                    next_attempt_at = coalesce(r.next_attempt_at, d.next_attempt_at),
                    response_code = case when r.replaces_response then r.response_code else d.response_code end,
                    response_body = case when r.replaces_response then r.response_body else d.response_body end,
                    error_category = case when r.replaces_response or r.error_category is not null then r.error_category else d.error_category end,
                    error_message = case when r.replaces_response or r.error_message is not null then r.error_message else d.error_message end,
                    -- What this claim sent replaces what an earlier one sent; a claim that sent nothing keeps it.
                    request_body = case when r.envelope_at is not null then null else coalesce(r.request_body, d.request_body) end,
                    envelope_attempt = case when r.request_body is not null then null else coalesce(r.envelope_attempt, d.envelope_attempt) end,
                    envelope_at = case when r.request_body is not null then null else coalesce(r.envelope_at, d.envelope_at) end,
                    rate_limited_since = r.rate_limited_since,
                    template_error = coalesce(r.template_error, d.template_error),
                    completed_at = case when r.status in ('success', 'failed', 'expired') then now() end,
                    updated_at = now(),
                    success_attempt_id = r.success_attempt_id,
                    success_response_time_ms = r.response_time_ms
               from r
              where d.id = r.id and d.created_at = r.created_at and d.lease_token = $1
             returning d.id, d.namespace, r.status
           ), counted as (
             insert into namespace_counters as n (namespace, shard, successful, failed, pending)
             select namespace, $3, count(*) filter (where status = 'success'), count(*) filter (where status = 'failed'),
                    -count(*) filter (where status in ('success', 'failed', 'expired'))
               from updated where status in ('success', 'failed', 'expired') group by namespace order by namespace
             on conflict (namespace, shard) do update
               set successful = n.successful + excluded.successful, failed = n.failed + excluded.failed, pending = n.pending + excluded.pending
           ), attempts as (
             insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, response_time_ms, response_code,
                                            response_body, error_message, error_category, created_at)
             select id, delivery_id, webhook_id, attempt, success, response_time_ms, response_code, response_body, error_message,
                    error_category, ${msTime("at_ms")}
               from json_to_recordset($4::json) as a(id uuid, delivery_id uuid, webhook_id uuid, attempt int, success bool,
                 response_time_ms int, response_code int, response_body text, error_message text, error_category text, at_ms float8)
             union all
             select r.success_attempt_id, r.id, r.webhook_id, r.attempt, true, r.response_time_ms, r.response_code, r.response_body, '',
                    r.error_category, ${idTimeSql("r.success_attempt_id")}
               from r
              where r.success_attempt_id is not null
                -- Looked for only when an outcome was not written: the transaction joins by nested loops only.
                and (select count(*) from updated) < (select count(*) from r)
                and not exists (select 1 from updated u where u.id = r.id)
           )
           select id from updated`,
  (p) => {
    const inline = p.results.map(({ outcome, attempt }) => inlineAttempt(outcome, attempt));
    return [p.leaseToken, outcomesJson(p.results, inline), p.shard, attemptsJson(p.results, inline)];
  },
);

/** The attempt kept in its delivery's row: a successful one, of an outcome that says success, whose id tells its time. */
const inlineAttempt = (o: Outcome, a: AttemptRecord | undefined) =>
  a?.success && o.status === "success" && idTime(a.id) === a.at.getTime() ? a : undefined;

/** `inline[i]`: the attempt of `results[i]` kept in its delivery's row, if any. */
type Inline = (AttemptRecord | undefined)[];

function outcomesJson(results: WriteOutcomesParams["results"], inline: Inline): string {
  return JSON.stringify(
    results.map(({ outcome: o }, i) => {
      const a = inline[i];
      return {
        id: o.id,
        created_at: o.createdAt,
        status: o.status,
        attempt_used: o.attemptUsed,
        replaces_response: o.replacesResponse,
        next_attempt_ms: ms(o.nextAttemptAt),
        response_code: o.responseCode,
        response_body: o.responseBody,
        error_category: o.errorCategory,
        error_message: o.errorMessage,
        request_body: o.requestBody,
        envelope_attempt: o.envelopeAt ? o.attempt : null,
        envelope_ms: ms(o.envelopeAt),
        rate_limited_ms: ms(o.rateLimitedSince),
        template_error: o.templateError,
        success_attempt_id: a ? a.id : null,
        webhook_id: a ? a.webhookId : null,
        attempt: a ? a.attempt : null,
        response_time_ms: a ? a.responseTimeMs : null,
      };
    }),
  );
}

function attemptsJson(results: WriteOutcomesParams["results"], inline: Inline): string {
  const rows: AttemptRecord[] = [];
  results.forEach(({ attempt }, i) => {
    if (attempt && !inline[i]) rows.push(attempt);
  });
  return JSON.stringify(
    rows.map((a) => ({
      id: a.id,
      delivery_id: a.deliveryId,
      webhook_id: a.webhookId,
      attempt: a.attempt,
      success: a.success,
      response_time_ms: a.responseTimeMs,
      response_code: a.responseCode,
      response_body: a.responseBody,
      error_message: a.errorMessage,
      error_category: a.errorCategory,
      at_ms: a.at.getTime(),
    })),
  );
}
