// The shapes the portal shows, taken from the generated API types (never written by hand).
import type { paths } from "../lib/api.ts";

type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: { content: { "application/json": infer J } } }
    ? J
    : R extends { 201: { content: { "application/json": infer J } } }
      ? J
      : never
  : never;

export type Webhook = Ok<"/v1/consumers/{consumer}/webhooks/{webhook_id}", "get">;
export type WebhookHealth = Ok<"/v1/consumers/{consumer}/webhooks/{webhook_id}/health", "get">;
export type Delivery = Ok<"/v1/consumers/{consumer}/deliveries/{delivery_id}", "get">;
export type Attempt = Ok<"/v1/consumers/{consumer}/deliveries/{delivery_id}/attempts", "get">["attempts"][number];
export type Subscription = Ok<"/v1/consumers/{consumer}/subscriptions/{subscription_id}", "get">;
export type EventType = Ok<"/v1/event-types", "get">["event_types"][number];
export type EventTypeDetail = Ok<"/v1/event-types/{name}", "get">;
