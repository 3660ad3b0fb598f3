// Shapes the pages read, taken from the generated API types (never written by hand).
import type { paths } from "../lib/api-types.ts";

type Json<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? R extends Record<S, { content: { "application/json": infer B } }>
    ? B
    : never
  : never;

export type Webhook = Json<"/v1/consumers/{consumer}/webhooks/{webhook_id}", "get">;
export type WebhookHealth = Json<"/v1/consumers/{consumer}/webhooks/{webhook_id}/health", "get">;
export type Delivery = Json<"/v1/consumers/{consumer}/deliveries/{delivery_id}", "get">;
export type EventReport = Json<"/v1/consumers/{consumer}/events/{event_id}", "get">;
export type EventType = Json<"/v1/event-types/{name}", "get">;
export type Subscription = Json<"/v1/consumers/{consumer}/subscriptions/{subscription_id}", "get">;

// Compile-time checks that the shapes resolved (a renamed path would make them `never`).
type Resolved<T> = [T] extends [never] ? false : true;
export const SHAPES_RESOLVED: [
  Resolved<Webhook>,
  Resolved<WebhookHealth>,
  Resolved<Delivery>,
  Resolved<EventReport>,
  Resolved<EventType>,
  Resolved<Subscription>,
] = [true, true, true, true, true, true];
