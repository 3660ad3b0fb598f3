// A delivery's attempts in the order they were made (the primary key of `delivery_attempts` is in that order).
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

export const deliveryAttempts = unnamedStatement<string, AttemptRow>(
  `select id, delivery_id, webhook_id, attempt, success, response_time_ms, response_code, response_body, error_message, error_category, created_at
       from delivery_attempts where delivery_id = $1 order by created_at, attempt`,
  (deliveryId) => [deliveryId],
);
