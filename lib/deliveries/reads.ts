// Reading deliveries and their attempts.
import type { Db } from "../db/pool.ts";
import { invalid, notFound } from "../errors.ts";
import type { Page } from "../page.ts";
import { isUuid } from "../ids.ts";
import { envelopeBody } from "./envelope.ts";
import type { DeliveryStatus } from "./stages.ts";

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

export interface DeliveryFilter {
  webhookId?: string;
  eventId?: string;
  subscriptionId?: string;
  status?: DeliveryStatus[];
  errorCategory?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

export const COUNT_CAP = 10_000;

const COLUMNS = `id, namespace, webhook_id, event_id, subscription_id, status, attempt_count, next_attempt_at, request_body, response_code,
  response_body, error_category, error_message, template_error, created_at, updated_at, completed_at, envelope_attempt, envelope_at,
  case when status in ('pending', 'retrying') then coalesce(
    (select 'webhook paused: ' || w.paused_reason from webhooks w
      where w.id = deliveries.webhook_id and not w.active and w.paused_by in ('gone', 'auto_disabled')),
    (select format('endpoint circuit open since %s: %s; next probe at %s',
                   to_json(h.circuit_opened_at) #>> '{}', h.circuit_reason, to_json(h.circuit_probe_at) #>> '{}')
       from webhook_health h where h.webhook_id = deliveries.webhook_id and h.circuit_opened_at is not null)) end as held_reason`;

/**
 * The deliveries `rows` selects (COLUMNS of `deliveries`), with what their standard envelope is rebuilt from
 * (migration 10): one primary-key probe of `events` each, made after `rows` is cut to its page, so a filter that
 * sorts thousands of rows never reads their payloads.
 */
const withEnvelopes = (
  rows: string,
) => `select d.*, e.event_name as envelope_event_name, e.payload::text as envelope_payload_json
    from (${rows}) d left join events e on e.id = d.event_id and d.envelope_attempt is not null
   order by d.created_at desc, d.id desc`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row of COLUMNS. */
interface DeliveryRow {
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
  const { rows } = await db.query<DeliveryRow>(
    withEnvelopes(`select ${COLUMNS} from deliveries where id = $1 and namespace = $2`),
    [id, consumer],
  );
  if (!rows[0]) throw notFound(`delivery ${id} not found in namespace "${consumer}"`);
  return toDelivery(rows[0]);
}

function where(consumer: string | undefined, f: DeliveryFilter) {
  return {
    sql: `($1::text is null or namespace = $1) and ($2::uuid is null or webhook_id = $2) and ($3::uuid is null or event_id = $3)
          and ($4::uuid is null or subscription_id = $4) and ($5::text[] is null or status = any($5)) and ($6::text is null or error_category = $6)
          and ($7::timestamptz is null or created_at > $7) and ($8::timestamptz is null or created_at < $8)`,
    values: [
      consumer ?? null,
      f.webhookId ?? null,
      f.eventId ?? null,
      f.subscriptionId ?? null,
      f.status?.length ? f.status : null,
      f.errorCategory ?? null,
      f.createdAfter ?? null,
      f.createdBefore ?? null,
    ],
  };
}

/** Newest first; `consumer` undefined lists across consumers (the global REST route). */
export async function listDeliveries(
  db: Db,
  consumer: string | undefined,
  filter: DeliveryFilter,
  page: Page,
): Promise<{ deliveries: Delivery[]; total: number }> {
  const w = where(consumer, filter);
  const n = w.values.length;
  const [list, count] = await Promise.all([
    db.query(
      withEnvelopes(
        `select ${COLUMNS} from deliveries where ${w.sql} order by created_at desc, id desc limit $${n + 1} offset $${n + 2}`,
      ),
      [...w.values, page.limit, page.offset],
    ),
    db.query(
      `select count(*)::int as n from (select 1 from deliveries where ${w.sql} limit ${COUNT_CAP + 1}) x`,
      w.values,
    ),
  ]);
  return { deliveries: list.rows.map(toDelivery), total: count.rows[0].n };
}

/** Ids of up to `limit` matching deliveries, newest first (the retry snapshot). */
export async function matchingDeliveryIds(
  db: Db,
  consumer: string,
  filter: DeliveryFilter,
  limit: number,
): Promise<string[]> {
  const w = where(consumer, filter);
  const { rows } = await db.query(
    `select id from deliveries where ${w.sql} order by created_at desc, id desc limit $${w.values.length + 1}`,
    [...w.values, limit],
  );
  return rows.map((r) => r.id);
}

/** Attempts in the order they were made. RPC passes no consumer (the id is global); REST scopes it. */
export async function getDeliveryAttempts(db: Db, deliveryId: string, consumer?: string): Promise<Attempt[]> {
  if (!deliveryId) throw invalid("delivery_id is required");
  if (!isUuid(deliveryId)) throw invalid("delivery_id must be a UUID");
  if (consumer) await getDelivery(db, consumer, deliveryId);
  const { rows } = await db.query(
    `select id, delivery_id, webhook_id, attempt, success, response_time_ms, response_code, response_body, error_message, error_category, created_at
       from delivery_attempts where delivery_id = $1 order by created_at, attempt`,
    [deliveryId],
  );
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
