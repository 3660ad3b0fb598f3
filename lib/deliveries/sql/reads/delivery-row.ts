// What an operator's read of a delivery selects, described once for the by-id and the list statements (get-delivery.ts,
// list-deliveries.ts): the columns of `deliveries` with why a waiting one is held back, and the event fields its
// standard envelope is rebuilt from. Each of those modules holds its complete text, built from these at load time.
import { idFromSql } from "../../../ids.ts";
import type { DeliveryStatus } from "../../stages.ts";

/** The columns of `deliveries` a read returns, `held_reason` computed for waiting deliveries. */
export const DELIVERY_COLUMNS = `id, namespace, webhook_id, event_id, subscription_id, status, attempt_count, next_attempt_at, request_body, response_code,
  response_body, error_category, error_message, template_error, created_at, updated_at, completed_at, envelope_attempt, envelope_at,
  case when status in ('pending', 'retrying') then coalesce(
    (select 'webhook paused: ' || w.paused_reason from webhooks w
      where w.id = deliveries.webhook_id and not w.active and w.paused_by in ('gone', 'auto_disabled')),
    (select format('endpoint circuit open since %s: %s; next probe at %s',
                   to_json(h.circuit_opened_at) #>> '{}', h.circuit_reason, to_json(h.circuit_probe_at) #>> '{}')
       from webhook_health h where h.webhook_id = deliveries.webhook_id and h.circuit_opened_at is not null)) end as held_reason`;

/**
 * The deliveries `rows` selects (DELIVERY_COLUMNS), with what their standard envelope is rebuilt from (migration
 * 10): one primary-key probe of `events` each, made after `rows` is cut to its page, so a filter that sorts
 * thousands of rows never reads their payloads. The event's created_at lies between its id's time (less the margin,
 * lib/ids.ts) and its delivery's, so each probe visits one partition, not each.
 */
export const withEnvelopes = (
  rows: string,
) => `select d.*, e.event_name as envelope_event_name, e.payload::text as envelope_payload_json
    from (${rows}) d left join lateral (
      -- A subquery kept apart (limit 1), so that a delivery without an envelope skips the probe: as a join's
      -- condition it was checked after probing every partition (60 buffers a row at 36 partitions, measured).
      select e.event_name, e.payload from events e
       where d.envelope_attempt is not null and e.id = d.event_id
         and e.created_at >= ${idFromSql("d.event_id")} and e.created_at <= d.created_at
       limit 1) e on true
   order by d.created_at desc, d.id desc`;

/** A row of withEnvelopes(DELIVERY_COLUMNS …). */
export interface DeliveryRow {
  id: string;
  namespace: string;
  webhook_id: string;
  event_id: string;
  subscription_id: string | null;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
  request_body: string | null;
  response_code: number | null;
  response_body: string | null;
  error_category: string | null;
  error_message: string | null;
  template_error: string | null;
  held_reason: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  envelope_attempt: number | null;
  envelope_at: Date | null;
  envelope_event_name: string | null;
  envelope_payload_json: string | null;
}
