// Re-pushing an event: its stored payload pushed again under a new id.
import type { AppContext } from "../app/context.ts";
import { pushEvent, type PushResult } from "./push.ts";
import { getEventRecord } from "./reports.ts";

/** Pushes the stored payload again under a new id, validated against the event type's current schema. */
export async function rePushEvent(
  app: Pick<AppContext, "db" | "config" | "events" | "metrics" | "tracing">,
  eventId: string,
  consumer?: string,
  idempotencyKey?: string,
): Promise<PushResult> {
  const original = await getEventRecord(app.db, eventId, consumer);
  const ttlSeconds = original.expires_at
    ? Math.max(1, Math.round((Date.parse(original.expires_at) - Date.parse(original.created_at)) / 1000))
    : 0;
  return pushEvent(app, {
    consumer: original.namespace,
    event: original.event_name,
    payload: original.payload as Record<string, unknown>,
    ttlSeconds,
    metadata: original.metadata,
    labels: original.labels,
    idempotencyKey,
  });
}
