// Subscriptions: a webhook's interest in one event name, with headers, method, label filters and a transform.
import { randomUUID } from "node:crypto";
import type { Db } from "../db/pool.ts";
import { alreadyExists, invalid, notFound } from "../errors.ts";
import type { Page } from "../page.ts";
import { checkHeaders } from "../webhooks/headers.ts";
import type { OnTransformError, SubscriptionRow } from "./row.ts";
import { checkTransformTemplate } from "./transform.ts";

export interface Subscription {
  subscription_id: string;
  webhook_id: string;
  event_name: string;
  namespace: string;
  headers: Record<string, string>;
  method: string;
  timeout: number;
  transform_enabled: boolean;
  transform_template: string;
  on_transform_error: OnTransformError;
  /** Opt-in to Go's missingkey=error: a missing map key fails the transform instead of printing <no value>. */
  transform_strict: boolean;
  label_filters: Record<string, string>;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionFields {
  headers: Record<string, string>;
  method: string;
  timeout: number;
  transform_enabled: boolean;
  transform_template: string;
  on_transform_error: OnTransformError;
  transform_strict: boolean;
  label_filters: Record<string, string>;
}

export const METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** Every column of SubscriptionRow. */
const COLUMNS = `id, namespace, webhook_id, event_name, headers, method, timeout_seconds, transform_enabled, transform_template,
  on_transform_error, strict_missing_keys, label_filters, created_at, updated_at`;

const toSubscription = (r: SubscriptionRow): Subscription => ({
  subscription_id: r.id,
  webhook_id: r.webhook_id,
  event_name: r.event_name,
  namespace: r.namespace,
  headers: r.headers,
  method: r.method,
  timeout: r.timeout_seconds,
  transform_enabled: r.transform_enabled,
  transform_template: r.transform_template,
  on_transform_error: r.on_transform_error,
  transform_strict: r.strict_missing_keys,
  label_filters: r.label_filters,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

function check(fields: SubscriptionFields): void {
  checkHeaders(fields.headers, "headers");
  if (!(METHODS as readonly string[]).includes(fields.method))
    throw invalid(`method must be one of ${METHODS.join(", ")}`);
  if (fields.timeout < 0 || fields.timeout > 300)
    throw invalid("timeout must be between 0 (the webhook's timeout) and 300 seconds");
  if (fields.transform_template) checkTransformTemplate(fields.transform_template, fields.transform_strict);
  if (fields.transform_enabled && !fields.transform_template)
    throw invalid("transform_template is required when transform_enabled is true");
}

export async function createSubscription(
  db: Db,
  consumer: string,
  webhookId: string,
  eventName: string,
  fields: SubscriptionFields,
): Promise<Subscription> {
  check(fields);
  try {
    const { rows } = await db.query<SubscriptionRow>(
      `insert into subscriptions (id, namespace, webhook_id, event_name, headers, method, timeout_seconds, transform_enabled,
         transform_template, on_transform_error, strict_missing_keys, label_filters)
       select $1, $2, w.id, $4, $5, $6, $7, $8, $9, $10, $11, $12 from webhooks w where w.id = $3 and w.namespace = $2
       returning ${COLUMNS}`,
      [
        randomUUID(),
        consumer,
        webhookId,
        eventName,
        fields.headers,
        fields.method,
        fields.timeout,
        fields.transform_enabled,
        fields.transform_template,
        fields.on_transform_error,
        fields.transform_strict,
        fields.label_filters,
      ],
    );
    if (!rows[0]) throw notFound(`webhook ${webhookId} not found in namespace "${consumer}"`);
    return toSubscription(rows[0]);
  } catch (err) {
    if ((err as { code?: string }).code === "23505")
      throw alreadyExists(`webhook ${webhookId} is already subscribed to "${eventName}"`);
    throw err;
  }
}

export async function getSubscription(db: Db, consumer: string, id: string): Promise<Subscription> {
  const { rows } = await db.query<SubscriptionRow>(
    `select ${COLUMNS} from subscriptions where id = $1 and namespace = $2`,
    [id, consumer],
  );
  if (!rows[0]) throw notFound(`subscription ${id} not found in namespace "${consumer}"`);
  return toSubscription(rows[0]);
}

export async function listSubscriptions(
  db: Db,
  consumer: string,
  filter: { webhookId?: string; eventName?: string },
  page: Page,
): Promise<{ subscriptions: Subscription[]; total: number }> {
  const where = `namespace = $1 and ($2::uuid is null or webhook_id = $2) and ($3::text is null or event_name = $3)`;
  const values = [consumer, filter.webhookId ?? null, filter.eventName ?? null];
  const [list, count] = await Promise.all([
    db.query<SubscriptionRow>(
      `select ${COLUMNS} from subscriptions where ${where} order by created_at, id limit $4 offset $5`,
      [...values, page.limit, page.offset],
    ),
    db.query(`select count(*)::int as n from subscriptions where ${where}`, values),
  ]);
  return { subscriptions: list.rows.map(toSubscription), total: count.rows[0].n };
}

/** Writes the fields that are set; headers and label_filters replace the stored maps. */
export async function updateSubscription(
  db: Db,
  consumer: string,
  id: string,
  changes: Partial<SubscriptionFields>,
): Promise<Subscription> {
  const current = await getSubscription(db, consumer, id);
  const merged: SubscriptionFields = {
    headers: changes.headers ?? current.headers,
    method: changes.method ?? current.method,
    timeout: changes.timeout ?? current.timeout,
    transform_enabled: changes.transform_enabled ?? current.transform_enabled,
    transform_template: changes.transform_template ?? current.transform_template,
    on_transform_error: changes.on_transform_error ?? current.on_transform_error,
    transform_strict: changes.transform_strict ?? current.transform_strict,
    label_filters: changes.label_filters ?? current.label_filters,
  };
  check(merged);
  const { rows } = await db.query<SubscriptionRow>(
    `update subscriptions set headers = $3, method = $4, timeout_seconds = $5, transform_enabled = $6, transform_template = $7,
       on_transform_error = $8, strict_missing_keys = $9, label_filters = $10, updated_at = now()
     where id = $1 and namespace = $2 returning ${COLUMNS}`,
    [
      id,
      consumer,
      merged.headers,
      merged.method,
      merged.timeout,
      merged.transform_enabled,
      merged.transform_template,
      merged.on_transform_error,
      merged.transform_strict,
      merged.label_filters,
    ],
  );
  if (!rows[0]) throw notFound(`subscription ${id} not found in namespace "${consumer}"`);
  return toSubscription(rows[0]);
}

/** In-flight deliveries of the subscription are not cancelled. */
export async function deleteSubscription(db: Db, consumer: string, id: string): Promise<void> {
  const { rowCount } = await db.query("delete from subscriptions where id = $1 and namespace = $2", [id, consumer]);
  if (!rowCount) throw notFound(`subscription ${id} not found in namespace "${consumer}"`);
}
