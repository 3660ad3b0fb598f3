// Reading deliveries and their attempts: what the operator API returns, made from the rows of the statements in
// sql/reads/.
import type { Db } from "../db/pool.ts";
import { invalid, notFound } from "../errors.ts";
import type { Page } from "../page.ts";
import { idTimeRange, isUuid } from "../ids.ts";
import { envelopeBody } from "./envelope.ts";
import { countDeliveries } from "./sql/reads/count-deliveries.ts";
import { deliveryAttempts } from "./sql/reads/delivery-attempts.ts";
import type { DeliveryFilter } from "./sql/reads/delivery-filter.ts";
import type { DeliveryRow } from "./sql/reads/delivery-row.ts";
import { getDelivery as getDeliveryRow } from "./sql/reads/get-delivery.ts";
import { listDeliveries as listDeliveryRows } from "./sql/reads/list-deliveries.ts";
import { matchingDeliveryIds as matchingIds } from "./sql/reads/matching-delivery-ids.ts";
import { run } from "./sql/statement.ts";
import type { DeliveryStatus } from "./stages.ts";

export type { DeliveryFilter };

export interface Delivery {
  delivery_id: string;
  namespace: string;
  webhook_id: string;
  event_id: string;
  subscription_id: string | null;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  request_body: string | null;
  response_code: number | null;
  response_body: string | null;
  error_category: string | null;
  error_message: string | null;
  template_error: string | null;
  /** Why a waiting delivery is held back (its endpoint's circuit is open); null when it is not. */
  held_reason: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface Attempt {
  attempt_id: string;
  delivery_id: string;
  webhook_id: string;
  attempt: number;
  success: boolean;
  response_time: number;
  response_code: number;
  response_body: string | null;
  error_message: string;
  error_category: string;
  timestamp: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The body the delivery's last send carried: stored when a transform rendered it, otherwise its envelope rebuilt. */
function requestBodyOf(r: DeliveryRow): string | null {
  if (
    r.request_body !== null ||
    r.envelope_attempt === null ||
    r.envelope_at === null ||
    r.envelope_event_name === null ||
    r.envelope_payload_json === null
  )
    return r.request_body;
  const fields = {
    eventId: r.event_id,
    eventName: r.envelope_event_name,
    consumer: r.namespace,
    webhookId: r.webhook_id,
    deliveryId: r.id,
    timestamp: r.envelope_at.toISOString(),
    attempt: r.envelope_attempt,
  };
  return envelopeBody(fields, r.envelope_payload_json);
}

const toDelivery = (r: DeliveryRow): Delivery => ({
  delivery_id: r.id,
  namespace: r.namespace,
  webhook_id: r.webhook_id,
  event_id: r.event_id,
  subscription_id: r.subscription_id,
  status: r.status,
  attempt_count: r.attempt_count,
  next_attempt_at: ["pending", "retrying"].includes(r.status) ? iso(r.next_attempt_at) : null,
  request_body: requestBodyOf(r),
  response_code: r.response_code,
  response_body: r.response_body,
  error_category: r.error_category,
  error_message: r.error_message,
  template_error: r.template_error,
  held_reason: r.held_reason,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  completed_at: iso(r.completed_at),
});

export async function getDelivery(db: Db, consumer: string, id: string): Promise<Delivery> {
  if (!isUuid(id)) throw invalid("delivery_id must be a UUID");
  const range = idTimeRange(id);
  let rows = await run(db, getDeliveryRow, { id, consumer, ...range });
  // Not in the range its id allows: a row whose created_at was set apart from its id's time is still found.
  if (!rows[0] && range.from !== "-infinity")
    rows = await run(db, getDeliveryRow, { id, consumer, from: "-infinity", until: "infinity" });
  if (!rows[0]) throw notFound(`delivery ${id} not found in namespace "${consumer}"`);
  return toDelivery(rows[0]);
}

/** Newest first; `consumer` undefined lists across consumers (the global REST route). */
export async function listDeliveries(
  db: Db,
  consumer: string | undefined,
  filter: DeliveryFilter,
  page: Page,
): Promise<{ deliveries: Delivery[]; total: number }> {
  const [list, count] = await Promise.all([
    run(db, listDeliveryRows, { consumer, filter, limit: page.limit, offset: page.offset }),
    run(db, countDeliveries, { consumer, filter }),
  ]);
  return { deliveries: list.map(toDelivery), total: count[0]!.n };
}

/** Ids of up to `limit` matching deliveries, newest first (the retry snapshot). */
export async function matchingDeliveryIds(
  db: Db,
  consumer: string,
  filter: DeliveryFilter,
  limit: number,
): Promise<string[]> {
  const rows = await run(db, matchingIds, { consumer, filter, limit });
  return rows.map((r) => r.id);
}

/** Attempts in the order they were made. RPC passes no consumer (the id is global); REST scopes it. */
export async function getDeliveryAttempts(db: Db, deliveryId: string, consumer?: string): Promise<Attempt[]> {
  if (!deliveryId) throw invalid("delivery_id is required");
  if (!isUuid(deliveryId)) throw invalid("delivery_id must be a UUID");
  if (consumer) await getDelivery(db, consumer, deliveryId);
  const rows = await run(db, deliveryAttempts, { deliveryId, ...idTimeRange(deliveryId) });
  return rows.map((r) => ({
    attempt_id: r.id,
    delivery_id: r.delivery_id,
    webhook_id: r.webhook_id,
    attempt: r.attempt,
    success: r.success,
    response_time: r.response_time_ms,
    response_code: r.response_code,
    response_body: r.response_body,
    error_message: r.error_message,
    error_category: r.error_category,
    timestamp: r.created_at.toISOString(),
  }));
}
