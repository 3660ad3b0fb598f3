// A delivery's attempts in the order they were made (the primary key of `delivery_attempts` is in that order). They
// were made at or after the delivery's creation: the delivery, found by its id and the range the id allows
// (lib/ids.ts), bounds the partitions visited; when it is not found there (an id of an earlier version, a row moved),
// every partition is. A successful attempt is kept in the delivery's own row (migration 17) and read from there, its
// time from its id.
import { ID_TIME_MARGIN_MS, idTimeSql } from "../../../ids.ts";
import { unnamedStatement } from "../statement.ts";

export interface AttemptRow {
  id: string;
  delivery_id: string;
  webhook_id: string;
  attempt: number;
  success: boolean;
  response_time_ms: number;
  response_code: number;
  response_body: string | null;
  error_message: string;
  error_category: string;
  created_at: Date;
}

export interface DeliveryAttemptsParams {
  deliveryId: string;
  /** The delivery's created_at range its id allows (timestamptz text). */
  from: string;
  until: string;
}

// An attempt's created_at is the worker's clock, the delivery's the database's: the margin covers the two disagreeing.
export const deliveryAttempts = unnamedStatement<DeliveryAttemptsParams, AttemptRow>(
  `with home as (
     select coalesce(min(created_at), '-infinity') as lo, coalesce(max(created_at), 'infinity') as hi
       from deliveries where id = $1 and created_at >= $2 and created_at <= $3
   )
   select id, delivery_id, webhook_id, attempt, success, response_time_ms, response_code, response_body, error_message, error_category, created_at
     from delivery_attempts
    where delivery_id = $1 and created_at >= (select lo from home) - interval '${ID_TIME_MARGIN_MS} milliseconds'
   union all
   select success_attempt_id, id, webhook_id, attempt_count, true, success_response_time_ms, coalesce(response_code, 0), response_body,
          '', coalesce(error_category, 'success'), ${idTimeSql("success_attempt_id")}
     from deliveries
    where id = $1 and created_at >= (select lo from home) and created_at <= (select hi from home) and success_attempt_id is not null
    order by created_at, attempt`,
  (p) => [p.deliveryId, p.from, p.until],
);
