// svc's own events: what happens to webhooks, deliveries and batches, pushed into the reserved consumer `_svc`
// where operators subscribe webhooks of their own (Slack, PagerDuty, ntfy…) and the normal engine delivers them.
// Each type is registered with its JSON Schema at start-up; docs/system-events.md shows examples.

/** The reserved consumer svc pushes its own events into. Names starting with `_` are reserved for svc. */
export const SYSTEM_CONSUMER = "_svc";

export const isReservedConsumer = (name: string) => name.startsWith("_");

/** Event type names svc registers and owns. */
export const isReservedEventName = (name: string) => name.startsWith("svc.");

const id = { type: "string", format: "uuid" };
const at = { type: "string", format: "date-time", description: "when it happened" };
const consumer = { type: "string", description: "the consumer (namespace) the webhook belongs to" };
const webhook = {
  webhook_id: id,
  consumer,
  url_host: { type: "string", description: "scheme and host of the webhook URL (no path, query or credentials)" },
};

const object = (description: string, properties: Record<string, object>, required = Object.keys(properties)) => ({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  description,
  properties,
  required,
  additionalProperties: false,
});

export const PAUSE_KINDS = ["manual", "gone", "auto_disabled", "circuit"] as const;
export type PauseKind = (typeof PAUSE_KINDS)[number];
const HEALTH = { type: "string", enum: ["healthy", "degraded", "unhealthy", "unspecified"] };

export const SYSTEM_EVENT_TYPES = {
  "svc.webhook.paused": {
    description:
      "A webhook stopped receiving deliveries: paused by an operator, after a 410 Gone answer, by auto-disable, or while its circuit is open.",
    schema: object("A webhook was paused", {
      ...webhook,
      reason_kind: { type: "string", enum: [...PAUSE_KINDS] },
      reason: { type: "string" },
      at,
    }),
  },
  "svc.webhook.resumed": {
    description: "A webhook receives deliveries again: resumed by an operator, or its circuit closed on an answer.",
    schema: object("A webhook was resumed", {
      ...webhook,
      reason_kind: { type: "string", enum: ["manual", "circuit"] },
      at,
    }),
  },
  "svc.webhook.health_changed": {
    description: "A webhook's health state changed (healthy, degraded, unhealthy).",
    schema: object("A webhook's health state changed", { ...webhook, from: HEALTH, to: HEALTH, at }),
  },
  "svc.delivery.failed": {
    description: "A delivery failed for good (no more retries). Carries no payload, only what went wrong.",
    schema: object("A delivery failed for good", {
      delivery_id: id,
      event_id: id,
      ...webhook,
      error_category: { type: "string" },
      error_message: { type: ["string", "null"] },
      response_code: {
        type: ["integer", "null"],
        description: "the last response's status code; null when none arrived",
      },
      attempts: { type: "integer" },
      at,
    }),
  },
  "svc.batch.completed": {
    description: "A retry or re-push batch finished.",
    schema: object("A batch finished", {
      batch_id: id,
      kind: { type: "string" },
      consumer,
      status: { type: "string" },
      total: { type: "integer" },
      processed: { type: "integer" },
      at,
    }),
  },
} as const;

export type SystemEventName = keyof typeof SYSTEM_EVENT_TYPES;
