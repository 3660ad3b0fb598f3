// The system events svc emits, built from what the engine and the API know when a change commits.
import type { HealthState } from "../health/state.ts";
import type { PauseKind } from "./catalog.ts";
import type { SystemEvent } from "./emit.ts";

export interface WebhookSubject {
  webhookId: string;
  consumer: string;
  url: string;
}

/** Scheme and host only: paths, queries and credentials of customers' URLs never leave svc in its own events. */
function urlHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return "";
  }
}

const subject = (w: WebhookSubject) => ({ webhook_id: w.webhookId, consumer: w.consumer, url_host: urlHost(w.url) });

export const webhookPaused = (w: WebhookSubject, kind: PauseKind, reason: string, at = new Date()): SystemEvent => ({
  name: "svc.webhook.paused",
  about: w.consumer,
  payload: { ...subject(w), reason_kind: kind, reason, at: at.toISOString() },
});

export const webhookResumed = (w: WebhookSubject, kind: "manual" | "circuit", at = new Date()): SystemEvent => ({
  name: "svc.webhook.resumed",
  about: w.consumer,
  payload: { ...subject(w), reason_kind: kind, at: at.toISOString() },
});

export const healthChanged = (w: WebhookSubject, from: HealthState, to: HealthState, at = new Date()): SystemEvent => ({
  name: "svc.webhook.health_changed",
  about: w.consumer,
  payload: { ...subject(w), from, to, at: at.toISOString() },
});

export interface FailedDelivery {
  deliveryId: string;
  eventId: string;
  errorCategory: string | null;
  errorMessage: string | null;
  responseCode: number | null;
  attempts: number;
}

export const deliveryFailed = (w: WebhookSubject, d: FailedDelivery, at = new Date()): SystemEvent => ({
  name: "svc.delivery.failed",
  about: w.consumer,
  payload: {
    delivery_id: d.deliveryId,
    event_id: d.eventId,
    ...subject(w),
    error_category: d.errorCategory ?? "unknown",
    error_message: d.errorMessage,
    response_code: d.responseCode || null,
    attempts: d.attempts,
    at: at.toISOString(),
  },
});

export const batchCompleted = (
  b: { id: string; kind: string; namespace: string; status: string; total: number; processed: number },
  at = new Date(),
): SystemEvent => ({
  name: "svc.batch.completed",
  about: b.namespace,
  payload: {
    batch_id: b.id,
    kind: b.kind,
    consumer: b.namespace,
    status: b.status,
    total: b.total,
    processed: b.processed,
    at: at.toISOString(),
  },
});
